/**
 * Work at speed against the real back end (demo data seeded) and real emulator tokens: Home's
 * blocks per role against seeded work, next unassigned under concurrency (two callers at once get different
 * registrations) and on retry, search visibility per role and client ownership (a bookkeeper never finds
 * another's client), typo tolerance, saved views' sharing rules and versions, and bulk jobs by filter (a
 * retried request makes one job, a re-run row is not applied twice, per-row results).
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BulkJob, MyWork, NextResult, SavedView, SavedViews, SearchResult } from '../../../common/contract/work.ts';
import { addDays, dubaiDate } from '../../../common/calendar.ts';
import { callScheduleListPath } from '../../../common/links.ts';
import { ROLES, type Role } from '../../../common/roles.ts';
import { runBulkJobs } from '../../../backend/src/modules/bulk/index.ts';
import { MODULES } from '../../../backend/src/modules/index.ts';
import { auth, createUsers, startBackend, type TestUser } from '../support.ts';

const emulatorHost = inject('authEmulatorHost');
let app: FastifyInstance;
let users: Map<Role, TestUser>;
let otherBookkeeper: TestUser;
const ids = new Map<Role | 'other', number>();

type Who = Role | TestUser;
const tokenOf = (who: Who) => (typeof who === 'string' ? users.get(who)!.token : who.token);
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who: Who, body?: unknown, key?: string) =>
  app.inject({ method, url: `/api/${url}`, headers: { ...auth(tokenOf(who)), ...(key ? { 'idempotency-key': key } : {}) }, ...(body === undefined ? {} : { payload: body as Record<string, unknown> }) });
const ok = <T>(response: LightMyRequestResponse, status = 200): T => {
  expect(response.statusCode, response.body).toBe(status);
  return response.json<T>();
};
const search = async (q: string, who: Who) => ok<SearchResult>(await call('GET', `search/?q=${encodeURIComponent(q)}`, who));
const hitsOf = (result: SearchResult, kind: string) => result.groups.find((group) => group.kind === kind)?.hits ?? [];
const work = async (who: Who) => ok<MyWork>(await call('GET', 'me/work', who));
const block = (mine: MyWork, key: string) => mine.blocks.find((candidate) => candidate.key === key);

beforeAll(async () => {
  app = await startBackend(emulatorHost);
  users = await createUsers(app, emulatorHost, ROLES, 'speed');
  otherBookkeeper = (await createUsers(app, emulatorHost, ['BOOKKEEPER'], 'speed-other')).get('BOOKKEEPER')!;
  for (const [role, user] of users) ids.set(role, (await app.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [user.email]))[0]!.id);
  ids.set('other', (await app.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [otherBookkeeper.email]))[0]!.id);
}, 120_000);
afterAll(() => app?.close());

/** Active clients with a TRN: the first two become the test bookkeeper's, the third the other bookkeeper's. */
async function handClients(): Promise<{ mine: { id: number; trn: string; legal_name: string }[]; theirs: { id: number; trn: string; legal_name: string } }> {
  const rows = await app.db.query<{ id: number; trn: string; legal_name: string }>("SELECT id, trn, legal_name FROM clients WHERE trn IS NOT NULL AND status = 'active' ORDER BY id LIMIT 3");
  await app.db.query('UPDATE clients SET bookkeeper_id = $1, reviewer_id = $2 WHERE id = ANY($3::integer[])', [ids.get('BOOKKEEPER'), ids.get('REVIEWER'), [rows[0]!.id, rows[1]!.id]]);
  await app.db.query('UPDATE clients SET bookkeeper_id = $1 WHERE id = $2', [ids.get('other'), rows[2]!.id]);
  return { mine: rows.slice(0, 2), theirs: rows[2]! };
}

describe('GET me/work', () => {
  it('answers each role its own blocks in one call, and refuses roles without Home', async () => {
    const admin = await work('ADMIN');
    expect(admin.blocks.map((entry) => entry.key)).toEqual(
      expect.arrayContaining(['registrations.assigned', 'registrations.unassigned', 'registrations.calls_today', 'registrations.queues', 'clients.deadlines', 'notifications.unread']),
    );
    const bookkeeper = await work('BOOKKEEPER');
    expect(bookkeeper.blocks.map((entry) => entry.key)).toEqual(['tasks.review', 'tasks.overdue', 'tasks.today', 'chats.unanswered', 'requests.sla', 'clients.deadlines', 'clients.licences', 'einvoicing.late', 'invoices.attention', 'notifications.unread']);
    const reviewer = await work('REVIEWER');
    expect(reviewer.blocks.map((entry) => entry.key)).toEqual([
      'registrations.calls_today',
      'registrations.queues',
      'tasks.review',
      'clients.reviews',
      'tasks.overdue',
      'tasks.today',
      'chats.unanswered',
      'requests.sla',
      'clients.deadlines',
      'clients.licences',
      'notifications.unread',
    ]);
    const bdExec = await work('BD_EXEC');
    expect(block(bdExec, 'registrations.queues')!.items.map((item) => item.href)).toEqual(['/registrations', '/call-schedules']);
    expect((await call('GET', 'me/work', 'HR_MANAGER')).statusCode).toBe(403);
    expect((await call('GET', 'me/work', 'MARKETING')).statusCode).toBe(403);
  });

  it('opens My calls today on the Call Schedule narrowed to my calls of today', async () => {
    const today = dubaiDate();
    const meetings = await app.db.query<{ id: number; user_id: number }>(
      "SELECT m.id, r.user_id FROM registration_meetings m JOIN registrations r ON r.meeting_id = m.id WHERE r.stage = 'meeting_scheduled' AND r.status = 'active' AND m.status = 'scheduled' ORDER BY m.id LIMIT 2",
    );
    expect(meetings).toHaveLength(2);
    // One of the reviewer's calls is today (Dubai), the other tomorrow.
    await app.db.query("UPDATE registration_meetings SET host_id = $2, starts_at = $3::timestamptz, ends_at = $3::timestamptz + interval '30 minutes' WHERE id = $1", [meetings[0]!.id, ids.get('REVIEWER'), `${today}T12:00:00+04:00`]);
    await app.db.query("UPDATE registration_meetings SET host_id = $2, starts_at = $3::timestamptz, ends_at = $3::timestamptz + interval '30 minutes' WHERE id = $1", [meetings[1]!.id, ids.get('REVIEWER'), `${addDays(today, 1)}T12:00:00+04:00`]);
    const calls = block(await work('REVIEWER'), 'registrations.calls_today')!;
    expect(calls.count).toBe(1);
    expect(calls.href).toBe(callScheduleListPath({ calls: 'mine', when: 'today' }));
    const listed = ok<{ results: { id: number }[] }>(await call('GET', `registrations/?stage=meeting_scheduled&status=active&host_id=${ids.get('REVIEWER')}&call_on=${today}`, 'REVIEWER'));
    expect(listed.results.map((row) => row.id)).toEqual([meetings[0]!.user_id]);
  });

  it('counts the registrations assigned to me and my clients’ deadlines this week, not anyone else’s', async () => {
    const [waiting] = await app.db.query<{ user_id: number; legal_name: string }>(
      "SELECT user_id, legal_name FROM registrations WHERE status = 'active' AND stage = 'documents_submitted' AND review_state IS NULL ORDER BY id LIMIT 1",
    );
    await app.db.query('UPDATE registrations SET assignee_id = $1 WHERE user_id = $2', [ids.get('BD_MANAGER'), waiting!.user_id]);
    const manager = block(await work('BD_MANAGER'), 'registrations.assigned')!;
    expect(manager.count).toBe(1);
    expect(manager.items[0]).toMatchObject({ id: waiting!.user_id, title: waiting!.legal_name, href: `/due-diligence/details/${waiting!.user_id}` });
    expect(block(await work('ADMIN'), 'registrations.assigned')!.count).toBe(0);

    const { mine, theirs } = await handClients();
    const soon = addDays(dubaiDate(), 3);
    await app.db.query("UPDATE clients SET next_deadline_on = $1, next_deadline_key = 'vat_return:x', next_deadline_title = 'VAT return' WHERE id = ANY($2::integer[])", [soon, [mine[0]!.id, theirs.id]]);
    const deadlines = block(await work('BOOKKEEPER'), 'clients.deadlines')!;
    const shown = deadlines.items.map((item) => item.id);
    expect(shown).toContain(mine[0]!.id);
    expect(shown).not.toContain(theirs.id);
    expect(deadlines.href).toBe('/clients?bookkeeper=mine&sort=next_deadline');
    expect(block(await work(otherBookkeeper), 'clients.deadlines')!.items.map((item) => item.id)).toContain(theirs.id);
  });
});

describe('POST work/next/', () => {
  it('gives two people pressing at once different registrations, each assigned to its taker', async () => {
    await app.db.query("UPDATE registrations SET assignee_id = NULL WHERE status = 'active' AND stage = 'documents_submitted' AND review_state IS NULL");
    const [a, b] = await Promise.all([call('POST', 'work/next/', 'ADMIN', { queue: 'due-diligence' }), call('POST', 'work/next/', 'BD_MANAGER', { queue: 'due-diligence' })]);
    const first = ok<NextResult>(a).item!;
    const second = ok<NextResult>(b).item!;
    expect(first.id).not.toBe(second.id);
    const assignees = await app.db.query<{ user_id: number; assignee_id: number }>('SELECT user_id, assignee_id FROM registrations WHERE user_id = ANY($1::integer[])', [[first.id, second.id]]);
    expect(new Map(assignees.map((row) => [row.user_id, row.assignee_id]))).toEqual(new Map([[first.id, ids.get('ADMIN')], [second.id, ids.get('BD_MANAGER')]]));
    expect(first.href).toBe(`/due-diligence/details/${first.id}`);
  });

  it('takes the oldest first, answers a retried press with the same item, and null when none is left', async () => {
    const [oldest] = await app.db.query<{ user_id: number }>(
      "SELECT user_id FROM registrations WHERE assignee_id IS NULL AND status = 'active' AND stage = 'documents_submitted' AND review_state IS NULL ORDER BY recieved_on NULLS LAST, id LIMIT 1",
    );
    const taken = ok<NextResult>(await call('POST', 'work/next/', 'ADMIN', { queue: 'due-diligence' }, 'next-retry-1')).item!;
    expect(taken.id).toBe(oldest!.user_id);
    const again = ok<NextResult>(await call('POST', 'work/next/', 'ADMIN', { queue: 'due-diligence' }, 'next-retry-1')).item!;
    expect(again.id).toBe(taken.id);
    await app.db.query("UPDATE registrations SET assignee_id = $1 WHERE assignee_id IS NULL AND status = 'active' AND stage = 'documents_submitted' AND review_state IS NULL", [ids.get('ADMIN')]);
    expect(ok<NextResult>(await call('POST', 'work/next/', 'ADMIN', { queue: 'due-diligence' })).item).toBeNull();
  });

  it('refuses roles that do not work the queue and queues it does not know', async () => {
    expect((await call('POST', 'work/next/', 'REVIEWER', { queue: 'due-diligence' })).statusCode).toBe(403);
    expect((await call('POST', 'work/next/', 'ADMIN', { queue: 'no-such-queue' })).json()).toMatchObject({ errorCode: 'INVALID_INPUT', field: 'queue' });
  });
});

describe('GET search/', () => {
  it('finds a client by TRN, licence number and a misspelt name for its bookkeeper, never for another bookkeeper', async () => {
    const { mine, theirs } = await handClients();
    const client = mine[0]!;
    const [licence] = await app.db.query<{ trade_licence_number: string }>('SELECT trade_licence_number FROM clients WHERE id = $1', [client.id]);
    expect(hitsOf(await search(client.trn, 'BOOKKEEPER'), 'client').map((hit) => hit.id)).toEqual([client.id]);
    expect(hitsOf(await search(licence!.trade_licence_number, 'BOOKKEEPER'), 'client').map((hit) => hit.id)).toContain(client.id);
    expect(hitsOf(await search(theirs.trn, 'BOOKKEEPER'), 'client')).toEqual([]);
    expect(hitsOf(await search(theirs.trn, 'ADMIN'), 'client').map((hit) => hit.href)).toEqual([`/clients/${theirs.id}`]);
    // One letter dropped from the first word of the name still finds it.
    const word = client.legal_name.split(' ').find((part) => part.length >= 6)!;
    const typo = `${word.slice(0, 2)}${word.slice(3)}`;
    expect(hitsOf(await search(typo, 'ADMIN'), 'client').length).toBeGreaterThan(0);
  });

  it('shows registrations only on pages the role opens, users only to ADMIN, and nothing to a client account', async () => {
    const [dd] = await app.db.query<{ user_id: number; registration_id: string }>(
      "SELECT user_id, registration_id FROM registrations WHERE status = 'active' AND stage = 'documents_submitted' AND review_state IS NULL ORDER BY id LIMIT 1",
    );
    expect(hitsOf(await search(dd!.registration_id, 'BD_MANAGER'), 'registration').map((hit) => hit.id)).toEqual([dd!.user_id]);
    // REVIEWER sees Call Schedule only; BD_EXEC sees Registration and Call Schedule: a due-diligence case is neither's.
    expect(hitsOf(await search(dd!.registration_id, 'REVIEWER'), 'registration')).toEqual([]);
    expect(hitsOf(await search(dd!.registration_id, 'BD_EXEC'), 'registration')).toEqual([]);
    const [booked] = await app.db.query<{ user_id: number; registration_id: string }>("SELECT user_id, registration_id FROM registrations WHERE status = 'active' AND stage = 'meeting_scheduled' ORDER BY id LIMIT 1");
    expect(hitsOf(await search(booked!.registration_id, 'REVIEWER'), 'registration').map((hit) => hit.id)).toEqual([booked!.user_id]);

    const email = users.get('REVIEWER')!.email;
    expect(hitsOf(await search(email, 'ADMIN'), 'user').map((hit) => hit.title)).toEqual(['Test REVIEWER']);
    expect(hitsOf(await search(email, 'BD_MANAGER'), 'user')).toEqual([]);
    expect((await call('GET', 'search/?q=al', 'CLIENT')).statusCode).toBe(403);
    expect((await call('GET', 'search/?q=%20a', 'ADMIN')).json()).toMatchObject({ errorCode: 'INVALID_INPUT', field: 'q' });
  });
});

describe('saved views', () => {
  const create = (who: Who, body: Record<string, unknown>, key?: string) => call('POST', 'views/', who, { list: 'due-diligence', query: 'search=gulf', shared: false, is_default: false, ...body }, key);

  it('stores a user’s view with versions, answers a retried create once, and keeps one default', async () => {
    const first = ok<SavedView>(await create('BD_MANAGER', { name: 'Gulf', is_default: true }, 'view-key-1'), 201);
    const retried = ok<SavedView>(await create('BD_MANAGER', { name: 'Gulf', is_default: true }, 'view-key-1'), 201);
    expect(retried.id).toBe(first.id);
    expect((await create('BD_MANAGER', { name: 'gulf' })).statusCode).toBe(409);
    const second = ok<SavedView>(await create('BD_MANAGER', { name: 'Oldest', query: 'sort=recieved_on', is_default: true }), 201);
    const listed = ok<SavedViews>(await call('GET', 'views/?list=due-diligence', 'BD_MANAGER'));
    expect(listed.views.filter((view) => view.mine).map((view) => [view.name, view.is_default])).toEqual([
      ['Oldest', true],
      ['Gulf', false],
    ]);
    const renamed = ok<SavedView>(await call('PATCH', `views/${second.id}`, 'BD_MANAGER', { version: second.version, name: 'Oldest first' }));
    expect(renamed.version).toBe(second.version + 1);
    expect((await call('PATCH', `views/${second.id}`, 'BD_MANAGER', { version: second.version, name: 'Stale' })).statusCode).toBe(409);
    ok(await call('DELETE', `views/${second.id}`, 'BD_MANAGER', { version: renamed.version }));
    expect(ok<SavedViews>(await call('GET', 'views/?list=due-diligence', 'BD_MANAGER')).views.map((view) => view.id)).not.toContain(second.id);
  });

  it('lets ADMIN and the list’s managers share, others copy but not edit a shared view, and no one see a list they cannot open', async () => {
    const shared = ok<SavedView>(await create('ADMIN', { name: 'Team queue', shared: true }), 201);
    const seen = ok<SavedViews>(await call('GET', 'views/?list=due-diligence', 'BD_MANAGER'));
    expect(seen.views.find((view) => view.id === shared.id)).toMatchObject({ mine: false, shared: true });
    expect(seen.can_share).toBe(true);
    expect((await call('PATCH', `views/${shared.id}`, 'BD_MANAGER', { version: shared.version, name: 'Mine now' })).statusCode).toBe(403);
    expect((await call('DELETE', `views/${shared.id}`, 'BD_MANAGER', { version: shared.version })).statusCode).toBe(403);
    // A copy is a new view of one's own.
    ok(await create('BD_MANAGER', { name: 'Team queue', query: shared.query }), 201);
    // BD_EXEC sees Registration but does not manage it: may save, may not share.
    expect((await call('POST', 'views/', 'BD_EXEC', { list: 'registrations', name: 'Mine', query: '', shared: true, is_default: false })).statusCode).toBe(403);
    ok(await call('POST', 'views/', 'BD_EXEC', { list: 'registrations', name: 'Mine', query: '', shared: false, is_default: false }), 201);
    expect((await call('GET', 'views/?list=due-diligence', 'BOOKKEEPER')).statusCode).toBe(403);
    // A private view of someone else is not there at all.
    const own = ok<SavedView>(await create('ADMIN', { name: 'Private' }), 201);
    expect((await call('PATCH', `views/${own.id}`, 'BD_MANAGER', { version: own.version, name: 'x' })).statusCode).toBe(404);
  });
});

describe('bulk jobs', () => {
  const dueDiligence = async () =>
    (
      await app.db.query<{ user_id: number; legal_name: string; assignee_id: number | null; searched: string }>(
        // searched: what the list's search reads besides the company (the Reg ID, the client's e-mail and name).
        `SELECT r.user_id, r.legal_name, r.assignee_id, lower(coalesce(r.registration_id, '') || ' ' || u.email || ' ' || coalesce(u.display_name, '')) AS searched
           FROM registrations r JOIN users u ON u.id = r.user_id
          WHERE r.status = 'active' AND r.stage = 'documents_submitted' AND r.review_state IS NULL ORDER BY r.recieved_on NULLS LAST, r.id`,
      )
    );
  /** Runs open jobs here too (the app's own runner may hold the job; then its progress is waited for). */
  const finish = async (jobId: number, who: Who = 'ADMIN') => {
    await runBulkJobs(app.db, MODULES.flatMap((module) => module.work?.bulk ?? []));
    await expect.poll(async () => ok<BulkJob>(await call('GET', `bulk/jobs/${jobId}`, who)).state, { timeout: 20_000 }).toBe('finished');
    return ok<BulkJob>(await call('GET', `bulk/jobs/${jobId}`, who));
  };

  it('assigns every row the filter matches on the server, once, with per-row results, however often the request is retried', async () => {
    const rows = await dueDiligence();
    expect(rows.length).toBeGreaterThan(2);
    await app.db.query('UPDATE registrations SET assignee_id = NULL WHERE user_id = ANY($1::integer[])', [rows.map((row) => row.user_id)]);
    // One row is already with the assignee: it is skipped, with why.
    await app.db.query('UPDATE registrations SET assignee_id = $1 WHERE user_id = $2', [ids.get('BD_MANAGER'), rows[1]!.user_id]);
    const body = { list: 'due-diligence', action: 'assign', filter: {}, params: { assignee_id: ids.get('BD_MANAGER')! } };
    const [created, retried] = await Promise.all([call('POST', 'bulk/jobs/', 'ADMIN', body, 'bulk-key-1'), call('POST', 'bulk/jobs/', 'ADMIN', body, 'bulk-key-1')]);
    const job = ok<BulkJob>(created, 201);
    expect(ok<BulkJob>(retried, 201).id).toBe(job.id);
    expect(job.total).toBe(rows.length);
    expect(job.rows.map((row) => row.record_id).sort()).toEqual(rows.map((row) => row.user_id).sort());

    const done = await finish(job.id);
    expect(done.state).toBe('finished');
    expect([done.done, done.skipped, done.failed]).toEqual([rows.length - 1, 1, 0]);
    expect(done.rows.find((row) => row.record_id === rows[1]!.user_id)).toMatchObject({ outcome: 'skipped', reason: 'Already assigned to this person.' });

    // A runner that stopped after acting but before recording: the row runs again and replays, not re-acts.
    await app.db.query("UPDATE bulk_jobs SET state = 'running', claimed_until = NULL WHERE id = $1", [job.id]);
    await app.db.query('UPDATE bulk_job_rows SET outcome = NULL WHERE job_id = $1 AND record_id = $2', [job.id, rows[0]!.user_id]);
    const rerun = await finish(job.id);
    expect(rerun.rows.find((row) => row.record_id === rows[0]!.user_id)).toMatchObject({ outcome: 'done' });
    const [{ count } = { count: 0 }] = await app.db.query<{ count: number }>(
      "SELECT count(*)::integer AS count FROM audit_events e JOIN registrations r ON r.id = e.entity_id WHERE e.entity = 'registration' AND e.kind = 'assigned' AND r.user_id = $1 AND e.idempotency_key LIKE 'bulk:%'",
      [rows[0]!.user_id],
    );
    expect(count).toBe(1);
    expect(ok<{ jobs: BulkJob[] }>(await call('GET', 'bulk/jobs/?list=due-diligence', 'ADMIN')).jobs[0]!.id).toBe(job.id);
  });

  it('acts on a search filter, on picked ids, and refuses what the caller may not do', async () => {
    const rows = await dueDiligence();
    const word = rows[0]!.legal_name.split(' ')[0]!.toLowerCase();
    const matching = rows.filter((row) => row.legal_name.toLowerCase().includes(word) || row.searched.includes(word));
    const byFilter = ok<BulkJob>(await call('POST', 'bulk/jobs/', 'ADMIN', { list: 'due-diligence', action: 'assign', filter: { search: word }, params: { assignee_id: null } }), 201);
    expect(byFilter.total).toBe(matching.length);
    const finished = await finish(byFilter.id);
    expect(finished.done + finished.skipped).toBe(matching.length);
    const picked = ok<BulkJob>(await call('POST', 'bulk/jobs/', 'BD_MANAGER', { list: 'due-diligence', action: 'assign', ids: [rows[0]!.user_id], params: { assignee_id: ids.get('BD_MANAGER')! } }), 201);
    expect((await finish(picked.id, 'BD_MANAGER')).done).toBe(1);
    // Someone else's job is not there; a role off the page may not start one; an assignee who may not be one is refused.
    expect((await call('GET', `bulk/jobs/${picked.id}`, 'ADMIN')).statusCode).toBe(404);
    expect((await call('POST', 'bulk/jobs/', 'REVIEWER', { list: 'due-diligence', action: 'assign', filter: {}, params: { assignee_id: null } })).statusCode).toBe(403);
    expect((await call('POST', 'bulk/jobs/', 'ADMIN', { list: 'due-diligence', action: 'assign', filter: {}, params: { assignee_id: ids.get('BOOKKEEPER')! } })).json()).toMatchObject({ field: 'params.assignee_id' });
    expect((await call('POST', 'bulk/jobs/', 'ADMIN', { list: 'due-diligence', action: 'assign', filter: {}, ids: [1], params: { assignee_id: null } })).statusCode).toBe(400);
  });
});
