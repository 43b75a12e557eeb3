/**
 * The staff users: their list, and the administration rules (invite, change role, deactivate, reactivate,
 * a new set-password link) with their SQL and audit events. No HTTP here, so the rules are testable alone.
 *
 * A staff user is a row in users plus a Firebase Auth account; each change keeps the two in step. The
 * database work runs in one transaction and the Firebase call is made inside it, last: when Firebase fails
 * the row rolls back, and when the commit fails after Firebase changed, the Firebase change is undone
 * (compensated). A compensation that itself fails is logged as an error naming the account to fix by hand.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { InviteUserBody, SetPasswordLinkResponse, StaffUser, UserAuditEvent, UserRef } from '../../../../common/contract/users.ts';
import { SET_PASSWORD_PATH, LOGIN_PATH } from '../../../../common/access.ts';
import type { UserEventKind } from '../../../../common/events.ts';
import { STAFF_ROLES, isRole, type Role, type StaffRole } from '../../../../common/roles.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { createdWithKey, writeAudit } from '../../lib/audit.ts';
import { HttpError, invalidInput, notFound } from '../../lib/http-error.ts';
import { SqlFilter } from '../../lib/sql-filter.ts';
import { containsPattern, type PageWindow } from '../../lib/pagination.ts';
import type { IdentityAdmin } from '../../plugins/identity.ts';
import { assignList, insertList, selectList } from '../../lib/table.ts';
import { INVITED_USER_FIELDS, NEW_PROFILE_FIELDS, NEW_USER_FIELDS, STAFF_ROW_FIELDS, TARGET_ROW_FIELDS, usersTable, type UserColumns } from './table.ts';
import { may, rolesThat } from '../../../../common/access.ts';

export interface UsersDeps {
  db: Database;
  identity: IdentityAdmin;
  log: FastifyBaseLogger;
}

/** The signed-in administrator acting. */
export interface Actor {
  id: number;
}

const STAFF_COLUMNS = selectList(usersTable, 'u', STAFF_ROW_FIELDS);
const TARGET_COLUMNS = selectList(usersTable, 'u', TARGET_ROW_FIELDS);
const INVITED_USER_INSERT = insertList(INVITED_USER_FIELDS);
const NEW_USER_INSERT = insertList(NEW_USER_FIELDS);
const NEW_PROFILE = insertList(NEW_PROFILE_FIELDS);
const STAFF_ONLY = `u.role IN (${STAFF_ROLES.map((role) => `'${role}'`).join(', ')})`;

type StaffRow = Pick<UserColumns, (typeof STAFF_ROW_FIELDS)[number]>;
type TargetRow = Pick<UserColumns, (typeof TARGET_ROW_FIELDS)[number]>;

const toStaffUser = ({ date_joined, ...row }: StaffRow): StaffUser => ({
  id: row.id,
  display_name: row.display_name,
  email: row.email,
  role: row.role,
  profile_picture: row.profile_picture,
  date_joined: date_joined.toISOString(),
  active: row.active,
  status: !row.active ? 'deactivated' : row.signed_in_at === null ? 'invited' : 'active',
});

/** 'CLIENT,CLIENT_ACCOUNT_MANAGER' -> roles (a list's role filter); an unknown role is an input error naming the field. */
export function roleList(value: string | undefined, field: string): Role[] {
  if (!value) return [];
  const roles = value.split(',').map((part) => part.trim()).filter(Boolean);
  const unknown = roles.find((role) => !isRole(role));
  if (unknown !== undefined) throw invalidInput(field, `has an unknown role '${unknown.slice(0, 40)}'`);
  return roles as Role[];
}

export interface UserListFilter {
  roleIn: Role[];
  roleNotIn: Role[];
  search: string;
}

/** Users sorted by name (e-mail when nameless), with the total for the page envelope. */
export async function listUsers(db: Database, filter: UserListFilter, window: PageWindow): Promise<{ count: number; results: StaffUser[] }> {
  const where = new SqlFilter();
  if (filter.roleIn.length > 0) where.add((p) => `u.role = ANY(${p}::text[])`, filter.roleIn);
  if (filter.roleNotIn.length > 0) where.add((p) => `NOT (u.role = ANY(${p}::text[]))`, filter.roleNotIn);
  if (filter.search) {
    where.add(
      (p) => `(lower(coalesce(u.display_name, '')) LIKE ${p} ESCAPE '\\' OR lower(u.email) LIKE ${p} ESCAPE '\\')`,
      containsPattern(filter.search),
    );
  }
  const [{ count } = { count: 0 }] = await db.query<{ count: number }>(`SELECT count(*)::integer AS count FROM users u ${where.where}`, where.params);
  const rows = await db.query<StaffRow>(
    `SELECT ${STAFF_COLUMNS} FROM users u ${where.where}
     ORDER BY lower(coalesce(u.display_name, u.email)), u.id LIMIT ${window.size} OFFSET ${window.offset}`,
    where.params,
  );
  return { count, results: rows.map(toStaffUser) };
}

/** The staff users the page's filter selects (ids and labels), in its order: a bulk action's 'all matching'. */
export async function usersMatching(db: Queryable, filter: Pick<UserListFilter, 'roleIn' | 'search'>, limit: number): Promise<{ id: number; label: string }[]> {
  const where = new SqlFilter();
  where.addClause(STAFF_ONLY);
  if (filter.roleIn.length > 0) where.add((p) => `u.role = ANY(${p}::text[])`, filter.roleIn);
  if (filter.search) {
    where.add((p) => `(lower(coalesce(u.display_name, '')) LIKE ${p} ESCAPE '\\' OR lower(u.email) LIKE ${p} ESCAPE '\\')`, containsPattern(filter.search));
  }
  return db.query<{ id: number; label: string }>(
    `SELECT u.id, coalesce(u.display_name || ' <' || u.email || '>', u.email) AS label FROM users u ${where.where} ORDER BY lower(coalesce(u.display_name, u.email)), u.id LIMIT ${limit}`,
    where.params,
  );
}

/** Staff users by id (ids of anyone else are left out), labelled as usersMatching labels them. */
export async function staffLabels(db: Queryable, ids: number[]): Promise<{ id: number; label: string }[]> {
  return db.query<{ id: number; label: string }>(
    `SELECT u.id, coalesce(u.display_name || ' <' || u.email || '>', u.email) AS label FROM users u WHERE u.id = ANY($1::integer[]) AND ${STAFF_ONLY} ORDER BY lower(coalesce(u.display_name, u.email)), u.id`,
    [ids],
  );
}

/** A staff user as the page shows them; 404 for anyone else. */
export async function readStaffUser(db: Queryable, userId: number): Promise<StaffUser> {
  const [row] = await db.query<StaffRow>(`SELECT ${STAFF_COLUMNS} FROM users u WHERE u.id = $1 AND ${STAFF_ONLY}`, [userId]);
  if (!row) throw notFound('Staff user');
  return toStaffUser(row);
}

/**
 * Creates the Firebase account and the user row together and answers a set-password link on the console.
 * Order: account, link, then row and audit in one transaction; any failure after the account exists
 * deletes it again, so neither can exist without the other. The transaction opens first and holds the
 * Idempotency-Key's lock throughout: a retry (its answer lost) waits for the first and answers the user it
 * invited, with a fresh link, instead of 409 for its own e-mail.
 */
export async function inviteUser(deps: UsersDeps, actor: Actor, body: InviteUserBody, consoleOrigin: string, idempotencyKey: string | null = null): Promise<SetPasswordLinkResponse> {
  const email = body.email.trim().toLowerCase();
  const displayName = body.display_name.trim();
  if (displayName === '') throw invalidInput('display_name', 'must not be blank');

  // Set inside the transaction once the account exists, so a failure after it can delete it.
  const account: { uid?: string } = {};
  try {
    return await deps.db.transaction(async (tx) => {
      const invitedBefore = await createdWithKey(tx, 'user', 'invited', actor.id, idempotencyKey);
      if (invitedBefore !== null) {
        const user = await readStaffUser(tx, invitedBefore);
        const link = await deps.identity.passwordResetLink(user.email, continueUrl(consoleOrigin));
        return { user, set_password_link: consoleActionLink(link, consoleOrigin) };
      }
      if (await emailTaken(tx, email)) throw duplicateEmail(email);
      const uid = await deps.identity.createAccount({ email, displayName });
      account.uid = uid;
      const link = await deps.identity.passwordResetLink(email, continueUrl(consoleOrigin));
      const invited: Pick<UserColumns, (typeof INVITED_USER_FIELDS)[number]> = { email, display_name: displayName, role: body.role, firebase_uid: uid };
      const [row] = await tx.query<StaffRow>(
        `INSERT INTO users AS u ${INVITED_USER_INSERT.columns} VALUES ${INVITED_USER_INSERT.values} RETURNING ${STAFF_COLUMNS}`,
        INVITED_USER_FIELDS.map((field) => invited[field]),
      );
      await tx.query(`INSERT INTO profiles ${NEW_PROFILE.columns} VALUES ${NEW_PROFILE.values}`, [row!.id]);
      await audit(tx, actor, row!.id, 'invited', null, { email, display_name: displayName, role: body.role, active: true }, idempotencyKey);
      return { user: toStaffUser(row!), set_password_link: consoleActionLink(link, consoleOrigin) };
    });
  } catch (error) {
    const made = account.uid;
    if (made !== undefined) await compensate(deps, `delete the Firebase account ${made} (${email}) of a failed invitation`, () => deps.identity.deleteAccount(made));
    // Another invitation of the same address won the race between the check above and the insert.
    if (isUniqueViolation(error)) throw duplicateEmail(email);
    throw error;
  }
}

export async function changeRole(deps: UsersDeps, actor: Actor, userId: number, role: StaffRole): Promise<StaffUser> {
  return deps.db.transaction(async (tx) => {
    const target = await lockStaffUser(tx, userId);
    if (target.role === role) return toStaffUser(target);
    if (target.id === actor.id) throw new HttpError(403, 'FORBIDDEN', 'You cannot change your own role; ask another administrator.');
    if (may(target.role, 'administer-users') && !may(role, 'administer-users') && target.active) await requireAnotherActiveAdmin(tx, target.id);
    const [row] = await tx.query<StaffRow>(`UPDATE users u SET ${assignList(['role'], 2)} WHERE u.id = $1 RETURNING ${STAFF_COLUMNS}`, [userId, role]);
    await audit(tx, actor, userId, 'role_changed', { role: target.role }, { role });
    return toStaffUser(row!);
  });
}

/** The compliance officer mark: only an ADMIN user can hold it, since the register is the ADMIN's. */
export async function setComplianceOfficer(deps: UsersDeps, actor: Actor, userId: number, officer: boolean): Promise<StaffUser> {
  return deps.db.transaction(async (tx) => {
    const target = await lockStaffUser(tx, userId);
    const [current] = await tx.query<Pick<UserColumns, 'compliance_officer'>>(`SELECT ${selectList(usersTable, null, ['compliance_officer'])} FROM users WHERE id = $1`, [userId]);
    if (current!.compliance_officer === officer) return toStaffUser(target);
    if (officer && !may(target.role, 'be-compliance-officer')) throw invalidInput('compliance_officer', 'only an ADMIN user can be a compliance officer');
    await tx.query(`UPDATE users SET ${assignList(['compliance_officer'], 2)} WHERE id = $1`, [userId, officer]);
    await audit(tx, actor, userId, 'compliance_officer_changed', { compliance_officer: !officer }, { compliance_officer: officer });
    return toStaffUser(target);
  });
}

/**
 * Marks the user inactive (the back end refuses them from the next request) and disables their Firebase
 * account with its refresh tokens revoked (the gateway refuses their current ID token once its
 * verification cache, AUTH_CACHE_MS, expires). Deactivating an inactive user changes nothing.
 */
export async function deactivateUser(deps: UsersDeps, actor: Actor, userId: number): Promise<StaffUser> {
  return setActive(deps, actor, userId, false);
}

export async function reactivateUser(deps: UsersDeps, actor: Actor, userId: number): Promise<StaffUser> {
  return setActive(deps, actor, userId, true);
}

async function setActive(deps: UsersDeps, actor: Actor, userId: number, active: boolean): Promise<StaffUser> {
  let touchedUid: string | null = null;
  try {
    return await deps.db.transaction(async (tx) => {
      const target = await lockStaffUser(tx, userId);
      if (target.active === active) return toStaffUser(target);
      if (!active) {
        if (target.id === actor.id) throw new HttpError(403, 'FORBIDDEN', 'You cannot deactivate yourself; ask another administrator.');
        if (may(target.role, 'administer-users')) await requireAnotherActiveAdmin(tx, target.id);
      }
      const [row] = await tx.query<StaffRow>(
        `UPDATE users u SET active = $2, deactivated_at = CASE WHEN $2 THEN NULL ELSE CURRENT_TIMESTAMP END
         WHERE u.id = $1 RETURNING ${STAFF_COLUMNS}`,
        [userId, active],
      );
      await audit(tx, actor, userId, active ? 'reactivated' : 'deactivated', { active: !active }, { active });
      // Seeded users are bound to their account on first sign-in; one who never signed in is found by e-mail.
      const uid = target.firebase_uid ?? (await deps.identity.findUid(target.email));
      if (uid) {
        touchedUid = uid;
        await (active ? deps.identity.enable(uid) : deps.identity.disable(uid));
      }
      return toStaffUser(row!);
    });
  } catch (error) {
    const uid = touchedUid;
    if (uid !== null) {
      await compensate(deps, `${active ? 'disable' : 'enable'} the Firebase account ${uid} again after a failed ${active ? 'reactivation' : 'deactivation'}`, () =>
        active ? deps.identity.disable(uid) : deps.identity.enable(uid),
      );
    }
    throw error;
  }
}

/**
 * A new set-password link for an active staff user (the first one was lost, or the user was seeded without
 * an account): the account is created and bound to the row when it does not exist yet.
 */
export async function newSetPasswordLink(deps: UsersDeps, userId: number, consoleOrigin: string): Promise<SetPasswordLinkResponse> {
  const [target] = await deps.db.query<TargetRow>(`SELECT ${TARGET_COLUMNS} FROM users u WHERE u.id = $1 AND ${STAFF_ONLY}`, [userId]);
  if (!target) throw notFound('Staff user');
  if (!target.active) throw new HttpError(409, 'CONFLICT', 'This user is deactivated; reactivate them first.');
  if (!target.firebase_uid && !(await deps.identity.findUid(target.email))) {
    const uid = await deps.identity.createAccount({ email: target.email, displayName: target.display_name ?? target.email });
    try {
      await deps.db.query(`UPDATE users SET ${assignList(['firebase_uid'], 2)} WHERE id = $1 AND firebase_uid IS NULL`, [userId, uid]);
    } catch (error) {
      await compensate(deps, `delete the Firebase account ${uid} (${target.email}) that could not be bound`, () => deps.identity.deleteAccount(uid));
      throw error;
    }
  }
  const link = await deps.identity.passwordResetLink(target.email, continueUrl(consoleOrigin));
  return { user: toStaffUser(target), set_password_link: consoleActionLink(link, consoleOrigin) };
}

interface AuditRow {
  id: number;
  kind: UserEventKind;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  created_at: Date;
  user_id: number;
  user_email: string;
  user_display_name: string | null;
  actor_id: number | null;
  actor_email: string | null;
  actor_display_name: string | null;
}

/** The staff administration audit, newest first; of one user when userId is given. */
export async function listUserAudit(db: Database, userId: number | undefined, window: PageWindow): Promise<{ count: number; results: UserAuditEvent[] }> {
  const where = new SqlFilter();
  where.add((p) => `a.entity = ${p}`, 'user');
  if (userId !== undefined) where.add((p) => `a.entity_id = ${p}`, userId);
  const [{ count } = { count: 0 }] = await db.query<{ count: number }>(`SELECT count(*)::integer AS count FROM audit_events a ${where.where}`, where.params);
  const rows = await db.query<AuditRow>(
    `SELECT a.id, a.kind, a.before, a.after, a.created_at,
            t.id AS user_id, t.email AS user_email, t.display_name AS user_display_name,
            ac.id AS actor_id, ac.email AS actor_email, ac.display_name AS actor_display_name
     FROM audit_events a JOIN users t ON t.id = a.entity_id LEFT JOIN users ac ON ac.id = a.actor_id
     ${where.where} ORDER BY a.created_at DESC, a.id DESC LIMIT ${window.size} OFFSET ${window.offset}`,
    where.params,
  );
  return {
    count,
    results: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      user: { id: row.user_id, email: row.user_email, display_name: row.user_display_name },
      actor: row.actor_id === null ? null : ({ id: row.actor_id, email: row.actor_email!, display_name: row.actor_display_name } satisfies UserRef),
      before: row.before,
      after: row.after,
      created_at: row.created_at.toISOString(),
    })),
  };
}

/**
 * Firebase's action link points at its own hosted handler (or the emulator's); the console completes it on
 * its set-password page instead, which reads mode and oobCode.
 */
export function consoleActionLink(providerLink: string, consoleOrigin: string): string {
  const provider = new URL(providerLink);
  const query = new URLSearchParams();
  for (const name of ['mode', 'oobCode', 'lang']) {
    const value = provider.searchParams.get(name);
    if (value !== null) query.set(name, value);
  }
  // Without a known public origin (publicOrigin) the link is root-relative: the console opens it on its own.
  return `${consoleOrigin}${SET_PASSWORD_PATH}?${query}`;
}

/** Where Firebase's own handler would continue after the reset: the console's login, when its origin is known. */
const continueUrl = (consoleOrigin: string) => (consoleOrigin ? consoleOrigin + LOGIN_PATH : undefined);

async function lockStaffUser(tx: Queryable, userId: number): Promise<TargetRow> {
  const [row] = await tx.query<TargetRow>(`SELECT ${TARGET_COLUMNS} FROM users u WHERE u.id = $1 AND ${STAFF_ONLY} FOR UPDATE`, [userId]);
  if (!row) throw notFound('Staff user');
  return row;
}

/** Locks the other active administrators, so two concurrent demotions cannot both pass this check. */
async function requireAnotherActiveAdmin(tx: Queryable, exceptId: number): Promise<void> {
  const others = await tx.query<{ id: number }>('SELECT id FROM users WHERE role = ANY($2::text[]) AND active AND id <> $1 FOR UPDATE', [exceptId, rolesThat('administer-users')]);
  if (others.length === 0) {
    throw new HttpError(409, 'CONFLICT', 'This is the last active administrator; make another user ADMIN first.');
  }
}

async function emailTaken(db: Queryable, email: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [email])).length > 0;
}

const duplicateEmail = (email: string) => new HttpError(409, 'CONFLICT', `A user with the e-mail ${email} already exists.`);

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

async function audit(
  tx: Queryable,
  actor: Actor,
  userId: number,
  kind: UserEventKind,
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
  idempotencyKey: string | null = null,
): Promise<void> {
  await writeAudit(tx, { entity: 'user', entityId: userId, kind, actorId: actor.id, before, after, idempotencyKey });
}

async function compensate(deps: UsersDeps, what: string, undo: () => Promise<void>): Promise<void> {
  try {
    await undo();
  } catch (error) {
    deps.log.error({ err: error }, `could not ${what}: fix it by hand in Firebase Auth`);
  }
}

/** A user row and its profile (the spec's me.profile.id); the demo seeds and tests create users through it. */
export async function insertUser(tx: Queryable, email: string, displayName: string, role: Role, joined = new Date(), signedIn: Date | null = joined): Promise<number> {
  const row: Pick<UserColumns, (typeof NEW_USER_FIELDS)[number]> = { email, display_name: displayName, role, date_joined: joined, signed_in_at: signedIn };
  const [user] = await tx.query<{ id: number }>(`INSERT INTO users ${NEW_USER_INSERT.columns} VALUES ${NEW_USER_INSERT.values} RETURNING id`, NEW_USER_FIELDS.map((field) => row[field]));
  await tx.query(`INSERT INTO profiles ${NEW_PROFILE.columns} VALUES ${NEW_PROFILE.values}`, [user!.id]);
  return user!.id;
}
