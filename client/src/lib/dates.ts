/**
 * Date formats of spec section 9, all shown in the Asia/Dubai time zone whatever the machine's zone is.
 * The spec writes the first two date-fns style ('dd MMM yyyy, hh:mm a'); these are the dayjs spellings.
 */
import dayjs, { type ConfigType, type Dayjs } from 'dayjs';
import isoWeek from 'dayjs/plugin/isoWeek';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(isoWeek);

export const DISPLAY_TIME_ZONE = 'Asia/Dubai';

const FULL = 'DD MMM YYYY, hh:mm A';
const DAY = 'DD MMM YYYY';
const TIME = 'hh:mm A';
const DUBAI_DATE_TIME = 'DD-MMM-YYYY h:mm A';
const DUBAI_DATE = 'DD-MMM-YYYY';

function inDubai(value: ConfigType): Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.tz(DISPLAY_TIME_ZONE) : null;
}

/** '05 Mar 2026, 02:07 PM'; empty or invalid input gives a dash. */
export function formatFull(value: ConfigType): string {
  return inDubai(value)?.format(FULL) ?? '-';
}

/** '02:07 PM': the time part of the full format, for items whose day is plain from context (chat messages). */
export function formatTime(value: ConfigType): string {
  return inDubai(value)?.format(TIME) ?? '-';
}

/** 'Today', 'Yesterday' or '05 Mar 2026', by the Dubai calendar day relative to now. */
export function formatRelativeDay(value: ConfigType, now: ConfigType = Date.now()): string {
  const day = inDubai(value);
  const today = inDubai(now);
  if (!day || !today) return '-';
  const key = day.format('YYYY-MM-DD');
  if (key === today.format('YYYY-MM-DD')) return 'Today';
  if (key === today.subtract(1, 'day').format('YYYY-MM-DD')) return 'Yesterday';
  return day.format(DAY);
}

/** '05-Mar-2026 2:07 PM' */
export function formatDubaiDateTime(value: ConfigType): string {
  return inDubai(value)?.format(DUBAI_DATE_TIME) ?? '-';
}

/** '05-Mar-2026' */
export function formatDubaiDate(value: ConfigType): string {
  return inDubai(value)?.format(DUBAI_DATE) ?? '-';
}

/** Monday 00:00 (Dubai) of the week holding the given instant. */
export function startOfWeek(value: ConfigType): Date | null {
  return inDubai(value)?.startOf('isoWeek').toDate() ?? null;
}
