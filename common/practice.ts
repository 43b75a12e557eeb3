/**
 * The firm's own arithmetic, in integers only: what time costs (minutes at an hourly rate in fils), margin and
 * margin % (basis points), and a person's capacity over a range of days (their weekly minutes spread over the
 * Monday-to-Friday working days, less UAE public holidays and their leave days) and utilisation (billable
 * minutes over that capacity, in basis points). The back end's reports and the console's labels share it.
 */
import { addDays, type IsoDate } from './calendar.ts';
import { isWorkingDay } from './uae-holidays.ts';

/** The working days a week holds (Monday to Friday): a weekly capacity is spread over them evenly. */
export const WORKING_DAYS_A_WEEK = 5;

/** Half up, for non-negative numerators; a negative one rounds half away from zero (symmetric). */
export function divideRounded(numerator: number, denominator: number): number {
  if (denominator <= 0) throw new RangeError('denominator must be positive');
  const sign = numerator < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(numerator) * 2 + denominator) / (2 * denominator));
}

/**
 * What the time costs in whole fils: the sum of minutes x hourly fils over the people (the numerator the
 * database sums exactly), divided by 60 and rounded half up once, so the rounding never compounds per entry.
 */
export const costFils = (minuteFils: number): number => divideRounded(minuteFils, 60);

/** Revenue less cost. */
export const marginFils = (revenueFils: number, costFilsValue: number): number => revenueFils - costFilsValue;

/** Margin over revenue in basis points (1 % = 100), half away from zero; null when there was no revenue to measure it against. */
export function marginBp(revenueFils: number, margin: number): number | null {
  if (revenueFils <= 0) return null;
  return divideRounded(margin * 10_000, revenueFils);
}

/** Basis points as a percentage for people ('-12.5 %', '33.33 %'), no floats involved. */
export function formatBp(bp: number | null): string {
  if (bp === null) return '–';
  const sign = bp < 0 ? '-' : '';
  const whole = Math.floor(Math.abs(bp) / 100);
  const cents = Math.abs(bp) % 100;
  return `${sign}${whole}${cents === 0 ? '' : `.${String(cents).padStart(2, '0').replace(/0$/, '')}`} %`;
}

// Minutes are shown as h:mm in one way everywhere: common/iso-week.ts's.
export { formatMinutes } from './iso-week.ts';

/** The working days (Monday to Friday, not a UAE public holiday) from `from` to `to`, both included. */
export function workingDaysBetween(from: IsoDate, to: IsoDate): IsoDate[] {
  const days: IsoDate[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) if (isWorkingDay(day)) days.push(day);
  return days;
}

/**
 * A person's capacity in minutes from `from` to `to`: their weekly minutes over five working days, times the
 * working days they were not on leave, rounded half up once (a 37.5-hour week is 450 minutes a day).
 */
export function capacityMinutes(weeklyMinutes: number, workingDays: readonly IsoDate[], leaveDays: ReadonlySet<IsoDate>): number {
  const days = workingDays.filter((day) => !leaveDays.has(day)).length;
  return divideRounded(weeklyMinutes * days, WORKING_DAYS_A_WEEK);
}

/** Billable minutes over capacity in basis points; null when the person had no capacity (a month of leave). */
export function utilisationBp(billableMinutes: number, capacity: number): number | null {
  if (capacity <= 0) return null;
  return divideRounded(billableMinutes * 10_000, capacity);
}

/** The first and last day of a range of months ('2026-01'..'2026-03' -> 2026-01-01..2026-03-31). */
export function monthRangeDays(from: string, to: string): { first: IsoDate; last: IsoDate; after: IsoDate } {
  const [year, month] = to.split('-').map(Number) as [number, number];
  const after = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return { first: `${from}-01`, last: addDays(after, -1), after };
}

/** The months of a range, in order ('2026-11', '2026-12', '2027-01'). */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = from.split('-').map(Number) as [number, number];
  for (let key = from; key <= to; ) {
    months.push(key);
    month += 1;
    if (month === 13) {
      month = 1;
      year += 1;
    }
    key = `${year}-${String(month).padStart(2, '0')}`;
  }
  return months;
}
