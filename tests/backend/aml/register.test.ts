/**
 * The goAML register through the API: the compliance officer mark (PATCH users/{id}, ADMIN, audited),
 * the register's visibility (404, never 403, for everyone but an ADMIN compliance officer: a non-officer
 * ADMIN, BOOKKEEPER, REVIEWER, CLIENT), its filters, the deadline of five UAE business days over a weekend and
 * holidays, recording a filing (versioned, audited), and that register events stay out of others' audit.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { RegisterEntry } from '../../../common/contract/aml.ts';
import type { Page } from '../../../common/contract/shared.ts';
import type { Role } from '../../../common/roles.ts';
import { registerDeadline } from '../../../backend/src/modules/aml/register-store.ts';
import { auth, createUsers, startBackend, type TestUser } from '../support.ts';

const emulatorHost = inject('authEmulatorHost');
let app: FastifyInstance;
let users: Map<Role, TestUser>;
let officer: TestUser;
let officerId: number;

async function call<T>(user: TestUser, method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown, key?: string) {
  const response = await app.inject({ method, url: `/api/${url}`, headers: { ...auth(user.token), ...(key ? { 'idempotency-key': key } : {}) }, ...(body === undefined ? {} : { payload: body as object }) });
  return { status: response.statusCode, body: response.json<T & { errorCode?: string; message?: string; field?: string }>() };
}

const idOf = async (user: TestUser) => (await app.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [user.email]))[0]!.id;

beforeAll(async () => {
  app = await startBackend(emulatorHost);
  users = await createUsers(app, emulatorHost, ['ADMIN', 'BOOKKEEPER', 'REVIEWER', 'CLIENT'], 'register');
  officer = (await createUsers(app, emulatorHost, ['ADMIN'], 'register-officer')).get('ADMIN')!;
  officerId = await idOf(officer);
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe('the compliance officer mark', () => {
  it('is set by an ADMIN (audited), only on an ADMIN user, and opens the register to them', async () => {
    const admin = users.get('ADMIN')!;
    expect((await call(officer, 'GET', 'aml-register/')).status).toBe(404);
    const marked = await call(admin, 'PATCH', `users/${officerId}`, { compliance_officer: true });
    expect(marked.status).toBe(200);
    expect((await call(officer, 'GET', 'aml-register/')).status).toBe(200);
    const [event] = await app.db.query<{ kind: string; after: unknown }>("SELECT kind, after FROM audit_events WHERE entity = 'user' AND entity_id = $1 AND kind = 'compliance_officer_changed'", [officerId]);
    expect(event).toMatchObject({ after: { compliance_officer: true } });

    const bookkeeperId = await idOf(users.get('BOOKKEEPER')!);
    const refused = await call(admin, 'PATCH', `users/${bookkeeperId}`, { compliance_officer: true });
    expect(refused).toMatchObject({ status: 400, body: { errorCode: 'INVALID_INPUT', field: 'compliance_officer' } });
    expect((await call(admin, 'PATCH', `users/${bookkeeperId}`, {})).status).toBe(400);
    // Only an ADMIN marks: anyone else is refused as for any Users page call.
    expect((await call(users.get('BOOKKEEPER')!, 'PATCH', `users/${officerId}`, { compliance_officer: false })).status).toBe(403);
  });
});

describe('the register', () => {
  it('answers 404 on every route to a non-officer ADMIN, BOOKKEEPER, REVIEWER and CLIENT, and changes nothing', async () => {
    const [before] = await app.db.query<{ count: number }>('SELECT count(*)::integer AS count FROM aml_register_entries');
    for (const role of ['ADMIN', 'BOOKKEEPER', 'REVIEWER', 'CLIENT'] as const) {
      const user = users.get(role)!;
      for (const [method, url, body] of [['GET', 'aml-register/'], ['GET', 'aml-register/?state=open'], ['POST', 'aml-register/', { type: 'str', client: 1, decided_on: '2026-11-26', notes: 'x' }], ['PATCH', 'aml-register/1', { version: 1, notes: 'x' }]] as const) {
        const answer = await call(user, method, url, body);
        expect([role, method, url, answer.status, answer.body.errorCode]).toEqual([role, method, url, 404, 'NOT_FOUND']);
      }
    }
    const [after] = await app.db.query<{ count: number }>('SELECT count(*)::integer AS count FROM aml_register_entries');
    expect(after).toEqual(before);
  });

  it('lists the demo\'s frozen client\'s fund freeze report, filtered by type, client and state', async () => {
    const open = (await call<Page<RegisterEntry>>(officer, 'GET', 'aml-register/?state=open&type=ffr')).body;
    expect(open.count).toBeGreaterThanOrEqual(1);
    const entry = open.results[0]!;
    expect(entry).toMatchObject({ type: 'ffr', filed_on: null, from_match: true });
    const byClient = (await call<Page<RegisterEntry>>(officer, 'GET', `aml-register/?client=${entry.client.id}`)).body;
    expect(byClient.results.map((row) => row.id)).toContain(entry.id);
    expect((await call<Page<RegisterEntry>>(officer, 'GET', 'aml-register/?type=pnmr')).body.results.every((row) => row.type === 'pnmr')).toBe(true);
    expect((await call<Page<RegisterEntry>>(officer, 'GET', 'aml-register/?state=filed')).body.results.every((row) => row.filed_on !== null)).toBe(true);
  });

  it('sets the deadline five business days after the decision, past weekends and holidays', async () => {
    // Thursday 12 November 2026: Friday, then Monday to Thursday (the weekend skipped).
    expect(registerDeadline('2026-11-12')).toBe('2026-11-19');
    // Thursday 26 November 2026: Friday 27, Monday 30, (1-3 December Commemoration and National Day), Friday 4, Monday 7, Tuesday 8.
    expect(registerDeadline('2026-11-26')).toBe('2026-12-08');
    const [client] = await app.db.query<{ user_id: number }>("SELECT user_id FROM registrations WHERE status = 'active' ORDER BY id LIMIT 1");
    const created = await call<RegisterEntry>(officer, 'POST', 'aml-register/', { type: 'str', client: client!.user_id, decided_on: '2026-11-26', notes: 'Cash deposits split below the threshold.' }, 'register-create-1');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ type: 'str', deadline_on: '2026-12-08', filed_on: null, goaml_reference: null, from_match: false, client: { id: client!.user_id } });
    // The same Idempotency-Key again opens nothing new.
    const again = await call<RegisterEntry>(officer, 'POST', 'aml-register/', { type: 'str', client: client!.user_id, decided_on: '2026-11-26', notes: 'Cash deposits split below the threshold.' }, 'register-create-1');
    expect(again.body.id).toBe(created.body.id);
    const future = await call(officer, 'POST', 'aml-register/', { type: 'sar', client: client!.user_id, decided_on: '2999-01-01', notes: '' });
    expect(future).toMatchObject({ status: 400, body: { field: 'decided_on' } });
    const unknown = await call(officer, 'POST', 'aml-register/', { type: 'sar', client: 999_999, decided_on: '2026-11-26', notes: '' });
    expect(unknown).toMatchObject({ status: 400, body: { field: 'client' } });
  });

  it('records a filing with its goAML reference (versioned, audited), hidden from a non-officer\'s audit', async () => {
    const entry = (await call<Page<RegisterEntry>>(officer, 'GET', 'aml-register/?state=open')).body.results[0]!;
    const noReference = await call(officer, 'PATCH', `aml-register/${entry.id}`, { version: entry.version, filed_on: '2026-11-27' });
    expect(noReference).toMatchObject({ status: 400, body: { field: 'goaml_reference' } });
    const filed = await call<RegisterEntry>(officer, 'PATCH', `aml-register/${entry.id}`, { version: entry.version, filed_on: '2026-11-27', goaml_reference: 'GOAML-2026-000123' });
    expect(filed.status).toBe(200);
    expect(filed.body).toMatchObject({ filed_on: '2026-11-27', goaml_reference: 'GOAML-2026-000123', version: entry.version + 1 });
    expect((await call(officer, 'PATCH', `aml-register/${entry.id}`, { version: entry.version, notes: 'stale' })).status).toBe(409);
    expect((await call<Page<RegisterEntry>>(officer, 'GET', 'aml-register/?state=filed')).body.results.map((row) => row.id)).toContain(entry.id);

    const officerAudit = (await call<Page<{ entity: string }>>(officer, 'GET', 'audit/?area=aml&page_size=100')).body.results;
    expect(officerAudit.some((event) => event.entity === 'aml_register')).toBe(true);
    const adminAudit = (await call<Page<{ entity: string }>>(users.get('ADMIN')!, 'GET', 'audit/?area=aml&page_size=100')).body.results;
    expect(adminAudit.some((event) => event.entity === 'aml_register')).toBe(false);
  });
});
