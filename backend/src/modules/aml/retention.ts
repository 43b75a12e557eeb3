/**
 * Records kept five years after the relationship ended (common/aml.ts, amlDeletionRefusal), enforced where
 * AML records can go: removing a party with screening decisions on file, and purging a registration's whole
 * AML file (purgeAmlFile, the only code that deletes one; no route exposes it yet). The relationship's end
 * comes from the records that end it: the client's last cancelled subscription (`subscriptions.cancelled_on`,
 * while the client is cancelled), or, for a registration that never became a client, its withdrawal (the
 * registration's 'withdrawn' audit event).
 */
import { amlDeletionRefusal, amlRetainedUntil } from '../../../../common/aml.ts';
import { dubaiDate, type IsoDate } from '../../../../common/calendar.ts';
import type { Database, Queryable } from '../../db/database.ts';
import type { ActionContext } from '../../lib/action.ts';
import { writeAudit } from '../../lib/audit.ts';
import { conflict, notFound } from '../../lib/http-error.ts';

/** The day the relationship with the registration's client ended, or null while it goes on. */
export async function relationshipEndedOn(db: Queryable, registrationId: number): Promise<IsoDate | null> {
  const [row] = await db.query<{ client_status: string | null; cancelled_on: string | null; registration_status: string; withdrawn_at: Date | null }>(
    `SELECT c.status AS client_status,
            (SELECT to_char(max(s.cancelled_on), 'YYYY-MM-DD') FROM subscriptions s WHERE s.client_id = c.id) AS cancelled_on,
            r.status AS registration_status,
            (SELECT max(e.created_at) FROM audit_events e WHERE e.entity = 'registration' AND e.entity_id = r.id AND e.kind = 'withdrawn') AS withdrawn_at
     FROM registrations r LEFT JOIN clients c ON c.registration_id = r.id WHERE r.id = $1`,
    [registrationId],
  );
  if (!row) return null;
  if (row.client_status !== null) return row.client_status === 'cancelled' ? row.cancelled_on : null;
  return row.registration_status === 'inactive' && row.withdrawn_at ? dubaiDate(row.withdrawn_at) : null;
}

/** 409 with the rule's words unless the registration's AML records may be deleted today. */
export async function requireDeletable(tx: Queryable, registrationId: number, today = dubaiDate()): Promise<void> {
  const refusal = amlDeletionRefusal(await relationshipEndedOn(tx, registrationId), today);
  if (refusal) throw conflict(refusal);
}

/** Deletes a registration's whole AML file (parties, matches and decisions, risk, register entries) once the rule allows; audited. */
export async function purgeAmlFile(db: Database, registrationId: number, context: ActionContext, today = dubaiDate()): Promise<void> {
  await db.transaction(async (tx) => {
    const [registration] = await tx.query<{ id: number }>('SELECT id FROM registrations WHERE id = $1 FOR UPDATE', [registrationId]);
    if (!registration) throw notFound('Registration');
    const endedOn = await relationshipEndedOn(tx, registrationId);
    await requireDeletable(tx, registrationId, today);
    const [counts] = await tx.query<{ parties: number; matches: number }>(
      'SELECT (SELECT count(*)::integer FROM aml_parties WHERE registration_id = $1) AS parties, (SELECT count(*)::integer FROM aml_matches WHERE registration_id = $1) AS matches',
      [registrationId],
    );
    await tx.query('DELETE FROM aml_register_entries WHERE registration_id = $1', [registrationId]);
    await tx.query('DELETE FROM aml_matches WHERE registration_id = $1', [registrationId]);
    await tx.query('DELETE FROM aml_parties WHERE registration_id = $1', [registrationId]);
    await tx.query('DELETE FROM aml_files WHERE registration_id = $1', [registrationId]);
    await writeAudit(tx, {
      entity: 'aml_file',
      entityId: registrationId,
      kind: 'file_purged',
      actorId: context.actorId,
      data: { registration_id: registrationId, relationship_ended_on: endedOn, retained_until: amlRetainedUntil(endedOn), ...counts },
      idempotencyKey: context.idempotencyKey,
    });
  });
}
