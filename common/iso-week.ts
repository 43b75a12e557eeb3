/**
 * ISO weeks ('2026-W49'): Monday to Sunday, numbered from the week holding the year's first Thursday. The
 * timesheet is one user's ISO week of Dubai dates; this is its one arithmetic, for the back end and the console.
 */
import { addDays, dayOfWeek, daysBetween, isoDate, type IsoDate } from './calendar.ts';

export type IsoWeek = string;

const WEEK = /^(\d{4})-W(\d{2})$/;

/** The Monday of the ISO week holding the date. */
export function mondayOf(date: IsoDate): IsoDate {
  // dayOfWeek: 0 Sunday .. 6 Saturday.
  return addDays(date, -((dayOfWeek(date) + 6) % 7));
}

/** The ISO week of a date: the year is the year of its Thursday. */
export function isoWeekOf(date: IsoDate): IsoWeek {
  const thursday = addDays(mondayOf(date), 3);
  const year = Number(thursday.slice(0, 4));
  const week = daysBetween(mondayOf(isoDate(year, 1, 4)), mondayOf(date)) / 7 + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** Whether the text names a week that exists (a year has 52 or 53). */
export function isIsoWeek(text: string): boolean {
  const match = WEEK.exec(text);
  if (!match) return false;
  const week = Number(match[2]);
  return week >= 1 && isoWeekOf(mondayOfWeek(text)) === text;
}

/** The Monday of an ISO week. */
export function mondayOfWeek(week: IsoWeek): IsoDate {
  const match = WEEK.exec(week);
  if (!match) throw new Error(`Not an ISO week: ${week}`);
  const firstMonday = mondayOf(isoDate(Number(match[1]), 1, 4));
  return addDays(firstMonday, (Number(match[2]) - 1) * 7);
}

/** The seven days of the week, Monday to Sunday. */
export function daysOfWeek(week: IsoWeek): IsoDate[] {
  const monday = mondayOfWeek(week);
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}

/** The week before or after (by `weeks`). */
export const addWeeks = (week: IsoWeek, weeks: number): IsoWeek => isoWeekOf(addDays(mondayOfWeek(week), weeks * 7));

/** 90 -> '1:30', 5 -> '0:05': minutes as hours and minutes, how time is shown everywhere. */
export function formatMinutes(minutes: number): string {
  const sign = minutes < 0 ? '-' : '';
  const whole = Math.abs(Math.trunc(minutes));
  return `${sign}${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
