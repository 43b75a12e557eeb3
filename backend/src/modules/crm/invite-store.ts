/**
 * 'Won: invite to register': the client's sign-in account (through app.identity, as the Users page invites
 * staff), its users row (CLIENT), a signed_up registration (the onboarding pipeline's first stage) and the
 * lead marked won and linked to it, with a set-password link on the console. As in the users store, the
 * account is made first and deleted again when anything after it fails, so neither exists without the other.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { InviteLeadResponse } from '../../../../common/contract/crm.ts';
import { LOGIN_PATH } from '../../../../common/access.ts';
import type { Database } from '../../db/database.ts';
import { writeRecord, type ActionContext } from '../../lib/action.ts';
import { writeAudit } from '../../lib/audit.ts';
import { HttpError, conflict } from '../../lib/http-error.ts';
import type { IdentityAdmin } from '../../plugins/identity.ts';
import { createSignedUpRegistration } from '../registrations/index.ts';
import { consoleActionLink, insertUser } from '../users/index.ts';
import { lockLead, readLead } from './store.ts';
import { LEAD_LOST, LEAD_WON } from '../../../../common/crm.ts';

export interface InviteDeps {
  db: Database;
  identity: IdentityAdmin;
  log: FastifyBaseLogger;
}

const STALE = 'This lead was changed by someone else. Reload it and try again.';

export async function inviteLead(deps: InviteDeps, id: number, version: number, context: ActionContext, consoleOrigin: string): Promise<InviteLeadResponse> {
  // The checks a retry or a stale page meets before any account is made; writeRecord checks them again under the lock.
  const lead = await deps.db.transaction((tx) => lockLead(tx, id));
  if (lead.stage === LEAD_WON || lead.registration_id !== null) {
    if (context.idempotencyKey) {
      const [seen] = await deps.db.query("SELECT 1 FROM audit_events WHERE entity = 'lead' AND entity_id = $1 AND idempotency_key = $2", [id, context.idempotencyKey]);
      if (seen) {
        // A retried invitation: the same answer, with a fresh link (the first may be what was lost).
        const link = await deps.identity.passwordResetLink(lead.email.trim().toLowerCase(), consoleOrigin ? consoleOrigin + LOGIN_PATH : undefined);
        return { lead: await readLead(deps.db, id), set_password_link: consoleActionLink(link, consoleOrigin) };
      }
    }
    throw conflict('This lead is already won: its client has been invited.');
  }
  if (lead.version !== version) throw conflict(STALE);
  if (lead.stage === LEAD_LOST) throw conflict('This lead is lost; move it back to a working stage first.');
  const email = lead.email.trim().toLowerCase();
  if ((await deps.db.query('SELECT 1 FROM users WHERE lower(email) = $1', [email])).length > 0) {
    throw new HttpError(409, 'CONFLICT', `A user with the e-mail ${email} already exists.`);
  }

  const uid = await deps.identity.createAccount({ email, displayName: lead.contact_name });
  try {
    const providerLink = await deps.identity.passwordResetLink(email, consoleOrigin ? consoleOrigin + LOGIN_PATH : undefined);
    const answer = await writeRecord(deps.db, {
      entity: 'lead',
      context,
      version,
      conflictMessage: STALE,
      lock: (tx) => lockLead(tx, id),
      act: async (tx, locked) => {
        if (locked.stage === LEAD_WON) throw conflict('This lead is already won: its client has been invited.');
        const userId = await insertUser(tx, email, locked.contact_name, 'CLIENT', new Date(), null);
        await tx.query('UPDATE users SET firebase_uid = $2 WHERE id = $1', [userId, uid]);
        const registration = await createSignedUpRegistration(tx, { userId, legalName: locked.company, actorId: context.actorId, source: { source: 'crm', lead_id: id } });
        await tx.query('UPDATE leads SET stage = $3, lost_reason = NULL, registration_id = $2, version = version + 1 WHERE id = $1', [id, registration.id, LEAD_WON]);
        await writeAudit(tx, {
          entity: 'lead',
          entityId: id,
          kind: 'lead_won',
          actorId: context.actorId,
          data: { from: locked.stage, registration_id: registration.id, registration_number: registration.registration_id, user_id: userId },
          idempotencyKey: context.idempotencyKey,
        });
      },
      read: (tx) => readLead(tx, id),
    });
    return { lead: answer, set_password_link: consoleActionLink(providerLink, consoleOrigin) };
  } catch (error) {
    try {
      await deps.identity.deleteAccount(uid);
    } catch (undo) {
      deps.log.error({ err: undo }, `could not delete the Firebase account ${uid} (${email}) of a failed CRM invitation: fix it by hand in Firebase Auth`);
    }
    if (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505') {
      throw new HttpError(409, 'CONFLICT', `A user with the e-mail ${email} already exists.`);
    }
    throw error;
  }
}
