/**
 * Ending sessions and the ADMIN network rule against the real Auth emulator: sign out everywhere
 * (self, and ADMIN on another) revokes the account so its earlier token fails a revocation check, audited;
 * another's client account is not found; an ADMIN call the gateway marks as from outside ADMIN_ALLOWED_CIDRS
 * is refused and audited, other roles pass.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AuditEntry } from '../../../common/contract/audit.ts';
import { ADMIN_NETWORK_HEADER } from '../../../common/contract/http.ts';
import type { Page } from '../../../common/contract/shared.ts';
import { createTokenVerifier, type TokenVerifier } from '../../../common/server/token-verifier.ts';
import { ROLES, type Role } from '../../../common/roles.ts';
import { TEST_PROJECT_ID } from '../../support/constants.ts';
import type { SessionList } from '../../../common/contract/security.ts';
import { DEMO_PASSWORD } from '../../../backend/src/demo/accounts.ts';
import { emulatorFetch } from '../../../scripts/lib/emulator-fetch.ts';
import { listSessions } from '../../../backend/src/modules/security/second-factor.ts';
import { auth, createUsers, signIn, startBackend, stepUpCodes, type TestUser } from '../support.ts';

const emulatorHost = inject('authEmulatorHost');
let app: FastifyInstance;
let users: Map<Role, TestUser>;
let revocation: TokenVerifier;
/** The ADMIN's fresh code (step-up), which ending another's sessions needs. */
let adminCode: () => Promise<string>;

const post = (url: string, role: Role, headers: Record<string, string> = {}, payload?: object) =>
  app.inject({ method: 'POST', url, headers: { ...auth(users.get(role)!.token), ...headers }, ...(payload ? { payload } : {}) });
const me = (token: string) => app.inject({ method: 'GET', url: '/api/users/me', headers: auth(token) });
const idOf = async (email: string) => (await app.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]))[0]!.id;
const events = async (query: string) => (await app.inject({ method: 'GET', url: `/api/audit/?${query}`, headers: auth(users.get('ADMIN')!.token) })).json<Page<AuditEntry>>().results;
// Revocation compares sign-in and revocation times in whole seconds: a sign-in in the revocation's own second is not refused.
const nextSecond = () => new Promise((done) => setTimeout(done, 1100));

beforeAll(async () => {
  app = await startBackend(emulatorHost);
  users = await createUsers(app, emulatorHost, ROLES, 'sessions');
  revocation = createTokenVerifier({ projectId: TEST_PROJECT_ID, timeoutMs: 5000, checkRevoked: true, cacheMs: 0 });
  adminCode = (await stepUpCodes(app, users.get('ADMIN')!.email)).code;
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  app?.server.closeAllConnections();
  await revocation?.close();
  await app?.close();
});

describe('sign out everywhere', () => {
  it('ends one’s own sessions: the earlier token fails the revocation check, a new sign-in works, audited', async () => {
    const me = users.get('BOOKKEEPER')!;
    expect((await revocation.verify(me.token)).ok).toBe(true);
    await nextSecond();
    const response = await post('/api/security/sign-out-everywhere', 'BOOKKEEPER');
    expect(response.statusCode, response.body).toBe(200);
    const myId = await idOf(me.email);
    expect(response.json()).toMatchObject({ user_id: myId });
    expect(await revocation.verify(me.token)).toMatchObject({ ok: false, reason: 'invalid' });
    // The back end refuses the earlier token at once, without waiting for the gateway's verification cache.
    const ended = await app.inject({ method: 'GET', url: '/api/users/me', headers: auth(me.token) });
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toEqual({ errorCode: 'SESSION_ENDED', message: 'You signed out everywhere. Log in again to continue.' });
    await nextSecond();
    const fresh = await signIn(emulatorHost, me.email);
    expect((await revocation.verify(fresh)).ok).toBe(true);
    users.set('BOOKKEEPER', { ...me, token: fresh });
    expect(await events(`entity=user&record=${myId}&kind=signed_out_everywhere`)).toMatchObject([{ actor: { id: myId }, data: { by: 'self' } }]);
  });

  it('lets an ADMIN end another staff user’s sessions, and nobody else', async () => {
    const target = users.get('REVIEWER')!;
    const targetId = await idOf(target.email);
    expect((await post(`/api/security/users/${targetId}/sign-out-everywhere`, 'BD_MANAGER')).statusCode).toBe(403);
    await nextSecond();
    // Not without the ADMIN's fresh code: nothing ends.
    const without = await post(`/api/security/users/${targetId}/sign-out-everywhere`, 'ADMIN');
    expect(without.json()).toMatchObject({ errorCode: 'INVALID_INPUT', field: 'code' });
    expect((await me(target.token)).statusCode).toBe(200);
    const response = await post(`/api/security/users/${targetId}/sign-out-everywhere`, 'ADMIN', {}, { code: await adminCode() });
    expect(response.statusCode, response.body).toBe(200);
    expect(await revocation.verify(target.token)).toMatchObject({ ok: false });
    expect((await me(target.token)).json()).toEqual({ errorCode: 'SESSION_ENDED', message: 'Your session was ended by an administrator.' });
    const adminId = await idOf(users.get('ADMIN')!.email);
    expect(await events(`entity=user&record=${targetId}&kind=signed_out_everywhere`)).toMatchObject([{ actor: { id: adminId }, data: { by: 'administrator' } }]);
    const client = await idOf(users.get('CLIENT')!.email);
    expect((await post(`/api/security/users/${client}/sign-out-everywhere`, 'ADMIN', {}, { code: await adminCode() })).statusCode).toBe(404);
  });

  it('tells the open notification stream of an ended session, which closes, and leaves a later sign-in alone', async () => {
    const target = users.get('BD_EXEC')!;
    const targetId = await idOf(target.email);
    const address = app.server.address() as { port: number };
    const open = (token: string) => fetch(`http://127.0.0.1:${address.port}/api/notifications/stream`, { headers: auth(token), signal: AbortSignal.timeout(30_000) });
    const stream = await open(target.token);
    expect(stream.status).toBe(200);
    await nextSecond();
    expect((await post(`/api/security/users/${targetId}/sign-out-everywhere`, 'ADMIN', {}, { code: await adminCode() })).statusCode).toBe(200);
    // The stream ends by itself, its last event saying who ended the session.
    const text = await stream.text();
    expect(text).toContain('event: ended\ndata: {"message":"Your session was ended by an administrator."}\n\n');
    // Its reconnect is refused with the same sentence, so the console stops knocking.
    const again = await open(target.token);
    expect(again.status).toBe(401);
    expect(await again.json()).toEqual({ errorCode: 'SESSION_ENDED', message: 'Your session was ended by an administrator.' });
    await nextSecond();
    const fresh = await signIn(emulatorHost, target.email);
    const later = await open(fresh);
    expect(later.status).toBe(200);
    await later.body?.cancel();
    users.set('BD_EXEC', { ...target, token: fresh });
  });
});

describe('one’s own sessions', () => {
  /** A password sign-in as the web SDK makes it: the bare ID token and the refresh token. */
  async function passwordSignIn(email: string): Promise<{ idToken: string; refreshToken: string }> {
    const response = await emulatorFetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD, returnSecureToken: true }),
    });
    return (await response.json()) as { idToken: string; refreshToken: string };
  }
  async function refreshed(refreshToken: string): Promise<string> {
    const response = await emulatorFetch(`http://${emulatorHost}/securetoken.googleapis.com/v1/token?key=fake`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }).toString(),
    });
    return ((await response.json()) as { id_token: string }).id_token;
  }

  it('lists the sign-ins whose code was checked, this one marked, with address and browser', async () => {
    const email = users.get('HR_MANAGER')!.email;
    const factor = await stepUpCodes(app, email);
    await nextSecond();
    const signedIn = await passwordSignIn(email);
    const browser = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
    const verify = await app.inject({
      method: 'POST',
      url: '/api/security/second-factor/verify',
      headers: { ...auth(signedIn.idToken), 'user-agent': browser, 'x-forwarded-for': '203.0.113.20' },
      payload: { code: await factor.code() },
      remoteAddress: '127.0.0.1',
    });
    expect(verify.statusCode, verify.body).toBe(200);
    const token = await refreshed(signedIn.refreshToken);
    const list = await app.inject({ method: 'GET', url: '/api/security/sessions', headers: auth(token) });
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json<SessionList>();
    expect(body.ended_at).toBeNull();
    expect(body.sessions).toHaveLength(1);
    expect(body.sessions[0]).toMatchObject({ current: true, browser, client_address: '203.0.113.20', second_factor: 'code' });
    // A client account has no staff sessions here.
    expect((await app.inject({ method: 'GET', url: '/api/security/sessions', headers: auth(users.get('CLIENT')!.token) })).statusCode).toBe(403);
  });
});

describe('which sessions are still valid', () => {
  const HOUR = 3_600_000;
  /** A code check recorded at `checkedAt` for a sign-in at `signedInAt` (epoch ms), as signed_in events are written. */
  async function signedInEvent(userId: number, signedInAt: number, checkedAt: number, browser: string): Promise<void> {
    await app.db.query(
      "INSERT INTO audit_events (entity, entity_id, kind, actor_id, data, created_at) VALUES ('user', $1, 'signed_in', $1, $2, $3)",
      [userId, JSON.stringify({ second_factor: 'code', auth_time: new Date(Math.floor(signedInAt / 1000) * 1000).toISOString(), browser }), new Date(checkedAt)],
    );
  }

  it('lists the sign-ins younger than the session limit and not before the sessions ended, by sign-in time, once each', async () => {
    const userId = await idOf(users.get('REVIEWER')!.email);
    await app.db.query('UPDATE users SET sessions_ended_at = NULL, sessions_ended_by = NULL WHERE id = $1', [userId]);
    const now = Date.now();
    await signedInEvent(userId, now - 13 * HOUR, now - 13 * HOUR + 60_000, 'thirteen hours');
    // A code checked an hour ago for a sign-in of 20 hours ago (a re-enrolment): the sign-in is what expires.
    await signedInEvent(userId, now - 20 * HOUR, now - HOUR, 'twenty hours');
    await signedInEvent(userId, now - 2 * HOUR, now - 2 * HOUR + 30_000, 'two hours');
    await signedInEvent(userId, now - 2 * HOUR, now - HOUR, 'two hours');
    const deps = { db: app.db, identity: app.identity, now: () => now };
    const browsers = async (maxHours: number) => (await listSessions(deps, userId, Math.floor((now - 2 * HOUR) / 1000), maxHours)).sessions.map((entry) => [entry.browser, entry.current]);

    expect(await browsers(12)).toEqual([['two hours', true]]);
    expect(await browsers(24)).toEqual([['two hours', true], ['thirteen hours', false], ['twenty hours', false]]);
    expect((await listSessions(deps, userId, 0, 24)).max_hours).toBe(24);
    // Ended three hours ago: only the sign-in after it is still valid, however long the limit.
    await app.db.query('UPDATE users SET sessions_ended_at = $2 WHERE id = $1', [userId, new Date(now - 3 * HOUR)]);
    expect(await browsers(720)).toEqual([['two hours', true]]);
  });
});

describe('unlocking a second factor', () => {
  it('lets an ADMIN see and lift another staff user’s lock, audited; not when unlocked, not their own, not without the role', async () => {
    const target = users.get('MARKETING')!;
    const targetId = await idOf(target.email);
    await stepUpCodes(app, target.email);
    const until = new Date(Date.now() + 10 * 60_000);
    await app.db.query('UPDATE second_factors SET locked_until = $2 WHERE user_id = $1', [targetId, until]);
    const status = await app.inject({ method: 'GET', url: `/api/security/users/${targetId}/second-factor`, headers: auth(users.get('ADMIN')!.token) });
    expect(status.json()).toEqual({ enrolled: true, locked_until: until.toISOString(), recovery_codes_left: 0 });
    expect((await post(`/api/security/users/${targetId}/second-factor/unlock`, 'BD_MANAGER')).statusCode).toBe(403);
    const unlocked = await post(`/api/security/users/${targetId}/second-factor/unlock`, 'ADMIN');
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect((await app.db.query<{ locked_until: Date | null }>('SELECT locked_until FROM second_factors WHERE user_id = $1', [targetId]))[0]).toEqual({ locked_until: null });
    const adminId = await idOf(users.get('ADMIN')!.email);
    expect(await events(`entity=user&record=${targetId}&kind=second_factor_unlocked`)).toMatchObject([{ actor: { id: adminId } }]);
    expect((await post(`/api/security/users/${targetId}/second-factor/unlock`, 'ADMIN')).statusCode).toBe(409);
    expect((await post(`/api/security/users/${adminId}/second-factor/unlock`, 'ADMIN')).statusCode).toBe(409);
    const client = await idOf(users.get('CLIENT')!.email);
    expect((await app.inject({ method: 'GET', url: `/api/security/users/${client}/second-factor`, headers: auth(users.get('ADMIN')!.token) })).statusCode).toBe(404);
  });
});

describe('ADMIN_ALLOWED_CIDRS (the gateway’s verdict)', () => {
  it('refuses an ADMIN call from outside with 403 in the catalogue shape, audited; other roles and inside calls pass', async () => {
    const outside = { [ADMIN_NETWORK_HEADER]: 'outside', 'x-forwarded-for': '198.51.100.9' };
    const refused = await app.inject({ method: 'GET', url: '/api/users/me', headers: { ...auth(users.get('ADMIN')!.token), ...outside }, remoteAddress: '127.0.0.1' });
    expect(refused.statusCode).toBe(403);
    // Its own code, so the console shows this sentence rather than the generic 'Access Denied'.
    expect(refused.json()).toEqual({ errorCode: 'ADMIN_NETWORK_REFUSED', message: 'Administrator access is allowed only from the office or VPN networks.' });
    const inside = await app.inject({ method: 'GET', url: '/api/users/me', headers: { ...auth(users.get('ADMIN')!.token), [ADMIN_NETWORK_HEADER]: 'inside' } });
    expect(inside.statusCode).toBe(200);
    const other = await app.inject({ method: 'GET', url: '/api/users/me', headers: { ...auth(users.get('BD_EXEC')!.token), ...outside } });
    expect(other.statusCode).toBe(200);
    const adminId = await idOf(users.get('ADMIN')!.email);
    expect(await events(`actor=${adminId}&kind=admin_network_refused`)).toMatchObject([{ data: { method: 'GET', path: '/api/users/me' }, client_address: '198.51.100.9' }]);
  });
});
