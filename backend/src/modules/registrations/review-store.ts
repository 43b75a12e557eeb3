/**
 * The due-diligence review's actions on one registration: assign, approve, return for correction, comment,
 * and storing documents. Each is a staff write (staff-write.ts: the transition engine's pipelineWrite, one
 * transaction with the stage machine's checks, its event and notifications) and answers the registration as
 * it left it (review-read.ts). The reads are re-exported for the routes.
 */
import { canSee } from '../../../../common/access.ts';
import type {
  AssignBody,
  CommentBody,
  RegistrationReview,
  ReturnBody,
  TimelineEvent,
} from '../../../../common/contract/registrations.ts';
import type { PersonRef } from '../../../../common/contract/shared.ts';
import { CONFLICT_MESSAGE, returnedStatusText, type DocumentKind } from '../../../../common/review.ts';
import { isStaffRole } from '../../../../common/roles.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { writeRecord } from '../../lib/action.ts';
import { writeAudit, type AuditEvent } from '../../lib/audit.ts';
import { conflict, invalidInput } from '../../lib/http-error.ts';
import { notifyRegistrationEvent } from './notify.ts';
import { applyTransition, findRegistration, type Actor } from './transition.ts';
import { person, readTimeline } from './review-read.ts';
import { staffWrite } from './staff-write.ts';
import { requireDueDiligenceComplete } from '../aml/index.ts';
import { insertList } from '../../lib/table.ts';
import { NEW_DOCUMENT_FIELDS, type registrationDocumentsTable, type RegistrationDocumentColumns } from './document-table.ts';

export * from './review-read.ts';

// -------------------------------------------------------------------------------------------- actions

export function assign(db: Database, userId: number, body: AssignBody, actor: Actor): Promise<RegistrationReview> {
  return staffWrite(db, 'assign', userId, actor, body.version, async (tx, registration) => {
    if (body.assignee_id === registration.assignee_id) return;
    let assignee: PersonRef | null = null;
    if (body.assignee_id !== null) {
      const [candidate] = await tx.query<PersonRef & { role: string; active: boolean }>('SELECT id, display_name, email, role, active FROM users WHERE id = $1', [body.assignee_id]);
      if (!candidate || !candidate.active || !isStaffRole(candidate.role) || !canSee(candidate.role, 'due-diligence')) {
        throw invalidInput('assignee_id', 'must be an active staff member who may see Due Diligence');
      }
      assignee = { id: candidate.id, display_name: candidate.display_name, email: candidate.email };
    }
    const previous = await person(tx, registration.assignee_id);
    await applyTransition(tx, registration, {
      action: 'assign',
      actor,
      event: assignee ? 'assigned' : 'unassigned',
      data: { assignee: assignee ?? previous },
      changes: { assignee_id: body.assignee_id },
    });
  });
}

export function approve(db: Database, userId: number, body: { version: number }, actor: Actor): Promise<RegistrationReview> {
  return staffWrite(db, 'approve', userId, actor, body.version, async (tx, registration) => {
    const [{ count } = { count: 0 }] = await tx.query<{ count: number }>(
      'SELECT count(*)::integer AS count FROM registration_documents WHERE registration_id = $1',
      [registration.id],
    );
    if (count === 0) throw conflict('The client has not uploaded any document yet, so there is nothing to approve.');
    // AML: parties screened and decided, risk rated, EDD for high risk; else 409 listing what is missing.
    await requireDueDiligenceComplete(tx, registration.id);
    await applyTransition(tx, registration, { action: 'approve', actor });
  });
}

export function returnForCorrection(db: Database, userId: number, body: ReturnBody, actor: Actor): Promise<RegistrationReview> {
  const comment = body.comment.trim();
  if (comment === '') throw invalidInput('comment', 'must not be blank');
  return staffWrite(db, 'return', userId, actor, body.version, async (tx, registration) => {
    await applyTransition(tx, registration, { action: 'return', actor, data: { reason: body.reason, comment }, statusLine: returnedStatusText(body.reason) });
  });
}

/** An internal note: it changes no field of the registration, so it needs no version and conflicts with nothing. */
export function addComment(db: Database, userId: number, body: CommentBody, actor: Actor): Promise<TimelineEvent[]> {
  const text = body.text.trim();
  if (text === '') throw invalidInput('text', 'must not be blank');
  return writeRecord(db, {
    entity: 'registration',
    context: actor,
    version: null,
    conflictMessage: CONFLICT_MESSAGE,
    lock: (tx) => findRegistration(tx, userId, true),
    act: async (tx, registration) => {
      await writeAudit(tx, { entity: 'registration', entityId: registration.id, kind: 'comment_added', actorId: actor.actorId, data: { comment: text }, idempotencyKey: actor.idempotencyKey });
      await notifyRegistrationEvent(tx, { kind: 'comment_added', actorId: actor.actorId }, registration);
    },
    read: (tx) => readTimeline(tx, userId),
  });
}

export type NewDocument = Pick<RegistrationDocumentColumns, 'kind' | 'file_name' | 'content_type' | 'content'> & {
  uploadedBy: number | null;
  at?: Date;
};

// The demo seed dates its documents in the past (the last value); anyone else's are the transaction's time.
const STORED_DOCUMENT_COLUMNS = insertList<typeof registrationDocumentsTable.columns>([...NEW_DOCUMENT_FIELDS, 'uploaded_at']).columns;

/** Stores a document's row; answers what its document_uploaded event mentions. */
export async function storeDocument(tx: Queryable, registrationId: number, document: NewDocument): Promise<{ id: number; kind: DocumentKind; file_name: string }> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO registration_documents ${STORED_DOCUMENT_COLUMNS} VALUES ($1, $2, $3, $4, $5, $6, $7, coalesce($8, CURRENT_TIMESTAMP)) RETURNING id`,
    [registrationId, document.kind, document.file_name, document.content_type, document.content.length, document.content, document.uploadedBy, document.at ?? null],
  );
  return { id: row!.id, kind: document.kind, file_name: document.file_name };
}

/** Stores a document with its document_uploaded event, as the demo seed's history has it. */
export async function insertDocument(tx: Queryable, registrationId: number, document: NewDocument, audit: Pick<AuditEvent, 'idempotencyKey' | 'before' | 'after'> = {}): Promise<number> {
  const mention = await storeDocument(tx, registrationId, document);
  await writeAudit(tx, {
    entity: 'registration',
    entityId: registrationId,
    kind: 'document_uploaded',
    actorId: document.uploadedBy,
    data: { document: mention },
    ...audit,
    ...(document.at ? { at: document.at } : {}),
  });
  return mention.id;
}
