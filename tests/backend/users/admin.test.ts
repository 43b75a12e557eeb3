/**
 * The Users page's back end against the real Auth emulator and a real PGlite database: the staff list's
 * filters and exclusions, every administration action for every role, the guards, the Firebase side of
 * each change and the audit events.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from '../../../common/contract/shared.ts';
import type { SetPasswordLinkResponse, StaffUser, UserAuditEvent } from '../../../common/contract/users.ts';
import { CLIENT_ROLES, ROLES, type Role } from '../../../common/roles.ts';
import { openDatabase, type Database } from '../../../backend/src/db/database.ts';
import { changeRole, deactivateUser, inviteUser, type UsersDeps } from '../../../backend/src/modules/users/store.ts';
import type { IdentityAdmin } from '../../../backend/src/plugins/identity.ts';
import { HttpError } from '../../../backend/src/lib/http-error.ts';
import { emulatorFetch } from '../../../scripts/lib/emulator-fetch.ts';
import { seedEmulatorAccounts } from '../../../scripts/lib/demo-accounts.ts';
import { TEST_PROJECT_ID } from '../../support/constants.ts';
import { readPgliteDump } from '../../support/database-templates.ts';
import { auth, createUsers, signIn, startBackend, stepUpCodes, type TestUser } from '../support.ts';

const emulatorHost = inject('authEmulatorHost');
let app: FastifyInstance;
let users: Map<Role, TestUser>;
/** The ADMIN's fresh code (step-up), which a change of role needs. */
let code: () => Promise<string>;

const as = (role: Role) => auth(users.get(role)!.token);
const get = (url: string, role: Role = 'ADMIN') => app.inject({ method: 'GET', url, headers: as(role) });
const send = (method: 'POST' | 'PATCH', url: string, payload?: object, role: Role = 'ADMIN', headers: Record<string, string> = {}) =>
  app.inject({ method, url, headers: { ...as(role), ...headers }, ...(payload ? { payload } : {}) });
const uniqueEmail = (tag: string) => `users-admin-${tag}-${randomUUID().slice(0, 8)}@example.test`;
const idOf = async (email: string) => (await app.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]))[0]!.id;
const auditOf = async (userId: number) => (await get(`/api/users/audit/?user_id=${userId}`)).json<Page<UserAuditEvent>>().results;

/** The emulator's account record, read with its admin API ('Bearer owner'). */
async function firebaseAccount(email: string): Promise<{ localId: string; disabled?: boolean; displayName?: string } | undefined> {
  const response = await emulatorFetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/projects/${TEST_PROJECT_ID}/accounts:lookup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ email: [email] }),
  });
  return ((await response.json()) as { users?: { localId: string; disabled?: boolean; displayName?: string }[] }).users?.[0];
}

/** Completes a set-password link as the set-password page does (the emulator's resetPassword). */
async function setPassword(link: string, password: string): Promise<void> {
  const oobCode = new URL(link, 'http://console.test').searchParams.get('oobCode');
  const response = await emulatorFetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=fake`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ oobCode, newPassword: password }),
  });
  expect(response.ok, await response.clone().text()).toBe(true);
}

async function invite(role: Role = 'BOOKKEEPER', email = uniqueEmail('invite')) {
  const response = await send('POST', '/api/users/', { email, display_name: 'Invited Person', role });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<SetPasswordLinkResponse>();
}

beforeAll(async () => {
  app = await startBackend(emulatorHost);
  users = await createUsers(app, emulatorHost, ROLES, 'users-admin');
  code = (await stepUpCodes(app, users.get('ADMIN')!.email)).code;
});
afterAll(() => app?.close());

describe('the staff list', () => {
  const staffQuery = '/api/users/?role__not__in=CLIENT_ACCOUNT_MANAGER,CLIENT';

  it('holds at least three pages of staff in the demo data, never a client-side role, each with its status', async () => {
    const first = (await get(`${staffQuery}&page=1`)).json<Page<StaffUser>>();
    expect(first.total_pages).toBeGreaterThanOrEqual(3);
    const all: StaffUser[] = [];
    for (let page = 1; page <= first.total_pages; page += 1) all.push(...(await get(`${staffQuery}&page=${page}`)).json<Page<StaffUser>>().results);
    expect(all).toHaveLength(first.count);
    expect(all.some((user) => (CLIENT_ROLES as readonly string[]).includes(user.role))).toBe(false);
    expect(all.every((user) => user.active === true)).toBe(true);
    const [{ count: clients } = { count: 0 }] = await app.db.query<{ count: number }>(
      "SELECT count(*)::integer AS count FROM users WHERE role IN ('CLIENT', 'CLIENT_ACCOUNT_MANAGER')",
    );
    expect(clients).toBeGreaterThan(0);
  });

  it('filters by several roles at once, combined with the search and the exclusion', async () => {
    const page = (await get(`${staffQuery}&role__in=REVIEWER,MARKETING&page_size=100`)).json<Page<StaffUser>>();
    expect(new Set(page.results.map((user) => user.role))).toEqual(new Set(['REVIEWER', 'MARKETING']));
    const searched = (await get(`${staffQuery}&role__in=REVIEWER,MARKETING&search=FATIMA`)).json<Page<StaffUser>>();
    expect(searched.results.map((user) => user.email)).toEqual(['reviewer@example.com']);
    const excluded = (await get(`${staffQuery}&role__in=CLIENT`)).json<Page<StaffUser>>();
    expect(excluded.count).toBe(0);
  });
});

describe('who may administer staff', () => {
  const nonAdmins = ROLES.filter((role) => role !== 'ADMIN');

  it.each(nonAdmins)('refuses every administration call of a %s with 403 and changes nothing', async (role) => {
    const target = await idOf(users.get('MARKETING')!.email);
    const calls = [
      () => send('POST', '/api/users/', { email: uniqueEmail('forbidden'), display_name: 'X', role: 'ADMIN' }, role),
      () => send('PATCH', `/api/users/${target}`, { role: 'ADMIN' }, role),
      () => send('POST', `/api/users/${target}/deactivate`, undefined, role),
      () => send('POST', `/api/users/${target}/reactivate`, undefined, role),
      () => send('POST', `/api/users/${target}/set-password-link`, undefined, role),
      () => get('/api/users/audit/', role),
    ];
    for (const call of calls) {
      const response = await call();
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().errorCode).toBe('FORBIDDEN');
    }
    const [row] = await app.db.query<{ role: string; active: boolean }>('SELECT role, active FROM users WHERE id = $1', [target]);
    expect(row).toEqual({ role: 'MARKETING', active: true });
  });
});

describe('invite', () => {
  it('creates the Firebase account and the user row, audits it, and the link sets a password that signs in with that role', async () => {
    const email = uniqueEmail('new');
    const { user, set_password_link: link } = await invite('REVIEWER', email.toUpperCase());
    expect(user).toMatchObject({ email, display_name: 'Invited Person', role: 'REVIEWER', active: true });
    const account = await firebaseAccount(email);
    expect(account?.displayName).toBe('Invited Person');
    const [row] = await app.db.query<{ firebase_uid: string }>('SELECT firebase_uid FROM users WHERE id = $1', [user.id]);
    expect(row?.firebase_uid).toBe(account?.localId);

    // No CONSOLE_URL and no gateway in front: the link is root-relative, never built from the Host header.
    expect(link).toMatch(/^\/users\/set-password\?mode=resetPassword&oobCode=/);
    await setPassword(link, 'invited-password');
    const me = await app.inject({ method: 'GET', url: '/api/users/me', headers: auth(await signIn(emulatorHost, email, 'invited-password')) });
    expect(me.json()).toMatchObject({ email, role: 'REVIEWER' });

    const [event] = await auditOf(user.id);
    expect(event).toMatchObject({
      kind: 'invited',
      user: { id: user.id, email },
      actor: { email: users.get('ADMIN')!.email },
      before: null,
      after: { email, display_name: 'Invited Person', role: 'REVIEWER', active: true },
    });
  });

  it('points the link at the console origin the gateway forwards', async () => {
    const response = await send('POST', '/api/users/', { email: uniqueEmail('fwd'), display_name: 'Fwd', role: 'MARKETING' }, 'ADMIN', {
      'x-forwarded-host': 'console.example.com',
      'x-forwarded-proto': 'https',
    });
    expect(new URL(response.json<SetPasswordLinkResponse>().set_password_link).origin).toBe('https://console.example.com');
  });

  it('answers 409 for an e-mail a user already has (any case), and for one Firebase already has, creating nothing', async () => {
    const taken = await send('POST', '/api/users/', { email: 'Admin@Example.com', display_name: 'Dup', role: 'ADMIN' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ errorCode: 'CONFLICT', message: 'A user with the e-mail admin@example.com already exists.' });

    const firebaseOnly = uniqueEmail('firebase-only');
    await emulatorFetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: firebaseOnly, password: 'whatever-1' }),
    });
    const response = await send('POST', '/api/users/', { email: firebaseOnly, display_name: 'Dup', role: 'ADMIN' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain('sign-in account');
    expect(await app.db.query('SELECT 1 FROM users WHERE email = $1', [firebaseOnly])).toEqual([]);
  });

  it.each([
    ['email', { display_name: 'A', role: 'ADMIN' }],
    ['email', { email: 'not-an-address', display_name: 'A', role: 'ADMIN' }],
    ['display_name', { email: uniqueEmail('v'), role: 'ADMIN' }],
    ['display_name', { email: uniqueEmail('v'), display_name: '   ', role: 'ADMIN' }],
    ['display_name', { email: uniqueEmail('v'), display_name: 'x'.repeat(101), role: 'ADMIN' }],
    ['role', { email: uniqueEmail('v'), display_name: 'A' }],
    ['role', { email: uniqueEmail('v'), display_name: 'A', role: 'CLIENT' }],
    ['role', { email: uniqueEmail('v'), display_name: 'A', role: 'KING' }],
  ])('answers 400 INVALID_INPUT naming %s for %j', async (field, body) => {
    const response = await send('POST', '/api/users/', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe('INVALID_INPUT');
    expect(response.json().field).toBe(field);
    if ('email' in body && typeof body.email === 'string') expect(await firebaseAccount(body.email)).toBeUndefined();
  });

  it('issues a new set-password link, creating the account of a seeded user who never had one', async () => {
    // A seeded staff row (no Firebase account), under an address unique to this run: the back-end suite
    // runs twice (PGlite, Postgres) against one emulator, and the seed's addresses are the same each time.
    const email = uniqueEmail('seeded');
    const [seeded] = await app.db.query<{ id: number; email: string }>(
      "UPDATE users SET email = $1 WHERE id = (SELECT min(id) FROM users WHERE firebase_uid IS NULL AND role = 'HR_MANAGER' AND email ~ '[0-9]@example\\.com$') RETURNING id, email",
      [email],
    );
    expect(await firebaseAccount(seeded!.email)).toBeUndefined();
    const response = await send('POST', `/api/users/${seeded!.id}/set-password-link`);
    expect(response.statusCode, response.body).toBe(200);
    await setPassword(response.json<SetPasswordLinkResponse>().set_password_link, 'seeded-password');
    const token = await signIn(emulatorHost, seeded!.email, 'seeded-password');
    expect((await app.inject({ method: 'GET', url: '/api/users/me', headers: auth(token) })).json().email).toBe(seeded!.email);
  });
});

describe('change role', () => {
  it('changes the role, which the next call already sees, and audits before and after', async () => {
    const { user, set_password_link: link } = await invite('BOOKKEEPER');
    await setPassword(link, 'role-password');
    const token = await signIn(emulatorHost, user.email, 'role-password');
    expect((await app.inject({ method: 'GET', url: '/api/users/', headers: auth(token) })).statusCode).toBe(403);

    const response = await send('PATCH', `/api/users/${user.id}`, { role: 'ADMIN', code: await code() });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<StaffUser>().role).toBe('ADMIN');
    expect((await app.inject({ method: 'GET', url: '/api/users/', headers: auth(token) })).statusCode).toBe(200);
    const [event] = await auditOf(user.id);
    expect(event).toMatchObject({ kind: 'role_changed', before: { role: 'BOOKKEEPER' }, after: { role: 'ADMIN' } });

    const same = await send('PATCH', `/api/users/${user.id}`, { role: 'ADMIN', code: await code() });
    expect(same.statusCode).toBe(200);
    expect(await auditOf(user.id)).toHaveLength(2);
  });

  it('refuses self-demotion (403), a client-side role (400) and an unknown or client user (404)', async () => {
    const self = await idOf(users.get('ADMIN')!.email);
    const own = await send('PATCH', `/api/users/${self}`, { role: 'BOOKKEEPER', code: await code() });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toContain('your own role');

    const target = await idOf(users.get('HR_MANAGER')!.email);
    const client = await send('PATCH', `/api/users/${target}`, { role: 'CLIENT' });
    expect(client.statusCode).toBe(400);
    expect(client.json().field).toBe('role');
    expect((await send('PATCH', `/api/users/${target}`, {})).json().field).toBe('role');
    expect((await send('PATCH', '/api/users/abc', { role: 'ADMIN' })).json().field).toBe('userId');

    expect((await send('PATCH', '/api/users/999999', { role: 'ADMIN', code: await code() })).statusCode).toBe(404);
    const clientUser = await idOf(users.get('CLIENT')!.email);
    expect((await send('PATCH', `/api/users/${clientUser}`, { role: 'ADMIN', code: await code() })).statusCode).toBe(404);
  });

  it("asks for the ADMIN's fresh code: none, a malformed or a wrong one changes nothing; only a wrong six-digit code is counted", async () => {
    const { user } = await invite('BOOKKEEPER');
    const adminId = await idOf(users.get('ADMIN')!.email);
    const failures = async () => (await app.db.query<{ failures: number }>('SELECT failures FROM second_factors WHERE user_id = $1', [adminId]))[0]!.failures;

    const none = await send('PATCH', `/api/users/${user.id}`, { role: 'REVIEWER' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ errorCode: 'INVALID_INPUT', field: 'code' });
    expect(none.json().message).toContain('authenticator app');
    const short = await send('PATCH', `/api/users/${user.id}`, { role: 'REVIEWER', code: '12345' });
    expect(short.json()).toMatchObject({ errorCode: 'INVALID_INPUT', field: 'code', message: 'Code must be the six digits your app shows.' });
    expect(await failures()).toBe(0);

    const right = await code();
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const refused = await send('PATCH', `/api/users/${user.id}`, { role: 'REVIEWER', code: wrong });
    expect(refused.json()).toMatchObject({ errorCode: 'INVALID_INPUT', field: 'code' });
    expect(await failures()).toBe(1);
    expect((await get(`/api/users/?search=${encodeURIComponent(user.email)}`)).json<Page<StaffUser>>().results[0]?.role).toBe('BOOKKEEPER');

    const changed = await send('PATCH', `/api/users/${user.id}`, { role: 'REVIEWER', code: right });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await failures()).toBe(0);
    // Good once: the same code again is a replay.
    expect((await send('PATCH', `/api/users/${user.id}`, { role: 'BD_EXEC', code: right })).statusCode).toBe(409);
  });
});

describe('deactivate and reactivate', () => {
  it('disables the account, revokes its sessions, refuses its token at once, and reactivation undoes it', async () => {
    const { user, set_password_link: link } = await invite('MARKETING');
    await setPassword(link, 'deactivate-password');
    const token = await signIn(emulatorHost, user.email, 'deactivate-password');
    expect((await app.inject({ method: 'GET', url: '/api/users/me', headers: auth(token) })).statusCode).toBe(200);

    const response = await send('POST', `/api/users/${user.id}/deactivate`);
    expect(response.statusCode).toBe(200);
    expect(response.json<StaffUser>().active).toBe(false);
    expect((await firebaseAccount(user.email))?.disabled).toBe(true);
    const refused = await app.inject({ method: 'GET', url: '/api/users/me', headers: auth(token) });
    expect(refused.statusCode).toBe(401);
    // The token was verified a moment ago and is still trusted (as the gateway trusts one): the users row refuses it.
    expect(refused.json()).toEqual({ errorCode: 'AUTHENTICATION_FAILED', message: 'This account has been deactivated. Ask an administrator.' });
    await expect(signIn(emulatorHost, user.email, 'deactivate-password')).rejects.toThrow(/USER_DISABLED/);
    const listed = (await get(`/api/users/?search=${encodeURIComponent(user.email)}`)).json<Page<StaffUser>>();
    expect(listed.results).toMatchObject([{ id: user.id, active: false }]);
    const [deactivatedAt] = await app.db.query<{ deactivated_at: Date | null }>('SELECT deactivated_at FROM users WHERE id = $1', [user.id]);
    expect(deactivatedAt?.deactivated_at).toBeInstanceOf(Date);

    expect((await send('POST', `/api/users/${user.id}/deactivate`)).statusCode).toBe(200);
    expect((await send('POST', `/api/users/${user.id}/set-password-link`)).statusCode).toBe(409);

    const back = await send('POST', `/api/users/${user.id}/reactivate`);
    expect(back.json<StaffUser>().active).toBe(true);
    expect((await firebaseAccount(user.email))?.disabled).toBe(false);
    const fresh = await signIn(emulatorHost, user.email, 'deactivate-password');
    expect((await app.inject({ method: 'GET', url: '/api/users/me', headers: auth(fresh) })).statusCode).toBe(200);

    expect((await auditOf(user.id)).map((event) => [event.kind, event.before, event.after])).toEqual([
      ['reactivated', { active: false }, { active: true }],
      ['deactivated', { active: true }, { active: false }],
      ['invited', null, expect.objectContaining({ role: 'MARKETING' })],
    ]);
  });

  it('disables the Firebase account of a user who never signed in (found by e-mail)', async () => {
    const email = uniqueEmail('unbound');
    await createUnboundStaff(email);
    const id = await idOf(email);
    expect((await send('POST', `/api/users/${id}/deactivate`)).statusCode).toBe(200);
    expect((await firebaseAccount(email))?.disabled).toBe(true);
  });

  it('refuses an inactive user on the back end even while Firebase still accepts the token', async () => {
    const email = uniqueEmail('inactive-row');
    await createUnboundStaff(email);
    const token = await signIn(emulatorHost, email, 'unbound-password');
    await app.db.query('UPDATE users SET active = false WHERE email = $1', [email]);
    const refused = await app.inject({ method: 'GET', url: '/api/users/me', headers: auth(token) });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ errorCode: 'AUTHENTICATION_FAILED', message: 'This account has been deactivated. Ask an administrator.' });
  });

  it('refuses to deactivate yourself', async () => {
    const self = await idOf(users.get('ADMIN')!.email);
    const response = await send('POST', `/api/users/${self}/deactivate`);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toContain('deactivate yourself');
    expect((await get('/api/users/me')).statusCode).toBe(200);
  });
});

describe('the audit', () => {
  it('lists every user event newest first with who acted, readable by ADMIN only', async () => {
    const { user } = await invite('BD_EXEC');
    await send('PATCH', `/api/users/${user.id}`, { role: 'BD_MANAGER', code: await code() });
    const all = (await get('/api/users/audit/?page_size=100')).json<Page<UserAuditEvent>>();
    expect(all.results.slice(0, 2).map((event) => [event.kind, event.user.id])).toEqual([
      ['role_changed', user.id],
      ['invited', user.id],
    ]);
    const times = all.results.map((event) => Date.parse(event.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((await get('/api/users/audit/?user_id=0')).json().field).toBe('user_id');
  });
});

/**
 * The guard against losing the last active administrator, on the rules without HTTP: through the API the
 * self-guard answers first, so the case only arises when two administrators act on each other at once.
 * Firebase is replaced by a recorder here (the rules, not Firebase, are under test).
 */
describe('rules without HTTP', () => {
  let db: Database;
  const calls: string[] = [];
  const recorder = (failOn?: keyof IdentityAdmin): IdentityAdmin => {
    const step = async (name: keyof IdentityAdmin, argument: unknown) => {
      calls.push(`${name}:${typeof argument === 'string' ? argument : JSON.stringify(argument)}`);
      if (name === failOn) throw new HttpError(503, 'AUTH_UNAVAILABLE', 'provider down');
    };
    return {
      createAccount: async (input) => (await step('createAccount', input), 'uid-new'),
      deleteAccount: (uid) => step('deleteAccount', uid),
      findUid: async (email) => (await step('findUid', email), null),
      passwordResetLink: async (email) => (await step('passwordResetLink', email), 'http://127.0.0.1:9099/emulator/action?mode=resetPassword&oobCode=abc&apiKey=k'),
      disable: (uid) => step('disable', uid),
      enable: (uid) => step('enable', uid),
      revokeSessions: (uid) => step('revokeSessions', uid),
      markSecondFactor: (uid) => step('markSecondFactor', uid),
      clearSecondFactor: (uid) => step('clearSecondFactor', uid),
    };
  };
  const deps = (identity: IdentityAdmin): UsersDeps => ({ db, identity, log: app.log });
  let adminA: number;
  let adminB: number;

  beforeAll(async () => {
    db = await openDatabase('memory://', { pgliteDump: await readPgliteDump(inject('databaseTemplates').pgliteMigrated) });
    const insert = async (email: string, uid: string) =>
      (await db.query<{ id: number }>("INSERT INTO users (email, role, firebase_uid) VALUES ($1, 'ADMIN', $2) RETURNING id", [email, uid]))[0]!.id;
    adminA = await insert('a@example.test', 'uid-a');
    adminB = await insert('b@example.test', 'uid-b');
  });
  afterAll(() => db?.close());

  it('keeps one active ADMIN when two administrators demote or deactivate each other', async () => {
    await changeRole(deps(recorder()), { id: adminA }, adminB, 'BOOKKEEPER');
    await expect(changeRole(deps(recorder()), { id: adminB }, adminA, 'BOOKKEEPER')).rejects.toMatchObject({ statusCode: 409, errorCode: 'CONFLICT' });
    await expect(deactivateUser(deps(recorder()), { id: adminB }, adminA)).rejects.toMatchObject({ statusCode: 409 });
    const admins = await db.query<{ id: number }>("SELECT id FROM users WHERE role = 'ADMIN' AND active");
    expect(admins).toEqual([{ id: adminA }]);
  });

  it('rolls the row back when Firebase refuses a deactivation', async () => {
    calls.length = 0;
    await expect(deactivateUser(deps(recorder('disable')), { id: adminA }, adminB)).rejects.toMatchObject({ statusCode: 503 });
    expect((await db.query<{ active: boolean }>('SELECT active FROM users WHERE id = $1', [adminB]))[0]?.active).toBe(true);
    expect(await db.query("SELECT 1 FROM audit_events WHERE entity = 'user' AND entity_id = $1 AND kind = 'deactivated'", [adminB])).toEqual([]);
    // The half-done disable is undone (the account may have been disabled before the revocation failed).
    expect(calls).toEqual(['disable:uid-b', 'enable:uid-b']);
  });

  it('deletes the new Firebase account when the invitation fails after creating it, leaving no row', async () => {
    calls.length = 0;
    await expect(
      inviteUser(deps(recorder('passwordResetLink')), { id: adminA }, { email: 'c@example.test', display_name: 'C', role: 'REVIEWER' }, 'http://console.test'),
    ).rejects.toMatchObject({ statusCode: 503 });
    expect(calls).toEqual(['createAccount:{"email":"c@example.test","displayName":"C"}', 'passwordResetLink:c@example.test', 'deleteAccount:uid-new']);
    expect(await db.query("SELECT 1 FROM users WHERE email = 'c@example.test'")).toEqual([]);
  });

  it('rewrites the provider link onto the console set-password page', async () => {
    const { set_password_link: link } = await inviteUser(deps(recorder()), { id: adminA }, { email: 'd@example.test', display_name: 'D', role: 'REVIEWER' }, 'https://console.test');
    expect(link).toBe('https://console.test/users/set-password?mode=resetPassword&oobCode=abc');
  });
});

/** A staff row plus a verified emulator account that has not called the back end yet (so the row is not bound). */
async function createUnboundStaff(email: string): Promise<void> {
  await seedEmulatorAccounts(emulatorHost, TEST_PROJECT_ID, [{ email, password: 'unbound-password', role: 'BD_EXEC', displayName: 'Unbound' }]);
  await app.db.query("INSERT INTO users (email, display_name, role) VALUES ($1, 'Unbound', 'BD_EXEC')", [email]);
}
