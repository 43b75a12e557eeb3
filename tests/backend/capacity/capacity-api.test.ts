/**
 * The budgets and capacity API: who may read the Capacity view (ADMIN and the managers, not a bookkeeper), who
 * may record leave and set capacity (ADMIN), a client's budget under the client's visibility rule (another
 * bookkeeper's client is 404), validation naming the field, and a stale capacity change refused.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CapacityView, ClientBudget, LeaveDaysChanged, LeaveList, PersonTasks } from '../../../common/contract/capacity.ts';
import type { Role } from '../../../common/roles.ts';
import { createClient } from '../../../backend/src/modules/clients/index.ts';
import { auth, createUsers, startBackend, type TestUser } from '../support.ts';
import { deskClient } from '../clients/desk-client.ts';

const emulatorHost = inject('authEmulatorHost');
let app: FastifyInstance;
let users: Map<Role, TestUser>;
const ids = new Map<Role, number>();
let mine: number;
let theirs: number;
let otherBookkeeper: number;

const as = (role: Role) => auth(users.get(role)!.token);
const get = (role: Role, url: string) => app.inject({ method: 'GET', url, headers: as(role) });
const send = (role: Role, method: 'POST' | 'PUT' | 'DELETE', url: string, body?: Record<string, unknown>, key?: string) =>
  app.inject({ method, url, headers: { ...as(role), ...(key ? { 'idempotency-key': key } : {}) }, ...(body ? { payload: body } : {}) });

beforeAll(async () => {
  app = await startBackend(emulatorHost);
  users = await createUsers(app, emulatorHost, ['ADMIN', 'BOOKKEEPER', 'REVIEWER', 'BD_MANAGER', 'HR_MANAGER', 'MARKETING'], 'capacity');
  for (const [role, user] of users) ids.set(role, (await app.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [user.email]))[0]!.id);
  ({ mine, theirs, otherBookkeeper } = await app.db.transaction(async (tx) => {
    const [other] = await tx.query<{ id: number }>("INSERT INTO users (email, display_name, role) VALUES ('capacity-other@example.test', 'Other Bookkeeper', 'BOOKKEEPER') RETURNING id");
    return {
      otherBookkeeper: other!.id,
      mine: await createClient(tx, deskClient({ legalName: 'Mine Trading LLC', bookkeeperId: ids.get('BOOKKEEPER')!, reviewerId: ids.get('REVIEWER')! })),
      theirs: await createClient(tx, deskClient({ legalName: 'Theirs Trading LLC', bookkeeperId: other!.id })),
    };
  }));
}, 180_000);
afterAll(async () => {
  await app?.close();
});

describe('the Capacity view', () => {
  it('answers ADMIN and the managers, never a bookkeeper, and checks its query', async () => {
    for (const role of ['ADMIN', 'BD_MANAGER', 'HR_MANAGER'] as const) expect((await get(role, '/api/capacity/?from=2026-11-25&weeks=2')).statusCode, role).toBe(200);
    for (const role of ['BOOKKEEPER', 'REVIEWER', 'MARKETING'] as const) expect((await get(role, '/api/capacity/')).statusCode, role).toBe(403);
    const view = (await get('ADMIN', '/api/capacity/?from=2026-11-25&weeks=2')).json<CapacityView>();
    expect(view.from).toBe('2026-11-23');
    expect(view.can_edit).toBe(true);
    expect((await get('HR_MANAGER', '/api/capacity/')).json<CapacityView>()).toMatchObject({ can_edit: false });
    expect(view.people.map((each) => each.user.id)).toEqual(expect.arrayContaining([ids.get('BOOKKEEPER'), ids.get('REVIEWER'), ids.get('ADMIN'), otherBookkeeper]));
    expect(view.people.map((each) => each.user.id)).not.toContain(ids.get('MARKETING'));
    expect(view.people[0]!.weeks).toHaveLength(2);
    for (const [url, field] of [['/api/capacity/?weeks=13', 'weeks'], ['/api/capacity/?weeks=0', 'weeks'], ['/api/capacity/?from=2026-02-30', 'from'], ['/api/capacity/?from=soon', 'from']] as const) {
      const refused = await get('ADMIN', url);
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json(), url).toMatchObject({ errorCode: 'INVALID_INPUT', field });
    }
  });

  it('lists a person\u2019s open tasks of a week; someone who holds no task is 404', async () => {
    const bookkeeper = ids.get('BOOKKEEPER')!;
    await app.db.query("INSERT INTO tasks (client_id, title, assignee_id, due_on, estimate_minutes) VALUES ($1, 'Payroll run', $2, '2026-12-09', 90), ($1, 'Next week', $2, '2026-12-14', 30)", [mine, bookkeeper]);
    const week = (await get('BD_MANAGER', `/api/capacity/${bookkeeper}/tasks?week=2026-12-10`)).json<PersonTasks>();
    expect(week).toMatchObject({ starts_on: '2026-12-07', week: '2026-W50' });
    expect(week.tasks.map((task) => [task.title, task.estimate_minutes, task.client.legal_name])).toEqual([['Payroll run', 90, 'Mine Trading LLC']]);
    expect((await get('ADMIN', `/api/capacity/${ids.get('MARKETING')}/tasks?week=2026-12-10`)).statusCode).toBe(404);
    expect((await get('ADMIN', `/api/capacity/${bookkeeper}/tasks`)).json()).toMatchObject({ field: 'week' });
  });
});

describe('reassigning from the Capacity view', () => {
  it('is for ADMIN and the managers who plan there, never a bookkeeper; a stale or done task is refused', async () => {
    const [task] = await app.db.query<{ id: number; version: number }>(
      "INSERT INTO tasks (client_id, title, assignee_id, due_on, estimate_minutes) VALUES ($1, 'VAT return Q4', $2, '2026-12-10', 120) RETURNING id, version",
      [mine, ids.get('BOOKKEEPER')],
    );
    const path = `/api/capacity/tasks/${task!.id}/assignee`;
    for (const role of ['BOOKKEEPER', 'REVIEWER', 'MARKETING'] as const) expect((await send(role, 'PUT', path, { version: task!.version, assignee_id: ids.get('REVIEWER') })).statusCode, role).toBe(403);
    const moved = await send('BD_MANAGER', 'PUT', path, { version: task!.version, assignee_id: ids.get('REVIEWER') }, 'reassign-1');
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ id: task!.id, version: task!.version + 1, assignee: { id: ids.get('REVIEWER') } });
    // The same key answers the same again, without a second change.
    expect((await send('BD_MANAGER', 'PUT', path, { version: task!.version, assignee_id: ids.get('REVIEWER') }, 'reassign-1')).json()).toMatchObject({ version: task!.version + 1 });
    const [audited] = await app.db.query<{ count: number }>("SELECT count(*)::int AS count FROM audit_events WHERE entity = 'task' AND entity_id = $1 AND kind = 'task_assigned' AND actor_id = $2", [task!.id, ids.get('BD_MANAGER')]);
    expect(audited!.count).toBe(1);
    const [notice] = await app.db.query<{ count: number }>('SELECT count(*)::int AS count FROM notifications WHERE user_id = $1', [ids.get('REVIEWER')]);
    expect(notice!.count).toBeGreaterThan(0);

    expect((await send('HR_MANAGER', 'PUT', path, { version: task!.version, assignee_id: ids.get('ADMIN') })).statusCode).toBe(409);
    const back = await send('HR_MANAGER', 'PUT', path, { version: task!.version + 1, assignee_id: ids.get('BOOKKEEPER') });
    expect(back.statusCode, back.body).toBe(200);
    // Only someone who may hold tasks; the field named as the view labels it.
    expect((await send('ADMIN', 'PUT', path, { version: task!.version + 2, assignee_id: ids.get('MARKETING') })).json()).toMatchObject({ errorCode: 'INVALID_INPUT', field: 'assignee_id' });
    await app.db.query("UPDATE tasks SET status = 'done' WHERE id = $1", [task!.id]);
    expect((await send('ADMIN', 'PUT', path, { version: task!.version + 2, assignee_id: ids.get('REVIEWER') })).statusCode).toBe(404);
    expect((await send('ADMIN', 'PUT', '/api/capacity/tasks/999999/assignee', { version: 1, assignee_id: ids.get('REVIEWER') })).statusCode).toBe(404);
  });
});

describe('leave and weekly capacity', () => {
  it('are ADMIN\u2019s to record: the span\u2019s working days, and a stale capacity change is 409', async () => {
    const bookkeeper = ids.get('BOOKKEEPER')!;
    const span = { user_id: bookkeeper, from: '2026-11-27', to: '2026-12-04', note: 'Annual leave' };
    for (const role of ['HR_MANAGER', 'BD_MANAGER', 'BOOKKEEPER'] as const) expect((await send(role, 'POST', '/api/capacity/leave/', span)).statusCode, role).toBe(403);
    const recorded = await send('ADMIN', 'POST', '/api/capacity/leave/', span, 'leave-1');
    expect(recorded.statusCode, recorded.body).toBe(201);
    // Weekends and 1-3 December (public holidays) are not leave.
    expect(recorded.json<LeaveDaysChanged>().days).toEqual(['2026-11-27', '2026-11-30', '2026-12-04']);
    expect((await send('ADMIN', 'POST', '/api/capacity/leave/', span, 'leave-1')).statusCode).toBe(201);
    const listed = (await get('HR_MANAGER', `/api/capacity/leave/?from=2026-11-01&to=2026-12-31&user=${bookkeeper}`)).json<LeaveList>();
    expect(listed.results.map((day) => day.day)).toEqual(['2026-11-27', '2026-11-30', '2026-12-04']);
    const [audited] = await app.db.query<{ count: number }>("SELECT count(*)::int AS count FROM audit_events WHERE entity = 'user' AND entity_id = $1 AND kind = 'leave_recorded'", [bookkeeper]);
    expect(audited!.count).toBe(1);

    expect((await send('ADMIN', 'POST', '/api/capacity/leave/', { ...span, to: '2026-11-20' })).json()).toMatchObject({ errorCode: 'INVALID_INPUT', field: 'to' });
    expect((await send('ADMIN', 'POST', '/api/capacity/leave/', { ...span, from: '2026-12-05', to: '2026-12-06' })).json()).toMatchObject({ field: 'to' });
    expect((await send('ADMIN', 'POST', '/api/capacity/leave/', { ...span, to: '2027-03-01' })).json()).toMatchObject({ field: 'to' });
    expect((await send('ADMIN', 'POST', '/api/capacity/leave/', { ...span, user_id: ids.get('MARKETING') })).json()).toMatchObject({ field: 'user_id' });

    const week = (await get('ADMIN', '/api/capacity/?from=2026-11-30&weeks=1')).json<CapacityView>().people.find((each) => each.user.id === bookkeeper)!;
    expect(week.weeks[0]).toMatchObject({ capacity_minutes: 0, leave_days: ['2026-11-30', '2026-12-04'] });

    expect((await send('ADMIN', 'DELETE', `/api/capacity/leave/${bookkeeper}/2026-12-04`)).statusCode).toBe(200);
    expect((await send('ADMIN', 'DELETE', `/api/capacity/leave/${bookkeeper}/2026-12-04`)).statusCode).toBe(404);
    expect((await send('HR_MANAGER', 'DELETE', `/api/capacity/leave/${bookkeeper}/2026-11-30`)).statusCode).toBe(403);

    const path = `/api/capacity/${bookkeeper}/weekly`;
    expect((await send('HR_MANAGER', 'PUT', path, { version: week.capacity_version, weekly_capacity_minutes: 1440 })).statusCode).toBe(403);
    const changed = await send('ADMIN', 'PUT', path, { version: week.capacity_version, weekly_capacity_minutes: 1440 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ weekly_capacity_minutes: 1440, capacity_version: week.capacity_version + 1 });
    expect((await send('ADMIN', 'PUT', path, { version: week.capacity_version, weekly_capacity_minutes: 2400 })).statusCode).toBe(409);
    expect((await send('ADMIN', 'PUT', path, { version: week.capacity_version + 1, weekly_capacity_minutes: 6001 })).json()).toMatchObject({ field: 'weekly_capacity_minutes' });
  });
});

describe('a client\u2019s budget', () => {
  it('follows the client\u2019s visibility: another bookkeeper\u2019s client is 404', async () => {
    await app.db.query('INSERT INTO time_entries (user_id, client_id, work_date, minutes) VALUES ($1, $2, $3, 75)', [ids.get('BOOKKEEPER'), mine, '2026-11-10']);
    const budget = await get('BOOKKEEPER', `/api/clients/${mine}/budget?month=2026-11`);
    expect(budget.statusCode, budget.body).toBe(200);
    expect(budget.json<ClientBudget>()).toMatchObject({ client_id: mine, month: '2026-11', logged_minutes: 75, plan: null, included_minutes: 0, percent_used: null });
    expect((await get('BOOKKEEPER', `/api/clients/${theirs}/budget?month=2026-11`)).statusCode).toBe(404);
    expect((await get('REVIEWER', `/api/clients/${theirs}/budget?month=2026-11`)).statusCode).toBe(200);
    expect((await get('ADMIN', '/api/clients/999999/budget')).statusCode).toBe(404);
    expect((await get('BD_MANAGER', `/api/clients/${mine}/budget`)).statusCode).toBe(403);
    expect((await get('ADMIN', `/api/clients/${mine}/budget?month=2026-13`)).json()).toMatchObject({ errorCode: 'INVALID_INPUT', field: 'month' });
  });
});
