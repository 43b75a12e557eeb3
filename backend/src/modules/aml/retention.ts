/**
 * Records kept five years after the relationship ended (common/aml.ts, amlDeletionRefusal), enforced where
 * AML records can go: removing a party with screening decisions on file, and purging a registration's whole
 * AML file (purgeAmlFile, the only code that deletes one; no route exposes it yet). The relationship's end
 * comes from the records that end it: the client's last cancelled subscription (`subscriptions.cancelled_on`,
 * while the client is cancelled), or, for a registration that never became a client, its withdrawal (the
 * registration's 'withdrawn' audit event). A compliance officer's legal hold (aml_legal_holds, with its reason)
 * keeps a file whatever its age. The scheduled purge (purgeExpiredAmlFiles) deletes every file the rule lets go,
 * one audit line each.
 */
import { amlDeletionRefusal, amlRetainedUntil } from '../../../../common/aml.ts';
import { dubaiDate, type IsoDate } from '../../../../common/calendar.ts';
import { MIN_LEGAL_HOLD_REASON } from '../../../../common/contract/aml-paths.ts';
import type { LegalHold } from '../../../../common/contract/aml-legal-hold.ts';
import type { PersonRef } from '../../../../common/contract/shared.ts';
import type { Database, Queryable } from '../../db/database.ts';
import type { ActionContext } from '../../lib/action.ts';
import { writeAudit } from '../../lib/audit.ts';
import { conflict, forbidden, invalidInput, notFound } from '../../lib/http-error.ts';
import { personJson } from '../../lib/person-sql.ts';
import { insertList } from '../../lib/table.ts';
import { NEW_LEGAL_HOLD_FIELDS, type AmlLegalHoldColumns } from './table.ts';

const NEW_LEGAL_HOLD = insertList(NEW_LEGAL_HOLD_FIELDS);

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

/** The reason of the legal hold on the registration's AML file, or null when none stands. */
export async function legalHoldOf(db: Queryable, registrationId: number): Promise<string | null> {
  const [hold] = await db.query<Pick<AmlLegalHoldColumns, 'reason'>>('SELECT reason FROM aml_legal_holds WHERE registration_id = $1', [registrationId]);
  return hold?.reason ?? null;
}

/** 409 with the rule's words unless the registration's AML records may be deleted today. */
export async function requireDeletable(tx: Queryable, registrationId: number, today = dubaiDate()): Promise<void> {
  const refusal = amlDeletionRefusal(await relationshipEndedOn(tx, registrationId), today, await legalHoldOf(tx, registrationId));
  if (refusal) throw conflict(refusal);
}

/**
 * Deletes a registration's whole AML file (parties, matches and decisions, risk, register entries) once the rule
 * allows; audited. Answers whether there was one: a file already purged (by another replica's run) writes nothing.
 */
export async function purgeAmlFile(db: Database, registrationId: number, context: Pick<ActionContext, 'idempotencyKey'> & { actorId: number | null }, today = dubaiDate()): Promise<boolean> {
  return db.transaction(async (tx) => {
    // A hold set meanwhile waits for this lock, and this purge for the hold's.
    await tx.query('SELECT registration_id FROM aml_legal_holds WHERE registration_id = $1 FOR UPDATE', [registrationId]);
    const [registration] = await tx.query<{ id: number }>('SELECT id FROM registrations WHERE id = $1 FOR UPDATE', [registrationId]);
    if (!registration) throw notFound('Registration');
    const endedOn = await relationshipEndedOn(tx, registrationId);
    await requireDeletable(tx, registrationId, today);
    const [counts] = await tx.query<{ parties: number; matches: number }>(
      'SELECT (SELECT count(*)::integer FROM aml_parties WHERE registration_id = $1) AS parties, (SELECT count(*)::integer FROM aml_matches WHERE registration_id = $1) AS matches',
      [registrationId],
    );
    const [file] = await tx.query('SELECT registration_id FROM aml_files WHERE registration_id = $1', [registrationId]);
    if (!file && counts!.parties === 0) return false;
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
    return true;
  });
}

/**
 * The scheduled purge: every registration with AML records whose relationship ended five years ago or more and
 * that no legal hold keeps, purged through purgeAmlFile (one transaction and one 'file_purged' line each, by
 * nobody: the system). Candidates are narrowed in SQL to cancelled clients and withdrawn registrations; the
 * rule itself is decided per file by requireDeletable, so a file it keeps is skipped, never half deleted.
 */
export async function purgeExpiredAmlFiles(db: Database, today = dubaiDate()): Promise<{ purged: number }> {
  const candidates = await db.query<{ id: number }>(
    `SELECT r.id FROM registrations r LEFT JOIN clients c ON c.registration_id = r.id
     WHERE (c.status = 'cancelled' OR (c.id IS NULL AND r.status = 'inactive'))
       AND NOT EXISTS (SELECT 1 FROM aml_legal_holds h WHERE h.registration_id = r.id)
       AND (EXISTS (SELECT 1 FROM aml_files f WHERE f.registration_id = r.id) OR EXISTS (SELECT 1 FROM aml_parties p WHERE p.registration_id = r.id))
     ORDER BY r.id`,
  );
  let purged = 0;
  for (const { id } of candidates) {
    if (amlDeletionRefusal(await relationshipEndedOn(db, id), today) !== null) continue;
    try {
      if (await purgeAmlFile(db, id, { actorId: null, idempotencyKey: null }, today)) purged += 1;
    } catch (error) {
      // A hold set or a relationship resumed since the candidates were read: kept, as the rule says.
      if ((error as { statusCode?: number }).statusCode !== 409) throw error;
    }
  }
  return { purged };
}

export interface LegalHoldCaller {
  id: number;
  compliance_officer: boolean;
}

/** Sets (reason given) or lifts (reason for lifting given) the legal hold on a registration's AML file: compliance officers only; audited. */
export async function setLegalHold(db: Database, registrationId: number, hold: boolean, reasonText: string, caller: LegalHoldCaller, context: ActionContext): Promise<LegalHold> {
  if (!caller.compliance_officer) throw forbidden('Only a compliance officer sets or lifts a legal hold.');
  const reason = reasonText.trim();
  if (reason.length < MIN_LEGAL_HOLD_REASON) throw invalidInput('reason', `must say why in at least ${MIN_LEGAL_HOLD_REASON} characters`);
  return db.transaction(async (tx) => {
    const [registration] = await tx.query<{ id: number }>('SELECT id FROM registrations WHERE id = $1 FOR UPDATE', [registrationId]);
    if (!registration) throw notFound('Registration');
    const [current] = await tx.query<Pick<AmlLegalHoldColumns, 'reason'>>('SELECT reason FROM aml_legal_holds WHERE registration_id = $1 FOR UPDATE', [registrationId]);
    if (hold && current) throw conflict(`This AML file is already under a legal hold (${current.reason}).`);
    if (!hold && !current) throw conflict('This AML file is not under a legal hold.');
    if (hold) await tx.query(`INSERT INTO aml_legal_holds ${NEW_LEGAL_HOLD.columns} VALUES ${NEW_LEGAL_HOLD.values}`, [registrationId, reason, caller.id]);
    else await tx.query('DELETE FROM aml_legal_holds WHERE registration_id = $1', [registrationId]);
    await writeAudit(tx, {
      entity: 'aml_file',
      entityId: registrationId,
      kind: hold ? 'legal_hold_set' : 'legal_hold_lifted',
      actorId: caller.id,
      data: hold ? { registration_id: registrationId, reason } : { registration_id: registrationId, reason, held_because: current!.reason },
      idempotencyKey: context.idempotencyKey,
    });
    return readLegalHold(tx, registrationId);
  });
}

/** The file's retention as the AML section shows it: the hold if one stands, the relationship's end and five years on. */
export async function readLegalHold(db: Queryable, registrationId: number): Promise<LegalHold> {
  const [hold] = await db.query<Pick<AmlLegalHoldColumns, 'reason'> & { at: Date; by: PersonRef | null }>(
    `SELECT h.reason, h.set_at AS at, ${personJson('u')} AS by
     FROM aml_legal_holds h LEFT JOIN users u ON u.id = h.set_by WHERE h.registration_id = $1`,
    [registrationId],
  );
  const endedOn = await relationshipEndedOn(db, registrationId);
  return { hold: hold ? { reason: hold.reason, by: hold.by, at: hold.at.toISOString() } : null, relationship_ended_on: endedOn, retained_until: amlRetainedUntil(endedOn) };
}
