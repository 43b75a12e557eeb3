/**
 * Enhanced due diligence's evidence documents: a beneficial owner's or PEP's proof of the source of funds or
 * of wealth, uploaded with the documents' rules (lib/documents.ts: PDF, PNG or JPEG by their signatures,
 * MAX_DOCUMENT_BYTES, a cleaned file name), one transaction with its audit event. eddMissing asks for one of
 * each topic per such party before the second approval.
 */
import { EDD_EVIDENCE_TOPICS, EDD_EVIDENCE_LABELS, MAX_EDD_EVIDENCE_PER_PARTY } from '../../../../common/aml-risk.ts';
import type { EddEvidence, EddEvidenceList, EvidenceUploadBody } from '../../../../common/contract/aml.ts';
import { MAX_DOCUMENT_BYTES } from '../../../../common/review.ts';
import type { Database, Queryable } from '../../db/database.ts';
import type { ActionContext } from '../../lib/action.ts';
import { writeAudit } from '../../lib/audit.ts';
import { cleanFileName, decodeDocument } from '../../lib/documents.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { personJson } from '../../lib/person-sql.ts';
import { amlFile, findAmlRegistration } from './registration.ts';

export async function evidenceOf(db: Queryable, registrationId: number): Promise<EddEvidence[]> {
  const rows = await db.query<Omit<EddEvidence, 'uploaded_at'> & { uploaded_at: Date }>(
    `SELECT d.id, d.party_id, d.topic, d.file_name, d.content_type, d.size_bytes, ${personJson('u')} AS uploaded_by, d.uploaded_at
     FROM aml_edd_documents d LEFT JOIN users u ON u.id = d.uploaded_by WHERE d.registration_id = $1 ORDER BY d.party_id, d.id`,
    [registrationId],
  );
  return rows.map((row) => ({ ...row, uploaded_at: row.uploaded_at.toISOString() }));
}

export async function evidenceList(db: Queryable, userId: number): Promise<EddEvidenceList> {
  return { results: await evidenceOf(db, (await findAmlRegistration(db, userId)).id) };
}

/** One evidence document's bytes, found within the registration (another's id answers 404). */
export async function evidenceFile(db: Queryable, userId: number, evidenceId: number): Promise<{ file_name: string; content_type: string; content: Uint8Array }> {
  const registration = await findAmlRegistration(db, userId);
  const [file] = await db.query<{ file_name: string; content_type: string; content: Uint8Array }>('SELECT file_name, content_type, content FROM aml_edd_documents WHERE id = $1 AND registration_id = $2', [evidenceId, registration.id]);
  if (!file) throw notFound('Evidence document');
  return file;
}

export async function addEvidence(db: Database, userId: number, partyId: number, body: EvidenceUploadBody, context: ActionContext): Promise<EddEvidenceList> {
  const registration = await findAmlRegistration(db, userId);
  const content = decodeDocument(body.content_base64, body.content_type, MAX_DOCUMENT_BYTES);
  const fileName = cleanFileName(body.file_name, body.content_type);
  return db.transaction(async (tx) => {
    await amlFile(tx, registration.id, true);
    if (context.idempotencyKey) {
      const [seen] = await tx.query<{ id: number }>("SELECT id FROM audit_events WHERE entity = 'aml_party' AND entity_id = $1 AND kind = 'edd_evidence_added' AND idempotency_key = $2", [partyId, context.idempotencyKey]);
      if (seen) return { results: await evidenceOf(tx, registration.id) };
    }
    const [party] = await tx.query<{ id: number; kind: string }>('SELECT id, kind FROM aml_parties WHERE id = $1 AND registration_id = $2', [partyId, registration.id]);
    if (!party) throw notFound('Party');
    if (party.kind !== 'person') throw conflict('Evidence of the source of funds or of wealth is for a person.');
    const [count] = await tx.query<{ count: number }>('SELECT count(*)::integer AS count FROM aml_edd_documents WHERE party_id = $1', [partyId]);
    if (count!.count >= MAX_EDD_EVIDENCE_PER_PARTY) throw conflict(`A party has at most ${MAX_EDD_EVIDENCE_PER_PARTY} evidence documents.`);
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO aml_edd_documents (registration_id, party_id, topic, file_name, content_type, size_bytes, content, uploaded_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [registration.id, partyId, body.topic, fileName, body.content_type, content.length, content, context.actorId],
    );
    await writeAudit(tx, {
      entity: 'aml_party',
      entityId: partyId,
      kind: 'edd_evidence_added',
      actorId: context.actorId,
      data: { registration_id: registration.id, document_id: row!.id, topic: body.topic, file_name: fileName },
      idempotencyKey: context.idempotencyKey,
    });
    return { results: await evidenceOf(tx, registration.id) };
  });
}

/** The evidence topics each of `parties` still lacks, as the gate words them. */
export async function evidenceMissing(db: Queryable, registrationId: number, parties: readonly { id: number; name: string }[]): Promise<string[]> {
  if (parties.length === 0) return [];
  const rows = await db.query<{ party_id: number; topic: string }>('SELECT DISTINCT party_id, topic FROM aml_edd_documents WHERE registration_id = $1', [registrationId]);
  const have = new Set(rows.map((row) => `${row.party_id}:${row.topic}`));
  return parties.flatMap((party) => EDD_EVIDENCE_TOPICS.filter((topic) => !have.has(`${party.id}:${topic}`)).map((topic) => `evidence of the ${EDD_EVIDENCE_LABELS[topic]} of ${party.name}`));
}
