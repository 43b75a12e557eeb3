/**
 * UAE public holidays and the working week, kept in this one place: the compliance calendar moves a
 * deadline that falls on a day off to the next working day, and tasks and SLA clocks count working days
 * with the same table.
 *
 * The working week is Monday to Friday (the federal week since 2022); Saturday and Sunday are off.
 * Fixed-date holidays (New Year's Day, Commemoration Day, National Day) are computed for any year. The
 * Islamic holidays follow the Hijri calendar and are announced by the UAE Cabinet close to each one, once the
 * moon is sighted: the 2025 dates below are as announced; 2026-2028 are the expected dates from the
 * astronomical calendar, marked `estimated`, and must be replaced by the announced dates as they come (the
 * usual correction is one day). Beyond 2028 only the fixed-date holidays are known.
 */
import { addDays, dayOfWeek, isoDate, yearOf, type IsoDate } from './calendar.ts';

export interface PublicHoliday {
  date: IsoDate;
  name: string;
  /** True for a date expected from the astronomical calendar, not yet announced. */
  estimated: boolean;
}

/** The years the Islamic holidays are listed for. */
export const ISLAMIC_HOLIDAY_YEARS = { first: 2025, last: 2028 } as const;

const days = (name: string, estimated: boolean, ...dates: IsoDate[]): PublicHoliday[] => dates.map((date) => ({ date, name, estimated }));

/**
 * Eid al-Fitr runs from the 29th of Ramadan to the 3rd of Shawwal, Arafat Day is the 9th of Dhu al-Hijjah and
 * Eid al-Adha the 10th to the 12th, the Hijri New Year the 1st of Muharram, the Prophet's Birthday the 12th of
 * Rabi al-Awwal (the Cabinet sometimes moves the day off to a Friday, as in 2025).
 */
export const ISLAMIC_HOLIDAYS: readonly PublicHoliday[] = [
  // 2025, as announced.
  ...days('Eid al-Fitr', false, '2025-03-29', '2025-03-30', '2025-03-31', '2025-04-01'),
  ...days('Arafat Day', false, '2025-06-05'),
  ...days('Eid al-Adha', false, '2025-06-06', '2025-06-07', '2025-06-08'),
  ...days('Hijri New Year', false, '2025-06-27'),
  ...days("Prophet Muhammad's Birthday", false, '2025-09-05'),
  // 2026, expected.
  ...days('Eid al-Fitr', true, '2026-03-19', '2026-03-20', '2026-03-21', '2026-03-22'),
  ...days('Arafat Day', true, '2026-05-26'),
  ...days('Eid al-Adha', true, '2026-05-27', '2026-05-28', '2026-05-29'),
  ...days('Hijri New Year', true, '2026-06-16'),
  ...days("Prophet Muhammad's Birthday", true, '2026-08-25'),
  // 2027, expected.
  ...days('Eid al-Fitr', true, '2027-03-08', '2027-03-09', '2027-03-10', '2027-03-11'),
  ...days('Arafat Day', true, '2027-05-15'),
  ...days('Eid al-Adha', true, '2027-05-16', '2027-05-17', '2027-05-18'),
  ...days('Hijri New Year', true, '2027-06-06'),
  ...days("Prophet Muhammad's Birthday", true, '2027-08-15'),
  // 2028, expected.
  ...days('Eid al-Fitr', true, '2028-02-25', '2028-02-26', '2028-02-27', '2028-02-28'),
  ...days('Arafat Day', true, '2028-05-04'),
  ...days('Eid al-Adha', true, '2028-05-05', '2028-05-06', '2028-05-07'),
  ...days('Hijri New Year', true, '2028-05-25'),
  ...days("Prophet Muhammad's Birthday", true, '2028-08-03'),
];

/** The fixed-date holidays of a year (Commemoration Day has been 1 December since 2019). */
export function fixedHolidays(year: number): PublicHoliday[] {
  return [
    { date: isoDate(year, 1, 1), name: "New Year's Day", estimated: false },
    { date: isoDate(year, 12, 1), name: 'Commemoration Day', estimated: false },
    { date: isoDate(year, 12, 2), name: 'National Day', estimated: false },
    { date: isoDate(year, 12, 3), name: 'National Day', estimated: false },
  ];
}

/** Every public holiday of a year, in date order. */
export function publicHolidays(year: number): PublicHoliday[] {
  return [...fixedHolidays(year), ...ISLAMIC_HOLIDAYS.filter((holiday) => yearOf(holiday.date) === year)].sort((a, b) => a.date.localeCompare(b.date));
}

const byDate = new Map<IsoDate, PublicHoliday>(ISLAMIC_HOLIDAYS.map((holiday) => [holiday.date, holiday]));

/** The public holiday on `date`, if it is one. */
export function publicHoliday(date: IsoDate): PublicHoliday | undefined {
  return byDate.get(date) ?? fixedHolidays(yearOf(date)).find((holiday) => holiday.date === date);
}

/** Saturday or Sunday. */
export function isWeekend(date: IsoDate): boolean {
  const day = dayOfWeek(date);
  return day === 0 || day === 6;
}

/** Monday to Friday and not a public holiday. */
export function isWorkingDay(date: IsoDate): boolean {
  return !isWeekend(date) && publicHoliday(date) === undefined;
}

/** `date` itself when it is a working day, else the first working day after it. */
export function nextWorkingDay(date: IsoDate): IsoDate {
  let day = date;
  while (!isWorkingDay(day)) day = addDays(day, 1);
  return day;
}

/** The working day `count` working days after `date` (0: `date` moved to a working day). */
export function addWorkingDays(date: IsoDate, count: number): IsoDate {
  let day = nextWorkingDay(date);
  for (let left = count; left > 0; left -= 1) day = nextWorkingDay(addDays(day, 1));
  return day;
}
