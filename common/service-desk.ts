/**
 * The service desk's shared rules (tasks, on-demand requests, chats), for the back end and the console:
 * statuses and their labels, the SLA clock of a request, recurring due dates, the reminder ladder. The
 * working-day calendar is common/uae-holidays.ts, the one table of UAE public holidays.
 */
import { addDays, addMonths, daysBetween, daysInMonth, dubaiDate, dubaiMidnight, isoDate, monthOf, yearOf, type IsoDate } from './calendar.ts';
import { isWorkingDay, nextWorkingDay } from './uae-holidays.ts';

export const TASK_STATUSES = ['to_do', 'in_progress', 'waiting_on_client', 'in_review', 'done'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  to_do: 'To do',
  in_progress: 'In progress',
  waiting_on_client: 'Waiting on client',
  in_review: 'In review',
  done: 'Done',
};

/** The statuses a bulk change may set ('in_review' is reached only by marking a reviewed task done). */
export const BULK_TASK_STATUSES = TASK_STATUSES.filter((status): status is Exclude<TaskStatus, 'in_review'> => status !== 'in_review');

export const TASK_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

export const TEMPLATE_FREQUENCIES = ['monthly', 'quarterly', 'yearly'] as const;
export type TemplateFrequency = (typeof TEMPLATE_FREQUENCIES)[number];
const FREQUENCY_MONTHS: Record<TemplateFrequency, number> = { monthly: 1, quarterly: 3, yearly: 12 };

export const REQUEST_STATUSES = ['new', 'in_progress', 'waiting_on_client', 'completed', 'declined'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  new: 'New',
  in_progress: 'In progress',
  waiting_on_client: 'Waiting on client',
  completed: 'Completed',
  declined: 'Declined',
};

export const CONVERSATION_STATUSES = ['open', 'waiting', 'resolved'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

export const MAX_TASK_TITLE = 200;
export const MAX_TASK_DESCRIPTION = 5000;
export const MAX_CHECKLIST_ITEMS = 50;
/** A recurring task is created at most this many days before it is due (and at least one). */
export const MAX_LEAD_DAYS = 60;
export const MAX_CHECKLIST_TEXT = 200;
export const MAX_COMMENT = 5000;
export const MAX_REQUEST_DETAILS = 5000;
export const MAX_REASON = 1000;
/** A chat message's text: 4,000 characters (a 100 kB message is refused). */
export const MAX_MESSAGE_LENGTH = 4000;
export const MAX_CANNED_TITLE = 100;
/** Messages per page of a conversation. */
export const MESSAGE_PAGE_SIZE = 30;
export const MAX_MESSAGE_PAGE_SIZE = 100;
/** The quote's fee bound: AED 1,000,000 net. */
export const MAX_QUOTE_FILS = 100_000_000;

/**
 * The 'remind the client if no reply' ladder: a nudge after 24 h, another 3 days later, which also marks the
 * chat waiting; each step moved to the next working day (clientNudgeTimes).
 */
export const CLIENT_NUDGE_LADDER_HOURS = [24, 72] as const;

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * When the ladder's nudges go when it is set at `from`: each step its hours after the one before, moved to the
 * next Dubai working day (the deadlines' calendar, common/uae-holidays.ts: no weekend, no UAE public holiday)
 * at the same time of day.
 */
export function clientNudgeTimes(from: Date | number): Date[] {
  let at = typeof from === 'number' ? from : from.getTime();
  return CLIENT_NUDGE_LADDER_HOURS.map((hours) => {
    at += hours * HOUR_MS;
    const day = dubaiDate(at);
    at += (daysBetween(day, nextWorkingDay(day))) * DAY_MS;
    return new Date(at);
  });
}

/**
 * Working time between two instants, in ms: the parts of the interval that fall on Dubai working days
 * (Monday to Friday, not a UAE public holiday), whole 24-hour days each. An SLA of N working days is N x 24 h
 * of this time.
 */
export function workingMsBetween(from: Date | number, to: Date | number): number {
  let start = typeof from === 'number' ? from : from.getTime();
  const end = typeof to === 'number' ? to : to.getTime();
  let total = 0;
  while (start < end) {
    const day = dubaiDate(start);
    const dayEnd = dubaiMidnight(addDays(day, 1)).getTime();
    const sliceEnd = Math.min(dayEnd, end);
    if (isWorkingDay(day)) total += sliceEnd - start;
    start = sliceEnd;
  }
  return total;
}

/** The instant at which `workingMs` of working time has passed since `from` (the SLA's due moment). */
export function addWorkingMs(from: Date | number, workingMs: number): Date {
  let at = typeof from === 'number' ? from : from.getTime();
  let left = workingMs;
  for (;;) {
    const day = dubaiDate(at);
    const dayEnd = dubaiMidnight(addDays(day, 1)).getTime();
    if (isWorkingDay(day)) {
      if (at + left <= dayEnd) return new Date(at + left);
      left -= dayEnd - at;
    }
    at = dayEnd;
  }
}

export interface SlaInput {
  created_at: Date;
  target_working_days: number;
  /** Working ms already spent paused (waiting on the client) and closed off. */
  paused_ms: number;
  /** Set while the request waits on the client: the clock stands still from then. */
  paused_since: Date | null;
  /** Completed or declined: the clock stopped then. */
  closed_at: Date | null;
}

export interface SlaClock {
  target_ms: number;
  /** Working ms used so far, pauses excluded. */
  used_ms: number;
  /** Working ms left; negative once breached. */
  left_ms: number;
  breached: boolean;
  paused: boolean;
  /** The instant the target is reached if the clock keeps running (null while paused or closed). */
  due_at: string | null;
}

export function slaClock(input: SlaInput, now: Date): SlaClock {
  const target = input.target_working_days * DAY_MS;
  const stop = input.closed_at ?? input.paused_since ?? now;
  const used = Math.max(0, workingMsBetween(input.created_at, stop) - input.paused_ms);
  const left = target - used;
  const running = !input.closed_at && !input.paused_since;
  return {
    target_ms: target,
    used_ms: used,
    left_ms: left,
    breached: left < 0,
    paused: input.paused_since !== null && !input.closed_at,
    due_at: running ? addWorkingMs(now, Math.max(0, left)).toISOString() : null,
  };
}

/** '1 d 4 h left', '3 h 10 min over' */
export function formatSlaLeft(leftMs: number): string {
  const over = leftMs < 0;
  const minutes = Math.floor(Math.abs(leftMs) / 60_000);
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  const rest = minutes % 60;
  const text = days > 0 ? `${days} d ${hours} h` : hours > 0 ? `${hours} h ${rest} min` : `${rest} min`;
  return `${text} ${over ? 'over' : 'left'}`;
}

/**
 * The due date of a recurring template's occurrence: the nominal day (`day_of_month` of the occurrence's
 * month, cut to the month's last day) moved to the next working day when it is a weekend or a public holiday.
 */
export function occurrenceDueDate(occurrence: IsoDate, dayOfMonth: number): IsoDate {
  const year = yearOf(occurrence);
  const month = monthOf(occurrence);
  return nextWorkingDay(isoDate(year, month, Math.min(dayOfMonth, daysInMonth(year, month))));
}

/** The occurrence after `occurrence` (the first of its month), one period later. */
export function nextOccurrence(occurrence: IsoDate, frequency: TemplateFrequency): IsoDate {
  return addMonths(occurrence, FREQUENCY_MONTHS[frequency]);
}

/** How many of a template's coming tasks the console shows (due and creation dates). */
export const UPCOMING_OCCURRENCES_SHOWN = 3;

/** The next `count` occurrences from `occurrence`: each task's due date and the day it is created (`leadDays` before). */
export function upcomingOccurrences(
  occurrence: IsoDate,
  template: { frequency: TemplateFrequency; day_of_month: number; lead_days: number },
  count = UPCOMING_OCCURRENCES_SHOWN,
): { due_on: IsoDate; created_on: IsoDate }[] {
  const dates: { due_on: IsoDate; created_on: IsoDate }[] = [];
  for (let next = occurrence; dates.length < count; next = nextOccurrence(next, template.frequency)) {
    const due = occurrenceDueDate(next, template.day_of_month);
    dates.push({ due_on: due, created_on: addDays(due, -template.lead_days) });
  }
  return dates;
}

/**
 * Where a paused template resumes: its next occurrence, moved on past the ones whose due date went by while it
 * was paused (a resumed monthly close does not make the missed months' tasks, already overdue, all at once).
 */
export function resumedOccurrence(occurrence: IsoDate, frequency: TemplateFrequency, dayOfMonth: number, today: IsoDate): IsoDate {
  let next = occurrence;
  while (occurrenceDueDate(next, dayOfMonth) < today) next = nextOccurrence(next, frequency);
  return next;
}

/** The first occurrence (first of a month) whose due date is today or later. */
export function firstOccurrence(today: IsoDate, dayOfMonth: number): IsoDate {
  const thisMonth = isoDate(yearOf(today), monthOf(today), 1);
  return occurrenceDueDate(thisMonth, dayOfMonth) >= today ? thisMonth : addMonths(thisMonth, 1);
}

/** Whether a task due `dueOn` is overdue or due today, on the Dubai day `today`. */
export function dueMark(dueOn: IsoDate, today: IsoDate, done: boolean): 'overdue' | 'today' | null {
  if (done) return null;
  if (dueOn < today) return 'overdue';
  return dueOn === today ? 'today' : null;
}

/** The instants of 'Remind me' presets: in 1 h, or tomorrow at 9:00 Dubai. */
export function reminderPreset(preset: 'in_1_hour' | 'tomorrow_9', now: Date): Date {
  if (preset === 'in_1_hour') return new Date(now.getTime() + HOUR_MS);
  return new Date(dubaiMidnight(addDays(dubaiDate(now), 1)).getTime() + 9 * HOUR_MS);
}
