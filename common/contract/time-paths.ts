/** The time area's endpoints (method and path) and vocabulary: time entries, the one timer per user, weekly timesheets. Plain code for the console. */

/** A whole-minute entry of at most a day. */
export const MIN_ENTRY_MINUTES = 1;
export const MAX_ENTRY_MINUTES = 1440;
export const MAX_TIME_NOTE_LENGTH = 500;
export const MAX_RETURN_REASON_LENGTH = 1000;
/** A timer running longer than this asks before it saves (someone forgot it overnight). */
export const TIMER_CONFIRM_AFTER_MINUTES = 600;

export const TIMESHEET_STATUSES = ['open', 'submitted', 'approved', 'returned'] as const;
export type TimesheetStatus = (typeof TIMESHEET_STATUSES)[number];
export const TIMESHEET_STATUS_LABELS: Record<TimesheetStatus, string> = { open: 'Open', submitted: 'Submitted', approved: 'Approved', returned: 'Returned' };
/** A week whose entries may no longer change: it waits on a decision, or was approved. */
export const LOCKED_TIMESHEET_STATUSES: readonly TimesheetStatus[] = ['submitted', 'approved'];

/** 409 errorCodes of this area, beyond CONFLICT. */
export const TIMESHEET_LOCKED = 'TIMESHEET_LOCKED';
export const TIMER_CONFIRMATION_REQUIRED = 'TIMER_CONFIRMATION_REQUIRED';

/** An ISO week, '2026-W49'. */
export const ISO_WEEK_PATTERN = '^[0-9]{4}-W(0[1-9]|[1-4][0-9]|5[0-3])$';

/** The time area's endpoints, method and path (their schemas and access: timeEndpoints in time.ts). */
export const timeRoutes = {
  /** ?user=mine|all|{id}&from=&to=&client=&page=: entries, newest day first. */
  list: 'GET /time-entries/',
  create: 'POST /time-entries/',
  update: 'PATCH /time-entries/:entryId',
  remove: 'DELETE /time-entries/:entryId',
  /** The clients the caller may log time on (the timer's and the entry form's picker). */
  clients: 'GET /time-entries/clients',
  /** A client's open tasks and requests, for the picker. */
  work: 'GET /time-entries/clients/:clientId/work',
  timer: 'GET /me/timer',
  startTimer: 'POST /me/timer/start',
  /** Answers the saved entry. */
  stopTimer: 'POST /me/timer/stop',
  /** One user's week: status and entries. */
  week: 'GET /timesheets/:userId/:week',
  /** ?status=submitted: the weeks waiting on a decision (approvers). */
  timesheets: 'GET /timesheets/',
  /** The staff whose weeks the caller may open (themselves; everyone for who sees everyone's time). */
  people: 'GET /timesheets/people',
  submit: 'POST /timesheets/:userId/:week/submit',
  approve: 'POST /timesheets/:userId/:week/approve',
  return: 'POST /timesheets/:userId/:week/return',
} as const;
