/**
 * Time (/timesheet, every staff role): time entries in whole minutes on a Dubai date, one timer per user held
 * by the server, and weekly timesheets that a user submits and an approver approves or returns. Everyone logs
 * and sees their own time; only those who may see everyone's (common/access.ts) read another's.
 */
import { Type, type Static } from 'typebox';
import { rolesThat } from '../access.ts';
import { access, endpoints } from './endpoint.ts';
import { CalendarDate, Closed, Id, IdempotencyHeaders, IdParams, Instant, Line, Nullable, Page, PageQuery, Paragraphs, PersonRef, Version } from './shared.ts';
import { timeFields } from './time-fields.ts';
import { ISO_WEEK_PATTERN, MAX_ENTRY_MINUTES, MAX_TIME_NOTE_LENGTH, MIN_ENTRY_MINUTES, TIMESHEET_STATUSES, timeRoutes } from './time-paths.ts';

export * from './time-paths.ts';

const page = access.page('timesheet');
const write = { access: page, headers: IdempotencyHeaders };
const decide = { access: access.roles(...rolesThat('approve-timesheets')), headers: IdempotencyHeaders };
const own = "Everyone's own; another's entry is 404 unless the caller may see everyone's time; a client the caller may not see is 404";

const Minutes = Type.Integer({ minimum: MIN_ENTRY_MINUTES, maximum: MAX_ENTRY_MINUTES, title: 'Time' });
const Note = Paragraphs(MAX_TIME_NOTE_LENGTH, { title: 'Note' });
const Week = Type.String({ pattern: ISO_WEEK_PATTERN, maxLength: 8, errorMessage: 'must be an ISO week such as 2026-W49', title: 'Week' });

/** ?user=mine|all|{id}: mine by default. */
export const TimeEntryQuery = Closed({
  user: Type.Optional(Type.String({ pattern: '^(mine|all|[1-9][0-9]{0,9})$', maxLength: 10, errorMessage: 'must be mine, all or a user id', title: 'User' })),
  from: Type.Optional(CalendarDate('From')),
  to: Type.Optional(CalendarDate('To')),
  client: Type.Optional(Id('Client')),
  ...PageQuery,
});
export type TimeEntryQuery = Static<typeof TimeEntryQuery>;

export const TimeEntryFields = {
  client_id: Id('Client'),
  task_id: Type.Optional(Nullable(Id('Task'))),
  request_id: Type.Optional(Nullable(Id('Request'))),
  date: CalendarDate('Date'),
  minutes: Minutes,
  note: Note,
  billable: Type.Boolean({ title: 'Billable' }),
};
export const NewTimeEntryBody = Closed(TimeEntryFields);
export type NewTimeEntryBody = Static<typeof NewTimeEntryBody>;
export const UpdateTimeEntryBody = Closed({ version: Version, ...TimeEntryFields });
export type UpdateTimeEntryBody = Static<typeof UpdateTimeEntryBody>;
export const DeleteTimeEntryBody = Closed({ version: Version });
export type DeleteTimeEntryBody = Static<typeof DeleteTimeEntryBody>;

const WorkRef = Type.Object({ id: Type.Integer(), title: Type.String() });
export type WorkRef = Static<typeof WorkRef>;
const ClientName = Type.Object({ id: Type.Integer(), legal_name: Type.String() });
export type ClientName = Static<typeof ClientName>;

export const TimeEntry = Type.Object({
  id: Type.Integer(),
  user: PersonRef,
  client: ClientName,
  task: Nullable(WorkRef),
  request: Nullable(WorkRef),
  date: Type.String(),
  minutes: Type.Integer(),
  note: Type.String(),
  billable: Type.Boolean(),
  source: Type.Enum(['manual', 'timer']),
  /** Its week is submitted or approved: it may not change. */
  locked: Type.Boolean(),
  created_at: Instant,
  updated_at: Instant,
  version: Type.Integer(),
});
export type TimeEntry = Static<typeof TimeEntry>;

export const TimerStartBody = Closed({ client_id: Id('Client'), task_id: Type.Optional(Nullable(Id('Task'))), request_id: Type.Optional(Nullable(Id('Request'))), note: Type.Optional(Note) });
export type TimerStartBody = Static<typeof TimerStartBody>;
/** A timer past its limit saves only when the user confirms the time (TIMER_CONFIRMATION_REQUIRED otherwise). */
export const TimerStopBody = Closed({ confirm_long: Type.Optional(Type.Boolean({ title: 'Keep the whole time' })) });
export type TimerStopBody = Static<typeof TimerStopBody>;

export const Timer = Type.Object({
  client: ClientName,
  task: Nullable(WorkRef),
  request: Nullable(WorkRef),
  note: Type.String(),
  started_at: Instant,
  version: Type.Integer(),
});
export type Timer = Static<typeof Timer>;
export const MyTimer = Type.Object({ timer: Nullable(Timer) });
export type MyTimer = Static<typeof MyTimer>;
/** What a start answers: the timer now running and the entry saved from the one it stopped, if any. */
export const TimerStarted = Type.Object({ timer: Timer, saved: Nullable(TimeEntry) });
export type TimerStarted = Static<typeof TimerStarted>;

const TimesheetStatus = Type.Enum(TIMESHEET_STATUSES, { title: 'Status' });
export const Timesheet = Type.Object({
  user: PersonRef,
  week: Type.String(),
  /** Monday to Sunday. */
  days: Type.Array(Type.String()),
  status: TimesheetStatus,
  submitted_at: Nullable(Instant),
  decided_at: Nullable(Instant),
  decided_by: Nullable(PersonRef),
  return_reason: Nullable(Type.String()),
  total_minutes: Type.Integer(),
  entries: Type.Array(TimeEntry),
  /** What the caller may do with it now. */
  can_submit: Type.Boolean(),
  can_decide: Type.Boolean(),
  can_edit: Type.Boolean(),
  version: Type.Integer(),
});
export type Timesheet = Static<typeof Timesheet>;

export const TimesheetSummary = Type.Object({
  user: PersonRef,
  week: Type.String(),
  status: TimesheetStatus,
  submitted_at: Nullable(Instant),
  total_minutes: Type.Integer(),
});
export type TimesheetSummary = Static<typeof TimesheetSummary>;
export const TimesheetQuery = Closed({ status: Type.Optional(TimesheetStatus), ...PageQuery });
export type TimesheetQuery = Static<typeof TimesheetQuery>;

export const WeekParams = Closed({ userId: Id('User'), week: Week });
export const TimesheetActionBody = Closed({ version: Type.Optional(Version) });
export type TimesheetActionBody = Static<typeof TimesheetActionBody>;
export const ReturnTimesheetBody = Closed({ version: Type.Optional(Version), reason: Line(timeFields.returnReason.max, { minLength: timeFields.returnReason.min, title: timeFields.returnReason.label }) });
export type ReturnTimesheetBody = Static<typeof ReturnTimesheetBody>;

export const TimeClients = Type.Object({ results: Type.Array(ClientName) });
export type TimeClients = Static<typeof TimeClients>;
/** `me`: the caller (whose week the page opens by default). */
export const TimePeople = Type.Object({ me: PersonRef, results: Type.Array(PersonRef) });
export type TimePeople = Static<typeof TimePeople>;
export const ClientWork = Type.Object({ tasks: Type.Array(WorkRef), requests: Type.Array(WorkRef) });
export type ClientWork = Static<typeof ClientWork>;

export const timeEndpoints = endpoints('time', timeRoutes, {
  list: { summary: 'Time entries, newest day first', access: page, ownership: own, query: TimeEntryQuery, response: { 200: Page(TimeEntry) } },
  create: { summary: 'Log time', ...write, ownership: own, body: NewTimeEntryBody, response: { 201: TimeEntry }, errors: [409] },
  update: { summary: 'Change a time entry', ...write, ownership: own, params: IdParams('entryId'), body: UpdateTimeEntryBody, response: { 200: TimeEntry }, errors: [409] },
  remove: { summary: 'Delete a time entry', ...write, ownership: own, params: IdParams('entryId'), body: DeleteTimeEntryBody, response: { 200: TimeEntry }, errors: [409] },
  clients: { summary: 'The clients the caller may log time on', access: page, response: { 200: TimeClients } },
  work: { summary: "A client's tasks and on-demand requests to log time on", access: page, ownership: own, params: IdParams('clientId'), response: { 200: ClientWork } },
  timer: { summary: "The caller's running timer, or null", access: page, response: { 200: MyTimer } },
  startTimer: { summary: 'Start the timer (stopping and saving one already running)', ...write, body: TimerStartBody, response: { 200: TimerStarted }, errors: [409] },
  stopTimer: { summary: 'Stop the timer and save its time as an entry', ...write, body: TimerStopBody, response: { 200: TimeEntry }, errors: [404, 409] },
  week: { summary: "A user's week: its status and entries", access: page, ownership: own, params: WeekParams, response: { 200: Timesheet } },
  timesheets: { summary: 'Weeks by status (the approvers see everyone, others their own)', access: page, query: TimesheetQuery, response: { 200: Page(TimesheetSummary) } },
  people: { summary: 'The staff whose weeks the caller may open', access: page, response: { 200: TimePeople } },
  submit: { summary: 'Submit a week for approval (its entries lock)', ...write, ownership: 'The user themselves', params: WeekParams, body: TimesheetActionBody, response: { 200: Timesheet }, errors: [409] },
  approve: { summary: 'Approve a submitted week', ...decide, ownership: 'Timesheet approvers (common/access.ts)', params: WeekParams, body: TimesheetActionBody, response: { 200: Timesheet }, errors: [409] },
  return: { summary: 'Return a submitted week with a reason (its entries unlock)', ...decide, ownership: 'Timesheet approvers (common/access.ts)', params: WeekParams, body: ReturnTimesheetBody, response: { 200: Timesheet }, errors: [409] },
});
