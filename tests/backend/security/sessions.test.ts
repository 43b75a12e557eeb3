/**
 * Ending sessions and the ADMIN network rule (issue 33) against the real Auth emulator: sign out everywhere
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
import { auth, createUsers, signIn, startBackend, type TestUser } from '../support.ts';

const emulatorHost = inject('authEmulatorHost');
let app: FastifyInstance;
let users: Map<Role, TestUser>;
let revocation: TokenVerifier;

const post = (url: string, role: Role, headers: Record<string, string> = {}) => app.inject({ method: 'POST', url, headers: { ...auth(users.get(role)!.token), ...headers } });
const idOf = async (email: string) => (await app.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]))[0]!.id;
const events = async (query: string) => (await app.inject({ method: 'GET', url: `/api/audit/?${query}`, headers: auth(users.get('ADMIN')!.token) })).json<Page<AuditEntry>>().results;
// Revocation compares sign-in and revocation times in whole seconds: a sign-in in the revocation's own second is not refused.
const nextSecond = () => new Promise((done) => setTimeout(done, 1100));

beforeAll(async () => {
  app = await startBackend(emulatorHost);
  users = await createUsers(app, emulatorHost, ROLES, 'sessions');
  revocation = createTokenVerifier({ projectId: TEST_PROJECT_ID, timeoutMs: 5000, checkRevoked: true, cacheMs: 0 });
});
afterAll(async () => {
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
    const response = await post(`/api/security/users/${targetId}/sign-out-everywhere`, 'ADMIN');
    expect(response.statusCode, response.body).toBe(200);
    expect(await revocation.verify(target.token)).toMatchObject({ ok: false });
    const adminId = await idOf(users.get('ADMIN')!.email);
    expect(await events(`entity=user&record=${targetId}&kind=signed_out_everywhere`)).toMatchObject([{ actor: { id: adminId }, data: { by: 'administrator' } }]);
    const client = await idOf(users.get('CLIENT')!.email);
    expect((await post(`/api/security/users/${client}/sign-out-everywhere`, 'ADMIN')).statusCode).toBe(404);
  });
});

describe('ADMIN_ALLOWED_CIDRS (the gateway’s verdict)', () => {
  it('refuses an ADMIN call from outside with 403 in the catalogue shape, audited; other roles and inside calls pass', async () => {
    const outside = { [ADMIN_NETWORK_HEADER]: 'outside', 'x-forwarded-for': '198.51.100.9' };
    const refused = await app.inject({ method: 'GET', url: '/api/users/me', headers: { ...auth(users.get('ADMIN')!.token), ...outside }, remoteAddress: '127.0.0.1' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ errorCode: 'FORBIDDEN', message: 'Administrator access is allowed only from the office or VPN networks.' });
    const inside = await app.inject({ method: 'GET', url: '/api/users/me', headers: { ...auth(users.get('ADMIN')!.token), [ADMIN_NETWORK_HEADER]: 'inside' } });
    expect(inside.statusCode).toBe(200);
    const other = await app.inject({ method: 'GET', url: '/api/users/me', headers: { ...auth(users.get('BD_EXEC')!.token), ...outside } });
    expect(other.statusCode).toBe(200);
    const adminId = await idOf(users.get('ADMIN')!.email);
    expect(await events(`actor=${adminId}&kind=admin_network_refused`)).toMatchObject([{ data: { method: 'GET', path: '/api/users/me' }, client_address: '198.51.100.9' }]);
  });
});
