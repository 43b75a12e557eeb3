/**
 * The staff second factor. Over HTTP against the real Auth emulator: a password sign-in alone is
 * refused (401 SECOND_FACTOR_REQUIRED) but may enrol; enrolment confirmed by a code answers ten recovery
 * codes; the code check marks the sign-in on the account's claim, so the refreshed token passes and a new
 * sign-in needs a new code; a code is good once per time step. On the rules without HTTP, with a clock the
 * test moves: five wrong codes lock for 15 minutes and the lock ends; recovery codes are single-use; an ADMIN
 * resets another's factor (audited, notified), nobody their own without a recovery code.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AuditEntry } from '../../../common/contract/audit.ts';
import type { Page } from '../../../common/contract/shared.ts';
import { demoTotpSecret } from '../../../backend/src/demo/accounts.ts';
import { DEMO_PASSWORD } from '../../../backend/src/demo/accounts.ts';
import { confirmEnrolment, resetUserSecondFactor, startEnrolment, verifySignIn, type SecondFactorDeps, type SignIn } from '../../../backend/src/modules/security/second-factor.ts';
import { codeAt, TOTP_PERIOD_SECONDS } from '../../../backend/src/modules/security/totp.ts';
import type { IdentityAdmin } from '../../../backend/src/plugins/identity.ts';
import { emulatorFetch } from '../../../scripts/lib/emulator-fetch.ts';
import type { Role } from '../../../common/roles.ts';
import { auth, createUsers, startBackend, stepUpCodes, type TestUser } from '../support.ts';

const emulatorHost = inject('authEmulatorHost');
let app: FastifyInstance;
let users: Map<Role, TestUser>;

const idOf = async (email: string) => (await app.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]))[0]!.id;
const events = async (query: string) => (await app.inject({ method: 'GET', url: `/api/audit/?${query}`, headers: auth(users.get('ADMIN')!.token) })).json<Page<AuditEntry>>().results;

/** A password sign-in as the web SDK makes it: the bare ID token and the refresh token. */
async function passwordSignIn(email: string): Promise<{ idToken: string; refreshToken: string }> {
  const response = await emulatorFetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD, returnSecureToken: true }),
  });
  return (await response.json()) as { idToken: string; refreshToken: string };
}

/** getIdToken(true): the token refreshed, carrying the account's claims as they are now. */
async function refreshed(refreshToken: string): Promise<string> {
  const response = await emulatorFetch(`http://${emulatorHost}/securetoken.googleapis.com/v1/token?key=fake`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }).toString(),
  });
  return ((await response.json()) as { id_token: string }).id_token;
}

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) =>
  app.inject({ method, url, headers: { ...auth(token), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) }, ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }) });

// A new sign-in in the same second as the last has the same auth_time: wait a second between them.
const nextSecond = () => new Promise((done) => setTimeout(done, 1100));

beforeAll(async () => {
  app = await startBackend(emulatorHost);
  users = await createUsers(app, emulatorHost, ['ADMIN', 'BOOKKEEPER', 'REVIEWER', 'BD_EXEC', 'CLIENT'], 'factor');
}, 60_000);
afterAll(() => app?.close());

describe('over HTTP', () => {
  it('refuses a password-only staff sign-in, enrols with a code, and binds the code to that sign-in', async () => {
    const email = users.get('BOOKKEEPER')!.email;
    // createUsers signed in (with the factor) within this second: a sign-in of the same second is the same auth_time.
    await nextSecond();
    const first = await passwordSignIn(email);
    const refused = await call('GET', '/api/notifications/', first.idToken);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ errorCode: 'SECOND_FACTOR_REQUIRED' });
    // The profile answers, saying the code is still needed.
    expect((await call('GET', '/api/users/me', first.idToken)).json()).toMatchObject({ second_factor_missing: true });
    expect((await call('GET', '/api/security/second-factor', first.idToken)).json()).toEqual({ enrolled: false, locked_until: null, recovery_codes_left: 0 });

    const enrolment = (await call('POST', '/api/security/second-factor/enrolment', first.idToken, {})).json<{ secret: string; uri: string }>();
    expect(enrolment.uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    const wrong = await call('POST', '/api/security/second-factor/enrolment/confirm', first.idToken, { code: codeAt(enrolment.secret, Date.now() - 10 * TOTP_PERIOD_SECONDS * 1000) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ errorCode: 'INVALID_INPUT', field: 'code' });
    const confirmed = await call('POST', '/api/security/second-factor/enrolment/confirm', first.idToken, { code: codeAt(enrolment.secret, Date.now()) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const codes = confirmed.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const stored = await app.db.query<{ code_hash: string }>('SELECT code_hash FROM second_factor_recovery_codes WHERE user_id = $1', [await idOf(email)]);
    expect(stored.map((row) => row.code_hash)).not.toContain(codes[0]);
    expect((await call('POST', '/api/security/second-factor/enrolment', first.idToken, {})).statusCode).toBe(409);

    // The same token still lacks the claim; refreshed, it carries it.
    expect((await call('GET', '/api/notifications/', first.idToken)).statusCode).toBe(401);
    const firstRefreshed = await refreshed(first.refreshToken);
    expect((await call('GET', '/api/notifications/', firstRefreshed)).statusCode).toBe(200);
    expect((await call('GET', '/api/users/me', firstRefreshed)).json()).toMatchObject({ second_factor_missing: false });

    // A new sign-in needs a new code; the code already used in this step is refused (replay), the next step's passes.
    await nextSecond();
    const second = await passwordSignIn(email);
    expect((await call('GET', '/api/notifications/', second.idToken)).json()).toMatchObject({ errorCode: 'SECOND_FACTOR_REQUIRED' });
    const used = await app.db.query<{ last_step: string }>('SELECT last_step::text AS last_step FROM second_factors WHERE user_id = $1', [await idOf(email)]);
    const replay = await call('POST', '/api/security/second-factor/verify', second.idToken, { code: codeAt(enrolment.secret, Number(used[0]!.last_step) * TOTP_PERIOD_SECONDS * 1000) });
    expect(replay.statusCode).toBe(409);
    const next = await call('POST', '/api/security/second-factor/verify', second.idToken, { code: codeAt(enrolment.secret, (Number(used[0]!.last_step) + 1) * TOTP_PERIOD_SECONDS * 1000) });
    expect(next.statusCode, next.body).toBe(200);
    expect((await call('GET', '/api/notifications/', await refreshed(second.refreshToken))).statusCode).toBe(200);
    // The first sign-in keeps its claim too (a second browser does not sign the first one out).
    expect((await call('GET', '/api/notifications/', await refreshed(first.refreshToken))).statusCode).toBe(200);

    const userId = await idOf(email);
    const kinds = (await events(`entity=user&record=${userId}`)).map((event) => event.kind);
    expect(kinds).toEqual(expect.arrayContaining(['second_factor_enrolled', 'signed_in', 'second_factor_failed']));
  });

  it('leaves client accounts alone, and refuses them the staff factor', async () => {
    const client = await passwordSignIn(users.get('CLIENT')!.email);
    expect((await call('GET', '/api/users/me', client.idToken)).json()).toMatchObject({ second_factor_missing: false });
    expect((await call('POST', '/api/security/second-factor/enrolment', client.idToken, {})).statusCode).toBe(403);
  });

  it('lets an ADMIN reset another staff user’s factor, audited and notified; not their own, not without the role', async () => {
    const target = users.get('REVIEWER')!;
    const targetId = await idOf(target.email);
    const adminId = await idOf(users.get('ADMIN')!.email);
    await app.db.query("INSERT INTO second_factors (user_id, secret, confirmed_at) VALUES ($1, 'JBSWY3DPEHPK3PXP', CURRENT_TIMESTAMP)", [targetId]);
    expect((await call('POST', `/api/security/users/${targetId}/second-factor/reset`, users.get('BD_EXEC')!.token, {})).statusCode).toBe(403);
    expect((await call('POST', `/api/security/users/${adminId}/second-factor/reset`, users.get('ADMIN')!.token, {})).statusCode).toBe(409);
    // The ADMIN's fresh code first: without it, or with a wrong one, nothing is reset.
    const admin = await stepUpCodes(app, users.get('ADMIN')!.email);
    const without = await call('POST', `/api/security/users/${targetId}/second-factor/reset`, users.get('ADMIN')!.token, {});
    expect(without.json()).toMatchObject({ errorCode: 'INVALID_INPUT', field: 'code' });
    const right = await admin.code();
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    expect((await call('POST', `/api/security/users/${targetId}/second-factor/reset`, users.get('ADMIN')!.token, { code: wrong })).json()).toMatchObject({ field: 'code' });
    expect(await app.db.query('SELECT 1 FROM second_factors WHERE user_id = $1', [targetId])).toHaveLength(1);
    // The user's tab is open and working: its token was checked a moment ago.
    expect((await call('GET', '/api/users/me', target.token)).statusCode).toBe(200);
    const reset = await call('POST', `/api/security/users/${targetId}/second-factor/reset`, users.get('ADMIN')!.token, { code: right });
    expect(reset.statusCode, reset.body).toBe(200);
    // The reset ends the user's sessions: the back end refuses their earlier token at once, saying who ended it.
    const ended = await call('GET', '/api/users/me', target.token);
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toEqual({ errorCode: 'SESSION_ENDED', message: 'Your session was ended by an administrator.' });
    expect(await app.db.query('SELECT 1 FROM second_factors WHERE user_id = $1', [targetId])).toHaveLength(0);
    expect(await events(`entity=user&record=${targetId}&kind=second_factor_reset`)).toMatchObject([{ actor: { id: adminId }, data: { by: 'administrator' } }]);
    expect(await app.db.query("SELECT 1 FROM notifications WHERE user_id = $1 AND kind = 'second_factor_reset'", [targetId])).toHaveLength(1);
  });
});

describe('the rules, with a clock the test moves', () => {
  const marked: number[] = [];
  const identity = { markSecondFactor: async (_uid: string, authTime: number) => void marked.push(authTime), clearSecondFactor: async () => {}, revokeSessions: async () => {}, findUid: async () => null } as unknown as IdentityAdmin;
  let clock = Date.UTC(2026, 10, 28, 9, 0, 0);
  const deps = (): SecondFactorDeps => ({ db: app.db, identity, now: () => clock });
  let signIn: SignIn;
  let secret: string;
  let recovery: string[];

  beforeAll(async () => {
    const email = users.get('BD_EXEC')!.email;
    signIn = { userId: await idOf(email), email, uid: 'uid-rules', authTime: 1_000 };
    secret = (await startEnrolment(deps(), { id: signIn.userId, email })).secret;
    recovery = (await confirmEnrolment(deps(), signIn, codeAt(secret, clock))).recovery_codes;
  });

  it('accepts a code once per time step', async () => {
    clock += TOTP_PERIOD_SECONDS * 1000;
    const code = codeAt(secret, clock);
    await expect(verifySignIn(deps(), { ...signIn, authTime: 1_001 }, { code })).resolves.toEqual({ verified: true });
    await expect(verifySignIn(deps(), { ...signIn, authTime: 1_002 }, { code })).rejects.toMatchObject({ statusCode: 409 });
    expect(marked).toContain(1_001);
    expect(marked).not.toContain(1_002);
  });

  it('locks after five wrong codes for 15 minutes (429 with the seconds left), audited, and the lock ends', async () => {
    clock += TOTP_PERIOD_SECONDS * 1000;
    const wrong = String((Number(codeAt(secret, clock)) + 1) % 1_000_000).padStart(6, '0');
    for (let attempt = 1; attempt <= 4; attempt += 1) await expect(verifySignIn(deps(), signIn, { code: wrong })).rejects.toMatchObject({ statusCode: 400 });
    await expect(verifySignIn(deps(), signIn, { code: wrong })).rejects.toMatchObject({ statusCode: 429, retryAfterSeconds: 15 * 60 });
    // Locked: even the right code is refused, with the time left.
    clock += 5 * 60_000;
    await expect(verifySignIn(deps(), signIn, { code: codeAt(secret, clock) })).rejects.toMatchObject({ statusCode: 429, retryAfterSeconds: 10 * 60 });
    const locked = await app.db.query<{ kind: string }>("SELECT kind FROM audit_events WHERE entity = 'user' AND entity_id = $1 AND kind = 'second_factor_locked'", [signIn.userId]);
    expect(locked).toHaveLength(1);
    clock += 10 * 60_000 + 1000;
    await expect(verifySignIn(deps(), { ...signIn, authTime: 1_003 }, { code: codeAt(secret, clock) })).resolves.toEqual({ verified: true });
  });

  it('refuses a code of the wrong form (five digits, letters) without counting it, even many times', async () => {
    clock += TOTP_PERIOD_SECONDS * 1000;
    const failures = async () => (await app.db.query("SELECT 1 FROM audit_events WHERE entity = 'user' AND entity_id = $1 AND kind = 'second_factor_failed'", [signIn.userId])).length;
    const before = await failures();
    for (const code of ['12345', '1234567', 'abcdef', '12345', '12 34 5', '12345']) {
      await expect(verifySignIn(deps(), signIn, { code })).rejects.toMatchObject({ statusCode: 400, field: 'code' });
    }
    const [factor] = await app.db.query<{ failures: number; locked_until: Date | null }>('SELECT failures, locked_until FROM second_factors WHERE user_id = $1', [signIn.userId]);
    expect(factor).toEqual({ failures: 0, locked_until: null });
    expect(await failures()).toBe(before);
    // Blanks between the digits are the app's grouping, not a wrong form.
    const right = codeAt(secret, clock);
    await expect(verifySignIn(deps(), { ...signIn, authTime: 1_010 }, { code: `${right.slice(0, 3)} ${right.slice(3)}` })).resolves.toEqual({ verified: true });
  });

  it('names both ways out of the lock, and a recovery code still signs in while codes from the app are locked', async () => {
    clock += TOTP_PERIOD_SECONDS * 1000;
    const wrong = String((Number(codeAt(secret, clock)) + 1) % 1_000_000).padStart(6, '0');
    for (let attempt = 1; attempt <= 4; attempt += 1) await expect(verifySignIn(deps(), signIn, { code: wrong })).rejects.toMatchObject({ statusCode: 400 });
    const lock = verifySignIn(deps(), signIn, { code: wrong });
    await expect(lock).rejects.toMatchObject({ statusCode: 429 });
    const message = ((await lock.catch((error: unknown) => error)) as Error).message;
    expect(message).toBe(
      'Too many wrong codes: codes from your app are refused for 15 more minutes. Sign in with one of your recovery codes, or ask an administrator (ADMIN) to unlock your second factor on the Users page.',
    );
    await expect(verifySignIn(deps(), { ...signIn, authTime: 1_011 }, { recovery_code: recovery[2]! })).resolves.toEqual({ verified: true });
    // The recovery code lifted the lock: the app's next code works at once.
    clock += TOTP_PERIOD_SECONDS * 1000;
    await expect(verifySignIn(deps(), { ...signIn, authTime: 1_012 }, { code: codeAt(secret, clock) })).resolves.toEqual({ verified: true });
  });

  it('spends a recovery code once', async () => {
    await expect(verifySignIn(deps(), { ...signIn, authTime: 1_004 }, { recovery_code: recovery[0]!.toLowerCase() })).resolves.toEqual({ verified: true });
    await expect(verifySignIn(deps(), { ...signIn, authTime: 1_005 }, { recovery_code: recovery[0]! })).rejects.toMatchObject({ statusCode: 400, field: 'recovery_code' });
    await expect(verifySignIn(deps(), { ...signIn, authTime: 1_006 }, { recovery_code: recovery[1]! })).resolves.toEqual({ verified: true });
  });

  it('refuses an ADMIN resetting their own factor (that takes a recovery code)', async () => {
    await expect(resetUserSecondFactor(deps(), signIn.userId, signIn.userId)).rejects.toMatchObject({ statusCode: 409 });
  });
});

describe('the demo', () => {
  it('gives each demo staff account an enrolled factor with the secret demo:code uses', async () => {
    const [row] = await app.db.query<{ secret: string; confirmed: boolean }>(
      "SELECT f.secret, f.confirmed_at IS NOT NULL AS confirmed FROM second_factors f JOIN users u ON u.id = f.user_id WHERE u.email = 'admin@example.com'",
    );
    expect(row).toEqual({ secret: demoTotpSecret('admin@example.com'), confirmed: true });
  });
});
