/**
 * One registration's record and the due-diligence review: its reads (header, company profile, documents,
 * timeline, the stepper's status) and its actions with their rules. Every action is a writeRecord (one
 * transaction: lock, replay, version check, act, read) that writes its timeline event (who, what, before,
 * after) and, through notify.ts, the notifications it causes, and answers the registration as it left it.
 */
import { canSee } from '../../../../common/access.ts';
import type {
  AssignBody,
  CommentBody,
  CompanyProfile,
  DocumentUploadBody,
  MyRegistration,
  RegistrationDocument,
  RegistrationReview,
  ResubmitBody,
  ReturnBody,
  TimelineEvent,
  UserStatusResponse,
} from '../../../../common/contract/registrations.ts';
import type { PersonRef } from '../../../../common/contract/shared.ts';
import type { RegistrationEventKind } from '../../../../common/events.ts';
import { onboardingPageOf, type ReviewState } from '../../../../common/onboarding.ts';
import {
  APPROVED_STATUS_TEXT,
  CONFLICT_MESSAGE,
  MAX_DOCUMENT_BYTES,
  RESUBMITTED_STATUS_TEXT,
  REVIEW_STATUS_LABELS,
  returnedStatusText,
  type DocumentContentType,
  type DocumentKind,
} from '../../../../common/review.ts';
import { isStaffRole, STAFF_ROLES } from '../../../../common/roles.ts';
import { REGISTRATION_STATUS, STAGES, STAGE_TITLES, type Stage } from '../../../../common/stages.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { writeRecord, type ActionContext } from '../../lib/action.ts';
import { writeAudit, type AuditEvent } from '../../lib/audit.ts';
import { cleanFileName, decodeDocument } from '../../lib/documents.ts';
import { conflict, invalidInput, notFound } from '../../lib/http-error.ts';
import { notifyRegistrationEvent } from './notify.ts';

/** A registration as stored: the contract's fields plus the keys and the dates the review is built from. */
export interface RegistrationRow {
  id: number;
  user_id: number;
  registration_id: string;
  legal_name: string;
  stage: Stage;
  status: 'active' | 'inactive';
  status_label: string;
  review_state: ReviewState | null;
  version: number;
  assignee_id: number | null;
  requested_on: Date | null;
  recieved_on: Date | null;
  review_since: Date | null;
}

const REGISTRATION_COLUMNS = `r.id, r.user_id, r.registration_id, r.legal_name, r.stage, r.status, r.status_label, r.review_state,
  r.version, r.assignee_id, r.requested_on, r.recieved_on, r.review_since`;

/** The part of a registration a review action may change: its audit before/after. */
type ReviewSnapshot = Pick<RegistrationRow, 'review_state' | 'status_label' | 'assignee_id' | 'version'>;

const snapshot = (row: ReviewSnapshot): ReviewSnapshot => ({
  review_state: row.review_state,
  status_label: row.status_label,
  assignee_id: row.assignee_id,
  version: row.version,
});

// ---------------------------------------------------------------------------------------------- reads

export async function findRegistration(db: Queryable, userId: number, lock = false): Promise<RegistrationRow> {
  const [row] = await db.query<RegistrationRow>(
    `SELECT ${REGISTRATION_COLUMNS} FROM registrations r WHERE r.user_id = $1${lock ? ' FOR UPDATE' : ''}`,
    [userId],
  );
  if (!row) throw notFound('Registration of this user');
  return row;
}

async function person(db: Queryable, id: number | null): Promise<PersonRef | null> {
  if (id === null) return null;
  const [row] = await db.query<PersonRef>('SELECT id, display_name, email FROM users WHERE id = $1', [id]);
  return row ?? null;
}

async function documentsOf(db: Queryable, registrationId: number): Promise<RegistrationDocument[]> {
  const rows = await db.query<Omit<RegistrationDocument, 'uploaded_at' | 'uploaded_by'> & { uploaded_at: Date; uploader_id: number | null; uploader_name: string | null; uploader_email: string | null }>(
    `SELECT d.id, d.kind, d.file_name, d.content_type, d.size_bytes, d.uploaded_at,
            u.id AS uploader_id, u.display_name AS uploader_name, u.email AS uploader_email
     FROM registration_documents d LEFT JOIN users u ON u.id = d.uploaded_by
     WHERE d.registration_id = $1 ORDER BY d.uploaded_at DESC, d.id DESC`,
    [registrationId],
  );
  return rows.map(({ uploader_id, uploader_name, uploader_email, uploaded_at, ...document }) => ({
    ...document,
    uploaded_at: uploaded_at.toISOString(),
    uploaded_by: uploader_id === null ? null : { id: uploader_id, display_name: uploader_name, email: uploader_email ?? '' },
  }));
}

async function profileOf(db: Queryable, registrationId: number, legalName: string): Promise<CompanyProfile | null> {
  const [row] = await db.query<Omit<CompanyProfile, 'legal_name' | 'submitted_at'> & { submitted_at: Date }>(
    `SELECT trade_licence_number, licensing_authority, legal_form,
            to_char(licence_issued_on, 'YYYY-MM-DD') AS licence_issued_on, to_char(licence_expires_on, 'YYYY-MM-DD') AS licence_expires_on,
            vat_registered, trn, contact_person, email, phone, address, submitted_at
     FROM company_profiles WHERE registration_id = $1`,
    [registrationId],
  );
  return row ? { legal_name: legalName, ...row, submitted_at: row.submitted_at.toISOString() } : null;
}

/** Everything the detail page and the stepper show about one registration, keyed by the client's user id. */
export async function readReview(db: Queryable, userId: number): Promise<RegistrationReview> {
  const row = await findRegistration(db, userId);
  const [client] = await db.query<PersonRef & { date_joined: Date }>('SELECT id, display_name, email, date_joined FROM users WHERE id = $1', [userId]);
  const [steps] = await db.query<{ meeting_at: Date | null; meeting_booked_by: string | null; plan_name: string | null; plan_amount_aed: string | null; payment_date: Date | null }>(
    `SELECT r.meeting_at, coalesce(b.display_name, b.email) AS meeting_booked_by, r.plan_name, r.plan_amount_aed::text AS plan_amount_aed, r.payment_date
     FROM registrations r LEFT JOIN users b ON b.id = r.meeting_booked_by WHERE r.id = $1`,
    [row.id],
  );
  const reached = await db.query<{ stage: Stage; at: Date }>(
    `SELECT data->>'stage' AS stage, min(created_at) AS at FROM audit_events
     WHERE entity = 'registration' AND entity_id = $1 AND kind = 'stage_reached' GROUP BY data->>'stage'`,
    [row.id],
  );
  return {
    user_id: row.user_id,
    registration_id: row.registration_id,
    legal_name: row.legal_name,
    stage: row.stage,
    status: row.status,
    status_label: row.status_label,
    review_state: row.review_state,
    queue: onboardingPageOf(row),
    version: row.version,
    assignee: await person(db, row.assignee_id),
    client: { id: client!.id, display_name: client!.display_name, email: client!.email },
    joined_at: client!.date_joined.toISOString(),
    requested_on: row.requested_on?.toISOString() ?? null,
    recieved_on: row.recieved_on?.toISOString() ?? null,
    review_since: row.review_since?.toISOString() ?? null,
    meeting_at: steps?.meeting_at?.toISOString() ?? null,
    meeting_booked_by: steps?.meeting_booked_by ?? null,
    plan_name: steps?.plan_name ?? null,
    plan_amount_aed: steps?.plan_amount_aed ?? null,
    payment_date: steps?.payment_date?.toISOString() ?? null,
    reached_at: Object.fromEntries(reached.map((entry) => [entry.stage, entry.at.toISOString()])),
    profile: await profileOf(db, row.id, row.legal_name),
    documents: await documentsOf(db, row.id),
  };
}

/** The registration's timeline: every audit event of it, oldest first, with who acted. */
export async function readTimeline(db: Queryable, userId: number): Promise<TimelineEvent[]> {
  const registration = await findRegistration(db, userId);
  const rows = await db.query<{ id: number; kind: RegistrationEventKind; data: Record<string, unknown>; created_at: Date; actor_id: number | null; actor_name: string | null; actor_email: string | null }>(
    `SELECT e.id, e.kind, e.data, e.created_at, a.id AS actor_id, a.display_name AS actor_name, a.email AS actor_email
     FROM audit_events e LEFT JOIN users a ON a.id = e.actor_id
     WHERE e.entity = 'registration' AND e.entity_id = $1 ORDER BY e.created_at, e.id`,
    [registration.id],
  );
  // The stored data was written by the action of the same kind, so it has that kind's shape.
  return rows.map(
    (row) =>
      ({
        id: row.id,
        kind: row.kind,
        actor: row.actor_id === null ? null : { id: row.actor_id, display_name: row.actor_name, email: row.actor_email ?? '' },
        created_at: row.created_at.toISOString(),
        data: row.data,
      }) as TimelineEvent,
  );
}

/** The spec's stepper call: the seven steps (completed, the current one 'active', then pending) and the status history. */
export async function readStatus(db: Queryable, userId: number): Promise<UserStatusResponse> {
  const registration = await findRegistration(db, userId);
  const events = await db.query<{ status_text: string; created_at: Date }>(
    'SELECT status_text, created_at FROM registration_events WHERE registration_id = $1 ORDER BY created_at, id',
    [registration.id],
  );
  const reached = STAGES.indexOf(registration.stage);
  return {
    status: STAGES.map((stage, index) => ({
      field_name: stage,
      status_text: STAGE_TITLES[stage],
      // The stage being worked on is 'active'; a withdrawn registration's last reached step is simply completed.
      status: index < reached ? 'completed' : index === reached ? (registration.status === 'active' ? 'active' : 'completed') : 'pending',
    })),
    current_status: events.map((event) => ({ status_text: event.status_text, created_at: event.created_at.toISOString() })),
  };
}

export interface DocumentFile {
  file_name: string;
  content_type: DocumentContentType;
  content: Uint8Array;
}

export async function readDocumentFile(db: Queryable, userId: number, documentId: number): Promise<DocumentFile> {
  const registration = await findRegistration(db, userId);
  const [row] = await db.query<DocumentFile>(
    'SELECT file_name, content_type, content FROM registration_documents WHERE id = $1 AND registration_id = $2',
    [documentId, registration.id],
  );
  if (!row) throw notFound('Document');
  return row;
}

/** Staff a registration may be assigned to: every active staff user whose role sees the due-diligence page. */
export async function listAssignees(db: Queryable): Promise<PersonRef[]> {
  const roles = STAFF_ROLES.filter((role) => canSee(role, 'due-diligence'));
  return db.query<PersonRef>(
    'SELECT id, display_name, email FROM users WHERE role = ANY($1::text[]) AND active ORDER BY lower(coalesce(display_name, email)), id',
    [roles],
  );
}

export async function readMyRegistration(db: Queryable, clientId: number): Promise<MyRegistration> {
  const row = await findRegistration(db, clientId);
  return {
    registration_id: row.registration_id,
    legal_name: row.legal_name,
    stage: row.stage,
    status_label: row.status_label,
    review_state: row.review_state,
    version: row.version,
    documents: await documentsOf(db, row.id),
  };
}

// -------------------------------------------------------------------------------------------- actions

/** A staff action on the registration of the client `userId`: answers the review as the action left it. */
function staffAction(db: Database, userId: number, context: ActionContext, version: number | null, act: (tx: Queryable, row: RegistrationRow) => Promise<void>) {
  return writeRecord(db, {
    entity: 'registration',
    context,
    version,
    conflictMessage: CONFLICT_MESSAGE,
    lock: (tx) => findRegistration(tx, userId, true),
    act,
    read: (tx) => readReview(tx, userId),
  });
}

/** A client's action on its own registration: answers what the client sees of it. */
function clientAction(db: Database, clientId: number, context: ActionContext, version: number | null, act: (tx: Queryable, row: RegistrationRow) => Promise<void>) {
  return writeRecord(db, {
    entity: 'registration',
    context,
    version,
    conflictMessage: CONFLICT_MESSAGE,
    lock: (tx) => findRegistration(tx, clientId, true),
    act,
    read: (tx) => readMyRegistration(tx, clientId),
  });
}

/** Writes the review columns and bumps the version; answers the row as it now is. */
async function update(
  tx: Queryable,
  registration: RegistrationRow,
  changes: Partial<ReviewSnapshot> & { review_since?: Date; received?: Date },
): Promise<RegistrationRow> {
  const next: RegistrationRow = { ...registration, ...changes, version: registration.version + 1 };
  await tx.query(
    `UPDATE registrations SET review_state = $2, status_label = $3, assignee_id = $4, version = $5,
       review_since = coalesce($6, review_since), recieved_on = coalesce(recieved_on, $7)
     WHERE id = $1`,
    [registration.id, next.review_state, next.status_label, next.assignee_id, next.version, changes.review_since ?? null, changes.received ?? null],
  );
  return next;
}

/** The spec's current_status history (what the stepper's return sub-entry shows). */
async function addStatusLine(tx: Queryable, registrationId: number, text: string): Promise<void> {
  await tx.query('INSERT INTO registration_events (registration_id, status_text, created_at) VALUES ($1, $2, CURRENT_TIMESTAMP)', [registrationId, text]);
}

function requireAwaitingReview(registration: RegistrationRow): void {
  if (onboardingPageOf(registration) !== 'due-diligence') {
    throw conflict('This registration is not waiting for due diligence any more. The page now shows the latest version.');
  }
}

/**
 * Writes an action's timeline event and, in the same transaction, the notifications it causes (who hears
 * of what: notify.ts), given the registration as the action left it.
 */
async function recordEvent(tx: Queryable, event: AuditEvent & { kind: RegistrationEventKind }, after: RegistrationRow): Promise<void> {
  await writeAudit(tx, event);
  await notifyRegistrationEvent(tx, { kind: event.kind, actorId: event.actorId }, after);
}

export function assign(db: Database, userId: number, body: AssignBody, context: ActionContext): Promise<RegistrationReview> {
  return staffAction(db, userId, context, body.version, async (tx, registration) => {
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
    const after = await update(tx, registration, { assignee_id: body.assignee_id });
    await recordEvent(
      tx,
      {
        entity: 'registration',
        entityId: registration.id,
        kind: assignee ? 'assigned' : 'unassigned',
        actorId: context.actorId,
        data: { assignee: assignee ?? previous },
        before: snapshot(registration),
        after: snapshot(after),
        idempotencyKey: context.idempotencyKey,
      },
      after,
    );
  });
}

export function approve(db: Database, userId: number, body: { version: number }, context: ActionContext): Promise<RegistrationReview> {
  return staffAction(db, userId, context, body.version, async (tx, registration) => {
    requireAwaitingReview(registration);
    const [{ count } = { count: 0 }] = await tx.query<{ count: number }>(
      'SELECT count(*)::integer AS count FROM registration_documents WHERE registration_id = $1',
      [registration.id],
    );
    if (count === 0) throw conflict('The client has not uploaded any document yet, so there is nothing to approve.');
    await decide(tx, registration, context, 'approved', APPROVED_STATUS_TEXT);
  });
}

export function returnForCorrection(db: Database, userId: number, body: ReturnBody, context: ActionContext): Promise<RegistrationReview> {
  const comment = body.comment.trim();
  if (comment === '') throw invalidInput('comment', 'must not be blank');
  return staffAction(db, userId, context, body.version, async (tx, registration) => {
    requireAwaitingReview(registration);
    await decide(tx, registration, context, 'returned', returnedStatusText(body.reason), { reason: body.reason, comment });
  });
}

/** A review decision: the new state and its status label, the client's status line, and the event that says so. */
async function decide(
  tx: Queryable,
  registration: RegistrationRow,
  context: ActionContext,
  decision: keyof typeof REVIEW_STATUS_LABELS,
  statusText: string,
  data?: AuditEvent['data'],
): Promise<void> {
  const after = await update(tx, registration, { review_state: decision, status_label: REVIEW_STATUS_LABELS[decision] });
  await addStatusLine(tx, registration.id, statusText);
  await recordEvent(
    tx,
    {
      entity: 'registration',
      entityId: registration.id,
      kind: decision,
      actorId: context.actorId,
      ...(data === undefined ? {} : { data }),
      before: snapshot(registration),
      after: snapshot(after),
      idempotencyKey: context.idempotencyKey,
    },
    after,
  );
}

/** An internal note: it changes no field of the registration, so it needs no version and conflicts with nothing. */
export function addComment(db: Database, userId: number, body: CommentBody, context: ActionContext): Promise<TimelineEvent[]> {
  const text = body.text.trim();
  if (text === '') throw invalidInput('text', 'must not be blank');
  return writeRecord(db, {
    entity: 'registration',
    context,
    version: null,
    conflictMessage: CONFLICT_MESSAGE,
    lock: (tx) => findRegistration(tx, userId, true),
    act: (tx, registration) =>
      recordEvent(
        tx,
        { entity: 'registration', entityId: registration.id, kind: 'comment_added', actorId: context.actorId, data: { comment: text }, idempotencyKey: context.idempotencyKey },
        registration,
      ),
    read: (tx) => readTimeline(tx, userId),
  });
}

/** A client uploads a corrected or missing document while its registration is at documents_submitted and not yet approved. */
export function uploadDocument(db: Database, clientId: number, body: DocumentUploadBody, context: ActionContext): Promise<MyRegistration> {
  const content = decodeDocument(body.content_base64, body.content_type, MAX_DOCUMENT_BYTES);
  return clientAction(db, clientId, context, null, async (tx, registration) => {
    if (registration.status !== 'active' || registration.stage !== 'documents_submitted' || registration.review_state === 'approved') {
      throw conflict('Documents can be uploaded only while the registration waits for its documents or their correction.');
    }
    const after = await update(tx, registration, {});
    await insertDocument(
      tx,
      registration.id,
      { kind: body.kind, file_name: cleanFileName(body.file_name, body.content_type), content_type: body.content_type, content, uploadedBy: clientId },
      { idempotencyKey: context.idempotencyKey, before: snapshot(registration), after: snapshot(after) },
    );
    await notifyRegistrationEvent(tx, { kind: 'document_uploaded', actorId: clientId }, after);
  });
}

/** Stores a document and writes its document_uploaded event (the demo seed uses it too). */
export async function insertDocument(
  tx: Queryable,
  registrationId: number,
  document: { kind: DocumentKind; file_name: string; content_type: DocumentContentType; content: Uint8Array; uploadedBy: number | null; at?: Date },
  audit: Pick<AuditEvent, 'idempotencyKey' | 'before' | 'after'> = {},
): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO registration_documents (registration_id, kind, file_name, content_type, size_bytes, content, uploaded_by, uploaded_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, coalesce($8, CURRENT_TIMESTAMP)) RETURNING id`,
    [registrationId, document.kind, document.file_name, document.content_type, document.content.length, document.content, document.uploadedBy, document.at ?? null],
  );
  await writeAudit(tx, {
    entity: 'registration',
    entityId: registrationId,
    kind: 'document_uploaded',
    actorId: document.uploadedBy,
    data: { document: { id: row!.id, kind: document.kind, file_name: document.file_name } },
    ...audit,
    ...(document.at ? { at: document.at } : {}),
  });
  return row!.id;
}

/** The client sends a returned registration back to due diligence. */
export function resubmit(db: Database, clientId: number, body: ResubmitBody, context: ActionContext): Promise<MyRegistration> {
  return clientAction(db, clientId, context, body.version ?? null, async (tx, registration) => {
    if (registration.status !== 'active' || registration.review_state !== 'returned') {
      throw conflict('Only a registration returned for correction can be resubmitted.');
    }
    const now = new Date();
    const after = await update(tx, registration, {
      review_state: null,
      status_label: REGISTRATION_STATUS.pendingDueDiligence,
      review_since: now,
      received: now,
    });
    await addStatusLine(tx, registration.id, RESUBMITTED_STATUS_TEXT);
    await recordEvent(
      tx,
      {
        entity: 'registration',
        entityId: registration.id,
        kind: 'resubmitted',
        actorId: context.actorId,
        before: snapshot(registration),
        after: snapshot(after),
        idempotencyKey: context.idempotencyKey,
      },
      after,
    );
  });
}
