/**
 * Date formats of spec section 9, all shown in the Asia/Dubai time zone whatever the machine's zone is. The
 * console shows one format for dates and one for date-times, the spec's Dubai-zone pair: 'DD-MMM-YYYY' and
 * 'DD-MMM-YYYY h:mm A'. Every date on screen goes through here (calendar dates such as a due date included),
 * so no page shows '28 Nov 2026' beside '28-Nov-2026' or '2026-11-28'.
 */
import dayjs, { type ConfigType, type Dayjs } from 'dayjs';
import { formatIsoDate, isIsoDate } from '../../../common/calendar.ts';
import isoWeek from 'dayjs/plugin/isoWeek';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(isoWeek);

export const DISPLAY_TIME_ZONE = 'Asia/Dubai';

const DUBAI_DATE_TIME = 'DD-MMM-YYYY h:mm A';
const DUBAI_DATE = 'DD-MMM-YYYY';
const TIME = 'h:mm A';
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

function inDubai(value: ConfigType): Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.tz(DISPLAY_TIME_ZONE) : null;
}

/** '05-Mar-2026 2:07 PM', the one date-time format (formatDubaiDateTime); empty or invalid input gives a dash. */
export function formatFull(value: ConfigType): string {
  return formatDubaiDateTime(value);
}

/** '2:07 PM': the time part of the date-time format, for items whose day is plain from context (chat messages). */
export function formatTime(value: ConfigType): string {
  return inDubai(value)?.format(TIME) ?? '-';
}

/** 'Today', 'Yesterday' or '05-Mar-2026', by the Dubai calendar day relative to now. */
export function formatRelativeDay(value: ConfigType, now: ConfigType = Date.now()): string {
  const day = inDubai(value);
  const today = inDubai(now);
  if (!day || !today) return '-';
  const key = day.format('YYYY-MM-DD');
  if (key === today.format('YYYY-MM-DD')) return 'Today';
  if (key === today.subtract(1, 'day').format('YYYY-MM-DD')) return 'Yesterday';
  return day.format(DUBAI_DATE);
}

/** '05-Mar-2026 2:07 PM' */
export function formatDubaiDateTime(value: ConfigType): string {
  return inDubai(value)?.format(DUBAI_DATE_TIME) ?? '-';
}

/**
 * '05-Mar-2026', the one date format: of an instant (its Dubai day), or of a calendar date ('2026-03-05', a
 * due date or a licence expiry), which is a day already and is never moved by a time zone.
 */
export function formatDubaiDate(value: ConfigType): string {
  // The calendar date's format is common's (the server's texts use it too): the same 'DD-MMM-YYYY'.
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) return isIsoDate(value) ? formatIsoDate(value) : '-';
  return inDubai(value)?.format(DUBAI_DATE) ?? '-';
}

/** Monday 00:00 (Dubai) of the week holding the given instant. */
export function startOfWeek(value: ConfigType): Date | null {
  return inDubai(value)?.startOf('isoWeek').toDate() ?? null;
}
