/**
 * The client's side of its parties (`me/registration/parties`): the caller's own registration only,
 * the staff's rules and validation, screened as the staff's are, seen by the reviewer, and never telling the
 * client how a party screened (no tipping off). Refused before the documents' phase and to staff.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CLIENT_PARTIES_NOT_NOW } from '../../../common/aml.ts';
import type { MyParties, Parties, Screening } from '../../../common/contract/aml.ts';
import type { Role } from '../../../common/roles.ts';
import { auth, createUsers, startBackend, type TestUser } from '../support.ts';

const emulatorHost = inject('authEmulatorHost');
let app: FastifyInstance;
let users: Map<Role, TestUser>;
let other: TestUser;
let clientId = 0;

async function call<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who: Role | TestUser, body?: unknown, key?: string) {
  const user = typeof who === 'string' ? users.get(who)! : who;
  const response = await app.inject({ method, url: `/api/${url}`, headers: { ...auth(user.token), ...(key ? { 'idempotency-key': key } : {}) }, ...(body === undefined ? {} : { payload: body as object }) });
  return { status: response.statusCode, body: response.json<T & { errorCode?: string; message?: string; field?: string }>() };
}

const person = (name: string, extra: Record<string, unknown> = {}) => ({
  kind: 'person', name, name_ar: null, date_of_birth: null, nationality: null, residence: 'AE', id_type: null, id_number: null, id_expires_on: null,
  roles: ['shareholder', 'manager'], share_percent: 100, owner_party_id: null, pep: false, pep_details: null, source_of_funds: null, source_of_wealth: null,
  jurisdiction: null, registration_number: null, ...extra,
});

const idOf = async (user: TestUser) => (await app.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [user.email]))[0]!.id;

beforeAll(async () => {
  app = await startBackend(emulatorHost);
  users = await createUsers(app, emulatorHost, ['ADMIN', 'CLIENT'], 'aml-client');
  other = (await createUsers(app, emulatorHost, ['CLIENT'], 'aml-client-other')).get('CLIENT')!;
  // A registration under due diligence without parties, handed to the test's client; another before its call.
  const [review] = await app.db.query<{ id: number; user_id: number }>(
    `SELECT r.id, r.user_id FROM registrations r WHERE r.stage = 'documents_submitted' AND r.status = 'active' AND r.review_state IS NULL AND r.recieved_on IS NOT NULL
     AND EXISTS (SELECT 1 FROM aml_files f WHERE f.registration_id = r.id AND f.risk_level = 'low' AND f.rated_by IS NULL) ORDER BY r.id LIMIT 1`,
  );
  await app.db.query('DELETE FROM aml_parties WHERE registration_id = $1', [review!.id]);
  await app.db.query('DELETE FROM aml_matches WHERE registration_id = $1', [review!.id]);
  await app.db.query('DELETE FROM aml_files WHERE registration_id = $1', [review!.id]);
  clientId = await idOf(users.get('CLIENT')!);
  await app.db.query('UPDATE registrations SET user_id = $1 WHERE id = $2', [clientId, review!.id]);
  const [early] = await app.db.query<{ id: number }>("SELECT id FROM registrations WHERE stage = 'profile_verified' AND status = 'active' ORDER BY id LIMIT 1");
  await app.db.query('UPDATE registrations SET user_id = $1 WHERE id = $2', [await idOf(other), early!.id]);
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe('me/registration/parties', () => {
  it('the client adds, changes and removes its own parties with the staff\'s rules; the reviewer sees them screened', async () => {
    const badId = await call('POST', 'me/registration/parties', 'CLIENT', person('Omar Haddad', { id_type: 'emirates_id', id_number: '784-12' }));
    expect(badId).toMatchObject({ status: 400, body: { errorCode: 'INVALID_INPUT', field: 'id_number' } });

    const added = await call<MyParties>('POST', 'me/registration/parties', 'CLIENT', person('Yusuf Hussain Khalil', { date_of_birth: '1985-06-01', nationality: 'IQ', share_percent: 60 }), 'client-add-1');
    expect(added.status).toBe(201);
    expect(added.body.parties).toHaveLength(1);
    // The screening found a potential match (QDi.902); the client's answer says nothing of it.
    expect(added.body.parties[0]).not.toHaveProperty('screening');
    expect(JSON.stringify(added.body)).not.toMatch(/screen|match|QDi/i);
    expect((await call<MyParties>('POST', 'me/registration/parties', 'CLIENT', person('Yusuf Hussain Khalil', { share_percent: 60 }), 'client-add-1')).body.parties).toHaveLength(1);

    const over = await call('POST', 'me/registration/parties', 'CLIENT', person('Lena Brandt', { share_percent: 50 }));
    expect(over).toMatchObject({ status: 400, body: { field: 'share_percent' } });
    const second = await call<MyParties>('POST', 'me/registration/parties', 'CLIENT', person('Lena Brandt', { share_percent: 40 }));
    expect(second.body.ubos.map((ubo) => [ubo.name, ubo.effective_percent])).toEqual([['Yusuf Hussain Khalil', 60], ['Lena Brandt', 40]]);

    const staff = (await call<Parties>('GET', `registrations/${clientId}/parties`, 'ADMIN')).body;
    expect(staff.parties.map((party) => [party.name, party.screening])).toEqual([['Yusuf Hussain Khalil', 'potential_match'], ['Lena Brandt', 'clear']]);
    const screening = (await call<Screening>('GET', `registrations/${clientId}/screening`, 'ADMIN')).body;
    expect(screening.missing).toContain('Decide the potential match of Yusuf Hussain Khalil (QDi.902)');

    const lena = second.body.parties.find((party) => party.name === 'Lena Brandt')!;
    const stale = await call('PATCH', `me/registration/parties/${lena.id}`, 'CLIENT', { version: lena.version + 5, share_percent: 30 });
    expect(stale.status).toBe(409);
    const changed = await call<MyParties>('PATCH', `me/registration/parties/${lena.id}`, 'CLIENT', { version: lena.version, share_percent: 30 });
    expect(changed.body.parties.find((party) => party.id === lena.id)).toMatchObject({ share_percent: 30, version: lena.version + 1 });
    const removed = await call<MyParties>('DELETE', `me/registration/parties/${lena.id}`, 'CLIENT', { version: lena.version + 1 });
    expect(removed.body.parties.map((party) => party.name)).toEqual(['Yusuf Hussain Khalil']);
    const [audit] = await app.db.query<{ actor_id: number }>("SELECT actor_id FROM audit_events WHERE entity = 'aml_party' AND kind = 'party_removed' AND entity_id = $1", [lena.id]);
    expect(audit?.actor_id).toBe(clientId);
  });

  it('reaches only the caller\'s own registration, in the documents\' phases, and refuses staff', async () => {
    const mine = (await call<MyParties>('GET', 'me/registration/parties', 'CLIENT')).body;
    const partyId = mine.parties[0]!.id;
    // Another client's path to the same party id looks in its own registration: no such party there.
    expect((await call('PATCH', `me/registration/parties/${partyId}`, other, { version: 1, share_percent: 10 })).status).toBe(404);
    expect((await call<MyParties>('GET', 'me/registration/parties', other)).body.parties).toEqual([]);
    const early = await call('POST', 'me/registration/parties', other, person('Early Bird'));
    expect(early).toMatchObject({ status: 409, body: { message: CLIENT_PARTIES_NOT_NOW } });
    expect((await call('GET', 'me/registration/parties', 'ADMIN')).status).toBe(403);
    const lonely = (await createUsers(app, emulatorHost, ['CLIENT'], 'aml-client-lonely')).get('CLIENT')!;
    expect((await call('GET', 'me/registration/parties', lonely)).status).toBe(404);
  });
});
