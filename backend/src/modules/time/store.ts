/**
 * Time: entries in whole minutes on a Dubai date, the one timer per user the server holds, and weekly
 * timesheets. Everyone logs and reads their own; only who may see everyone's time (common/access.ts) reads
 * another's, and another's entry is 404 to the rest. An entry of a week submitted or approved is locked
 * (409 TIMESHEET_LOCKED). Every write goes through writeRecord or, for a new entry, one transaction that
 * replays its Idempotency-Key the same way. No HTTP here.
 */
import { may } from '../../../../common/access.ts';
import { dubaiDate } from '../../../../common/calendar.ts';
import {
  LOCKED_TIMESHEET_STATUSES,
  MAX_ENTRY_MINUTES,
  TIMER_CONFIRM_AFTER_MINUTES,
  TIMER_CONFIRMATION_REQUIRED,
  TIMESHEET_LOCKED,
  type ClientWork,
  type DeleteTimeEntryBody,
  type MyTimer,
  type NewTimeEntryBody,
  type ReturnTimesheetBody,
  type TimeClients,
  type TimeEntry,
  type TimeEntryQuery,
  type Timer,
  type TimerStartBody,
  type TimerStarted,
  type TimerStopBody,
  type Timesheet,
  type TimesheetActionBody,
  type TimesheetQuery,
  type TimesheetStatus,
  type TimesheetSummary,
  type TimePeople,
  type UpdateTimeEntryBody,
} from '../../../../common/contract/time.ts';
import { daysOfWeek, formatMinutes, isIsoWeek, isoWeekOf, mondayOfWeek } from '../../../../common/iso-week.ts';
import { STAFF_ROLES } from '../../../../common/roles.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { writeRecord, type ActionContext } from '../../lib/action.ts';
import { refuseWhenFrozen } from '../../lib/aml-freeze.ts';
import { createdWithKey, writeAudit } from '../../lib/audit.ts';
import { forbidden, HttpError, invalidInput, notFound } from '../../lib/http-error.ts';
import { SqlFilter } from '../../lib/sql-filter.ts';
import { assignList, insertList, selectList } from '../../lib/table.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { checkClientBudget } from '../capacity/index.ts';
import { addClientVisibility, canSeeClient } from '../clients/index.ts';
import { notifyTimesheetDecided, notifyTimesheetSubmitted } from './notify.ts';
import {
  ENTRY_EDIT_FIELDS,
  LOCKED_ENTRY_FIELDS,
  LOCKED_SHEET_FIELDS,
  NEW_ENTRY_FIELDS,
  NEW_TIMER_FIELDS,
  SHEET_FIELDS,
  TIMER_WORK_FIELDS,
  timeEntriesTable,
  timersTable,
  timesheetsTable,
  type TimeEntryColumns,
  type TimerColumns,
  type TimesheetColumns,
} from './table.ts';

export type Caller = Pick<CurrentUser, 'id' | 'role'>;

const ENTRY_CONFLICT = 'This time entry was changed meanwhile. Reload it and try again.';
const TIMESHEET_CONFLICT = 'This week was changed meanwhile. Reload it and try again.';

// The week an entry's date falls in, as the timesheets table names it ('2026-W49').
const weekOfSql = (date: string) => `to_char(${date}, 'IYYY-"W"IW')`;

const ENTRY_FROM = `FROM time_entries e
  JOIN users u ON u.id = e.user_id
  JOIN clients c ON c.id = e.client_id
  LEFT JOIN tasks t ON t.id = e.task_id
  LEFT JOIN service_requests r ON r.id = e.request_id
  LEFT JOIN request_types rt ON rt.id = r.type_id
  LEFT JOIN timesheets ts ON ts.user_id = e.user_id AND ts.week = ${weekOfSql('e.work_date')}`;
/** An entry's own columns as the list and the page read them; its day is read as `date`, the API's name for it. */
const ENTRY_ROW_FIELDS = ['id', 'version', 'user_id', 'client_id', 'task_id', 'request_id', 'minutes', 'note', 'billable', 'source', 'created_at', 'updated_at'] as const;
const ENTRY_COLUMNS = `${selectList(timeEntriesTable, 'e', ENTRY_ROW_FIELDS)}, to_char(e.work_date, 'YYYY-MM-DD') AS date,
  u.display_name AS user_name, u.email AS user_email, c.legal_name AS client_name, t.title AS task_title, rt.name AS request_type,
  coalesce(ts.status = ANY($LOCKED::text[]), false) AS locked`;

type EntryRow = Pick<TimeEntryColumns, (typeof ENTRY_ROW_FIELDS)[number]> & {
  date: string;
  user_name: string | null;
  user_email: string;
  client_name: string;
  task_title: string | null;
  request_type: string | null;
  locked: boolean;
};

/** A request has no title of its own: its service and number name it. */
const requestTitle = (type: string | null, id: number) => `${type ?? 'Request'} #${id}`;

const toEntry = (row: EntryRow): TimeEntry => ({
  id: row.id,
  user: { id: row.user_id, display_name: row.user_name, email: row.user_email },
  client: { id: row.client_id, legal_name: row.client_name },
  task: row.task_id !== null ? { id: row.task_id, title: row.task_title ?? '' } : null,
  request: row.request_id !== null ? { id: row.request_id, title: requestTitle(row.request_type, row.request_id) } : null,
  date: row.date,
  minutes: row.minutes,
  note: row.note,
  billable: row.billable,
  source: row.source,
  locked: row.locked,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
  version: row.version,
});

/** The entries' SELECT with the filter's clauses; the locked statuses take the parameter after the filter's. */
function entrySelect(filter: SqlFilter, tail: string): { sql: string; params: unknown[] } {
  const locked = `$${filter.params.length + 1}`;
  return { sql: `SELECT ${ENTRY_COLUMNS.replace('$LOCKED', locked)} ${ENTRY_FROM} ${filter.where} ${tail}`, params: [...filter.params, LOCKED_TIMESHEET_STATUSES] };
}

/** Whose entries a caller reads: their own, or (for who sees everyone's time) anyone's. Another's is 404. */
function mayRead(caller: Caller, userId: number): boolean {
  return caller.id === userId || may(caller.role, 'see-everyones-time');
}

async function readEntry(db: Queryable, caller: Caller, id: number): Promise<TimeEntry> {
  const filter = new SqlFilter();
  filter.add((p) => `e.id = ${p}`, id);
  const { sql, params } = entrySelect(filter, '');
  const [row] = await db.query<EntryRow>(sql, params);
  if (!row || !mayRead(caller, row.user_id)) throw notFound('Time entry');
  return toEntry(row);
}

export async function listEntries(db: Queryable, caller: Caller, query: TimeEntryQuery): Promise<{ count: number; results: TimeEntry[] }> {
  const filter = new SqlFilter();
  const user = query.user ?? 'mine';
  if (user === 'all') {
    if (!may(caller.role, 'see-everyones-time')) throw forbidden("Only an administrator sees everyone's time.");
  } else {
    const userId = user === 'mine' ? caller.id : Number(user);
    // Another's entries are as good as absent: an empty list, never a hint that the user exists.
    filter.add((p) => `e.user_id = ${p}`, mayRead(caller, userId) ? userId : 0);
  }
  if (query.from) filter.add((p) => `e.work_date >= ${p}::date`, query.from);
  if (query.to) filter.add((p) => `e.work_date <= ${p}::date`, query.to);
  if (query.from && query.to && query.to < query.from) throw invalidInput('to', 'must not be before From');
  if (query.client) filter.add((p) => `e.client_id = ${p}`, query.client);
  const size = query.page_size ?? 20;
  const offset = ((query.page ?? 1) - 1) * size;
  const [{ count } = { count: 0 }] = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM time_entries e ${filter.where}`, filter.params);
  const { sql, params } = entrySelect(filter, `ORDER BY e.work_date DESC, e.id DESC LIMIT ${size} OFFSET ${offset}`);
  return { count, results: (await db.query<EntryRow>(sql, params)).map(toEntry) };
}

/** 409 TIMESHEET_LOCKED when the user's week of `date` is submitted or approved. */
async function refuseWhenLocked(tx: Queryable, userId: number, date: string): Promise<void> {
  const week = isoWeekOf(date);
  const [sheet] = await tx.query<{ status: TimesheetStatus }>('SELECT status FROM timesheets WHERE user_id = $1 AND week = $2', [userId, week]);
  if (sheet && LOCKED_TIMESHEET_STATUSES.includes(sheet.status)) throw lockedWeek(week, sheet.status);
}

export const lockedWeek = (week: string, status: TimesheetStatus) =>
  new HttpError(409, TIMESHEET_LOCKED, status === 'approved' ? `The week ${week} is approved: its entries are locked.` : `The week ${week} is submitted: its entries are locked until it is approved or returned.`);

interface WorkChoice {
  client_id: number;
  task_id?: number | null | undefined;
  request_id?: number | null | undefined;
}

/** The client must be one the caller sees (else 404), the task or request that client's (else 400 naming it). */
async function checkWork(tx: Queryable, caller: Caller, body: WorkChoice): Promise<void> {
  if (!(await canSeeClient(tx, caller, body.client_id))) throw notFound('Client');
  const taskId = body.task_id ?? null;
  const requestId = body.request_id ?? null;
  if (taskId !== null && requestId !== null) throw invalidInput('request_id', 'must be left empty when a task is chosen');
  if (taskId !== null) {
    const [task] = await tx.query<{ client_id: number }>('SELECT client_id FROM tasks WHERE id = $1', [taskId]);
    if (task?.client_id !== body.client_id) throw invalidInput('task_id', "must be one of the client's tasks");
  }
  if (requestId !== null) {
    const [request] = await tx.query<{ client_id: number }>('SELECT client_id FROM service_requests WHERE id = $1', [requestId]);
    if (request?.client_id !== body.client_id) throw invalidInput('request_id', "must be one of the client's requests");
  }
}

function checkDate(date: string, today: string): void {
  if (date > today) throw invalidInput('date', 'must not be in the future');
}

const cleanNote = (note: string) => note.trim();

export async function createEntry(db: Database, caller: Caller, body: NewTimeEntryBody, context: ActionContext, today = dubaiDate()): Promise<TimeEntry> {
  const id = await db.transaction(async (tx) => {
    const seen = await createdWithKey(tx, 'time_entry', 'time_entry_created', caller.id, context.idempotencyKey);
    if (seen !== null) return seen;
    checkDate(body.date, today);
    await checkWork(tx, caller, body);
    await refuseWhenFrozen(tx, { clientId: body.client_id });
    await refuseWhenLocked(tx, caller.id, body.date);
    return insertEntry(tx, caller.id, { ...body, source: 'manual' }, context);
  });
  return readEntry(db, caller, id);
}

const ENTRY_INSERT = insertList(NEW_ENTRY_FIELDS);

async function insertEntry(
  tx: Queryable,
  userId: number,
  entry: WorkChoice & { date: string; minutes: number; note: string; billable: boolean; source: 'manual' | 'timer' },
  context: ActionContext,
): Promise<number> {
  const written: Pick<TimeEntryColumns, (typeof NEW_ENTRY_FIELDS)[number]> = {
    user_id: userId,
    client_id: entry.client_id,
    task_id: entry.task_id ?? null,
    request_id: entry.request_id ?? null,
    work_date: entry.date,
    minutes: entry.minutes,
    note: cleanNote(entry.note),
    billable: entry.billable,
    source: entry.source,
  };
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO time_entries ${ENTRY_INSERT.columns} VALUES ${ENTRY_INSERT.values} RETURNING id`,
    NEW_ENTRY_FIELDS.map((field) => written[field]),
  );
  const id = row!.id;
  await writeAudit(tx, {
    entity: 'time_entry',
    entityId: id,
    kind: 'time_entry_created',
    actorId: context.actorId,
    data: { client_id: entry.client_id, user_id: userId, date: entry.date, minutes: entry.minutes, billable: entry.billable, source: entry.source },
    idempotencyKey: context.idempotencyKey,
  });
  await checkClientBudget(tx, entry.client_id, entry.date.slice(0, 7));
  return id;
}

type LockedEntry = Pick<TimeEntryColumns, (typeof LOCKED_ENTRY_FIELDS)[number]> & { date: string };

async function lockEntry(tx: Queryable, caller: Caller, id: number): Promise<LockedEntry> {
  const [row] = await tx.query<LockedEntry>(
    `SELECT ${selectList(timeEntriesTable, null, LOCKED_ENTRY_FIELDS)}, to_char(work_date, 'YYYY-MM-DD') AS date FROM time_entries WHERE id = $1 FOR UPDATE`,
    [id],
  );
  if (!row || !mayRead(caller, row.user_id)) throw notFound('Time entry');
  return row;
}

const fieldsOf = (row: Pick<LockedEntry, 'client_id' | 'task_id' | 'request_id' | 'date' | 'minutes' | 'note' | 'billable'>) => ({
  client_id: row.client_id,
  task_id: row.task_id,
  request_id: row.request_id,
  date: row.date,
  minutes: row.minutes,
  note: row.note,
  billable: row.billable,
});

export async function updateEntry(db: Database, caller: Caller, id: number, body: UpdateTimeEntryBody, context: ActionContext, today = dubaiDate()): Promise<TimeEntry> {
  const { version, ...fields } = body;
  return writeRecord(db, {
    entity: 'time_entry',
    context,
    version,
    conflictMessage: ENTRY_CONFLICT,
    lock: (tx) => lockEntry(tx, caller, id),
    frozenClient: (row) => row.client_id,
    act: async (tx, row) => {
      checkDate(fields.date, today);
      await refuseWhenLocked(tx, row.user_id, row.date);
      await refuseWhenLocked(tx, row.user_id, fields.date);
      await checkWork(tx, caller, fields);
      if (fields.client_id !== row.client_id) await refuseWhenFrozen(tx, { clientId: fields.client_id });
      const after = { ...fieldsOf({ ...fields, task_id: fields.task_id ?? null, request_id: fields.request_id ?? null }), note: cleanNote(fields.note) };
      await tx.query(
        `UPDATE time_entries SET ${assignList(ENTRY_EDIT_FIELDS, 2)}, version = version + 1, updated_at = CURRENT_TIMESTAMP WHERE id = $1`,
        [id, ...ENTRY_EDIT_FIELDS.map((field) => (field === 'work_date' ? after.date : after[field]))],
      );
      await writeAudit(tx, { entity: 'time_entry', entityId: id, kind: 'time_entry_updated', actorId: context.actorId, data: { client_id: after.client_id, user_id: row.user_id }, before: fieldsOf(row), after, idempotencyKey: context.idempotencyKey });
      await checkClientBudget(tx, after.client_id, after.date.slice(0, 7));
    },
    read: (tx) => readEntry(tx, caller, id),
  });
}

/** Answers the entry as it was (the console's toast names it). */
export async function deleteEntry(db: Database, caller: Caller, id: number, body: DeleteTimeEntryBody, context: ActionContext): Promise<TimeEntry> {
  let deleted: TimeEntry | null = null;
  return writeRecord(db, {
    entity: 'time_entry',
    context,
    version: body.version,
    conflictMessage: ENTRY_CONFLICT,
    // The entry as it was, kept with its event: a retry answers it again.
    deletes: {
      id,
      answer: async (tx) => {
        const [event] = await tx.query<{ data: { entry?: TimeEntry } }>("SELECT data FROM audit_events WHERE entity = 'time_entry' AND entity_id = $1 AND kind = 'time_entry_deleted'", [id]);
        if (!event?.data.entry) throw notFound('Time entry');
        return event.data.entry;
      },
    },
    lock: async (tx) => {
      const row = await lockEntry(tx, caller, id);
      deleted = await readEntry(tx, caller, id);
      return row;
    },
    act: async (tx, row) => {
      await refuseWhenLocked(tx, row.user_id, row.date);
      await tx.query('DELETE FROM time_entries WHERE id = $1', [id]);
      await writeAudit(tx, { entity: 'time_entry', entityId: id, kind: 'time_entry_deleted', actorId: context.actorId, data: { client_id: row.client_id, user_id: row.user_id, entry: deleted }, before: fieldsOf(row), idempotencyKey: context.idempotencyKey });
    },
    read: async () => deleted!,
  });
}

// ---- the picker

export async function timeClients(db: Queryable, caller: Caller): Promise<TimeClients> {
  const filter = new SqlFilter();
  addClientVisibility(filter, caller, 'c');
  const rows = await db.query<{ id: number; legal_name: string }>(`SELECT c.id, c.legal_name FROM clients c ${filter.where} ORDER BY c.legal_name, c.id LIMIT 2000`, filter.params);
  return { results: rows };
}

export async function clientWork(db: Queryable, caller: Caller, clientId: number): Promise<ClientWork> {
  if (!(await canSeeClient(db, caller, clientId))) throw notFound('Client');
  const tasks = await db.query<{ id: number; title: string }>("SELECT id, title FROM tasks WHERE client_id = $1 ORDER BY (status = 'done'), due_on DESC, id DESC LIMIT 200", [clientId]);
  const requests = await db.query<{ id: number; type: string }>(
    "SELECT r.id, t.name AS type FROM service_requests r JOIN request_types t ON t.id = r.type_id WHERE r.client_id = $1 ORDER BY (r.status IN ('completed', 'declined')), r.id DESC LIMIT 200",
    [clientId],
  );
  return { tasks, requests: requests.map((row) => ({ id: row.id, title: requestTitle(row.type, row.id) })) };
}

// ---- the timer: one row per user, so every tab and every sign-in reads the same one

interface TimerRow {
  client_id: number;
  client_name: string;
  task_id: number | null;
  task_title: string | null;
  request_id: number | null;
  request_type: string | null;
  note: string;
  started_at: Date;
  version: number;
}

async function readTimer(db: Queryable, userId: number): Promise<Timer | null> {
  const [row] = await db.query<TimerRow>(
    `SELECT tm.client_id, c.legal_name AS client_name, tm.task_id, t.title AS task_title, tm.request_id, rt.name AS request_type, tm.note, tm.started_at, tm.version
     FROM timers tm JOIN clients c ON c.id = tm.client_id LEFT JOIN tasks t ON t.id = tm.task_id
     LEFT JOIN service_requests r ON r.id = tm.request_id LEFT JOIN request_types rt ON rt.id = r.type_id WHERE tm.user_id = $1`,
    [userId],
  );
  if (!row) return null;
  return {
    client: { id: row.client_id, legal_name: row.client_name },
    task: row.task_id !== null ? { id: row.task_id, title: row.task_title ?? '' } : null,
    request: row.request_id !== null ? { id: row.request_id, title: requestTitle(row.request_type, row.request_id) } : null,
    note: row.note,
    started_at: row.started_at.toISOString(),
    version: row.version,
  };
}

export async function myTimer(db: Queryable, caller: Caller): Promise<MyTimer> {
  return { timer: await readTimer(db, caller.id) };
}

/** The running timer's whole minutes at `now` (at least one). */
export const timerMinutes = (startedAt: Date, now: Date) => Math.max(1, Math.round((now.getTime() - startedAt.getTime()) / 60_000));

/**
 * Stops the user's running timer and saves its time as an entry on the Dubai day it started (none running:
 * null). Past the limit it saves only with `confirmLong`, and then at most a day's minutes, as the message
 * that asked said.
 */
async function stopRunning(tx: Queryable, userId: number, confirmLong: boolean, context: ActionContext, now: Date): Promise<number | null> {
  const [timer] = await tx.query<Pick<TimerColumns, (typeof TIMER_WORK_FIELDS)[number]>>(
    `SELECT ${selectList(timersTable, null, TIMER_WORK_FIELDS)} FROM timers WHERE user_id = $1 FOR UPDATE`,
    [userId],
  );
  if (!timer) return null;
  const minutes = timerMinutes(timer.started_at, now);
  if (minutes > TIMER_CONFIRM_AFTER_MINUTES && !confirmLong) {
    throw new HttpError(
      409,
      TIMER_CONFIRMATION_REQUIRED,
      `The timer has run for ${formatMinutes(minutes)}, more than ${formatMinutes(TIMER_CONFIRM_AFTER_MINUTES)}. Confirm to save it${minutes > MAX_ENTRY_MINUTES ? ` as ${formatMinutes(MAX_ENTRY_MINUTES)} (an entry holds at most a day)` : ''}, or stop it and correct the entry.`,
    );
  }
  const date = dubaiDate(timer.started_at);
  await refuseWhenLocked(tx, userId, date);
  await tx.query('DELETE FROM timers WHERE user_id = $1', [userId]);
  const entryId = await insertEntry(
    tx,
    userId,
    { client_id: timer.client_id, task_id: timer.task_id, request_id: timer.request_id, date, minutes: Math.min(minutes, MAX_ENTRY_MINUTES), note: timer.note, billable: true, source: 'timer' },
    // The entry's event carries no key: the timer's own event does, and a replay is found by it.
    { actorId: context.actorId, idempotencyKey: null },
  );
  await writeAudit(tx, { entity: 'timer', entityId: userId, kind: 'timer_stopped', actorId: context.actorId, data: { entry_id: entryId, client_id: timer.client_id, minutes }, idempotencyKey: context.idempotencyKey });
  return entryId;
}

/** The user's row, locked: every timer write of one user queues behind it (two tabs cannot both start one). */
async function lockUser(tx: Queryable, userId: number): Promise<{ id: number; version: number }> {
  const [row] = await tx.query<{ id: number }>('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
  if (!row) throw notFound('User');
  return { id: row.id, version: 1 };
}

async function entryOfTimerEvent(tx: Queryable, userId: number, key: string | null): Promise<number | null> {
  if (!key) return null;
  const [event] = await tx.query<{ entry_id: number | null }>(
    "SELECT (data->>'entry_id')::int AS entry_id FROM audit_events WHERE entity = 'timer' AND entity_id = $1 AND idempotency_key = $2 AND kind = 'timer_stopped' ORDER BY id DESC LIMIT 1",
    [userId, key],
  );
  return event?.entry_id ?? null;
}

const TIMER_INSERT = insertList(NEW_TIMER_FIELDS);

export async function startTimer(db: Database, caller: Caller, body: TimerStartBody, context: ActionContext, now = new Date()): Promise<TimerStarted> {
  let savedId: number | null = null;
  return writeRecord(db, {
    entity: 'timer',
    context,
    version: null,
    conflictMessage: TIMESHEET_CONFLICT,
    lock: (tx) => lockUser(tx, caller.id),
    act: async (tx) => {
      await checkWork(tx, caller, body);
      await refuseWhenFrozen(tx, { clientId: body.client_id });
      savedId = await stopRunning(tx, caller.id, false, context, now);
      const timer: Pick<TimerColumns, (typeof NEW_TIMER_FIELDS)[number]> = {
        user_id: caller.id,
        client_id: body.client_id,
        task_id: body.task_id ?? null,
        request_id: body.request_id ?? null,
        note: cleanNote(body.note ?? ''),
        started_at: now,
      };
      await tx.query(
        `INSERT INTO timers ${TIMER_INSERT.columns} VALUES ${TIMER_INSERT.values}`,
        NEW_TIMER_FIELDS.map((field) => timer[field]),
      );
      await writeAudit(tx, { entity: 'timer', entityId: caller.id, kind: 'timer_started', actorId: context.actorId, data: { client_id: body.client_id }, idempotencyKey: context.idempotencyKey });
    },
    read: async (tx) => {
      const timer = await readTimer(tx, caller.id);
      if (!timer) throw notFound('Timer');
      const saved = savedId ?? (await entryOfTimerEvent(tx, caller.id, context.idempotencyKey));
      return { timer, saved: saved !== null ? await readEntry(tx, caller, saved) : null };
    },
  });
}

export async function stopTimer(db: Database, caller: Caller, body: TimerStopBody, context: ActionContext, now = new Date()): Promise<TimeEntry> {
  let savedId: number | null = null;
  return writeRecord(db, {
    entity: 'timer',
    context,
    version: null,
    conflictMessage: TIMESHEET_CONFLICT,
    lock: (tx) => lockUser(tx, caller.id),
    act: async (tx) => {
      savedId = await stopRunning(tx, caller.id, body.confirm_long === true, context, now);
      if (savedId === null) throw new HttpError(404, 'NOT_FOUND', 'No timer is running.');
    },
    read: async (tx) => {
      const saved = savedId ?? (await entryOfTimerEvent(tx, caller.id, context.idempotencyKey));
      if (saved === null) throw new HttpError(404, 'NOT_FOUND', 'No timer is running.');
      return readEntry(tx, caller, saved);
    },
  });
}

// ---- timesheets

type SheetRow = Pick<TimesheetColumns, (typeof SHEET_FIELDS)[number]> & { decider_name: string | null; decider_email: string | null };

async function staffMember(db: Queryable, userId: number): Promise<{ id: number; display_name: string | null; email: string }> {
  const [user] = await db.query<{ id: number; display_name: string | null; email: string }>('SELECT id, display_name, email FROM users WHERE id = $1', [userId]);
  if (!user) throw notFound('Timesheet');
  return user;
}

function checkWeek(week: string): void {
  if (!isIsoWeek(week)) throw invalidInput('week', 'must be an ISO week such as 2026-W49');
}

export async function readWeek(db: Queryable, caller: Caller, userId: number, week: string): Promise<Timesheet> {
  checkWeek(week);
  if (!mayRead(caller, userId)) throw notFound('Timesheet');
  const user = await staffMember(db, userId);
  const [sheet] = await db.query<SheetRow>(
    `SELECT ${selectList(timesheetsTable, 'ts', SHEET_FIELDS)}, d.display_name AS decider_name, d.email AS decider_email
     FROM timesheets ts LEFT JOIN users d ON d.id = ts.decided_by WHERE ts.user_id = $1 AND ts.week = $2`,
    [userId, week],
  );
  const days = daysOfWeek(week);
  const filter = new SqlFilter();
  filter.add((p) => `e.user_id = ${p}`, userId);
  filter.add((p) => `e.work_date >= ${p}::date`, days[0]);
  filter.add((p) => `e.work_date <= ${p}::date`, days[6]);
  const { sql, params } = entrySelect(filter, 'ORDER BY e.work_date, e.id');
  const entries = (await db.query<EntryRow>(sql, params)).map(toEntry);
  const status = sheet?.status ?? 'open';
  const own = caller.id === userId;
  return {
    user,
    week,
    days,
    status,
    submitted_at: sheet?.submitted_at?.toISOString() ?? null,
    decided_at: sheet?.decided_at?.toISOString() ?? null,
    decided_by: sheet?.decided_by ? { id: sheet.decided_by, display_name: sheet.decider_name, email: sheet.decider_email ?? '' } : null,
    return_reason: sheet?.return_reason ?? null,
    total_minutes: entries.reduce((sum, entry) => sum + entry.minutes, 0),
    entries,
    can_submit: own && (status === 'open' || status === 'returned') && days[0]! <= dubaiDate(),
    can_decide: may(caller.role, 'approve-timesheets') && status === 'submitted',
    can_edit: !LOCKED_TIMESHEET_STATUSES.includes(status),
    version: sheet?.version ?? 1,
  };
}

export async function listTimesheets(db: Queryable, caller: Caller, query: TimesheetQuery): Promise<{ count: number; results: TimesheetSummary[] }> {
  const filter = new SqlFilter();
  if (!may(caller.role, 'approve-timesheets') && !may(caller.role, 'see-everyones-time')) filter.add((p) => `ts.user_id = ${p}`, caller.id);
  if (query.status) filter.add((p) => `ts.status = ${p}`, query.status);
  const size = query.page_size ?? 20;
  const offset = ((query.page ?? 1) - 1) * size;
  const [{ count } = { count: 0 }] = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM timesheets ts ${filter.where}`, filter.params);
  const rows = await db.query<{ user_id: number; display_name: string | null; email: string; week: string; status: TimesheetStatus; submitted_at: Date | null; total: number }>(
    `SELECT ts.user_id, u.display_name, u.email, ts.week, ts.status, ts.submitted_at,
       (SELECT coalesce(sum(e.minutes), 0)::int FROM time_entries e WHERE e.user_id = ts.user_id AND ${weekOfSql('e.work_date')} = ts.week) AS total
     FROM timesheets ts JOIN users u ON u.id = ts.user_id ${filter.where} ORDER BY ts.week DESC, u.display_name, ts.user_id LIMIT ${size} OFFSET ${offset}`,
    filter.params,
  );
  return {
    count,
    results: rows.map((row) => ({ user: { id: row.user_id, display_name: row.display_name, email: row.email }, week: row.week, status: row.status, submitted_at: row.submitted_at?.toISOString() ?? null, total_minutes: row.total })),
  };
}

/** The caller alone, or every staff member for who sees everyone's time. */
export async function timePeople(db: Queryable, caller: Caller): Promise<TimePeople> {
  const everyone = may(caller.role, 'see-everyones-time');
  const rows = await db.query<{ id: number; display_name: string | null; email: string }>(
    `SELECT id, display_name, email FROM users WHERE role = ANY($1::text[]) AND deactivated_at IS NULL AND ($2 OR id = $3) ORDER BY display_name, email LIMIT 1000`,
    [STAFF_ROLES, everyone, caller.id],
  );
  return { me: await staffMember(db, caller.id), results: rows };
}

/** The week's row, made open on first use and locked. */
type LockedSheet = Pick<TimesheetColumns, (typeof LOCKED_SHEET_FIELDS)[number]>;

async function lockSheet(tx: Queryable, caller: Caller, userId: number, week: string): Promise<LockedSheet> {
  checkWeek(week);
  if (!mayRead(caller, userId)) throw notFound('Timesheet');
  await staffMember(tx, userId);
  await tx.query('INSERT INTO timesheets (user_id, week) VALUES ($1, $2) ON CONFLICT (user_id, week) DO NOTHING', [userId, week]);
  const [row] = await tx.query<LockedSheet>(`SELECT ${selectList(timesheetsTable, null, LOCKED_SHEET_FIELDS)} FROM timesheets WHERE user_id = $1 AND week = $2 FOR UPDATE`, [userId, week]);
  return row!;
}

const sheetWrite = (
  db: Database,
  caller: Caller,
  userId: number,
  week: string,
  version: number | undefined,
  context: ActionContext,
  act: (tx: Queryable, row: LockedSheet) => Promise<void>,
): Promise<Timesheet> =>
  writeRecord(db, {
    entity: 'timesheet',
    context,
    version: version ?? null,
    conflictMessage: TIMESHEET_CONFLICT,
    lock: (tx) => lockSheet(tx, caller, userId, week),
    act,
    read: (tx) => readWeek(tx, caller, userId, week),
  });

export async function submitWeek(db: Database, caller: Caller, userId: number, week: string, body: TimesheetActionBody, context: ActionContext, today = dubaiDate()): Promise<Timesheet> {
  return sheetWrite(db, caller, userId, week, body.version, context, async (tx, row) => {
    if (caller.id !== userId) throw forbidden('Only the user submits their own week.');
    if (row.status === 'submitted' || row.status === 'approved') throw new HttpError(409, 'CONFLICT', `The week ${week} is already ${row.status}.`);
    if (mondayOfWeek(week) > today) throw invalidInput('week', 'must not be in the future');
    await tx.query("UPDATE timesheets SET status = 'submitted', submitted_at = CURRENT_TIMESTAMP, version = version + 1 WHERE id = $1", [row.id]);
    await writeAudit(tx, { entity: 'timesheet', entityId: row.id, kind: 'timesheet_submitted', actorId: context.actorId, data: { user_id: userId, week }, before: { status: row.status }, after: { status: 'submitted' }, idempotencyKey: context.idempotencyKey });
    await notifyTimesheetSubmitted(tx, { userId, week, actorId: context.actorId });
  });
}

export async function approveWeek(db: Database, caller: Caller, userId: number, week: string, body: TimesheetActionBody, context: ActionContext): Promise<Timesheet> {
  return sheetWrite(db, caller, userId, week, body.version, context, async (tx, row) => {
    if (!may(caller.role, 'approve-timesheets')) throw forbidden('Only an administrator approves a week.');
    if (row.status !== 'submitted') throw new HttpError(409, 'CONFLICT', `Only a submitted week can be approved; ${week} is ${row.status}.`);
    await tx.query("UPDATE timesheets SET status = 'approved', decided_at = CURRENT_TIMESTAMP, decided_by = $2, return_reason = NULL, version = version + 1 WHERE id = $1", [row.id, caller.id]);
    await writeAudit(tx, { entity: 'timesheet', entityId: row.id, kind: 'timesheet_approved', actorId: context.actorId, data: { user_id: userId, week }, before: { status: row.status }, after: { status: 'approved' }, idempotencyKey: context.idempotencyKey });
    await notifyTimesheetDecided(tx, { userId, week, approved: true, reason: null });
  });
}

/** A submitted or approved week goes back to its user with the reason; its entries unlock. */
export async function returnWeek(db: Database, caller: Caller, userId: number, week: string, body: ReturnTimesheetBody, context: ActionContext): Promise<Timesheet> {
  const reason = body.reason.trim();
  if (reason === '') throw invalidInput('reason', 'must not be blank');
  return sheetWrite(db, caller, userId, week, body.version, context, async (tx, row) => {
    if (!may(caller.role, 'approve-timesheets')) throw forbidden('Only an administrator returns a week.');
    if (row.status !== 'submitted' && row.status !== 'approved') throw new HttpError(409, 'CONFLICT', `Only a submitted or approved week can be returned; ${week} is ${row.status}.`);
    await tx.query("UPDATE timesheets SET status = 'returned', decided_at = CURRENT_TIMESTAMP, decided_by = $2, return_reason = $3, version = version + 1 WHERE id = $1", [row.id, caller.id, reason]);
    await writeAudit(tx, { entity: 'timesheet', entityId: row.id, kind: 'timesheet_returned', actorId: context.actorId, data: { user_id: userId, week, reason }, before: { status: row.status }, after: { status: 'returned' }, idempotencyKey: context.idempotencyKey });
    await notifyTimesheetDecided(tx, { userId, week, approved: false, reason });
  });
}
