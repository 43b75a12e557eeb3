/**
 * Sign out everywhere (issue 33): revokes the user's Firebase refresh tokens, so no new ID token can be minted
 * and every ID token whose sign-in came before is refused by the gateway's revocation check within
 * AUTH_CACHE_MS; the gateway re-verifies open notification streams on the same clock and closes them. The
 * audit event and the revocation share one transaction: a failed revocation leaves no event saying it happened.
 */
import type { SessionsEnded } from '../../../../common/contract/security.ts';
import { isStaffRole, type Role } from '../../../../common/roles.ts';
import type { Database } from '../../db/database.ts';
import { writeAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/http-error.ts';
import type { IdentityAdmin } from '../../plugins/identity.ts';

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
    const [{ now } = { now: new Date() }] = await tx.query<{ now: Date }>('SELECT CURRENT_TIMESTAMP AS now');
    await writeAudit(tx, { entity: 'user', entityId: userId, kind: 'signed_out_everywhere', actorId, data: { by: actorId === userId ? 'self' : 'administrator' } });
    const uid = target.firebase_uid ?? (await deps.identity.findUid(target.email));
    if (uid) await deps.identity.revokeSessions(uid);
    return { user_id: userId, ended_at: now.toISOString() };
  });
}
