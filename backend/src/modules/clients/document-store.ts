/**
 * A client's documents: its own uploads and the ones from its onboarding (registration_documents, listed
 * with them and served from there), with expiry dates where a document has one; and document requests, which
 * notify the client and stay open until the client (or staff for it) uploads what was asked. Files are
 * checked and named by lib/documents.ts, as onboarding's are.
 */
import { daysBetween, dubaiDate } from '../../../../common/calendar.ts';
import { CLIENT_CONFLICT_MESSAGE, CLIENT_DOCUMENT_KIND_LABELS, expires, type ClientDocumentKind } from '../../../../common/clients.ts';
import type { ClientDocument, ClientDocumentUploadBody, ClientDocuments, DocumentRequest, DocumentRequestBody, MyDocumentRequest, MyDocumentUploadBody } from '../../../../common/contract/clients.ts';
import { MAX_DOCUMENT_BYTES, type DocumentContentType } from '../../../../common/review.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { writeRecord, type ActionContext } from '../../lib/action.ts';
import { writeAudit } from '../../lib/audit.ts';
import { cleanFileName, decodeDocument } from '../../lib/documents.ts';
import { conflict, invalidInput, notFound } from '../../lib/http-error.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { requireVisibleClient } from './access.ts';
import { notifyClientUpload, notifyDocumentRequested } from './notify.ts';
import { clientWrite, type LockedClient } from './client-write.ts';
import { personJson } from '../../lib/person-sql.ts';
import { type PersonRef } from '../../../../common/contract/shared.ts';
import { insertList, selectList } from '../../lib/table.ts';
import {
  clientDocumentsTable,
  DOCUMENT_FILE_FIELDS,
  DOCUMENT_ROW_FIELDS,
  documentRequestsTable,
  NEW_DOCUMENT_FIELDS,
  NEW_REQUEST_FIELDS,
  OPEN_REQUEST_FIELDS,
  REQUEST_ROW_FIELDS,
  type ClientDocumentColumns,
  type DocumentRequestColumns,
} from './document-table.ts';

type Caller = Pick<CurrentUser, 'id' | 'role'>;

// The demo seed dates its documents and requests in the past (the last value); anyone else's are the transaction's time.
const NEW_DOCUMENT_COLUMNS = insertList(NEW_DOCUMENT_FIELDS).columns;
const NEW_REQUEST_COLUMNS = insertList(NEW_REQUEST_FIELDS).columns;

/** A document as the list reads it, the client's own or onboarding's (which answers the same columns). */
type DocumentRow = Pick<ClientDocumentColumns, (typeof DOCUMENT_ROW_FIELDS)[number]> & { uploader: PersonRef | null };

function toDocument(row: DocumentRow, source: ClientDocument['source'], today: string): ClientDocument {
  return {
    id: row.id,
    source,
    kind: row.kind,
    file_name: row.file_name,
    content_type: row.content_type,
    size_bytes: row.size_bytes,
    expires_on: row.expires_on,
    expiry_days_left: row.expires_on ? daysBetween(today, row.expires_on) : null,
    uploaded_at: row.uploaded_at.toISOString(),
    uploaded_by: row.uploader,
    request_id: row.request_id,
  };
}

async function requestsOf(db: Queryable, clientId: number): Promise<DocumentRequest[]> {
  const rows = await db.query<Pick<DocumentRequestColumns, (typeof REQUEST_ROW_FIELDS)[number]> & { requester: PersonRef | null }>(
    `SELECT ${selectList(documentRequestsTable, 'q', REQUEST_ROW_FIELDS)}, ${personJson('u')} AS requester
     FROM client_document_requests q LEFT JOIN users u ON u.id = q.requested_by
     WHERE q.client_id = $1 ORDER BY (q.status = 'open') DESC, q.requested_at DESC, q.id DESC`,
    [clientId],
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    note: row.note,
    due_on: row.due_on,
    status: row.status,
    requested_at: row.requested_at.toISOString(),
    requested_by: row.requester,
    closed_at: row.closed_at?.toISOString() ?? null,
    document_id: row.document_id,
  }));
}

async function documentsOf(db: Queryable, clientId: number, today = dubaiDate()): Promise<ClientDocuments> {
  const own = await db.query<DocumentRow>(
    `SELECT ${selectList(clientDocumentsTable, 'd', DOCUMENT_ROW_FIELDS)}, ${personJson('u')} AS uploader
     FROM client_documents d LEFT JOIN users u ON u.id = d.uploaded_by WHERE d.client_id = $1`,
    [clientId],
  );
  // Onboarding's documents: a trade licence's expiry is the one the company profile gave with it; an Emirates ID's or a
  // passport's is the one the AML file holds for the party identified by that kind of document (the soonest, when
  // several current parties are: the one to renew first).
  const onboarding = await db.query<DocumentRow>(
    `SELECT d.id, d.kind, d.file_name, d.content_type, d.size_bytes,
            CASE WHEN d.kind = 'trade_licence' THEN ${`to_char(p.licence_expires_on, 'YYYY-MM-DD')`}
                 WHEN d.kind IN ('emirates_id', 'passport') THEN (SELECT to_char(min(ap.id_expires_on), 'YYYY-MM-DD') FROM aml_parties ap
                   WHERE ap.registration_id = c.registration_id AND ap.id_type = d.kind AND ap.withdrawn_at IS NULL) END AS expires_on,
            d.uploaded_at, NULL::integer AS request_id, ${personJson('u')} AS uploader
     FROM clients c JOIN registration_documents d ON d.registration_id = c.registration_id
     LEFT JOIN company_profiles p ON p.registration_id = c.registration_id LEFT JOIN users u ON u.id = d.uploaded_by
     WHERE c.id = $1`,
    [clientId],
  );
  const documents = [...own.map((row) => toDocument(row, 'client', today)), ...onboarding.map((row) => toDocument(row, 'onboarding', today))].sort(
    (a, b) => b.uploaded_at.localeCompare(a.uploaded_at) || b.id - a.id,
  );
  return { documents, requests: await requestsOf(db, clientId) };
}

export async function readDocuments(db: Queryable, user: Caller, clientId: number): Promise<ClientDocuments> {
  await requireVisibleClient(db, user, clientId);
  return documentsOf(db, clientId);
}

export type DocumentFile = Pick<ClientDocumentColumns, (typeof DOCUMENT_FILE_FIELDS)[number]>;

export async function readDocumentFile(db: Queryable, user: Caller, clientId: number, documentId: number): Promise<DocumentFile> {
  await requireVisibleClient(db, user, clientId);
  const [file] = await db.query<DocumentFile>(`SELECT ${selectList(clientDocumentsTable, null, DOCUMENT_FILE_FIELDS)} FROM client_documents WHERE id = $1 AND client_id = $2`, [documentId, clientId]);
  if (!file) throw notFound('Document');
  return file;
}

export async function readOnboardingDocumentFile(db: Queryable, user: Caller, clientId: number, documentId: number): Promise<DocumentFile> {
  await requireVisibleClient(db, user, clientId);
  const [file] = await db.query<DocumentFile>(
    'SELECT d.file_name, d.content_type, d.content FROM registration_documents d JOIN clients c ON c.registration_id = d.registration_id WHERE d.id = $1 AND c.id = $2',
    [documentId, clientId],
  );
  if (!file) throw notFound('Document');
  return file;
}

interface NewDocument {
  kind: ClientDocumentKind;
  file_name: string;
  content_type: DocumentContentType;
  content_base64: string;
  expires_on?: string | undefined;
}

/** Checks an upload before any transaction: the bytes against the type, the expiry a kind needs. */
function checkedUpload(document: NewDocument): { content: Buffer; file_name: string; expires_on: string | null } {
  const content = decodeDocument(document.content_base64, document.content_type, MAX_DOCUMENT_BYTES);
  if (expires(document.kind) && !document.expires_on) throw invalidInput('expires_on', `is required for a ${CLIENT_DOCUMENT_KIND_LABELS[document.kind].toLowerCase()}`);
  return { content, file_name: cleanFileName(document.file_name, document.content_type), expires_on: document.expires_on ?? null };
}

/** Stores a document and its timeline event, fulfilling the request it answers (the demo seed uses it too). */
export async function insertClientDocument(
  tx: Queryable,
  clientId: number,
  document: Pick<ClientDocumentColumns, 'kind' | 'file_name' | 'content_type' | 'content' | 'expires_on' | 'request_id'>,
  actorId: number | null,
  idempotencyKey: string | null = null,
  at?: Date,
): Promise<number> {
  const values: Omit<Pick<ClientDocumentColumns, (typeof NEW_DOCUMENT_FIELDS)[number]>, 'uploaded_at'> & { uploaded_at: Date | null } = {
    ...document,
    client_id: clientId,
    size_bytes: document.content.length,
    uploaded_by: actorId,
    uploaded_at: at ?? null,
  };
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO client_documents ${NEW_DOCUMENT_COLUMNS} VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, coalesce($10, CURRENT_TIMESTAMP)) RETURNING id`,
    NEW_DOCUMENT_FIELDS.map((field) => values[field]),
  );
  if (document.request_id !== null) {
    await tx.query("UPDATE client_document_requests SET status = 'fulfilled', closed_at = coalesce($3, CURRENT_TIMESTAMP), closed_by = $4, document_id = $2 WHERE id = $1", [
      document.request_id,
      row!.id,
      at ?? null,
      actorId,
    ]);
  }
  await writeAudit(tx, {
    entity: 'client',
    entityId: clientId,
    kind: 'client_document_uploaded',
    actorId,
    data: { document_id: row!.id, kind: document.kind, file_name: document.file_name, expires_on: document.expires_on, request_id: document.request_id },
    idempotencyKey,
    ...(at ? { at } : {}),
  });
  return row!.id;
}

/** The open request `requestId` of the client, locked; a closed or another client's request is refused. */
async function openRequest(tx: Queryable, clientId: number, requestId: number, field: string): Promise<Pick<DocumentRequestColumns, (typeof OPEN_REQUEST_FIELDS)[number]>> {
  const [request] = await tx.query<Pick<DocumentRequestColumns, (typeof OPEN_REQUEST_FIELDS)[number]>>(
    `SELECT ${selectList(documentRequestsTable, null, OPEN_REQUEST_FIELDS)} FROM client_document_requests WHERE id = $1 AND client_id = $2 FOR UPDATE`,
    [requestId, clientId],
  );
  if (!request) throw field === 'path' ? notFound('Document request') : invalidInput(field, 'must be a request of this client');
  if (request.status !== 'open') throw conflict(`This request is already ${request.status}.`);
  return request;
}

export function uploadDocument(db: Database, user: Caller, clientId: number, body: ClientDocumentUploadBody, context: ActionContext): Promise<ClientDocuments> {
  const upload = checkedUpload(body);
  return clientWrite(
    db,
    user,
    clientId,
    context,
    async (tx, client) => {
      if (body.request_id !== undefined) {
        const request = await openRequest(tx, client.id, body.request_id, 'request_id');
        if (request.kind !== body.kind) throw invalidInput('kind', `must be what the request asked for (${CLIENT_DOCUMENT_KIND_LABELS[request.kind]})`);
      }
      await insertClientDocument(tx, client.id, { ...upload, kind: body.kind, content_type: body.content_type, request_id: body.request_id ?? null }, context.actorId, context.idempotencyKey);
    },
    (tx, client) => documentsOf(tx, client.id),
  );
}

export function requestDocument(db: Database, user: Caller, clientId: number, body: DocumentRequestBody, context: ActionContext, today = dubaiDate()): Promise<ClientDocuments> {
  const note = body.note.trim();
  if (note === '') return Promise.reject(invalidInput('note', 'must not be blank'));
  if (body.due_on !== undefined && body.due_on < today) return Promise.reject(invalidInput('due_on', 'must be today or later'));
  return clientWrite(
    db,
    user,
    clientId,
    context,
    async (tx, client) => {
      await insertRequest(tx, client, { kind: body.kind, note, due_on: body.due_on ?? null }, context.actorId, context.idempotencyKey);
    },
    (tx, client) => documentsOf(tx, client.id),
  );
}

/** Stores a request, its timeline event and the client's notification (the demo seed uses it too). */
export async function insertRequest(
  tx: Queryable,
  client: Pick<LockedClient, 'id' | 'legal_name' | 'bookkeeper_id' | 'user_id'>,
  request: Pick<DocumentRequestColumns, 'kind' | 'note' | 'due_on'>,
  actorId: number | null,
  idempotencyKey: string | null = null,
  at?: Date,
): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO client_document_requests ${NEW_REQUEST_COLUMNS} VALUES ($1, $2, $3, $4, $5, coalesce($6, CURRENT_TIMESTAMP)) RETURNING id`,
    [client.id, request.kind, request.note, request.due_on, actorId, at ?? null],
  );
  await writeAudit(tx, {
    entity: 'client',
    entityId: client.id,
    kind: 'document_requested',
    actorId,
    data: { request_id: row!.id, kind: request.kind, note: request.note, due_on: request.due_on },
    idempotencyKey,
    ...(at ? { at } : {}),
  });
  await notifyDocumentRequested(tx, client, request, actorId);
  return row!.id;
}

export function cancelRequest(db: Database, user: Caller, clientId: number, requestId: number, context: ActionContext): Promise<ClientDocuments> {
  return clientWrite(
    db,
    user,
    clientId,
    context,
    async (tx, client) => {
      const request = await openRequest(tx, client.id, requestId, 'path');
      await tx.query("UPDATE client_document_requests SET status = 'cancelled', closed_at = CURRENT_TIMESTAMP, closed_by = $2 WHERE id = $1", [request.id, context.actorId]);
      await writeAudit(tx, {
        entity: 'client',
        entityId: client.id,
        kind: 'document_request_cancelled',
        actorId: context.actorId,
        data: { request_id: request.id, kind: request.kind },
        idempotencyKey: context.idempotencyKey,
      });
    },
    (tx, client) => documentsOf(tx, client.id),
  );
}

// ----------------------------------------------------------------------------------------- the client's own

/** The client account's client record (its latest, should one person own several); 404 when it has none. */
export async function myClientId(db: Queryable, userId: number): Promise<number> {
  const [row] = await db.query<{ id: number }>('SELECT id FROM clients WHERE user_id = $1 ORDER BY id DESC LIMIT 1', [userId]);
  if (!row) throw notFound('Client account');
  return row.id;
}

export async function myDocumentRequests(db: Queryable, userId: number): Promise<MyDocumentRequest[]> {
  const requests = await requestsOf(db, await myClientId(db, userId));
  return requests.map(({ id, kind, note, due_on, status, requested_at }) => ({ id, kind, note, due_on, status, requested_at }));
}

/** The client uploads what a request asked for: the request is fulfilled and the bookkeeper hears of it. */
export async function uploadMyDocument(db: Database, userId: number, requestId: number, body: MyDocumentUploadBody, context: ActionContext): Promise<MyDocumentRequest[]> {
  const clientId = await myClientId(db, userId);
  return writeRecord(db, {
    entity: 'client',
    context,
    version: null,
    conflictMessage: CLIENT_CONFLICT_MESSAGE,
    lock: async (tx) => (await tx.query<LockedClient>('SELECT id, version, legal_name, status, user_id, bookkeeper_id, reviewer_id FROM clients WHERE id = $1 FOR UPDATE', [clientId]))[0]!,
    act: async (tx, client) => {
      const request = await openRequest(tx, client.id, requestId, 'path');
      const upload = checkedUpload({ ...body, kind: request.kind });
      await insertClientDocument(tx, client.id, { ...upload, kind: request.kind, content_type: body.content_type, request_id: request.id }, userId, context.idempotencyKey);
      await notifyClientUpload(tx, client, request.kind, userId);
    },
    read: (tx) => myDocumentRequests(tx, userId),
  });
}
