/**
 * Sign out everywhere: revokes the user's Firebase refresh tokens, so no new ID token can be minted and every
 * ID token whose sign-in came before is refused by the gateway's revocation check within AUTH_CACHE_MS, and
 * by the back end at once (users.sessions_ended_at); open notification streams are told to sign out. The
 * audit event and the revocation share one transaction: a failed revocation leaves no event saying it happened.
 */
import type { SessionsEnded } from '../../../../common/contract/security.ts';
import { isStaffRole, type Role } from '../../../../common/roles.ts';
import { SESSION_ENDED_MESSAGES } from '../../../../common/error-catalogue.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { writeAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/http-error.ts';
import type { IdentityAdmin } from '../../plugins/identity.ts';
import { signalSessionsEnded } from '../notifications/index.ts';

export interface SecurityDeps {
  db: Database;
  identity: IdentityAdmin;
}

export async function signOutEverywhere(deps: SecurityDeps, actorId: number, userId: number): Promise<SessionsEnded> {
  return deps.db.transaction(async (tx) => {
    const [target] = await tx.query<{ id: number; email: string; role: Role; firebase_uid: string | null }>(
      'SELECT id, email, role, firebase_uid FROM users WHERE id = $1 FOR UPDATE',
      [userId],
    );
    // Another's client account is not the Users page's to end; it does not exist as far as this route goes.
    if (!target || (actorId !== userId && !isStaffRole(target.role))) throw notFound('User');
    const by = actorId === userId ? 'self' : 'administrator';
    await writeAudit(tx, { entity: 'user', entityId: userId, kind: 'signed_out_everywhere', actorId, data: { by } });
    const now = await endSessions(tx, userId, by);
    const uid = target.firebase_uid ?? (await deps.identity.findUid(target.email));
    if (uid) await deps.identity.revokeSessions(uid);
    return { user_id: userId, ended_at: now.toISOString() };
  });
}

/**
 * Marks the account's sessions ended now: the back end refuses every token signed in before (SESSION_ENDED,
 * saying by whom) and the user's open notification streams are told to sign their tabs out, after the commit.
 * The caller revokes the Firebase refresh tokens in the same transaction.
 */
export async function endSessions(tx: Queryable, userId: number, by: 'self' | 'administrator'): Promise<Date> {
  const [row] = await tx.query<{ now: Date }>('UPDATE users SET sessions_ended_at = CURRENT_TIMESTAMP, sessions_ended_by = $2 WHERE id = $1 RETURNING sessions_ended_at AS now', [userId, by]);
  const now = row?.now ?? new Date();
  await signalSessionsEnded(tx, userId, now, SESSION_ENDED_MESSAGES[by]);
  return now;
}
