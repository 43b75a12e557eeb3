/**
 * Calendar dates ('YYYY-MM-DD') as plain values: deadlines, expiries, renewals and holidays are days, not
 * instants, so they are computed on the date itself (through UTC, which has no daylight saving) and never
 * pass through a machine's local zone. "Today" is the Dubai day (UTC+4 all year), whatever the server's zone.
 */

/** A calendar date, 'YYYY-MM-DD'. */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Dubai is UTC+4 all year (no daylight saving). */
export const DUBAI_OFFSET_MS = 4 * 3_600_000;

const DAY_MS = 86_400_000;

export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;
export const MONTH_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** Whether `value` is a real calendar date written YYYY-MM-DD (2025-02-29 is not). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

function parts(date: IsoDate): [year: number, month: number, day: number] {
  const match = ISO_DATE.exec(date);
  if (!match) throw new RangeError(`not a calendar date: ${date}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The date from its year, month (1-12) and day; months and days out of range roll over as Date.UTC does. */
export function isoDate(year: number, month: number, day: number): IsoDate {
  const date = new Date(Date.UTC(year, month - 1, day));
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

export const yearOf = (date: IsoDate) => parts(date)[0];
export const monthOf = (date: IsoDate) => parts(date)[1];

/** 28, 29, 30 or 31. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The last day of the month `month` (1-12, rolling over into other years) of `year`. */
export function lastDayOfMonth(year: number, month: number): IsoDate {
  return isoDate(year, month + 1, 0);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const [year, month, day] = parts(date);
  return isoDate(year, month, day + days);
}

/** Same day `months` later, cut to the month's last day (31 Jan + 1 month = 28 or 29 Feb), as renewals count. */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const [year, month, day] = parts(date);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const targetYear = target.getUTCFullYear();
  const targetMonth = target.getUTCMonth() + 1;
  return isoDate(targetYear, targetMonth, Math.min(day, daysInMonth(targetYear, targetMonth)));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  const [y1, m1, d1] = parts(from);
  const [y2, m2, d2] = parts(to);
  return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / DAY_MS);
}

/** 0 Sunday ... 6 Saturday. */
export function dayOfWeek(date: IsoDate): number {
  const [year, month, day] = parts(date);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** The Dubai calendar day of an instant (now by default). */
export function dubaiDate(at: Date | number = Date.now()): IsoDate {
  const shifted = new Date((typeof at === 'number' ? at : at.getTime()) + DUBAI_OFFSET_MS);
  return `${pad(shifted.getUTCFullYear(), 4)}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`;
}

/** The instant a Dubai calendar day begins (midnight in Dubai = 20:00 UTC the day before). */
export function dubaiMidnight(date: IsoDate): Date {
  const [year, month, day] = parts(date);
  return new Date(Date.UTC(year, month - 1, day) - DUBAI_OFFSET_MS);
}

/** A month as the API names it, 'YYYY-MM'. */
export type IsoMonth = string;

const ISO_MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export const isIsoMonth = (value: string) => ISO_MONTH.test(value);

export function monthKey(year: number, month: number): IsoMonth {
  const first = isoDate(year, month, 1);
  return first.slice(0, 7);
}

/** 'YYYY-MM' of a date. */
export const monthOfDate = (date: IsoDate): IsoMonth => date.slice(0, 7);

/** The first day of a 'YYYY-MM' month. */
export function firstDayOf(month: IsoMonth): IsoDate {
  if (!ISO_MONTH.test(month)) throw new RangeError(`not a month: ${month}`);
  return `${month}-01`;
}

export function addMonthsToMonth(month: IsoMonth, months: number): IsoMonth {
  return monthOfDate(addMonths(firstDayOf(month), months));
}

/** 'March 2025' */
export function monthLabel(month: IsoMonth): string {
  const [year, number] = parts(firstDayOf(month));
  return `${MONTH_NAMES[number - 1]!} ${year}`;
}

/** 'Mar 2025' */
export function shortMonthLabel(month: IsoMonth): string {
  const [year, number] = parts(firstDayOf(month));
  return `${MONTH_SHORT[number - 1]!} ${year}`;
}

/** The `count` months ending with `last`, oldest first: the last 12 months of a chart or a status strip. */
export function monthsEnding(last: IsoMonth, count: number): IsoMonth[] {
  return Array.from({ length: count }, (_unused, index) => addMonthsToMonth(last, index - count + 1));
}

/** '28-Apr-2025': the spec's Dubai date format 'DD-MMM-YYYY', the one the console shows (the server's texts and PDFs too). */
export function formatIsoDate(date: IsoDate): string {
  const [year, month, day] = parts(date);
  return `${pad(day)}-${MONTH_SHORT[month - 1]!}-${year}`;
}
