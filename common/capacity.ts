/**
 * The arithmetic of budgets and capacity, shared by the back end (which answers the figures) and the console
 * (which shows them): whole minutes throughout, never hours as floats. A week is the ISO week (Monday to
 * Sunday); its working days are Monday to Friday less the UAE public holidays of the one holiday table.
 */
import { addDays, type IsoDate } from './calendar.ts';
import { isWorkingDay } from './uae-holidays.ts';

/** The thresholds of a client's monthly budget at which its people are told, once a month each. */
export const BUDGET_THRESHOLDS = [80, 100] as const;
export type BudgetThreshold = (typeof BUDGET_THRESHOLDS)[number];

/** A full working week's days (Monday to Friday): the weekly capacity is spread evenly over them. */
export const WORKING_DAYS_A_WEEK = 5;
/** A staff member's weekly capacity unless an ADMIN says otherwise (40 h), and the most it may be (100 h). */
export const DEFAULT_WEEKLY_CAPACITY_MINUTES = 2400;
export const MAX_WEEKLY_CAPACITY_MINUTES = 6000;
/** The weeks the Capacity view shows, and the most one request may ask for. */
export const CAPACITY_VIEW_WEEKS = 4;
export const MAX_CAPACITY_WEEKS = 12;
/** A task's largest estimate (1,000 h), as the tasks table allows. */
export const MAX_ESTIMATE_MINUTES = 60000;
/** The most hours a plan may include a month (the database allows more; no plan sells a full-time person). */
export const MAX_PLAN_MONTHLY_MINUTES = 60000;

// The ISO week's arithmetic and h:mm are common/iso-week.ts's, shared with the timesheets.
export { formatMinutes, isoWeekOf, mondayOf } from './iso-week.ts';

/** The working days (Monday to Friday, not a public holiday) of the week starting `monday`. */
export function workingDaysOfWeek(monday: IsoDate): IsoDate[] {
  return Array.from({ length: WORKING_DAYS_A_WEEK }, (_unused, index) => addDays(monday, index)).filter(isWorkingDay);
}

/**
 * A person's capacity in the week starting `monday`: the weekly capacity spread over five days, less the
 * public holidays and the person's leave days that fall on a working day (leave on a holiday or a weekend
 * takes nothing twice). Whole minutes, rounded down.
 */
export function weekCapacityMinutes(weeklyMinutes: number, monday: IsoDate, leaveDays: ReadonlySet<IsoDate>): number {
  const days = workingDaysOfWeek(monday).filter((day) => !leaveDays.has(day)).length;
  return Math.floor((weeklyMinutes * days) / WORKING_DAYS_A_WEEK);
}

/** Planned work over capacity: more work than the week holds (a week with no capacity and any work is over). */
export const isOverbooked = (plannedMinutes: number, capacityMinutes: number) => plannedMinutes > capacityMinutes;

/** Whole percent of the budget used, rounded down (99.9 % is not yet 100 %); null when the plan includes no hours. */
export function budgetPercent(usedMinutes: number, includedMinutes: number): number | null {
  if (includedMinutes <= 0) return null;
  return Math.floor((usedMinutes * 100) / includedMinutes);
}

/** The thresholds the time used has reached (none when the plan includes no hours). */
export function thresholdsReached(usedMinutes: number, includedMinutes: number): BudgetThreshold[] {
  if (includedMinutes <= 0) return [];
  return BUDGET_THRESHOLDS.filter((threshold) => usedMinutes * 100 >= includedMinutes * threshold);
}

