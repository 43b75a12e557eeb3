/**
 * Budgets and capacity, the SQL and the rules (no HTTP): a client's month budget against the time logged, the
 * once-a-month notices at 80 % and 100 % of it, each staff member's weeks (capacity less holidays and leave,
 * planned work from open tasks' estimates, time logged), the leave days and weekly capacity ADMIN keeps.
 * The arithmetic itself is common/capacity.ts, which the console shows the same way.
 */
import { rolesThat } from '../../../../common/access.ts';
import { addDays, dubaiDate, isIsoDate, lastDayOfMonth, monthOfDate, type IsoDate } from '../../../../common/calendar.ts';
import {
  budgetPercent,
  CAPACITY_VIEW_WEEKS,
  isOverbooked,
  isoWeekOf,
  mondayOf,
  thresholdsReached,
  weekCapacityMinutes,
  type BudgetThreshold,
} from '../../../../common/capacity.ts';
import type {
  CapacityPerson,
  CapacityView,
  ClientBudget,
  LeaveDay,
  LeaveDaysChanged,
  LeaveQuery,
  NewLeaveBody,
  PersonTasks,
  WeeklyCapacity,
  WeeklyCapacityBody,
} from '../../../../common/contract/capacity.ts';
import { MAX_LEAVE_SPAN_DAYS } from '../../../../common/contract/capacity-paths.ts';
import type { PersonRef } from '../../../../common/contract/shared.ts';
import { publicHoliday, isWorkingDay } from '../../../../common/uae-holidays.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { writeRecord, type ActionContext } from '../../lib/action.ts';
import { findByIdempotencyKey, lockIdempotencyKey, writeAudit } from '../../lib/audit.ts';
import { invalidInput, notFound } from '../../lib/http-error.ts';
import { selectList } from '../../lib/table.ts';
import { notifyBudgetReached } from './notify.ts';
import { BUDGET_NOTICE_KEY, LEAVE_DAY_FIELDS, NEW_LEAVE_FIELDS, staffLeaveDaysTable, timeWeekTotalsTable, type BudgetNoticeColumns, type LeaveDayColumns, type WeekTotalColumns } from './table.ts';

/** The staff whose weeks the Capacity view plans: those who may hold a task (planned work is their tasks' estimates). */
const STAFF = [...rolesThat('be-assigned-tasks')];
const person = (row: { id: number; display_name: string | null; email: string }): PersonRef => ({ id: row.id, display_name: row.display_name, email: row.email });

// ---- a client's month budget

interface BudgetFigures {
  plan: { id: number; name: string } | null;
  included: number;
  logged: number;
  team: { bookkeeper_id: number | null; reviewer_id: number | null; legal_name: string };
}

/** The plan in force in the month (the latest subscription started by its last day) and the minutes logged in it. */
async function budgetFigures(db: Queryable, clientId: number, month: string): Promise<BudgetFigures | undefined> {
  const first = `${month}-01`;
  const last = lastDayOfMonth(Number(month.slice(0, 4)), Number(month.slice(5, 7)));
  const [row] = await db.query<{ bookkeeper_id: number | null; reviewer_id: number | null; legal_name: string; plan_id: number | null; plan_name: string | null; included: number | null; logged: number }>(
    `SELECT c.bookkeeper_id, c.reviewer_id, c.legal_name, p.id AS plan_id, p.name AS plan_name, p.monthly_minutes AS included,
            (SELECT coalesce(sum(e.minutes), 0)::int FROM time_entries e WHERE e.client_id = c.id AND e.work_date BETWEEN $2::date AND $3::date) AS logged
       FROM clients c
       LEFT JOIN LATERAL (SELECT s.plan_id FROM subscriptions s WHERE s.client_id = c.id AND s.starts_on <= $3::date ORDER BY (s.status <> 'cancelled') DESC, s.starts_on DESC, s.id DESC LIMIT 1) s ON true
       LEFT JOIN plans p ON p.id = s.plan_id
      WHERE c.id = $1`,
    [clientId, first, last],
  );
  if (!row) return undefined;
  return {
    plan: row.plan_id === null ? null : { id: row.plan_id, name: row.plan_name ?? '' },
    included: row.included ?? 0,
    logged: row.logged,
    team: { bookkeeper_id: row.bookkeeper_id, reviewer_id: row.reviewer_id, legal_name: row.legal_name },
  };
}

/** GET clients/{id}/budget: the caller's visibility of the client is checked by the route first. */
export async function clientBudget(db: Queryable, clientId: number, month: string = monthOfDate(dubaiDate())): Promise<ClientBudget> {
  const figures = await budgetFigures(db, clientId, month);
  if (!figures) throw notFound('Client');
  const last = lastDayOfMonth(Number(month.slice(0, 4)), Number(month.slice(5, 7)));
  const byStaff = await db.query<{ id: number; display_name: string | null; email: string; minutes: number }>(
    `SELECT u.id, u.display_name, u.email, sum(e.minutes)::int AS minutes
       FROM time_entries e JOIN users u ON u.id = e.user_id
      WHERE e.client_id = $1 AND e.work_date BETWEEN $2::date AND $3::date
      GROUP BY u.id ORDER BY minutes DESC, u.id`,
    [clientId, `${month}-01`, last],
  );
  return {
    client_id: clientId,
    month,
    plan: figures.plan,
    included_minutes: figures.included,
    logged_minutes: figures.logged,
    percent_used: budgetPercent(figures.logged, figures.included),
    thresholds_reached: thresholdsReached(figures.logged, figures.included),
    by_staff: byStaff.map((row) => ({ user: person(row), minutes: row.minutes })),
  };
}

/**
 * Tells the client's bookkeeper and reviewer when the time logged in `month` has reached 80 % or 100 % of its
 * plan's hours, once a month per threshold: client_budget_notices' key keeps it once however many writes and
 * sweeps call this, on any replica. Call it inside the transaction of every write that changes a client's
 * time (the time entries' writes), and the sweep calls it for what those missed. Answers the thresholds newly
 * reached. A threshold reached and then left (an entry deleted) stays told for the month.
 */
export async function checkClientBudget(tx: Queryable, clientId: number, month: string): Promise<BudgetThreshold[]> {
  const figures = await budgetFigures(tx, clientId, month);
  if (!figures) return [];
  const reached = thresholdsReached(figures.logged, figures.included);
  if (reached.length === 0) return [];
  const claimed = await tx.query<Pick<BudgetNoticeColumns, 'threshold_percent'>>(
    `INSERT INTO client_budget_notices (${BUDGET_NOTICE_KEY.join(', ')}) SELECT $1, $2, unnest($3::int[])
     ON CONFLICT DO NOTHING RETURNING threshold_percent`,
    [clientId, month, reached],
  );
  if (claimed.length === 0) return [];
  const fresh = claimed.map((row) => row.threshold_percent).sort((a, b) => a - b);
  // Both thresholds crossed by one entry make one notice, at the higher one.
  const highest = fresh.at(-1)!;
  const people = [figures.team.bookkeeper_id, figures.team.reviewer_id].filter((id): id is number => id !== null);
  await notifyBudgetReached(tx, people, { clientId, clientName: figures.team.legal_name, month, threshold: highest, logged: figures.logged, included: figures.included });
  return fresh;
}

/**
 * The scheduled sweep: every client whose time this month (and last month, whose entries may still come in the
 * first days of this one) has reached a threshold not yet told. One transaction per client, so one failure
 * holds up no other.
 */
export async function sweepClientBudgets(db: Database, now = new Date()): Promise<number> {
  const today = dubaiDate(now);
  const thisMonth = monthOfDate(today);
  const lastMonth = monthOfDate(addDays(`${thisMonth}-01`, -1));
  let told = 0;
  for (const month of [lastMonth, thisMonth]) {
    const first = `${month}-01`;
    const last = lastDayOfMonth(Number(month.slice(0, 4)), Number(month.slice(5, 7)));
    const candidates = await db.query<{ client_id: number }>(
      `SELECT e.client_id
         FROM time_entries e
         JOIN subscriptions s ON s.client_id = e.client_id AND s.status <> 'cancelled'
         JOIN plans p ON p.id = s.plan_id AND p.monthly_minutes > 0
        WHERE e.work_date BETWEEN $1::date AND $2::date
        GROUP BY e.client_id, p.monthly_minutes
       HAVING sum(e.minutes) * 100 >= p.monthly_minutes * 80
          AND NOT EXISTS (SELECT 1 FROM client_budget_notices n WHERE n.client_id = e.client_id AND n.month = $3 AND n.threshold_percent = 100)`,
      [first, last, month],
    );
    for (const { client_id } of candidates) told += (await db.transaction((tx) => checkClientBudget(tx, client_id, month))).length;
  }
  return told;
}

// ---- staff weeks

const weekStarts = (monday: IsoDate, weeks: number) => Array.from({ length: weeks }, (_unused, index) => addDays(monday, index * 7));

/** GET capacity/: per person (the staff who hold tasks) and ISO week from the week of `from` (this week by default). */
export async function capacityWeeks(db: Queryable, query: { from?: string; weeks?: number }, canEdit: boolean, today = dubaiDate()): Promise<CapacityView> {
  const first = mondayOf(query.from ?? today);
  const starts = weekStarts(first, query.weeks ?? CAPACITY_VIEW_WEEKS);
  const last = addDays(starts.at(-1)!, 6);
  const [people, leave, planned, logged] = await Promise.all([
    db.query<{ id: number; display_name: string | null; email: string; role: string; weekly_capacity_minutes: number; capacity_version: number }>(
      `SELECT id, display_name, email, role, weekly_capacity_minutes, capacity_version FROM users
        WHERE role = ANY($1::text[]) AND deactivated_at IS NULL ORDER BY lower(coalesce(display_name, email)), id`,
      [STAFF],
    ),
    db.query<Pick<LeaveDayColumns, (typeof LEAVE_DAY_FIELDS)[number]>>(`SELECT ${selectList(staffLeaveDaysTable, null, LEAVE_DAY_FIELDS)} FROM staff_leave_days WHERE day BETWEEN $1::date AND $2::date`, [first, last]),
    // Each week's Monday computed in SQL so the sums stay per week; the partial index tasks_open_due_idx answers it.
    db.query<{ user_id: number; monday: string; minutes: number; tasks: number; unestimated: number }>(
      `SELECT assignee_id AS user_id, to_char(due_on - (extract(isodow FROM due_on)::int - 1), 'YYYY-MM-DD') AS monday,
              coalesce(sum(estimate_minutes), 0)::int AS minutes, count(*)::int AS tasks, count(*) FILTER (WHERE estimate_minutes IS NULL)::int AS unestimated
         FROM tasks WHERE status <> 'done' AND assignee_id IS NOT NULL AND due_on BETWEEN $1::date AND $2::date
        GROUP BY 1, 2`,
      [first, last],
    ),
    // The weekly totals migration 0117 keeps: a row per person and week, not every entry of the weeks.
    db.query<WeekTotalColumns>(
      `SELECT ${selectList(timeWeekTotalsTable, null, ['user_id', 'week'])}, minutes::int AS minutes FROM time_week_totals WHERE week BETWEEN $1::date AND $2::date AND minutes <> 0`,
      [first, last],
    ),
  ]);
  const key = (userId: number, monday: string) => `${userId}:${monday}`;
  const leaveOf = new Map<number, Set<string>>();
  for (const row of leave) leaveOf.set(row.user_id, (leaveOf.get(row.user_id) ?? new Set()).add(row.day));
  const plannedOf = new Map(planned.map((row) => [key(row.user_id, row.monday), row]));
  const loggedOf = new Map(logged.map((row) => [key(row.user_id, row.week), row.minutes]));
  const holidays = starts.flatMap((monday) =>
    Array.from({ length: 5 }, (_unused, index) => addDays(monday, index)).flatMap((day) => {
      const holiday = publicHoliday(day);
      return holiday ? [{ date: day, name: holiday.name }] : [];
    }),
  );
  const result: CapacityPerson[] = people.map((row) => {
    const own = leaveOf.get(row.id) ?? new Set<string>();
    return {
      user: person(row),
      role: row.role,
      weekly_capacity_minutes: row.weekly_capacity_minutes,
      capacity_version: row.capacity_version,
      weeks: starts.map((monday) => {
        const capacity = weekCapacityMinutes(row.weekly_capacity_minutes, monday, own);
        const plan = plannedOf.get(key(row.id, monday));
        const plannedMinutes = plan?.minutes ?? 0;
        const days = [...own].filter((day) => day >= monday && day <= addDays(monday, 6)).sort();
        return {
          week: isoWeekOf(monday),
          starts_on: monday,
          capacity_minutes: capacity,
          planned_minutes: plannedMinutes,
          logged_minutes: loggedOf.get(key(row.id, monday)) ?? 0,
          tasks: plan?.tasks ?? 0,
          unestimated_tasks: plan?.unestimated ?? 0,
          leave_days: days,
          overbooked: isOverbooked(plannedMinutes, capacity),
        };
      }),
    };
  });
  return { from: first, weeks: starts.map((monday) => ({ week: isoWeekOf(monday), starts_on: monday })), holidays, people: result, can_edit: canEdit };
}

async function findStaff(db: Queryable, userId: number, lock = false): Promise<{ id: number; display_name: string | null; email: string; version: number; weekly_capacity_minutes: number } | undefined> {
  const [row] = await db.query<{ id: number; display_name: string | null; email: string; version: number; weekly_capacity_minutes: number }>(
    `SELECT id, display_name, email, capacity_version AS version, weekly_capacity_minutes FROM users WHERE id = $1 AND role = ANY($2::text[]) AND deactivated_at IS NULL${lock ? ' FOR UPDATE' : ''}`,
    [userId, STAFF],
  );
  return row;
}

/** GET capacity/{userId}/tasks?week=: the person's open tasks due in the week of `week`, due date first. */
export async function personTasks(db: Queryable, userId: number, week: string): Promise<PersonTasks> {
  const staff = await findStaff(db, userId);
  if (!staff) throw notFound('Staff member');
  const monday = mondayOf(week);
  const rows = await db.query<{ id: number; version: number; title: string; client_id: number; legal_name: string; due_on: string; status: string; estimate_minutes: number | null }>(
    `SELECT t.id, t.version, t.title, c.id AS client_id, c.legal_name, to_char(t.due_on, 'YYYY-MM-DD') AS due_on, t.status, t.estimate_minutes
       FROM tasks t JOIN clients c ON c.id = t.client_id
      WHERE t.assignee_id = $1 AND t.status <> 'done' AND t.due_on BETWEEN $2::date AND $3::date
      ORDER BY t.due_on, t.id LIMIT 500`,
    [userId, monday, addDays(monday, 6)],
  );
  return {
    user: person(staff),
    starts_on: monday,
    week: isoWeekOf(monday),
    tasks: rows.map((row) => ({ id: row.id, version: row.version, title: row.title, client: { id: row.client_id, legal_name: row.legal_name }, due_on: row.due_on, status: row.status, estimate_minutes: row.estimate_minutes })),
  };
}

const STALE_CAPACITY = "This person's capacity was changed by someone else. Reload the view and try again.";

/** PUT capacity/{userId}/weekly (ADMIN): the minutes a week the person works, spread over Monday to Friday. */
export function setWeeklyCapacity(db: Database, userId: number, body: WeeklyCapacityBody, context: ActionContext): Promise<WeeklyCapacity> {
  return writeRecord(db, {
    entity: 'user',
    context,
    version: body.version,
    conflictMessage: STALE_CAPACITY,
    lock: async (tx) => {
      const row = await findStaff(tx, userId, true);
      if (!row) throw notFound('Staff member');
      return row;
    },
    act: async (tx, row) => {
      await tx.query('UPDATE users SET weekly_capacity_minutes = $2, capacity_version = capacity_version + 1 WHERE id = $1', [userId, body.weekly_capacity_minutes]);
      await writeAudit(tx, {
        entity: 'user',
        entityId: userId,
        kind: 'capacity_changed',
        actorId: context.actorId,
        before: { weekly_capacity_minutes: row.weekly_capacity_minutes },
        after: { weekly_capacity_minutes: body.weekly_capacity_minutes },
        idempotencyKey: context.idempotencyKey,
      });
    },
    read: async (tx) => {
      const [row] = await tx.query<WeeklyCapacity>('SELECT id AS user_id, weekly_capacity_minutes, capacity_version FROM users WHERE id = $1', [userId]);
      return row!;
    },
  });
}

/** GET capacity/leave/: recorded leave days from `from` (today by default) to `to`, by day. */
export async function listLeave(db: Queryable, query: LeaveQuery, today = dubaiDate()): Promise<LeaveDay[]> {
  const from = query.from ?? today;
  const to = query.to ?? addDays(from, 365);
  if (to < from) throw invalidInput('to', 'must not be before From');
  const rows = await db.query<{ id: number; display_name: string | null; email: string; day: string; note: string }>(
    `SELECT u.id, u.display_name, u.email, to_char(l.day, 'YYYY-MM-DD') AS day, l.note
       FROM staff_leave_days l JOIN users u ON u.id = l.user_id
      WHERE l.day BETWEEN $1::date AND $2::date AND ($3::int IS NULL OR l.user_id = $3)
      ORDER BY l.day, lower(coalesce(u.display_name, u.email)), u.id LIMIT 1000`,
    [from, to, query.user ?? null],
  );
  return rows.map((row) => ({ user: person(row), day: row.day, note: row.note }));
}

/** The working days (Monday to Friday, not a public holiday) from `from` to `to`. */
export function workingDaysBetween(from: IsoDate, to: IsoDate): IsoDate[] {
  const days: IsoDate[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) if (isWorkingDay(day)) days.push(day);
  return days;
}

/**
 * POST capacity/leave/ (ADMIN): records the span's working days as the person's leave; days already recorded
 * stay as they are. Past leave may be recorded (it happened), and upcoming leave is a plan.
 */
export async function addLeave(db: Database, body: NewLeaveBody, context: ActionContext): Promise<LeaveDaysChanged> {
  if (!isIsoDate(body.from)) throw invalidInput('from', 'must be a calendar date');
  if (!isIsoDate(body.to)) throw invalidInput('to', 'must be a calendar date');
  if (body.to < body.from) throw invalidInput('to', 'must not be before the first day');
  const span = Math.round((Date.parse(body.to) - Date.parse(body.from)) / 86_400_000) + 1;
  if (span > MAX_LEAVE_SPAN_DAYS) throw invalidInput('to', `must be at most ${MAX_LEAVE_SPAN_DAYS} days after the first day`);
  const days = workingDaysBetween(body.from, body.to);
  if (days.length === 0) throw invalidInput('to', 'closes a span with no working day in it');
  const note = body.note?.trim() ?? '';
  return db.transaction(async (tx) => {
    if (!(await findStaff(tx, body.user_id, true))) throw invalidInput('user_id', 'must be an active bookkeeper, reviewer or administrator');
    const key = context.idempotencyKey;
    if (key && (await findByIdempotencyKey(tx, 'user', body.user_id, key))) return { user_id: body.user_id, days };
    await tx.query(
      `INSERT INTO staff_leave_days (${NEW_LEAVE_FIELDS.join(', ')}) SELECT $1, unnest($2::date[]), $3, $4 ON CONFLICT (user_id, day) DO NOTHING`,
      [body.user_id, days, note, context.actorId],
    );
    await writeAudit(tx, { entity: 'user', entityId: body.user_id, kind: 'leave_recorded', actorId: context.actorId, data: { from: body.from, to: body.to, days, note }, idempotencyKey: key });
    return { user_id: body.user_id, days };
  });
}

/** DELETE capacity/leave/{userId}/{day} (ADMIN): one recorded leave day; 404 when none is recorded. */
export async function removeLeave(db: Database, userId: number, day: string, context: ActionContext): Promise<LeaveDaysChanged> {
  if (!isIsoDate(day)) throw invalidInput('day', 'must be a calendar date');
  return db.transaction(async (tx) => {
    const key = context.idempotencyKey;
    // Under the key's lock: a duplicate racing the first waits and answers as it did, instead of 404 for the day it removed.
    if (key) await lockIdempotencyKey(tx, key);
    if (key && (await findByIdempotencyKey(tx, 'user', userId, key))) return { user_id: userId, days: [day] };
    const removed = await tx.query<{ note: string }>('DELETE FROM staff_leave_days WHERE user_id = $1 AND day = $2::date RETURNING note', [userId, day]);
    if (removed.length === 0) throw notFound('Leave day');
    await writeAudit(tx, { entity: 'user', entityId: userId, kind: 'leave_removed', actorId: context.actorId, data: { day, note: removed[0]!.note }, idempotencyKey: key });
    return { user_id: userId, days: [day] };
  });
}
