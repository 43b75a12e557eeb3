/**
 * The staff second factor: a TOTP secret per staff user (RFC 6238, 30 s steps, six digits, checked
 * with otpauth), confirmed by a first code, with ten recovery codes stored as SHA-256 hashes. A code is good
 * once: the step it was accepted in is kept, and a code of that step or an earlier one is refused (replay).
 * Five wrong well-formed codes in a row lock codes from the app for 15 minutes (429 with Retry-After), each one
 * audited; a recovery code still passes, and an ADMIN can lift the lock. A code
 * that passes marks the token's sign-in (auth_time) on the account's custom claim (IdentityAdmin), which the
 * back end's auth plugin requires of every staff call but these.
 *
 * A failure is committed on its own before the refusal is thrown, so a rolled-back request cannot undo its count.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_LOCK_MINUTES,
  SECOND_FACTOR_MAX_FAILURES,
  SESSION_LIST_LIMIT,
  TOTP_DIGITS,
  type Enrolment,
  type RecoveryCodes,
  type SecondFactorReset,
  type SecondFactorStatus,
  type SecondFactorUnlocked,
  type SessionList,
} from '../../../../common/contract/security.ts';
import { isStaffRole, type Role } from '../../../../common/roles.ts';
import type { Queryable } from '../../db/database.ts';
import { writeAudit } from '../../lib/audit.ts';
import { HttpError, invalidInput, notFound } from '../../lib/http-error.ts';
import { notifyUsers } from '../notifications/index.ts';
import { endSessions, type SecurityDeps } from './store.ts';
import { newSecret, otpauthUri, stepOf } from './totp.ts';
import { insertList, selectList } from '../../lib/table.ts';
import { FACTOR_FIELDS, NEW_FACTOR_FIELDS, NEW_RECOVERY_CODE_FIELDS, secondFactorsTable, type SecondFactorColumns } from './table.ts';

export interface SecondFactorDeps extends SecurityDeps {
  /** Epoch ms: the clock codes and locks are read against (tests move it). */
  now?: () => number;
}

/** Whose factor a code is checked against. */
export interface CodeOwner {
  userId: number;
}

/** Who is signing in: the user and the token's sign-in. */
export interface SignIn extends CodeOwner {
  email: string;
  uid: string;
  /** The token's auth_time, seconds. */
  authTime: number;
  /** The browser's User-Agent, kept with the sign-in for the sessions list. */
  browser?: string | null;
}

/** A factor as a check reads it: its last step as text (a bigint, which the drivers answer differently). */
type FactorRow = Pick<SecondFactorColumns, (typeof FACTOR_FIELDS)[number]> & { last_step: string };
const FACTOR = `${selectList(secondFactorsTable, null, FACTOR_FIELDS)}, last_step::text AS last_step`;
const NEW_FACTOR = insertList(NEW_FACTOR_FIELDS);
const NEW_RECOVERY_CODE = insertList(NEW_RECOVERY_CODE_FIELDS);

/** Recovery codes: 80 random bits in base32 ('ABCD-EFGH-JKLM-NPQR'); a lookup by hash, case and dashes ignored. */
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
function newRecoveryCode(): string {
  const bytes = randomBytes(16);
  const chars = [...bytes].map((byte) => BASE32[byte % 32]!).join('');
  return chars.match(/.{4}/g)!.join('-');
}
const normalRecoveryCode = (code: string) => code.toUpperCase().replace(/[^A-Z2-7]/g, '');
export const hashRecoveryCode = (code: string) => createHash('sha256').update(normalRecoveryCode(code)).digest('hex');
const normalCode = (code: string) => code.replace(/\s/g, '');
const CODE_FORM = new RegExp(`^[0-9]{${TOTP_DIGITS}}$`);

const nowOf = (deps: SecondFactorDeps) => (deps.now ?? Date.now)();

async function factorOf(tx: Queryable, userId: number, lock = false): Promise<FactorRow | undefined> {
  const [row] = await tx.query<FactorRow>(
    `SELECT ${FACTOR} FROM second_factors WHERE user_id = $1${lock ? ' FOR UPDATE' : ''}`,
    [userId],
  );
  return row;
}

export async function secondFactorStatus(deps: SecondFactorDeps, userId: number): Promise<SecondFactorStatus> {
  const factor = await factorOf(deps.db, userId);
  const [left] = await deps.db.query<{ count: number }>('SELECT count(*)::integer AS count FROM second_factor_recovery_codes WHERE user_id = $1 AND used_at IS NULL', [userId]);
  const locked = factor?.locked_until && factor.locked_until.getTime() > nowOf(deps) ? factor.locked_until.toISOString() : null;
  return { enrolled: Boolean(factor?.confirmed_at), locked_until: locked, recovery_codes_left: left?.count ?? 0 };
}

/** A new secret for the app, replacing an unconfirmed one; a confirmed factor is reset first (by a recovery code or an ADMIN). */
export async function startEnrolment(deps: SecondFactorDeps, user: { id: number; email: string }): Promise<Enrolment> {
  return deps.db.transaction(async (tx) => {
    const factor = await factorOf(tx, user.id, true);
    if (factor?.confirmed_at) throw new HttpError(409, 'CONFLICT', 'A second factor is already set up. Reset it with a recovery code to set up another.');
    const secret = newSecret();
    await tx.query(
      `INSERT INTO second_factors ${NEW_FACTOR.columns} VALUES ${NEW_FACTOR.values}
       ON CONFLICT (user_id) DO UPDATE SET secret = excluded.secret, last_step = 0, created_at = CURRENT_TIMESTAMP`,
      [user.id, secret],
    );
    return { secret, uri: otpauthUri(secret, user.email) };
  });
}

/**
 * The lock, while it holds: 429 with the seconds left (the route sends them as Retry-After). It holds codes
 * from the app only: the message names the two ways out, a recovery code (80 bits, not worth guessing) and an
 * ADMIN, who can lift it from Users.
 */
export class SecondFactorLocked extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'RATE_LIMITED', lockMessage(Math.ceil(retryAfterSeconds / 60)));
  }
}

export function lockMessage(minutes: number): string {
  return `Too many wrong codes: codes from your app are refused for ${minutes === 1 ? '1 more minute' : `${minutes} more minutes`}. Sign in with one of your recovery codes, or ask an administrator (ADMIN) to unlock your second factor on the Users page.`;
}

function refuseIfLocked(factor: FactorRow, now: number): void {
  if (factor.locked_until && factor.locked_until.getTime() > now) throw new SecondFactorLocked(Math.ceil((factor.locked_until.getTime() - now) / 1000));
}

type Attempt = { code: string } | { recovery_code: string };

/**
 * A wrong code: counted and audited in a transaction of its own (the request's is about to fail); the fifth in
 * a row locks the factor. A replayed code (right, but its step was used) is audited, not counted: it proves
 * the code was known, and whoever replays it gains nothing.
 */
async function refuse(deps: SecondFactorDeps, signIn: CodeOwner, reason: 'wrong_code' | 'wrong_recovery_code' | 'replayed'): Promise<never> {
  const now = nowOf(deps);
  const locked = await deps.db.transaction(async (tx) => {
    const counted = reason !== 'replayed';
    const [row] = await tx.query<{ failures: number }>(
      `UPDATE second_factors SET failures = failures + $2 WHERE user_id = $1 RETURNING failures`,
      [signIn.userId, counted ? 1 : 0],
    );
    await writeAudit(tx, { entity: 'user', entityId: signIn.userId, kind: 'second_factor_failed', actorId: signIn.userId, data: { reason, failures: row?.failures ?? 0 } });
    if (!counted || (row?.failures ?? 0) < SECOND_FACTOR_MAX_FAILURES) return false;
    const until = new Date(now + SECOND_FACTOR_LOCK_MINUTES * 60_000);
    await tx.query('UPDATE second_factors SET failures = 0, locked_until = $2 WHERE user_id = $1', [signIn.userId, until]);
    await writeAudit(tx, { entity: 'user', entityId: signIn.userId, kind: 'second_factor_locked', actorId: signIn.userId, data: { until: until.toISOString(), minutes: SECOND_FACTOR_LOCK_MINUTES } });
    return true;
  });
  if (locked) throw new SecondFactorLocked(SECOND_FACTOR_LOCK_MINUTES * 60);
  if (reason === 'replayed') throw new HttpError(409, 'CONFLICT', 'This code was used already. Wait for the next code in your app.');
  if (reason === 'wrong_recovery_code') throw invalidInput('recovery_code', 'is not one of your unused recovery codes');
  throw invalidInput('code', 'is not the current code of your authenticator app');
}

/** Checks the attempt against the factor (locked against concurrent checks); answers how it passed, or refuses. */
type Outcome = 'code' | 'recovery_code' | 'wrong_code' | 'wrong_recovery_code' | 'replayed';

async function check(deps: SecondFactorDeps, tx: Queryable, signIn: CodeOwner, factor: FactorRow, attempt: Attempt): Promise<Outcome> {
  const now = nowOf(deps);
  if ('code' in attempt) {
    // Not a code at all (five digits, a letter): refused for its form, before the lock and uncounted. The
    // contract's pattern refuses it first; this keeps the rule for callers that are not a route.
    const code = normalCode(attempt.code);
    if (!CODE_FORM.test(code)) throw invalidInput('code', 'must be the six digits your app shows');
    refuseIfLocked(factor, now);
    const step = stepOf(factor.secret, code, now);
    if (step === null) return 'wrong_code';
    if (step <= Number(factor.last_step)) return 'replayed';
    await tx.query('UPDATE second_factors SET last_step = $2, failures = 0, locked_until = NULL WHERE user_id = $1', [signIn.userId, step]);
    return 'code';
  }
  const [spent] = await tx.query<{ code_hash: string }>(
    'UPDATE second_factor_recovery_codes SET used_at = CURRENT_TIMESTAMP WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING code_hash',
    [signIn.userId, hashRecoveryCode(attempt.recovery_code)],
  );
  if (!spent) return 'wrong_recovery_code';
  await tx.query('UPDATE second_factors SET failures = 0, locked_until = NULL WHERE user_id = $1', [signIn.userId]);
  return 'recovery_code';
}

/** Runs a check in a transaction; a refusal is recorded after it rolled back. */
async function withCheck<T>(deps: SecondFactorDeps, signIn: CodeOwner, attempt: Attempt, needConfirmed: boolean, then: (tx: Queryable, how: 'code' | 'recovery_code', factor: FactorRow) => Promise<T>): Promise<T> {
  const outcome = await deps.db.transaction(async (tx) => {
    const factor = await factorOf(tx, signIn.userId, true);
    if (!factor) throw new HttpError(409, 'CONFLICT', 'Set up your second factor first.');
    if (needConfirmed !== Boolean(factor.confirmed_at)) {
      throw new HttpError(409, 'CONFLICT', needConfirmed ? 'Set up your second factor first.' : 'Your second factor is set up already.');
    }
    const how = await check(deps, tx, signIn, factor, attempt);
    if (how !== 'code' && how !== 'recovery_code') return { passed: false, reason: how } as const;
    return { passed: true, value: await then(tx, how, factor) } as const;
  });
  if (!outcome.passed) return refuse(deps, signIn, outcome.reason);
  return outcome.value;
}

/** The first code confirms the secret: the sign-in passes, and the ten recovery codes are answered once. */
export async function confirmEnrolment(deps: SecondFactorDeps, signIn: SignIn, code: string): Promise<RecoveryCodes> {
  return withCheck(deps, signIn, { code }, false, async (tx) => {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await tx.query('UPDATE second_factors SET confirmed_at = CURRENT_TIMESTAMP WHERE user_id = $1', [signIn.userId]);
    await tx.query('DELETE FROM second_factor_recovery_codes WHERE user_id = $1', [signIn.userId]);
    for (const recovery of codes) await tx.query(`INSERT INTO second_factor_recovery_codes ${NEW_RECOVERY_CODE.columns} VALUES ${NEW_RECOVERY_CODE.values}`, [signIn.userId, hashRecoveryCode(recovery)]);
    await writeAudit(tx, { entity: 'user', entityId: signIn.userId, kind: 'second_factor_enrolled', actorId: signIn.userId });
    await signedIn(deps, tx, signIn, 'code');
    return { recovery_codes: codes };
  });
}

/** The code check of a sign-in: a code from the app or a recovery code (spent). */
export async function verifySignIn(deps: SecondFactorDeps, signIn: SignIn, attempt: Attempt): Promise<{ verified: true }> {
  return withCheck(deps, signIn, attempt, true, async (tx, how) => {
    await signedIn(deps, tx, signIn, how);
    return { verified: true } as const;
  });
}

/** A User-Agent is a few hundred characters at most; what is kept of one. */
const MAX_BROWSER_LENGTH = 300;

async function signedIn(deps: SecondFactorDeps, tx: Queryable, signIn: SignIn, how: 'code' | 'recovery_code'): Promise<void> {
  const browser = signIn.browser ? { browser: signIn.browser.slice(0, MAX_BROWSER_LENGTH) } : {};
  await writeAudit(tx, { entity: 'user', entityId: signIn.userId, kind: 'signed_in', actorId: signIn.userId, data: { second_factor: how, auth_time: new Date(signIn.authTime * 1000).toISOString(), ...browser } });
  // Last: if Firebase fails, nothing above commits, and the sign-in is not marked either.
  await deps.identity.markSecondFactor(signIn.uid, signIn.authTime);
}

/** A lost phone: a recovery code removes one's own factor, so the next step is a new enrolment. */
export async function resetOwnSecondFactor(deps: SecondFactorDeps, signIn: SignIn, recoveryCode: string): Promise<SecondFactorReset> {
  return withCheck(deps, signIn, { recovery_code: recoveryCode }, true, async (tx) => {
    await removeFactor(tx, signIn.userId);
    await writeAudit(tx, { entity: 'user', entityId: signIn.userId, kind: 'second_factor_reset', actorId: signIn.userId, data: { by: 'self' } });
    await deps.identity.clearSecondFactor(signIn.uid);
    return { user_id: signIn.userId, reset_at: new Date(nowOf(deps)).toISOString() };
  });
}

async function removeFactor(tx: Queryable, userId: number): Promise<void> {
  await tx.query('DELETE FROM second_factor_recovery_codes WHERE user_id = $1', [userId]);
  await tx.query('DELETE FROM second_factors WHERE user_id = $1', [userId]);
}

/**
 * An ADMIN removes another staff user's factor (a lost phone without recovery codes): their sessions end, and
 * their next sign-in enrols again. Nobody resets their own this way: that takes a recovery code.
 */
export async function resetUserSecondFactor(deps: SecondFactorDeps, actorId: number, userId: number): Promise<SecondFactorReset> {
  if (actorId === userId) throw new HttpError(409, 'CONFLICT', 'Reset your own second factor with a recovery code.');
  return deps.db.transaction(async (tx) => {
    const [target] = await tx.query<{ id: number; email: string; role: Role; firebase_uid: string | null }>('SELECT id, email, role, firebase_uid FROM users WHERE id = $1 FOR UPDATE', [userId]);
    if (!target || !isStaffRole(target.role)) throw notFound('User');
    await removeFactor(tx, userId);
    await writeAudit(tx, { entity: 'user', entityId: userId, kind: 'second_factor_reset', actorId, data: { by: 'administrator' } });
    await endSessions(tx, userId, 'administrator');
    await notifyUsers(tx, [userId], {
      kind: 'second_factor_reset',
      title: 'Your second factor was reset',
      body: 'An administrator reset your sign-in code. Set up your authenticator app again at your next sign-in.',
      link: null,
    });
    const uid = target.firebase_uid ?? (await deps.identity.findUid(target.email));
    if (uid) {
      await deps.identity.clearSecondFactor(uid);
      await deps.identity.revokeSessions(uid);
    }
    return { user_id: userId, reset_at: new Date(nowOf(deps)).toISOString() };
  });
}

/**
 * An ADMIN's step-up: a current code from their own app before a change that an open laptop should not be
 * enough for (a role, another's factor, another's sessions). Checked as a sign-in's code is: good once,
 * counted when wrong, locked after five; the change's own audit event records what it allowed.
 */
export async function stepUp(deps: SecondFactorDeps, actorId: number, code: string | undefined, what: string): Promise<void> {
  if (code === undefined) throw invalidInput('code', `is needed to ${what}: enter the current code of your authenticator app`);
  await withCheck(deps, { userId: actorId }, { code }, true, async () => undefined);
}

/** A staff user's factor as an ADMIN sees it on Users; another's client account does not exist here. */
export async function userSecondFactorStatus(deps: SecondFactorDeps, userId: number): Promise<SecondFactorStatus> {
  const [target] = await deps.db.query<{ role: Role }>('SELECT role FROM users WHERE id = $1', [userId]);
  if (!target || !isStaffRole(target.role)) throw notFound('User');
  return secondFactorStatus(deps, userId);
}

/** An ADMIN lifts the lock wrong codes put on another staff user's factor (they called, and were who they said). */
export async function unlockUserSecondFactor(deps: SecondFactorDeps, actorId: number, userId: number): Promise<SecondFactorUnlocked> {
  if (actorId === userId) throw new HttpError(409, 'CONFLICT', 'Another administrator unlocks your second factor; or sign in with a recovery code.');
  return deps.db.transaction(async (tx) => {
    const [target] = await tx.query<{ role: Role }>('SELECT role FROM users WHERE id = $1 FOR UPDATE', [userId]);
    if (!target || !isStaffRole(target.role)) throw notFound('User');
    const factor = await factorOf(tx, userId, true);
    const now = nowOf(deps);
    if (!factor?.locked_until || factor.locked_until.getTime() <= now) throw new HttpError(409, 'CONFLICT', 'This second factor is not locked.');
    await tx.query('UPDATE second_factors SET failures = 0, locked_until = NULL WHERE user_id = $1', [userId]);
    await writeAudit(tx, { entity: 'user', entityId: userId, kind: 'second_factor_unlocked', actorId, data: { was_locked_until: factor.locked_until.toISOString() } });
    return { user_id: userId, unlocked_at: new Date(now).toISOString() };
  });
}

/**
 * The user's sessions that are still valid: the sign-ins whose code was checked (their signed_in events, one per
 * sign-in) whose sign-in (auth_time, which a refresh does not move) is younger than the gateway's absolute limit
 * (maxHours, SESSION_MAX_HOURS) and not before the account's sessions last ended (whole seconds, as the token
 * check compares them), newest first. The one whose auth_time is the request's is `current`. Firebase keeps no
 * list of sessions; these are the ones the console started, and a logout in one browser is not seen here.
 */
export async function listSessions(deps: SecondFactorDeps, userId: number, currentAuthTime: number, maxHours: number): Promise<SessionList> {
  const [user] = await deps.db.query<{ ended_at: Date | null }>('SELECT sessions_ended_at AS ended_at FROM users WHERE id = $1', [userId]);
  const since = new Date(nowOf(deps) - maxHours * 3_600_000);
  const endedSecond = user?.ended_at ? new Date(Math.floor(user.ended_at.getTime() / 1000) * 1000) : null;
  // The code check follows the sign-in, so created_at >= auth_time: the created_at bound only narrows the scan.
  const rows = await deps.db.query<{ created_at: Date; data: { second_factor?: string; auth_time?: string; browser?: string } | null; client_address: string | null }>(
    `SELECT created_at, data, client_address FROM (
       SELECT DISTINCT ON (signed_in) created_at, data, client_address, signed_in, id FROM (
         SELECT created_at, data, client_address, id, coalesce((data->>'auth_time')::timestamptz, created_at) AS signed_in FROM audit_events
         WHERE entity = 'user' AND entity_id = $1 AND kind = 'signed_in' AND created_at > $2
       ) events
       WHERE signed_in > $2 AND ($3::timestamptz IS NULL OR signed_in >= $3)
       ORDER BY signed_in, created_at DESC, id DESC
     ) sessions ORDER BY signed_in DESC, id DESC LIMIT $4`,
    [userId, since, endedSecond, SESSION_LIST_LIMIT],
  );
  const current = new Date(currentAuthTime * 1000).toISOString();
  return {
    ended_at: user?.ended_at ? user.ended_at.toISOString() : null,
    max_hours: maxHours,
    sessions: rows.map((row) => ({
      signed_in_at: row.created_at.toISOString(),
      second_factor: row.data?.second_factor === 'recovery_code' ? 'recovery_code' : 'code',
      client_address: row.client_address,
      browser: typeof row.data?.browser === 'string' ? row.data.browser : null,
      current: row.data?.auth_time === current,
    })),
  };
}

/** The demo's enrolled factor for a staff account (its secret is the demo's, printed at start). */
export async function enrolFactor(tx: Queryable, userId: number, secret: string): Promise<void> {
  await tx.query('INSERT INTO second_factors (user_id, secret, confirmed_at) VALUES ($1, $2, CURRENT_TIMESTAMP) ON CONFLICT (user_id) DO NOTHING', [userId, secret]);
}
