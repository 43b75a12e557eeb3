/** The Capacity view's rules beside the shared arithmetic (common/capacity.ts): the week it starts on, what a cell says. */
import { addDays, formatIsoDate, isIsoDate, type IsoDate } from '../../../../common/calendar.ts';
import { formatMinutes, mondayOf } from '../../../../common/capacity.ts';
import { parseDuration } from '../../../../common/duration.ts';
import type { CapacityPerson, CapacityWeek } from '../../../../common/contract/capacity.ts';

/** The Monday the view starts on: the week of ?from= when it is a date, else this week (Dubai). */
export function viewMonday(from: string, today: IsoDate): IsoDate {
  return mondayOf(isIsoDate(from) ? from : today);
}

/** '07-Dec-2026 to 11-Dec-2026': a working week, Monday to Friday. */
export const weekRange = (monday: IsoDate) => `${formatIsoDate(monday)} to ${formatIsoDate(addDays(monday, 4))}`;

/** Planned work as a share of capacity, whole percent (a week with no capacity and some work is 'full'). */
export function loadPercent(week: Pick<CapacityWeek, 'planned_minutes' | 'capacity_minutes'>): number | null {
  if (week.capacity_minutes === 0) return week.planned_minutes === 0 ? 0 : null;
  return Math.floor((week.planned_minutes * 100) / week.capacity_minutes);
}

/** What a cell says to a screen reader and in its title: the figures in words, and why it is marked. */
export function weekSummary(week: CapacityWeek): string {
  const parts = [`planned ${formatMinutes(week.planned_minutes)} of ${formatMinutes(week.capacity_minutes)} h capacity`, `logged ${formatMinutes(week.logged_minutes)} h`];
  if (week.unestimated_tasks > 0) parts.push(`${week.unestimated_tasks} ${week.unestimated_tasks === 1 ? 'task' : 'tasks'} without an estimate`);
  if (week.leave_days.length > 0) parts.push(`${week.leave_days.length} ${week.leave_days.length === 1 ? 'day' : 'days'} of leave`);
  if (week.overbooked) parts.push('overbooked');
  return parts.join(', ');
}

/**
 * Hours as a person types them ('40', '24:30', '37.5', '37h 30m') into whole minutes within a bound; an error
 * sentence otherwise. The fields are labelled in hours, so a bare number is hours here (common/duration.ts).
 */
export function readHours(text: string, max: number, label: string): { minutes: number } | { error: string } {
  const read = parseDuration(text, 'hours');
  if ('refused' in read) return { error: `${label} must be hours, as 40, 37.5 or 37:30.` };
  if (read.minutes > max) return { error: `${label} must be at most ${formatMinutes(max)} h.` };
  return { minutes: read.minutes };
}

/** An estimate as the task form shows it: h:mm, or empty for none. */
export const estimateText = (minutes: number | null) => (minutes === null ? '' : formatMinutes(minutes));

/** The capacity a person has left in the week `date` falls in (never below 0), or null when the view does not show that week. */
export function freeMinutesOn(person: Pick<CapacityPerson, 'weeks'>, date: IsoDate): number | null {
  const week = person.weeks.find((each) => each.starts_on <= date && date <= addDays(each.starts_on, 6));
  return week ? Math.max(week.capacity_minutes - week.planned_minutes, 0) : null;
}
