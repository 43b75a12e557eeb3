/**
 * Work at speed on the growth, content and staff lists, against the real back end (demo data
 * seeded) and real emulator tokens: each bulk action by the list's filter and by picked ids, a retried create
 * making one job and a re-run row not applied twice, per-row skipped and failed reasons (each the area's own
 * rule), role refusals, 'Next unassigned' on the enquiries inbox under concurrency, and saved views per list
 * and role.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BulkActions, BulkJob, NextResult, SavedView, SavedViews } from '../../../common/contract/work.ts';
import { MAX_SEARCH_LENGTH } from '../../../common/contract/http.ts';
import { ROLES, type Role } from '../../../common/roles.ts';
import { runBulkJobs } from '../../../backend/src/modules/bulk/index.ts';
import { MODULES } from '../../../backend/src/modules/index.ts';
import { auth, createUsers, startBackend, stepUpCodes, type TestUser } from '../support.ts';

const emulatorHost = inject('authEmulatorHost');
let app: FastifyInstance;
let users: Map<Role, TestUser>;
const ids = new Map<Role, number>();

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who: Role, body?: unknown, key?: string) =>
  app.inject({ method, url: `/api/${url}`, headers: { ...auth(users.get(who)!.token), ...(key ? { 'idempotency-key': key } : {}) }, ...(body === undefined ? {} : { payload: body as Record<string, unknown> }) });
const ok = <T>(response: LightMyRequestResponse, status = 200): T => {
  expect(response.statusCode, response.body).toBe(status);
  return response.json<T>();
};
const idOf = async (email: string) => (await app.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]))[0]!.id;

beforeAll(async () => {
  app = await startBackend(emulatorHost);
  users = await createUsers(app, emulatorHost, ROLES, 'growth');
  for (const [role, user] of users) ids.set(role, await idOf(user.email));
}, 120_000);
afterAll(() => app?.close());

const start = (who: Role, body: Record<string, unknown>, key?: string) => call('POST', 'bulk/jobs/', who, body, key);

/** Runs open jobs here too (the app's own runner may hold the job; then its progress is waited for). */
async function finish(jobId: number, who: Role = 'ADMIN'): Promise<BulkJob> {
  await runBulkJobs(app.db, MODULES.flatMap((module) => module.work?.bulk ?? []));
  await expect.poll(async () => ok<BulkJob>(await call('GET', `bulk/jobs/${jobId}`, who)).state, { timeout: 20_000 }).toBe('finished');
  return ok<BulkJob>(await call('GET', `bulk/jobs/${jobId}`, who));
}

const rowOf = (job: BulkJob, id: number) => job.rows.find((row) => row.record_id === id);

/** Sets the job's row back to not run, as a runner that stopped after acting but before recording leaves it. */
async function rerunRow(jobId: number, recordId: number): Promise<void> {
  await app.db.query("UPDATE bulk_jobs SET state = 'running', claimed_until = NULL WHERE id = $1", [jobId]);
  await app.db.query('UPDATE bulk_job_rows SET outcome = NULL WHERE job_id = $1 AND record_id = $2', [jobId, recordId]);
}

const bulkEvents = async (entity: string, kind: string, id: number) =>
  (await app.db.query<{ count: number }>("SELECT count(*)::integer AS count FROM audit_events WHERE entity = $1 AND kind = $2 AND entity_id = $3 AND idempotency_key LIKE 'bulk:%'", [entity, kind, id]))[0]!.count;

describe('bulk actions offered', () => {
  it('lists each list’s actions only to the roles of its page', async () => {
    const of = async (who: Role) => ok<BulkActions>(await call('GET', 'bulk/actions/', who)).actions.map((entry) => `${entry.list}:${entry.action}`);
    expect(await of('ADMIN')).toEqual(
      expect.arrayContaining(['contactus:assign', 'contactus:status', 'crm:owner', 'crm:stage', 'careers:close_job', 'careers:application_status', 'faqs:publish', 'faqs:unpublish', 'users:deactivate', 'users:reactivate', 'users:role']),
    );
    const bdExec = await of('BD_EXEC');
    expect(bdExec).toEqual(expect.arrayContaining(['contactus:assign', 'contactus:status']));
    expect(bdExec.filter((entry) => /^(crm|careers|faqs|users):/.test(entry))).toEqual([]);
    expect((await of('HR_MANAGER')).filter((entry) => !entry.startsWith('careers:'))).toEqual([]);
    expect((await of('BOOKKEEPER')).filter((entry) => /^(contactus|crm|careers|faqs|users):/.test(entry))).toEqual([]);
  });
});

describe('enquiries', () => {
  const newOfKind = async (kind: string) =>
    app.db.query<{ id: number; assignee_id: number | null }>("SELECT id, assignee_id FROM enquiries WHERE kind = $1 AND status = 'new' ORDER BY created_at DESC, id DESC", [kind]);

  it('assigns every enquiry the inbox filter matches, once, however often the request is retried', async () => {
    const rows = await newOfKind('contactus');
    expect(rows.length).toBeGreaterThan(2);
    await app.db.query('UPDATE enquiries SET assignee_id = NULL WHERE id = ANY($1::integer[])', [rows.map((row) => row.id)]);
    await app.db.query('UPDATE enquiries SET assignee_id = $1 WHERE id = $2', [ids.get('BD_EXEC'), rows[1]!.id]);
    const body = { list: 'contactus', action: 'assign', filter: { kind: 'contactus', status: 'new' }, params: { assignee_id: ids.get('BD_EXEC')! } };
    const [created, retried] = await Promise.all([start('BD_MANAGER', body, 'growth-enq-1'), start('BD_MANAGER', body, 'growth-enq-1')]);
    const job = ok<BulkJob>(created, 201);
    expect(ok<BulkJob>(retried, 201).id).toBe(job.id);
    expect(job.rows.map((row) => row.record_id)).toEqual(rows.map((row) => row.id));

    const done = await finish(job.id, 'BD_MANAGER');
    expect([done.done, done.skipped, done.failed]).toEqual([rows.length - 1, 1, 0]);
    expect(rowOf(done, rows[1]!.id)).toMatchObject({ outcome: 'skipped', reason: 'Already assigned to this person.' });
    const assigned = await app.db.query<{ assignee_id: number }>('SELECT assignee_id FROM enquiries WHERE id = ANY($1::integer[])', [rows.map((row) => row.id)]);
    expect(new Set(assigned.map((row) => row.assignee_id))).toEqual(new Set([ids.get('BD_EXEC')]));

    await rerunRow(job.id, rows[0]!.id);
    expect(rowOf(await finish(job.id, 'BD_MANAGER'), rows[0]!.id)).toMatchObject({ outcome: 'done' });
    expect(await bulkEvents('enquiry', 'enquiry_assigned', rows[0]!.id)).toBe(1);
  });

  it('changes the status of picked enquiries through the inbox’s own rule, and refuses bad filters and parameters', async () => {
    const [first, second] = await app.db.query<{ id: number }>("SELECT id FROM enquiries WHERE status = 'new' AND kind <> 'contactus' ORDER BY id LIMIT 2");
    const closed = ok<BulkJob>(await start('MARKETING', { list: 'contactus', action: 'status', ids: [first!.id, second!.id], params: { status: 'closed', reason: 'Outside the UAE' } }), 201);
    const done = await finish(closed.id, 'MARKETING');
    expect(done.done).toBe(2);
    const rows = await app.db.query<{ status: string; close_reason: string }>('SELECT status, close_reason FROM enquiries WHERE id = ANY($1::integer[])', [[first!.id, second!.id]]);
    expect(rows).toEqual([
      { status: 'closed', close_reason: 'Outside the UAE' },
      { status: 'closed', close_reason: 'Outside the UAE' },
    ]);
    const history = await app.db.query<{ actor_id: number }>("SELECT actor_id FROM audit_events WHERE entity = 'enquiry' AND entity_id = $1 AND kind = 'enquiry_status_changed'", [first!.id]);
    expect(history.map((row) => row.actor_id)).toContain(ids.get('MARKETING'));

    const again = ok<BulkJob>(await start('MARKETING', { list: 'contactus', action: 'status', ids: [first!.id], params: { status: 'contacted' } }), 201);
    expect((await finish(again.id, 'MARKETING')).done).toBe(1);
    const same = ok<BulkJob>(await start('MARKETING', { list: 'contactus', action: 'status', ids: [first!.id], params: { status: 'contacted' } }), 201);
    expect(rowOf(await finish(same.id, 'MARKETING'), first!.id)).toMatchObject({ outcome: 'skipped', reason: 'Already contacted.' });

    expect((await start('ADMIN', { list: 'contactus', action: 'status', ids: [first!.id], params: { status: 'closed' } })).json()).toMatchObject({ field: 'params.reason' });
    expect((await start('ADMIN', { list: 'contactus', action: 'status', filter: { status: 'nope' }, params: { status: 'new' } })).json()).toMatchObject({ field: 'filter.status' });
    expect((await start('ADMIN', { list: 'contactus', action: 'status', filter: { stage: 'new' }, params: { status: 'new' } })).json()).toMatchObject({ field: 'filter.stage' });
    // A bulk filter is read by the list's own query schema, so what the list refuses is refused here too.
    expect((await start('ADMIN', { list: 'contactus', action: 'status', filter: { assignee_id: '1e3' }, params: { status: 'new' } })).json()).toMatchObject({ field: 'filter.assignee_id' });
    expect((await start('ADMIN', { list: 'contactus', action: 'status', filter: { search: 'x'.repeat(MAX_SEARCH_LENGTH + 1) }, params: { status: 'new' } })).json()).toMatchObject({ field: 'filter.search' });
    expect((await call('GET', `enquiries/?search=${'x'.repeat(MAX_SEARCH_LENGTH + 1)}`, 'ADMIN')).json()).toMatchObject({ field: 'search' });
    expect((await start('ADMIN', { list: 'contactus', action: 'assign', filter: {}, params: { assignee_id: ids.get('BOOKKEEPER')! } })).json()).toMatchObject({ field: 'params.assignee_id' });
    expect((await start('BOOKKEEPER', { list: 'contactus', action: 'assign', filter: {}, params: { assignee_id: null } })).statusCode).toBe(403);
    expect((await start('HR_MANAGER', { list: 'contactus', action: 'status', ids: [first!.id], params: { status: 'new' } })).statusCode).toBe(403);
  });

  it('hands two callers pressing Next unassigned at once different enquiries, replays a retry, and says when none is left', async () => {
    const waiting = await app.db.query<{ id: number }>("SELECT id FROM enquiries WHERE status = 'new' AND merged_into_id IS NULL ORDER BY created_at, id");
    expect(waiting.length).toBeGreaterThan(3);
    await app.db.query("UPDATE enquiries SET assignee_id = NULL WHERE status = 'new'");
    const [a, b] = await Promise.all([call('POST', 'work/next/', 'BD_EXEC', { queue: 'contactus' }), call('POST', 'work/next/', 'MARKETING', { queue: 'contactus' })]);
    const first = ok<NextResult>(a).item!;
    const second = ok<NextResult>(b).item!;
    expect(first.id).not.toBe(second.id);
    expect([first.id, second.id].sort((x, y) => x - y)).toEqual(waiting.slice(0, 2).map((row) => row.id).sort((x, y) => x - y));
    expect(first.href).toMatch(/^\/(contactus|talktoexpert|cfo-enquiries|fundability|difc)\/\d+$/);
    const owners = await app.db.query<{ id: number; assignee_id: number }>('SELECT id, assignee_id FROM enquiries WHERE id = ANY($1::integer[])', [[first.id, second.id]]);
    expect(owners.find((row) => row.id === first.id)!.assignee_id).toBe(ids.get('BD_EXEC'));
    expect(owners.find((row) => row.id === second.id)!.assignee_id).toBe(ids.get('MARKETING'));

    const taken = ok<NextResult>(await call('POST', 'work/next/', 'ADMIN', { queue: 'contactus' }, 'growth-next-1')).item!;
    expect(ok<NextResult>(await call('POST', 'work/next/', 'ADMIN', { queue: 'contactus' }, 'growth-next-1')).item!.id).toBe(taken.id);

    await app.db.query("UPDATE enquiries SET assignee_id = $1 WHERE status = 'new'", [ids.get('ADMIN')]);
    expect(ok<NextResult>(await call('POST', 'work/next/', 'ADMIN', { queue: 'contactus' })).item).toBeNull();
    expect((await call('POST', 'work/next/', 'BOOKKEEPER', { queue: 'contactus' })).statusCode).toBe(403);
    const home = ok<{ blocks: { key: string; next_queue: string | null }[] }>(await call('GET', 'me/work', 'BD_EXEC'));
    expect(home.blocks.find((entry) => entry.key === 'enquiries.new')?.next_queue).toBe('contactus');
  });
});

describe('CRM leads', () => {
  it('gives every lead a search matches an owner, keeping every other field, once', async () => {
    const [lead] = await app.db.query<{ id: number; company: string }>("SELECT id, company FROM leads WHERE stage <> 'won' ORDER BY id LIMIT 1");
    const word = lead!.company.split(' ')[0]!.toLowerCase();
    const matching = await app.db.query<{ id: number; monthly_value_fils: string; next_follow_up: string | null; owner_id: number | null }>(
      "SELECT id, monthly_value_fils::text, to_char(next_follow_up, 'YYYY-MM-DD') AS next_follow_up, owner_id FROM leads WHERE lower(company) LIKE $1 OR lower(contact_name) LIKE $1 OR lower(email) LIKE $1 ORDER BY id",
      [`%${word}%`],
    );
    await app.db.query('UPDATE leads SET owner_id = NULL WHERE id = ANY($1::integer[])', [matching.map((row) => row.id)]);
    const body = { list: 'crm', action: 'owner', filter: { search: word }, params: { owner_id: ids.get('MARKETING')! } };
    const [created, retried] = await Promise.all([start('BD_MANAGER', body, 'growth-crm-1'), start('BD_MANAGER', body, 'growth-crm-1')]);
    const job = ok<BulkJob>(created, 201);
    expect(ok<BulkJob>(retried, 201).id).toBe(job.id);
    expect(job.total).toBe(matching.length);
    expect((await finish(job.id, 'BD_MANAGER')).done).toBe(matching.length);
    const after = await app.db.query<{ id: number; monthly_value_fils: string; next_follow_up: string | null; owner_id: number | null }>(
      "SELECT id, monthly_value_fils::text, to_char(next_follow_up, 'YYYY-MM-DD') AS next_follow_up, owner_id FROM leads WHERE id = ANY($1::integer[]) ORDER BY id",
      [matching.map((row) => row.id)],
    );
    expect(after).toEqual(matching.map((row) => ({ ...row, owner_id: ids.get('MARKETING') })));
    await rerunRow(job.id, lead!.id);
    expect(rowOf(await finish(job.id, 'BD_MANAGER'), lead!.id)).toMatchObject({ outcome: 'done' });
    expect(await bulkEvents('lead', 'lead_updated', lead!.id)).toBe(1);
  });

  it('moves picked leads to a stage; a won lead is skipped with the lead’s own reason; won itself and other roles are refused', async () => {
    const [won] = await app.db.query<{ id: number }>("SELECT id FROM leads WHERE stage = 'won' LIMIT 1");
    const open = await app.db.query<{ id: number }>("SELECT id FROM leads WHERE stage IN ('new', 'contacted') ORDER BY id LIMIT 2");
    const job = ok<BulkJob>(await start('ADMIN', { list: 'crm', action: 'stage', ids: [won!.id, ...open.map((row) => row.id)], params: { stage: 'lost', reason: 'Went with another firm' } }), 201);
    const done = await finish(job.id);
    expect(done.done).toBe(2);
    expect(rowOf(done, won!.id)).toMatchObject({ outcome: 'skipped', reason: 'This lead is won: its client is in onboarding.' });
    const lost = await app.db.query<{ stage: string; lost_reason: string }>('SELECT stage, lost_reason FROM leads WHERE id = ANY($1::integer[])', [open.map((row) => row.id)]);
    expect(lost.every((row) => row.stage === 'lost' && row.lost_reason === 'Went with another firm')).toBe(true);
    expect((await start('ADMIN', { list: 'crm', action: 'stage', ids: [open[0]!.id], params: { stage: 'won' } })).json()).toMatchObject({ field: 'params.stage' });
    expect((await start('ADMIN', { list: 'crm', action: 'stage', ids: [open[0]!.id], params: { stage: 'lost' } })).json()).toMatchObject({ field: 'params.reason' });
    expect((await start('ADMIN', { list: 'crm', action: 'owner', ids: [open[0]!.id], params: { owner_id: ids.get('BD_EXEC')! } })).json()).toMatchObject({ field: 'params.owner_id' });
    expect((await start('BD_EXEC', { list: 'crm', action: 'stage', ids: [open[0]!.id], params: { stage: 'contacted' } })).statusCode).toBe(403);
  });
});

describe('careers', () => {
  it('closes picked job posts through the post’s own edit, skipping one already closed', async () => {
    const posts = await app.db.query<{ id: number; status: string; title: string }>("SELECT id, status, title FROM job_posts WHERE status IN ('published', 'closed') ORDER BY status DESC, id");
    const published = posts.find((post) => post.status === 'published')!;
    const closed = posts.find((post) => post.status === 'closed')!;
    const job = ok<BulkJob>(await start('HR_MANAGER', { list: 'careers', action: 'close_job', ids: [published.id, closed.id], params: {} }, 'growth-jobs-1'), 201);
    const done = await finish(job.id, 'HR_MANAGER');
    expect(rowOf(done, published.id)).toMatchObject({ outcome: 'done', label: published.title });
    expect(rowOf(done, closed.id)).toMatchObject({ outcome: 'skipped', reason: 'Already closed.' });
    expect((await app.db.query<{ status: string }>('SELECT status FROM job_posts WHERE id = $1', [published.id]))[0]!.status).toBe('closed');
    expect((await call('GET', `public/jobs/${published.id}`, 'HR_MANAGER')).statusCode).toBe(404);
    await rerunRow(job.id, published.id);
    expect(rowOf(await finish(job.id, 'HR_MANAGER'), published.id)).toMatchObject({ outcome: 'done' });
    expect(await bulkEvents('job_post', 'job_updated', published.id)).toBe(1);
  });

  it('changes the status of every application of a post its filter matches, and needs the post in the filter', async () => {
    const [post] = await app.db.query<{ job_id: number }>("SELECT job_id FROM job_applications WHERE status = 'new' GROUP BY job_id ORDER BY count(*) DESC LIMIT 1");
    const fresh = await app.db.query<{ id: number }>("SELECT id FROM job_applications WHERE job_id = $1 AND status = 'new' ORDER BY created_at DESC, id DESC", [post!.job_id]);
    const job = ok<BulkJob>(await start('ADMIN', { list: 'careers', action: 'application_status', filter: { job_id: String(post!.job_id), status: 'new' }, params: { status: 'shortlisted' } }), 201);
    expect(job.rows.map((row) => row.record_id)).toEqual(fresh.map((row) => row.id));
    expect((await finish(job.id)).done).toBe(fresh.length);
    expect((await app.db.query<{ count: number }>("SELECT count(*)::integer AS count FROM job_applications WHERE id = ANY($1::integer[]) AND status = 'shortlisted'", [fresh.map((row) => row.id)]))[0]!.count).toBe(fresh.length);
    expect((await start('ADMIN', { list: 'careers', action: 'application_status', filter: { status: 'new' }, params: { status: 'hired' } })).json()).toMatchObject({ field: 'filter.job_id' });
    expect((await start('ADMIN', { list: 'careers', action: 'application_status', ids: [fresh[0]!.id], params: { status: 'maybe' } })).json()).toMatchObject({ field: 'params.status' });
    expect((await start('MARKETING', { list: 'careers', action: 'application_status', ids: [fresh[0]!.id], params: { status: 'hired' } })).statusCode).toBe(403);
  });
});

describe('FAQs', () => {
  it('unpublishes and publishes the FAQs of a category, each through the FAQ’s own edit, once', async () => {
    const [{ category } = { category: '' }] = await app.db.query<{ category: string }>('SELECT category FROM faqs GROUP BY category ORDER BY count(*) DESC LIMIT 1');
    const faqs = await app.db.query<{ id: number; status: string }>('SELECT id, status FROM faqs WHERE category = $1 ORDER BY position, id', [category]);
    const drafts = faqs.filter((faq) => faq.status === 'draft').length;
    const off = ok<BulkJob>(await start('ADMIN', { list: 'faqs', action: 'unpublish', filter: { category }, params: {} }, 'growth-faq-1'), 201);
    expect(ok<BulkJob>(await start('ADMIN', { list: 'faqs', action: 'unpublish', filter: { category }, params: {} }, 'growth-faq-1'), 201).id).toBe(off.id);
    const done = await finish(off.id);
    expect([done.done, done.skipped]).toEqual([faqs.length - drafts, drafts]);
    expect((await call('GET', 'public/faqs', 'ADMIN')).json<{ categories: { category: string }[] }>().categories.map((entry) => entry.category)).not.toContain(category);
    const on = ok<BulkJob>(await start('ADMIN', { list: 'faqs', action: 'publish', ids: [faqs[0]!.id], params: {} }), 201);
    expect((await finish(on.id)).done).toBe(1);
    expect(await bulkEvents('faq', 'faq_updated', faqs[0]!.id)).toBe(2);
    expect((await start('HR_MANAGER', { list: 'faqs', action: 'publish', ids: [faqs[0]!.id], params: {} })).statusCode).toBe(403);
  });
});

describe('users', () => {
  it('deactivates picked staff with every rule of the single action: never oneself, never a client account', async () => {
    const extra = await createUsers(app, emulatorHost, ['MARKETING', 'HR_MANAGER'], 'growth-bulk');
    const marketing = await idOf(extra.get('MARKETING')!.email);
    const hr = await idOf(extra.get('HR_MANAGER')!.email);
    const admin = ids.get('ADMIN')!;
    const job = ok<BulkJob>(await start('ADMIN', { list: 'users', action: 'deactivate', ids: [admin, marketing, hr, ids.get('CLIENT')!], params: {} }), 201);
    // A client account is not a staff user: it is left out of the job.
    expect(job.rows.map((row) => row.record_id).sort((a, b) => a - b)).toEqual([admin, marketing, hr].sort((a, b) => a - b));
    const done = await finish(job.id);
    expect(rowOf(done, admin)).toMatchObject({ outcome: 'failed', reason: 'You cannot deactivate yourself; ask another administrator.' });
    expect(rowOf(done, marketing)).toMatchObject({ outcome: 'done' });
    const active = await app.db.query<{ id: number; active: boolean }>('SELECT id, active FROM users WHERE id = ANY($1::integer[]) ORDER BY id', [[admin, marketing, hr]]);
    expect(active.find((row) => row.id === admin)!.active).toBe(true);
    expect(active.filter((row) => row.id !== admin).every((row) => !row.active)).toBe(true);
    // The Auth account is disabled with the row: the deactivated user's token no longer opens anything.
    expect((await app.inject({ method: 'GET', url: '/api/users/me', headers: auth(extra.get('MARKETING')!.token) })).statusCode).toBe(401);

    // A re-run row finds the user already deactivated: skipped, nothing done twice.
    await rerunRow(job.id, marketing);
    expect(rowOf(await finish(job.id), marketing)).toMatchObject({ outcome: 'skipped', reason: 'Already deactivated.' });
    expect((await app.db.query<{ count: number }>("SELECT count(*)::integer AS count FROM audit_events WHERE entity = 'user' AND entity_id = $1 AND kind = 'deactivated'", [marketing]))[0]!.count).toBe(1);

    const back = ok<BulkJob>(await start('ADMIN', { list: 'users', action: 'reactivate', filter: { search: 'growth-bulk' }, params: {} }), 201);
    expect(back.total).toBe(2);
    expect((await finish(back.id)).done).toBe(2);
  });

  it('changes a role in bulk only with the ADMIN’s fresh code, as a single change: none or a wrong one starts no job', async () => {
    const extra = await createUsers(app, emulatorHost, ['BD_EXEC'], 'growth-stepup');
    const adminId = ids.get('ADMIN')!;
    const { code } = await stepUpCodes(app, users.get('ADMIN')!.email);
    const jobs = async () => (await app.db.query<{ count: number }>("SELECT count(*)::integer AS count FROM bulk_jobs WHERE created_by = $1 AND action = 'role'", [adminId]))[0]!.count;
    const failures = async () => (await app.db.query<{ failures: number }>('SELECT failures FROM second_factors WHERE user_id = $1', [adminId]))[0]!.failures;
    const before = await jobs();
    const body = { list: 'users', action: 'role', filter: { search: 'growth-stepup' }, params: { role: 'REVIEWER' } };

    const none = await start('ADMIN', body);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ errorCode: 'INVALID_INPUT', field: 'code' });
    expect(none.json().message).toContain('authenticator app');
    const right = await code();
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const refused = await start('ADMIN', { ...body, code: wrong });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errorCode: 'INVALID_INPUT', field: 'code' });
    expect(await failures()).toBe(1);
    expect(await jobs()).toBe(before);

    const job = ok<BulkJob>(await start('ADMIN', { ...body, code: right }, 'stepup-role-1'), 201);
    expect((await finish(job.id)).done).toBe(1);
    expect((await app.db.query<{ role: string }>('SELECT role FROM users WHERE email = $1', [extra.get('BD_EXEC')!.email]))[0]?.role).toBe('REVIEWER');
    // Good once: the same code again is a replay; a retried create (same key) answers its job without one.
    expect((await start('ADMIN', { ...body, params: { role: 'BD_EXEC' }, code: right })).statusCode).toBe(409);
    expect(ok<BulkJob>(await start('ADMIN', body, 'stepup-role-1'), 201).id).toBe(job.id);
    // An action that asks for no code takes none.
    expect((await start('ADMIN', { list: 'users', action: 'reactivate', filter: { search: 'growth-stepup' }, params: {}, code: await code() })).json()).toMatchObject({ field: 'code' });
  });

  it('changes the role of every staff user a role filter matches, never one’s own, and refuses client roles and other pages', async () => {
    const extra = await createUsers(app, emulatorHost, ['BD_EXEC', 'REVIEWER'], 'growth-role');
    const { code } = await stepUpCodes(app, users.get('ADMIN')!.email);
    const job = ok<BulkJob>(await start('ADMIN', { list: 'users', action: 'role', filter: { search: 'growth-role' }, params: { role: 'BD_MANAGER' }, code: await code() }), 201);
    expect(job.total).toBe(2);
    expect((await finish(job.id)).done).toBe(2);
    const roles = await app.db.query<{ role: string }>('SELECT role FROM users WHERE email = ANY($1::text[])', [[...extra.values()].map((user) => user.email)]);
    expect(roles.map((row) => row.role)).toEqual(['BD_MANAGER', 'BD_MANAGER']);
    const again = ok<BulkJob>(await start('ADMIN', { list: 'users', action: 'role', ids: [ids.get('ADMIN')!, await idOf(extra.get('BD_EXEC')!.email)], params: { role: 'BD_MANAGER' }, code: await code() }), 201);
    const done = await finish(again.id);
    expect(rowOf(done, await idOf(extra.get('BD_EXEC')!.email))).toMatchObject({ outcome: 'skipped', reason: 'Already has this role.' });
    expect(rowOf(done, ids.get('ADMIN')!)).toMatchObject({ outcome: 'failed', reason: 'You cannot change your own role; ask another administrator.' });
    expect((await start('ADMIN', { list: 'users', action: 'role', filter: { role__in: 'CLIENT' }, params: { role: 'ADMIN' }, code: await code() })).json()).toMatchObject({ field: 'filter.role__in' });
    expect((await start('ADMIN', { list: 'users', action: 'role', ids: [ids.get('BD_EXEC')!], params: { role: 'CLIENT' } })).json()).toMatchObject({ field: 'params.role' });
    expect((await start('BD_MANAGER', { list: 'users', action: 'deactivate', ids: [ids.get('BD_EXEC')!], params: {} })).statusCode).toBe(403);
  });
});

describe('saved views on the growth, content and staff lists', () => {
  const save = (who: Role, list: string, shared: boolean, name = `${list} ${who} ${shared}`) => call('POST', 'views/', who, { list, name, query: 'search=gulf', shared, is_default: false });

  it('are kept per list for its roles, shared only by its managers, and the demo views show', async () => {
    const cases: [Role, string, boolean, number][] = [
      ['BD_EXEC', 'contactus', false, 201],
      ['BD_EXEC', 'contactus', true, 403],
      ['BD_MANAGER', 'contactus', true, 201],
      ['MARKETING', 'crm', false, 201],
      ['MARKETING', 'crm', true, 403],
      ['BD_MANAGER', 'crm', true, 201],
      ['HR_MANAGER', 'careers', true, 201],
      ['ADMIN', 'faqs', true, 201],
      ['ADMIN', 'users', false, 201],
      ['HR_MANAGER', 'faqs', false, 403],
      ['BD_MANAGER', 'users', false, 403],
      ['BD_EXEC', 'crm', false, 403],
      ['BOOKKEEPER', 'contactus', false, 403],
    ];
    for (const [who, list, shared, status] of cases) expect([who, list, shared, (await save(who, list, shared)).statusCode]).toEqual([who, list, shared, status]);
    const seen = ok<SavedViews>(await call('GET', 'views/?list=contactus', 'BD_EXEC'));
    expect(seen.can_share).toBe(false);
    expect(seen.views.map((view) => [view.name, view.mine])).toEqual(expect.arrayContaining([['New enquiries', false], ['contactus BD_EXEC false', true], ['contactus BD_MANAGER true', false]]));
    expect(ok<SavedViews>(await call('GET', 'views/?list=careers', 'ADMIN')).views.map((view) => view.name)).toEqual(expect.arrayContaining(['Published posts', 'careers HR_MANAGER true']));
    const users = ok<SavedViews>(await call('GET', 'views/?list=users', 'ADMIN'));
    const mine = users.views.find((view): view is SavedView => view.mine && view.name === 'users ADMIN false')!;
    expect(ok<SavedView>(await call('PATCH', `views/${mine.id}`, 'ADMIN', { version: mine.version, query: 'roles=ADMIN,BD_MANAGER' })).query).toBe('roles=ADMIN,BD_MANAGER');
  });
});
