/**
 * The time store's rules without HTTP, on a copy of the seeded demo database: whose entries a caller reads
 * (another's is 404), the clients a caller may log time on, task and request belonging to the client, the
 * week's lock after submit and approval (and its release on return), the one timer per user across two
 * 'tabs' (two calls), the 10-hour confirmation, idempotent creation, and the notifications of a week.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, dubaiDate } from '../../../common/calendar.ts';
import { isoWeekOf } from '../../../common/iso-week.ts';
import type { Role } from '../../../common/roles.ts';
import { insertUser } from '../../../backend/src/modules/users/index.ts';
import {
  approveWeek,
  createEntry,
  deleteEntry,
  listEntries,
  myTimer,
  readWeek,
  returnWeek,
  startTimer,
  stopTimer,
  submitWeek,
  updateEntry,
  type Caller,
} from '../../../backend/src/modules/time/store.ts';
import { startBackend } from '../support.ts';

const emulatorHost = inject('authEmulatorHost');
let app: FastifyInstance;
let admin: Caller;
let keeper: Caller;
let otherKeeper: Caller;
let marketer: Caller;
let ownClient: number;
let othersClient: number;
let ownTask: number;
let othersTask: number;
const today = dubaiDate();
const ctx = (actor: Caller, key: string | null = null) => ({ actorId: actor.id, idempotencyKey: key });

async function staff(role: Role, tag: string): Promise<Caller> {
  const id = await app.db.transaction((tx) => insertUser(tx, `${tag}-${role.toLowerCase()}@time-store.test`, `${tag} ${role}`, role));
  return { id, role };
}

async function refusal(promise: Promise<unknown>): Promise<{ statusCode: number; errorCode: string; message: string; field?: string }> {
  try {
    await promise;
  } catch (error) {
    return error as { statusCode: number; errorCode: string; message: string; field?: string };
  }
  throw new Error('expected a refusal');
}

beforeAll(async () => {
  app = await startBackend(emulatorHost);
  admin = await staff('ADMIN', 'a');
  keeper = await staff('BOOKKEEPER', 'k');
  otherKeeper = await staff('BOOKKEEPER', 'o');
  marketer = await staff('MARKETING', 'm');
  const clients = await app.db.query<{ id: number }>("SELECT c.id FROM clients c WHERE c.status = 'active' AND NOT EXISTS (SELECT 1 FROM aml_files f WHERE f.registration_id = c.registration_id AND f.frozen_at IS NOT NULL) ORDER BY c.id LIMIT 2");
  ownClient = clients[0]!.id;
  othersClient = clients[1]!.id;
  await app.db.query('UPDATE clients SET bookkeeper_id = $1 WHERE id = $2', [keeper.id, ownClient]);
  await app.db.query('UPDATE clients SET bookkeeper_id = $1 WHERE id = $2', [otherKeeper.id, othersClient]);
  ownTask = (await app.db.query<{ id: number }>("INSERT INTO tasks (client_id, title, due_on) VALUES ($1, 'Close November', $2) RETURNING id", [ownClient, today]))[0]!.id;
  othersTask = (await app.db.query<{ id: number }>("INSERT INTO tasks (client_id, title, due_on) VALUES ($1, 'Close November', $2) RETURNING id", [othersClient, today]))[0]!.id;
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const entry = (overrides: Record<string, unknown> = {}) => ({ client_id: ownClient, task_id: ownTask, date: today, minutes: 90, note: 'Bank reconciliation', billable: true, ...overrides });

describe('time entries', () => {
  it('logs time on a client the bookkeeper serves, and refuses one they do not see (404) or a task of another client (400 naming it)', async () => {
    const made = await createEntry(app.db, keeper, entry(), ctx(keeper));
    expect(made).toMatchObject({ minutes: 90, client: { id: ownClient }, task: { id: ownTask }, user: { id: keeper.id }, locked: false });
    expect(await refusal(createEntry(app.db, keeper, entry({ client_id: othersClient, task_id: null }), ctx(keeper)))).toMatchObject({ statusCode: 404 });
    expect(await refusal(createEntry(app.db, keeper, entry({ task_id: othersTask }), ctx(keeper)))).toMatchObject({ statusCode: 400, field: 'task_id' });
    expect(await refusal(createEntry(app.db, keeper, entry({ date: addDays(today, 1) }), ctx(keeper)))).toMatchObject({ statusCode: 400, field: 'date' });
  });

  it('replays a creation with the same Idempotency-Key instead of logging it twice', async () => {
    const first = await createEntry(app.db, keeper, entry({ minutes: 15 }), ctx(keeper, 'time-create-1'));
    const again = await createEntry(app.db, keeper, entry({ minutes: 15 }), ctx(keeper, 'time-create-1'));
    expect(again.id).toBe(first.id);
  });

  it("answers 404 for another's entry to anyone but who sees everyone's time, and lists only the caller's own", async () => {
    const theirs = await createEntry(app.db, otherKeeper, entry({ client_id: othersClient, task_id: othersTask }), ctx(otherKeeper));
    expect(await refusal(updateEntry(app.db, keeper, theirs.id, { ...entry(), version: theirs.version }, ctx(keeper)))).toMatchObject({ statusCode: 404 });
    expect(await refusal(deleteEntry(app.db, keeper, theirs.id, { version: theirs.version }, ctx(keeper)))).toMatchObject({ statusCode: 404 });
    const asKeeper = await listEntries(app.db, keeper, { user: String(otherKeeper.id) });
    expect(asKeeper.count).toBe(0);
    expect(await refusal(listEntries(app.db, keeper, { user: 'all' }))).toMatchObject({ statusCode: 403 });
    const asAdmin = await listEntries(app.db, admin, { user: String(otherKeeper.id) });
    expect(asAdmin.results.map((row) => row.id)).toContain(theirs.id);
    // Every staff role logs its own time (the clients rule lets a non-bookkeeper see the client).
    expect(await createEntry(app.db, marketer, entry({ client_id: othersClient, task_id: null, billable: false }), ctx(marketer))).toMatchObject({ user: { id: marketer.id } });
  });

  it('refuses a stale version with 409 CONFLICT', async () => {
    const made = await createEntry(app.db, keeper, entry({ minutes: 30 }), ctx(keeper));
    const changed = await updateEntry(app.db, keeper, made.id, { ...entry({ minutes: 45 }), version: made.version }, ctx(keeper));
    expect(changed).toMatchObject({ minutes: 45, version: made.version + 1 });
    expect(await refusal(updateEntry(app.db, keeper, made.id, { ...entry({ minutes: 60 }), version: made.version }, ctx(keeper)))).toMatchObject({ statusCode: 409, errorCode: 'CONFLICT' });
  });
});

describe('the weekly timesheet', () => {
  it('locks a submitted week (409 naming the lock), unlocks it when returned, locks it again once approved; the approver and the user hear of it', async () => {
    const week = isoWeekOf(today);
    const made = await createEntry(app.db, keeper, entry({ minutes: 120 }), ctx(keeper));
    expect(await refusal(submitWeek(app.db, otherKeeper, keeper.id, week, {}, ctx(otherKeeper)))).toMatchObject({ statusCode: 404 });
    const submitted = await submitWeek(app.db, keeper, keeper.id, week, {}, ctx(keeper));
    expect(submitted).toMatchObject({ status: 'submitted', can_edit: false });
    const locked = await refusal(updateEntry(app.db, keeper, made.id, { ...entry({ minutes: 10 }), version: made.version }, ctx(keeper)));
    expect(locked).toMatchObject({ statusCode: 409, errorCode: 'TIMESHEET_LOCKED', message: expect.stringContaining(`The week ${week} is submitted`) });
    expect(await refusal(createEntry(app.db, keeper, entry(), ctx(keeper)))).toMatchObject({ errorCode: 'TIMESHEET_LOCKED' });
    expect(await refusal(deleteEntry(app.db, keeper, made.id, { version: made.version }, ctx(keeper)))).toMatchObject({ errorCode: 'TIMESHEET_LOCKED' });
    const [notice] = await app.db.query<{ kind: string; link: string }>("SELECT kind, link FROM notifications WHERE user_id = $1 AND kind = 'timesheet_submitted' ORDER BY id DESC LIMIT 1", [admin.id]);
    expect(notice?.link).toBe(`/timesheet?user=${keeper.id}&week=${week}`);

    expect(await refusal(approveWeek(app.db, keeper, keeper.id, week, {}, ctx(keeper)))).toMatchObject({ statusCode: 403 });
    const returned = await returnWeek(app.db, admin, keeper.id, week, { reason: 'Split Tuesday by task' }, ctx(admin));
    expect(returned).toMatchObject({ status: 'returned', return_reason: 'Split Tuesday by task', can_edit: true, can_submit: false });
    const edited = await updateEntry(app.db, keeper, made.id, { ...entry({ minutes: 100 }), version: made.version }, ctx(keeper));
    expect(edited.minutes).toBe(100);

    await submitWeek(app.db, keeper, keeper.id, week, {}, ctx(keeper));
    const approved = await approveWeek(app.db, admin, keeper.id, week, {}, ctx(admin));
    expect(approved).toMatchObject({ status: 'approved', decided_by: { id: admin.id } });
    expect(await refusal(updateEntry(app.db, admin, made.id, { ...entry(), version: edited.version }, ctx(admin)))).toMatchObject({ errorCode: 'TIMESHEET_LOCKED', message: expect.stringContaining('approved') });
    const kinds = await app.db.query<{ kind: string }>('SELECT kind FROM notifications WHERE user_id = $1 ORDER BY id', [keeper.id]);
    expect(kinds.map((row) => row.kind)).toEqual(['timesheet_returned', 'timesheet_approved']);
    const audit = await app.db.query<{ kind: string }>("SELECT kind FROM audit_events WHERE entity = 'timesheet' AND (data->>'user_id')::int = $1 ORDER BY id", [keeper.id]);
    expect(audit.map((row) => row.kind)).toEqual(['timesheet_submitted', 'timesheet_returned', 'timesheet_submitted', 'timesheet_approved']);
  });

  it("shows a user's week with its entries and total to them and to an ADMIN, and 404 to another", async () => {
    const week = isoWeekOf(today);
    const mine = await readWeek(app.db, otherKeeper, otherKeeper.id, week);
    expect(mine.days).toHaveLength(7);
    expect(mine.total_minutes).toBe(mine.entries.reduce((sum, row) => sum + row.minutes, 0));
    expect((await readWeek(app.db, admin, otherKeeper.id, week)).entries.length).toBe(mine.entries.length);
    expect(await refusal(readWeek(app.db, keeper, otherKeeper.id, week))).toMatchObject({ statusCode: 404 });
  });
});

describe('the timer', () => {
  it('runs one per user: a start in a second tab stops and saves the first, and every read sees the same one', async () => {
    const t0 = new Date();
    const first = await startTimer(app.db, otherKeeper, { client_id: othersClient, note: 'VAT return' }, ctx(otherKeeper), t0);
    expect(first).toMatchObject({ saved: null, timer: { client: { id: othersClient }, note: 'VAT return' } });
    const second = await startTimer(app.db, otherKeeper, { client_id: othersClient, task_id: othersTask }, ctx(otherKeeper), new Date(t0.getTime() + 30 * 60_000));
    expect(second.saved).toMatchObject({ minutes: 30, note: 'VAT return', source: 'timer', date: dubaiDate(t0) });
    expect(second.timer.task).toMatchObject({ id: othersTask });
    const [{ count } = { count: 0 }] = await app.db.query<{ count: number }>('SELECT count(*)::int AS count FROM timers WHERE user_id = $1', [otherKeeper.id]);
    expect(count).toBe(1);
    expect((await myTimer(app.db, otherKeeper)).timer?.started_at).toBe(second.timer.started_at);
    expect((await myTimer(app.db, keeper)).timer).toBeNull();
    const stopped = await stopTimer(app.db, otherKeeper, {}, ctx(otherKeeper), new Date(t0.getTime() + 75 * 60_000));
    expect(stopped).toMatchObject({ minutes: 45, task: { id: othersTask } });
    expect((await myTimer(app.db, otherKeeper)).timer).toBeNull();
    expect(await refusal(stopTimer(app.db, otherKeeper, {}, ctx(otherKeeper)))).toMatchObject({ statusCode: 404 });
  });

  it('asks before saving a timer left running past 10 hours', async () => {
    const t0 = new Date(Date.now() - 11 * 3_600_000);
    await startTimer(app.db, marketer, { client_id: othersClient }, ctx(marketer), t0);
    const asked = await refusal(stopTimer(app.db, marketer, {}, ctx(marketer)));
    expect(asked).toMatchObject({ statusCode: 409, errorCode: 'TIMER_CONFIRMATION_REQUIRED', message: expect.stringContaining('11:00') });
    expect((await myTimer(app.db, marketer)).timer).not.toBeNull();
    const saved = await stopTimer(app.db, marketer, { confirm_long: true }, ctx(marketer));
    expect(saved.minutes).toBe(660);
  });

  it('refuses a timer on a client the bookkeeper does not serve', async () => {
    expect(await refusal(startTimer(app.db, keeper, { client_id: othersClient }, ctx(keeper)))).toMatchObject({ statusCode: 404 });
  });
});
