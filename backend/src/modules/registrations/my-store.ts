/**
 * The client's side of its own registration (CLIENT role, found by the caller's user id): what it sees of
 * it, uploading a document, submitting the documents after the held call, resubmitting after a return.
 * The same stage machine and transaction as the staff's actions (transition.ts); each answers what the
 * client sees of the registration as it left it.
 */
import type { DocumentUploadBody, MyRegistration, ResubmitBody, SubmitBody } from '../../../../common/contract/registrations.ts';
import { REQUIRED_DOCUMENTS, phaseOf, type PipelineActionKey } from '../../../../common/pipeline.ts';
import { DOCUMENT_KIND_LABELS, MAX_DOCUMENT_BYTES } from '../../../../common/review.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { cleanFileName, decodeDocument } from '../../lib/documents.ts';
import { conflict } from '../../lib/http-error.ts';
import { meetingById, planOf } from './records.ts';
import { documentsOf } from './review-read.ts';
import { applyTransition, findRegistration, pipelineWrite, type Actor, type RegistrationRow } from './transition.ts';
import { insertList } from '../../lib/table.ts';
import { NEW_DOCUMENT_FIELDS } from './document-table.ts';

const NEW_DOCUMENT_INSERT = insertList(NEW_DOCUMENT_FIELDS);

export async function readMyRegistration(db: Queryable, clientId: number): Promise<MyRegistration> {
  const row = await findRegistration(db, clientId);
  const phase = phaseOf(row);
  const documents = await documentsOf(db, row.id);
  const meeting = await meetingById(db, row.meeting_id);
  const plan = phase === 'awaiting_payment' ? await planOf(db, row.id) : null;
  const uploaded = new Set(documents.map((document) => document.kind));
  const required = phase === 'awaiting_documents' ? REQUIRED_DOCUMENTS : [];
  return {
    registration_id: row.registration_id,
    legal_name: row.legal_name,
    stage: row.stage,
    status_label: row.status_label,
    review_state: row.review_state,
    version: row.version,
    documents,
    phase,
    meeting: meeting && {
      starts_at: meeting.starts_at,
      ends_at: meeting.ends_at,
      mode: meeting.mode,
      link_or_location: meeting.link_or_location,
      host_name: meeting.host.display_name,
      status: meeting.status,
    },
    required_documents: [...required],
    missing_documents: required.filter((kind) => !uploaded.has(kind)),
    payment_request: plan && { plan_name: plan.plan_name, cycle: plan.cycle, total_fils: plan.total_fils, vat_fils: plan.vat_fils },
  };
}

/** A client's action on its own registration: answers what the client sees of it. */
function clientWrite(db: Database, action: PipelineActionKey, actor: Actor, version: number | null, act: (tx: Queryable, row: RegistrationRow) => Promise<void>) {
  return pipelineWrite(db, { action, userId: actor.actorId, actor, version, act, read: (tx) => readMyRegistration(tx, actor.actorId) });
}

/** A document asked for by the held call, or a corrected or missing one while due diligence has the registration. */
export function uploadDocument(db: Database, body: DocumentUploadBody, actor: Actor): Promise<MyRegistration> {
  const content = decodeDocument(body.content_base64, body.content_type, MAX_DOCUMENT_BYTES);
  return clientWrite(db, 'upload_document', actor, null, async (tx, registration) => {
    const file_name = cleanFileName(body.file_name, body.content_type);
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO registration_documents ${NEW_DOCUMENT_INSERT.columns} VALUES ${NEW_DOCUMENT_INSERT.values} RETURNING id`,
      [registration.id, body.kind, file_name, body.content_type, content.length, content, actor.actorId],
    );
    await applyTransition(tx, registration, { action: 'upload_document', actor, data: { document: { id: row!.id, kind: body.kind, file_name } } });
  });
}

/** After the held call: the required documents go to due diligence. */
export function submitDocuments(db: Database, body: SubmitBody, actor: Actor): Promise<MyRegistration> {
  return clientWrite(db, 'submit_documents', actor, body.version ?? null, async (tx, registration) => {
    const documents = await documentsOf(tx, registration.id);
    const missing = REQUIRED_DOCUMENTS.filter((kind) => !documents.some((document) => document.kind === kind));
    if (missing.length > 0) {
      throw conflict(`Upload these documents before submitting: ${missing.map((kind) => DOCUMENT_KIND_LABELS[kind]).join(', ')}.`);
    }
    const now = new Date();
    await applyTransition(tx, registration, {
      action: 'submit_documents',
      actor,
      data: { documents: documents.map(({ id, kind, file_name }) => ({ id, kind, file_name })) },
      changes: { recieved_on: now, review_since: now, requested_on: registration.requested_on ?? now },
    });
  });
}

/** The client sends a returned registration back to due diligence. */
export function resubmit(db: Database, body: ResubmitBody, actor: Actor): Promise<MyRegistration> {
  return clientWrite(db, 'resubmit', actor, body.version ?? null, async (tx, registration) => {
    const now = new Date();
    await applyTransition(tx, registration, { action: 'resubmit', actor, changes: { review_since: now, recieved_on: registration.recieved_on ?? now } });
  });
}
