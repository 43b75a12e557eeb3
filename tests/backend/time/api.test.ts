/**
 * The time API as the issue fixes it: entries (paged list by user, create with Idempotency-Key, change and
 * delete with a version), the caller's timer across two tabs and a reload, and a week submitted, refused to a
 * bookkeeper's approval, approved by an ADMIN and locked; bad input names its field.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dubaiDate } from '../../../common/calendar.ts';
import type { TimeEntry, Timesheet, TimerStarted } from '../../../common/contract/time.ts';
import { isoWeekOf } from '../../../common/iso-week.ts';
import { auth, createUsers, startBackend, type TestUser } from '../support.ts';

const emulatorHost = inject('authEmulatorHost');
let app: FastifyInstance;
let admin: TestUser;
let keeper: TestUser;
let keeperId: number;
let clientId: number;
const today = dubaiDate();
const week = isoWeekOf(today);

const send = (user: TestUser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: Record<string, unknown>, headers: Record<string, string> = {}) =>
  app.inject({ method, url: `/api/${url}`, headers: { ...auth(user.token), ...headers }, ...(body ? { payload: body } : {}) });

beforeAll(async () => {
  app = await startBackend(emulatorHost);
  const users = await createUsers(app, emulatorHost, ['ADMIN', 'BOOKKEEPER'], 'time-api');
  admin = users.get('ADMIN')!;
  keeper = users.get('BOOKKEEPER')!;
  keeperId = (await app.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [keeper.email]))[0]!.id;
  clientId = (await app.db.query<{ id: number }>(
    "SELECT c.id FROM clients c WHERE c.status = 'active' AND NOT EXISTS (SELECT 1 FROM aml_files f WHERE f.registration_id = c.registration_id AND f.frozen_at IS NOT NULL) ORDER BY c.id DESC LIMIT 1",
  ))[0]!.id;
  await app.db.query('UPDATE clients SET bookkeeper_id = $1 WHERE id = $2', [keeperId, clientId]);
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const entry = (overrides: Record<string, unknown> = {}) => ({ client_id: clientId, date: today, minutes: 75, note: 'Month-end close', billable: true, ...overrides });

describe('time entries', () => {
  it('refuses minutes outside 1 to 1,440 or not whole, naming the field', async () => {
    for (const minutes of [0, 1441, 1.5]) {
      const refused = await send(keeper, 'POST', 'time-entries/', entry({ minutes }));
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ errorCode: 'INVALID_INPUT', field: 'minutes', message: expect.stringContaining('Time') });
    }
    expect((await send(keeper, 'POST', 'time-entries/', entry({ date: '2026-02-30' }))).json()).toMatchObject({ field: 'date' });
  });

  it('creates once per Idempotency-Key and lists the caller\'s own, paged', async () => {
    const headers = { 'idempotency-key': 'time-api-create-1' };
    const first = await send(keeper, 'POST', 'time-entries/', entry(), headers);
    expect(first.statusCode, first.body).toBe(201);
    const again = await send(keeper, 'POST', 'time-entries/', entry(), headers);
    expect(again.json<TimeEntry>().id).toBe(first.json<TimeEntry>().id);
    const list = await send(keeper, 'GET', `time-entries/?user=mine&from=${today}&to=${today}&client=${clientId}`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ count: 1, total_pages: 1, next: null, previous: null, results: [{ id: first.json<TimeEntry>().id, minutes: 75, date: today }] });
  });

  it("hides another's entries from a bookkeeper (404, user=all 403) and shows them to an ADMIN", async () => {
    const made = (await send(admin, 'POST', 'time-entries/', entry({ note: 'Quarterly review meeting' }))).json<TimeEntry>();
    expect((await send(keeper, 'PATCH', `time-entries/${made.id}`, { ...entry(), version: made.version })).statusCode).toBe(404);
    expect((await send(keeper, 'DELETE', `time-entries/${made.id}`, { version: made.version })).statusCode).toBe(404);
    expect((await send(keeper, 'GET', 'time-entries/?user=all')).statusCode).toBe(403);
    const all = await send(admin, 'GET', `time-entries/?user=${keeperId}`);
    expect(all.json<{ count: number }>().count).toBeGreaterThan(0);
    const changed = await send(admin, 'PATCH', `time-entries/${made.id}`, { ...entry({ minutes: 30 }), version: made.version });
    expect(changed.json()).toMatchObject({ minutes: 30, version: made.version + 1 });
    expect((await send(admin, 'DELETE', `time-entries/${made.id}`, { version: made.version })).statusCode).toBe(409);
    expect((await send(admin, 'DELETE', `time-entries/${made.id}`, { version: made.version + 1 })).statusCode).toBe(200);
  });
});

describe('the timer', () => {
  it('is one per user across two tabs and a reload, and stop answers the saved entry', async () => {
    expect((await send(keeper, 'GET', 'me/timer')).json()).toEqual({ timer: null });
    const first = await send(keeper, 'POST', 'me/timer/start', { client_id: clientId, note: 'VAT return' });
    expect(first.statusCode, first.body).toBe(200);
    // The second tab starts another: the first is stopped and saved (a minute at least).
    const second = (await send(keeper, 'POST', 'me/timer/start', { client_id: clientId })).json<TimerStarted>();
    expect(second.saved).toMatchObject({ note: 'VAT return', source: 'timer', minutes: 1 });
    // A reload (a fresh read) sees the second.
    expect((await send(keeper, 'GET', 'me/timer')).json()).toMatchObject({ timer: { started_at: second.timer.started_at, note: '' } });
    const stopped = await send(keeper, 'POST', 'me/timer/stop', {});
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toMatchObject({ client: { id: clientId }, source: 'timer' });
    expect((await send(keeper, 'POST', 'me/timer/stop', {})).statusCode).toBe(404);
  });

  it('answers TIMER_CONFIRMATION_REQUIRED for a timer past 10 hours until the stop confirms it', async () => {
    await send(keeper, 'POST', 'me/timer/start', { client_id: clientId });
    await app.db.query("UPDATE timers SET started_at = now() - interval '10 hours 30 minutes' WHERE user_id = $1", [keeperId]);
    const asked = await send(keeper, 'POST', 'me/timer/stop', {});
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toMatchObject({ errorCode: 'TIMER_CONFIRMATION_REQUIRED' });
    const saved = await send(keeper, 'POST', 'me/timer/stop', { confirm_long: true });
    expect(saved.json<TimeEntry>().minutes).toBe(630);
  });
});

describe('the week', () => {
  it('is submitted by its user, approved by an ADMIN only, and then locked', async () => {
    expect((await send(keeper, 'GET', `timesheets/${keeperId}/2026-W60`)).json()).toMatchObject({ field: 'week' });
    const open = (await send(keeper, 'GET', `timesheets/${keeperId}/${week}`)).json<Timesheet>();
    expect(open).toMatchObject({ status: 'open', can_submit: true, can_decide: false });
    expect(open.total_minutes).toBe(open.entries.reduce((sum, row) => sum + row.minutes, 0));
    const submitted = await send(keeper, 'POST', `timesheets/${keeperId}/${week}/submit`, { version: open.version });
    expect(submitted.json()).toMatchObject({ status: 'submitted' });
    expect((await send(keeper, 'POST', `timesheets/${keeperId}/${week}/approve`, {})).statusCode).toBe(403);
    const waiting = await send(admin, 'GET', 'timesheets/?status=submitted');
    expect(waiting.json<{ results: { user: { id: number }; week: string }[] }>().results).toContainEqual(expect.objectContaining({ user: expect.objectContaining({ id: keeperId }), week }));
    expect((await send(admin, 'POST', `timesheets/${keeperId}/${week}/approve`, {})).json()).toMatchObject({ status: 'approved' });
    const refused = await send(keeper, 'POST', 'time-entries/', entry());
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ errorCode: 'TIMESHEET_LOCKED', message: `The week ${week} is approved: its entries are locked.` });
    expect((await send(admin, 'POST', `timesheets/${keeperId}/${week}/return`, { reason: '  ' })).json()).toMatchObject({ field: 'reason' });
  });
});
