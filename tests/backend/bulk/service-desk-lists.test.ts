/**
 * Work at speed on the service-desk and client lists (Clients, Tasks, On-demand requests, Chats,
 * Unsynced Inv), against the real back end (demo data seeded) and real emulator tokens: each bulk action by
 * filter and by ids, a retried request making one job and a re-run row applied once, per-row skipped and
 * failed reasons, role refusals, a bookkeeper's selection holding only their own clients' rows,
 * 'Next unassigned' under concurrency (two callers at once get different items) and on retry, and saved
 * views accepted per list and role.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BulkActions, BulkJob, NextResult, SavedView } from '../../../common/contract/work.ts';
import { ROLES, type Role } from '../../../common/roles.ts';
import type { AuditEntity } from '../../../common/events.ts';
import { RETRY_QUEUED } from '../../../common/invoices.ts';
import { runBulkJobs } from '../../../backend/src/modules/bulk/index.ts';
import { MODULES } from '../../../backend/src/modules/index.ts';
import { auth, createUsers, startBackend, type TestUser } from '../support.ts';

const emulatorHost = inject('authEmulatorHost');
let app: FastifyInstance;
let users: Map<Role, TestUser>;
let otherBookkeeper: TestUser;
const ids = new Map<Role | 'other', number>();
/** Two clients of the test bookkeeper, one of another bookkeeper's. */
let mine: number[];
let theirs: number;

type Who = Role | TestUser;
const tokenOf = (who: Who) => (typeof who === 'string' ? users.get(who)!.token : who.token);
const call = (method: 'GET' | 'POST', url: string, who: Who, body?: unknown, key?: string) =>
  app.inject({ method, url: `/api/${url}`, headers: { ...auth(tokenOf(who)), ...(key ? { 'idempotency-key': key } : {}) }, ...(body === undefined ? {} : { payload: body as Record<string, unknown> }) });
const ok = <T>(response: LightMyRequestResponse, status = 200): T => {
  expect(response.statusCode, response.body).toBe(status);
  return response.json<T>();
};
const start = async (who: Who, body: Record<string, unknown>, key?: string) => ok<BulkJob>(await call('POST', 'bulk/jobs/', who, body, key), 201);
/** Runs open jobs here too (the app's own runner may hold the job; then its progress is waited for). */
const finish = async (jobId: number, who: Who) => {
  await runBulkJobs(app.db, MODULES.flatMap((module) => module.work?.bulk ?? []));
  await expect.poll(async () => ok<BulkJob>(await call('GET', `bulk/jobs/${jobId}`, who)).state, { timeout: 20_000 }).toBe('finished');
  return ok<BulkJob>(await call('GET', `bulk/jobs/${jobId}`, who));
};
const outcomes = (job: BulkJob) => new Map(job.rows.map((row) => [row.record_id, [row.outcome, row.reason]]));
const sorted = (values: readonly number[]) => [...values].sort((a, b) => a - b);
/** Events of a record written by a bulk job's rows ('bulk:<job>:<row>' keys). */
const bulkEvents = async (entity: AuditEntity, id: number, kind: string) =>
  (await app.db.query<{ count: number }>("SELECT count(*)::integer AS count FROM audit_events WHERE entity = $1 AND entity_id = $2 AND kind = $3 AND idempotency_key LIKE 'bulk:%'", [entity, id, kind]))[0]!.count;

beforeAll(async () => {
  app = await startBackend(emulatorHost);
  users = await createUsers(app, emulatorHost, ROLES, 'desk');
  otherBookkeeper = (await createUsers(app, emulatorHost, ['BOOKKEEPER'], 'desk-other')).get('BOOKKEEPER')!;
  for (const [role, user] of users) ids.set(role, (await app.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [user.email]))[0]!.id);
  ids.set('other', (await app.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [otherBookkeeper.email]))[0]!.id);
  const clients = await app.db.query<{ id: number }>("SELECT c.id FROM clients c WHERE c.status = 'active' AND EXISTS (SELECT 1 FROM tasks t WHERE t.client_id = c.id) ORDER BY c.id LIMIT 3");
  mine = [clients[0]!.id, clients[1]!.id];
  theirs = clients[2]!.id;
  await app.db.query('UPDATE clients SET bookkeeper_id = $1 WHERE id = ANY($2::integer[])', [ids.get('BOOKKEEPER'), mine]);
  await app.db.query('UPDATE clients SET bookkeeper_id = $1 WHERE id = $2', [ids.get('other'), theirs]);
}, 120_000);
afterAll(() => app?.close());

describe('bulk actions offered', () => {
  it('lists each list’s actions to the roles that may run them', async () => {
    const offered = async (who: Role) => ok<BulkActions>(await call('GET', 'bulk/actions/', who)).actions.map((entry) => `${entry.list}:${entry.action}`);
    const desk = ['tasks:assign', 'tasks:status', 'on-demand-requests:assign', 'chats:assign', 'chats:resolve'];
    expect(await offered('ADMIN')).toEqual(expect.arrayContaining([...desk, 'clients:assign_bookkeeper', 'unsynced-inv:retry']));
    const bookkeeper = await offered('BOOKKEEPER');
    expect(bookkeeper).toEqual(expect.arrayContaining([...desk, 'unsynced-inv:retry']));
    expect(bookkeeper).not.toContain('clients:assign_bookkeeper');
    const reviewer = await offered('REVIEWER');
    expect(reviewer).toEqual(expect.arrayContaining(desk));
    expect(reviewer).not.toContain('unsynced-inv:retry');
    expect(reviewer).not.toContain('clients:assign_bookkeeper');
  });
});

describe('Tasks', () => {
  const tasksOf = async (clients: number[]) =>
    app.db.query<{ id: number; assignee_id: number | null; status: string; reviewer_id: number | null }>('SELECT id, assignee_id, status, reviewer_id FROM tasks WHERE client_id = ANY($1::integer[]) ORDER BY due_on, id', [clients]);

  it('assigns every task the filter matches for a bookkeeper, only on their own clients, once however often retried', async () => {
    const own = await tasksOf(mine);
    const foreign = await tasksOf([theirs]);
    expect(own.length).toBeGreaterThan(2);
    expect(foreign.length).toBeGreaterThan(0);
    await app.db.query('UPDATE tasks SET assignee_id = NULL WHERE client_id = ANY($1::integer[])', [[...mine, theirs]]);
    await app.db.query('UPDATE tasks SET assignee_id = $1 WHERE id = $2', [ids.get('REVIEWER'), own[1]!.id]);

    const body = { list: 'tasks', action: 'assign', filter: { assignee: 'all' }, params: { assignee_id: ids.get('REVIEWER')! } };
    const [created, retried] = await Promise.all([start('BOOKKEEPER', body, 'desk-tasks-1'), start('BOOKKEEPER', body, 'desk-tasks-1')]);
    expect(retried.id).toBe(created.id);
    // The filter is the list's, read on the server: every task of the bookkeeper's clients, no one else's.
    const visible = (await app.db.query<{ id: number }>('SELECT t.id FROM tasks t JOIN clients c ON c.id = t.client_id WHERE c.bookkeeper_id = $1', [ids.get('BOOKKEEPER')])).map((row) => row.id);
    expect(sorted(created.rows.map((row) => row.record_id))).toEqual(sorted(visible));
    expect(created.rows.some((row) => foreign.some((task) => task.id === row.record_id))).toBe(false);

    const done = await finish(created.id, 'BOOKKEEPER');
    expect(outcomes(done).get(own[1]!.id)).toEqual(['skipped', 'Already assigned to this person.']);
    expect(done.done).toBe(done.total - done.skipped);
    expect((await tasksOf([theirs])).every((task) => task.assignee_id === null)).toBe(true);

    // A runner that stopped after acting but before recording: the row runs again and replays.
    await app.db.query("UPDATE bulk_jobs SET state = 'running', claimed_until = NULL WHERE id = $1", [created.id]);
    await app.db.query('UPDATE bulk_job_rows SET outcome = NULL WHERE job_id = $1 AND record_id = $2', [created.id, own[0]!.id]);
    expect(outcomes(await finish(created.id, 'BOOKKEEPER')).get(own[0]!.id)).toEqual(['done', null]);
    expect(await bulkEvents('task', own[0]!.id, 'task_assigned')).toBe(1);
    const [notice] = await app.db.query<{ count: number }>("SELECT count(*)::integer AS count FROM notifications WHERE user_id = $1 AND kind = 'task_assigned'", [ids.get('REVIEWER')]);
    expect(notice!.count).toBeGreaterThan(0);
  });

  it('changes status by ids, leaving out another bookkeeper’s task, with per-row reasons', async () => {
    const own = await tasksOf(mine);
    const [foreign] = await tasksOf([theirs]);
    const [plain, reviewed, inReview] = own;
    await app.db.query("UPDATE tasks SET status = 'to_do', reviewer_id = NULL WHERE id = $1", [plain!.id]);
    await app.db.query("UPDATE tasks SET status = 'in_progress', reviewer_id = $2 WHERE id = $1", [reviewed!.id, ids.get('REVIEWER')]);
    await app.db.query("UPDATE tasks SET status = 'in_review', reviewer_id = $2 WHERE id = $1", [inReview!.id, ids.get('REVIEWER')]);
    const job = await start('BOOKKEEPER', { list: 'tasks', action: 'status', ids: [plain!.id, reviewed!.id, inReview!.id, foreign!.id], params: { status: 'done' } });
    expect(sorted(job.rows.map((row) => row.record_id))).toEqual(sorted([plain!.id, reviewed!.id, inReview!.id]));
    const done = outcomes(await finish(job.id, 'BOOKKEEPER'));
    expect(done.get(plain!.id)).toEqual(['done', null]);
    // Maker-checker: the reviewed task goes to its reviewer, the one already there is left alone.
    expect(done.get(reviewed!.id)).toEqual(['done', 'Sent to its reviewer for approval.']);
    expect(done.get(inReview!.id)).toEqual(['skipped', 'Already waiting for its reviewer.']);
    const statuses = new Map((await tasksOf(mine)).map((task) => [task.id, task.status]));
    expect([statuses.get(plain!.id), statuses.get(reviewed!.id), statuses.get(inReview!.id)]).toEqual(['done', 'in_review', 'in_review']);
  });

  it('refuses bad parameters and filters before touching a row, and roles off the page', async () => {
    expect((await call('POST', 'bulk/jobs/', 'ADMIN', { list: 'tasks', action: 'status', filter: {}, params: { status: 'in_review' } })).json()).toMatchObject({ field: 'params.status' });
    expect((await call('POST', 'bulk/jobs/', 'ADMIN', { list: 'tasks', action: 'assign', filter: {}, params: { assignee_id: ids.get('BD_EXEC')! } })).json()).toMatchObject({ field: 'params.assignee_id' });
    expect((await call('POST', 'bulk/jobs/', 'ADMIN', { list: 'tasks', action: 'assign', filter: { due: 'never' }, params: { assignee_id: null } })).json()).toMatchObject({ field: 'filter.due' });
    expect((await call('POST', 'bulk/jobs/', 'ADMIN', { list: 'tasks', action: 'assign', filter: { client: '1e3' }, params: { assignee_id: null } })).json()).toMatchObject({ field: 'filter.client' });
    expect((await call('POST', 'bulk/jobs/', 'BD_MANAGER', { list: 'tasks', action: 'assign', filter: {}, params: { assignee_id: null } })).statusCode).toBe(403);
  });
});

describe('On-demand requests and Chats', () => {
  it('assigns open requests by filter, skipping closed ones picked by id with the request’s own reason', async () => {
    const [closed] = await app.db.query<{ id: number }>("SELECT id FROM service_requests WHERE status = 'completed' ORDER BY id LIMIT 1");
    const open = await app.db.query<{ id: number }>("SELECT id FROM service_requests WHERE status IN ('new', 'in_progress', 'waiting_on_client') ORDER BY id LIMIT 2");
    await app.db.query('UPDATE service_requests SET assignee_id = NULL WHERE id = ANY($1::integer[])', [open.map((row) => row.id)]);
    const byIds = await start('REVIEWER', { list: 'on-demand-requests', action: 'assign', ids: [closed!.id, open[0]!.id], params: { assignee_id: ids.get('REVIEWER')! } });
    const rows = outcomes(await finish(byIds.id, 'REVIEWER'));
    expect(rows.get(closed!.id)).toEqual(['skipped', 'This request is already completed.']);
    expect(rows.get(open[0]!.id)).toEqual(['done', null]);

    const unassigned = (await app.db.query<{ id: number }>("SELECT id FROM service_requests WHERE assignee_id IS NULL AND status IN ('new', 'in_progress', 'waiting_on_client')")).map((row) => row.id);
    const byFilter = await start('ADMIN', { list: 'on-demand-requests', action: 'assign', filter: { view: 'open', assignee: 'none' }, params: { assignee_id: ids.get('ADMIN')! } }, 'desk-requests-1');
    expect(sorted(byFilter.rows.map((row) => row.record_id))).toEqual(sorted(unassigned));
    expect((await finish(byFilter.id, 'ADMIN')).done).toBe(unassigned.length);
    expect(await bulkEvents('service_request', open[1]!.id, 'request_assigned')).toBe(1);
  });

  it('resolves and assigns chats, skipping the resolved ones, for a bookkeeper only on their own clients', async () => {
    const chats = await app.db.query<{ id: number; client_id: number }>('SELECT id, client_id FROM conversations WHERE client_id = ANY($1::integer[])', [[...mine, theirs]]);
    // Every one of these clients has a conversation with a message, open.
    for (const client of [...mine, theirs]) {
      if (!chats.some((chat) => chat.client_id === client)) {
        const [made] = await app.db.query<{ id: number }>('INSERT INTO conversations (client_id) VALUES ($1) RETURNING id', [client]);
        chats.push({ id: made!.id, client_id: client });
      }
    }
    for (const chat of chats) {
      const [message] = await app.db.query<{ id: number }>("INSERT INTO chat_messages (conversation_id, from_client, body) VALUES ($1, true, 'Hello') RETURNING id", [chat.id]);
      await app.db.query("UPDATE conversations SET status = 'open', assignee_id = NULL, last_message_id = $2, last_message_at = now(), last_client_message_id = $2, last_message_preview = 'Hello' WHERE id = $1", [chat.id, message!.id]);
    }
    const ownChats = chats.filter((chat) => mine.includes(chat.client_id)).map((chat) => chat.id);
    await app.db.query("UPDATE conversations SET status = 'resolved' WHERE id = $1", [ownChats[0]]);
    const job = await start('BOOKKEEPER', { list: 'chats', action: 'resolve', filter: { filter: 'all' }, params: {} });
    expect(sorted(job.rows.map((row) => row.record_id))).toEqual(sorted(ownChats));
    const rows = outcomes(await finish(job.id, 'BOOKKEEPER'));
    expect(rows.get(ownChats[0]!)).toEqual(['skipped', 'Already resolved.']);
    expect(rows.get(ownChats[1]!)).toEqual(['done', null]);
    const foreignChat = chats.find((chat) => chat.client_id === theirs)!.id;
    expect((await app.db.query<{ status: string }>('SELECT status FROM conversations WHERE id = $1', [foreignChat]))[0]!.status).toBe('open');

    const assign = await start('ADMIN', { list: 'chats', action: 'assign', ids: [foreignChat], params: { assignee_id: ids.get('other')! } });
    expect((await finish(assign.id, 'ADMIN')).done).toBe(1);
    expect((await app.db.query<{ count: number }>("SELECT count(*)::integer AS count FROM notifications WHERE user_id = $1 AND kind = 'chat_assigned'", [ids.get('other')]))[0]!.count).toBe(1);
  });
});

describe('Clients and Unsynced Inv', () => {
  it('lets only ADMIN assign a bookkeeper in bulk, by the list’s filter', async () => {
    const [client] = await app.db.query<{ id: number; legal_name: string }>('SELECT id, legal_name FROM clients WHERE id = $1', [mine[0]]);
    const search = client!.legal_name.toLowerCase();
    const matching = (await app.db.query<{ id: number }>('SELECT id FROM clients WHERE position($1 in lower(legal_name)) > 0', [search])).map((row) => row.id);
    const job = await start('ADMIN', { list: 'clients', action: 'assign_bookkeeper', filter: { search }, params: { bookkeeper_id: ids.get('other')! } }, 'desk-clients-1');
    expect(sorted(job.rows.map((row) => row.record_id))).toEqual(sorted(matching));
    expect((await finish(job.id, 'ADMIN')).done).toBe(matching.length);
    expect((await app.db.query<{ bookkeeper_id: number }>('SELECT bookkeeper_id FROM clients WHERE id = $1', [mine[0]]))[0]!.bookkeeper_id).toBe(ids.get('other'));
    expect(await bulkEvents('client', mine[0]!, 'team_changed')).toBe(1);
    await app.db.query('UPDATE clients SET bookkeeper_id = $1 WHERE id = $2', [ids.get('BOOKKEEPER'), mine[0]]);

    expect((await call('POST', 'bulk/jobs/', 'BOOKKEEPER', { list: 'clients', action: 'assign_bookkeeper', filter: {}, params: { bookkeeper_id: ids.get('BOOKKEEPER')! } })).statusCode).toBe(403);
    expect((await call('POST', 'bulk/jobs/', 'ADMIN', { list: 'clients', action: 'assign_bookkeeper', filter: {}, params: { bookkeeper_id: ids.get('REVIEWER')! } })).json()).toMatchObject({ field: 'params.bookkeeper_id' });
  });

  it('retries unsynced invoices on the job runner: another bookkeeper’s are left out, a synced one is skipped', async () => {
    const [own, synced] = await app.db.query<{ id: number }>('SELECT id FROM invoices ORDER BY id LIMIT 2');
    const [foreign] = await app.db.query<{ id: number }>('SELECT id FROM invoices ORDER BY id DESC LIMIT 1');
    await app.db.query('UPDATE invoices SET client_id = $1 WHERE id = ANY($2::integer[])', [mine[1], [own!.id, synced!.id]]);
    await app.db.query('UPDATE invoices SET client_id = $1 WHERE id = $2', [theirs, foreign!.id]);
    await app.db.query("UPDATE invoices SET sync_state = 'needs_attention', last_error = 'Rejected' WHERE id = ANY($1::integer[])", [[own!.id, foreign!.id]]);
    await app.db.query("UPDATE invoices SET sync_state = 'synced', external_id = 'X-1' WHERE id = $1", [synced!.id]);

    const job = await start('BOOKKEEPER', { list: 'unsynced-inv', action: 'retry', ids: [own!.id, synced!.id, foreign!.id], params: {} });
    expect(sorted(job.rows.map((row) => row.record_id))).toEqual(sorted([own!.id, synced!.id]));
    const rows = outcomes(await finish(job.id, 'BOOKKEEPER'));
    // Queued, not synced: the row says so (the list shows the outcome when the accounting system answers).
    expect(rows.get(own!.id)).toEqual(['done', RETRY_QUEUED]);
    expect(rows.get(synced!.id)![0]).toBe('skipped');
    expect(rows.get(synced!.id)![1]).toMatch(/already in the accounting system/);
    expect(await bulkEvents('invoice', own!.id, 'invoice_retry_requested')).toBe(1);

    await app.db.query("UPDATE invoices SET sync_state = 'needs_attention' WHERE id = $1", [own!.id]);
    const byFilter = await start('BOOKKEEPER', { list: 'unsynced-inv', action: 'retry', filter: { state: 'needs_attention' }, params: {} });
    expect(byFilter.rows.map((row) => row.record_id)).toContain(own!.id);
    expect(byFilter.rows.map((row) => row.record_id)).not.toContain(foreign!.id);
    await finish(byFilter.id, 'BOOKKEEPER');
    expect((await call('POST', 'bulk/jobs/', 'REVIEWER', { list: 'unsynced-inv', action: 'retry', filter: {}, params: {} })).statusCode).toBe(403);
  });
});

describe('Next unassigned on the desk queues', () => {
  const queues = [
    { queue: 'on-demand-requests', table: 'service_requests', open: "status IN ('new', 'in_progress', 'waiting_on_client')" },
    { queue: 'chats', table: 'conversations', open: "status <> 'resolved' AND last_message_id IS NOT NULL" },
    { queue: 'tasks', table: 'tasks', open: "status <> 'done'" },
  ] as const;

  for (const { queue, table, open } of queues) {
    it(`${queue}: two people at once get different items, a retried press the same one, then null`, async () => {
      const candidates = await app.db.query<{ id: number }>(`SELECT id FROM ${table} WHERE ${open} ORDER BY id LIMIT 2`);
      expect(candidates.length).toBe(2);
      await app.db.query(`UPDATE ${table} SET assignee_id = $1 WHERE ${open}`, [ids.get('BOOKKEEPER')]);
      await app.db.query(`UPDATE ${table} SET assignee_id = NULL WHERE id = ANY($1::integer[])`, [candidates.map((row) => row.id)]);
      const [a, b] = await Promise.all([call('POST', 'work/next/', 'ADMIN', { queue }, `next-${queue}-a`), call('POST', 'work/next/', 'REVIEWER', { queue }, `next-${queue}-b`)]);
      const first = ok<NextResult>(a).item!;
      const second = ok<NextResult>(b).item!;
      expect(sorted([first.id, second.id])).toEqual(sorted(candidates.map((row) => row.id)));
      const held = new Map((await app.db.query<{ id: number; assignee_id: number }>(`SELECT id, assignee_id FROM ${table} WHERE id = ANY($1::integer[])`, [[first.id, second.id]])).map((row) => [row.id, row.assignee_id]));
      expect(held).toEqual(new Map([[first.id, ids.get('ADMIN')], [second.id, ids.get('REVIEWER')]]));
      expect(first.href).toContain(`/${queue}?`);
      expect(ok<NextResult>(await call('POST', 'work/next/', 'ADMIN', { queue }, `next-${queue}-a`)).item!.id).toBe(first.id);
      expect(ok<NextResult>(await call('POST', 'work/next/', 'ADMIN', { queue })).item).toBeNull();
    });
  }

  it('gives a bookkeeper only their own clients’ items, and refuses roles off the page', async () => {
    await app.db.query("UPDATE service_requests SET assignee_id = $1 WHERE status IN ('new', 'in_progress', 'waiting_on_client')", [ids.get('ADMIN')]);
    const [foreign] = await app.db.query<{ id: number }>('SELECT id FROM service_requests WHERE client_id <> ALL($1::integer[]) ORDER BY id LIMIT 1', [mine]);
    await app.db.query("UPDATE service_requests SET assignee_id = NULL, status = 'new', closed_at = NULL WHERE id = $1", [foreign!.id]);
    await app.db.query('UPDATE clients SET bookkeeper_id = $1 WHERE id = (SELECT client_id FROM service_requests WHERE id = $2)', [ids.get('other'), foreign!.id]);
    expect(ok<NextResult>(await call('POST', 'work/next/', 'BOOKKEEPER', { queue: 'on-demand-requests' })).item).toBeNull();
    expect(ok<NextResult>(await call('POST', 'work/next/', otherBookkeeper, { queue: 'on-demand-requests' })).item!.id).toBe(foreign!.id);
    expect((await call('POST', 'work/next/', 'BD_EXEC', { queue: 'chats' })).statusCode).toBe(403);
  });
});

describe('saved views on the desk lists', () => {
  const lists = [
    { list: 'clients', query: 'bookkeeper=none', roles: ['ADMIN', 'BOOKKEEPER', 'REVIEWER'], refused: 'BD_EXEC' },
    { list: 'tasks', query: 'assignee=none&due=overdue', roles: ['ADMIN', 'BOOKKEEPER', 'REVIEWER'], refused: 'MARKETING' },
    { list: 'on-demand-requests', query: 'assignee=none', roles: ['ADMIN', 'BOOKKEEPER', 'REVIEWER'], refused: 'BD_MANAGER' },
    { list: 'chats', query: 'filter=unassigned', roles: ['ADMIN', 'BOOKKEEPER', 'REVIEWER'], refused: 'HR_MANAGER' },
    { list: 'unsynced-inv', query: 'state=needs_attention', roles: ['ADMIN', 'BOOKKEEPER', 'REVIEWER'], refused: 'MARKETING' },
  ] as const;

  it('accepts a view of each list from the list’s roles, lets ADMIN share it, and refuses roles off the list', async () => {
    for (const { list, query, roles, refused } of lists) {
      for (const role of roles) {
        const view = ok<SavedView>(await call('POST', 'views/', role, { list, name: `Desk ${role}`, query, shared: role === 'ADMIN', is_default: false }), 201);
        expect(view).toMatchObject({ list, query, mine: true });
      }
      const seen = ok<{ views: SavedView[] }>(await call('GET', `views/?list=${list}`, 'BOOKKEEPER')).views.map((view) => view.name);
      expect(seen).toEqual(expect.arrayContaining(['Desk BOOKKEEPER', 'Desk ADMIN']));
      expect(seen).not.toContain('Desk REVIEWER');
      expect((await call('POST', 'views/', 'BOOKKEEPER', { list, name: 'Shared', query, shared: true, is_default: false })).statusCode).toBe(403);
      expect((await call('GET', `views/?list=${list}`, refused)).statusCode).toBe(403);
    }
  });
});
