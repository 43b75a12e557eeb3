/**
 * Dubai wall-clock time for the back end and the shared rules (the console formats with dayjs in
 * client/src/lib/dates.ts). Asia/Dubai is UTC+4 all year (the UAE keeps no daylight saving time), so the
 * wall clock is the instant shifted by four hours: no time-zone database is needed to get it right. Days as
 * values (today's Dubai date, adding days, counting them) are calendar.ts's.
 */
import { DUBAI_OFFSET_MS, MONTH_SHORT, dayOfWeek, dubaiMidnight } from './calendar.ts';

const shifted = (at: Date | number) => new Date((typeof at === 'number' ? at : at.getTime()) + DUBAI_OFFSET_MS);

/** Minutes since Dubai midnight (0-1439) and the ISO weekday (1 Monday ... 7 Sunday) of an instant. */
export function dubaiClock(at: Date | number): { date: string; minutes: number; weekday: number } {
  const wall = shifted(at);
  return { date: wall.toISOString().slice(0, 10), minutes: wall.getUTCHours() * 60 + wall.getUTCMinutes(), weekday: wall.getUTCDay() || 7 };
}

/** The instant of a Dubai date at `minutes` past midnight. */
export function dubaiInstant(date: string, minutes = 0): Date {
  return new Date(dubaiMidnight(date).getTime() + minutes * 60_000);
}

/** The ISO weekday (1 Monday ... 7 Sunday) of a calendar date. */
export function weekdayOf(date: string): number {
  return dayOfWeek(date) || 7;
}

/** The spec's Dubai date format, '12-Mar-2026', of a calendar date. */
export function formatDubaiDay(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}-${MONTH_SHORT[Number(month) - 1] ?? '???'}-${year}`;
}

/** The spec's Dubai date-time format, '12-Mar-2026 2:05 PM', of an instant. */
export function formatDubaiDateTime(at: Date | number): string {
  const { date } = dubaiClock(at);
  return `${formatDubaiDay(date)} ${formatDubaiTime(at)}`;
}

/** '2:05 PM' in Dubai. */
export function formatDubaiTime(at: Date | number): string {
  const { minutes } = dubaiClock(at);
  const hours = Math.floor(minutes / 60);
  return `${hours % 12 || 12}:${String(minutes % 60).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** The instant of a Dubai wall-clock date ('2026-03-12') and time ('14:30') as the API takes it, '2026-03-12T14:30:00+04:00'. */
export function dubaiDateTimeIso(date: string, time: string): string {
  return `${date}T${time.length === 5 ? `${time}:00` : time}+04:00`;
}

/** The Dubai date and 'HH:mm' of an instant, as a form's date and time inputs hold them. */
export function dubaiInputs(at: Date | number | string): { date: string; time: string } {
  const { date, minutes } = dubaiClock(typeof at === 'string' ? Date.parse(at) : at);
  return { date, time: `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}` };
}
