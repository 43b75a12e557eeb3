/**
 * A client's documents and document requests, declared once (lib/table.ts; clients/table.ts holds the
 * clients table's): the document store's column lists (the lists' SELECTs, a download, the inserts, a
 * request's lock) and row types derive from them. The columns were made by migration 0031.
 */
import type { ClientDocumentKind } from '../../../../common/clients.ts';
import type { DocumentRequest } from '../../../../common/contract/clients.ts';
import type { DocumentContentType } from '../../../../common/review.ts';
import { column, table, type RowOf } from '../../lib/table.ts';

export const clientDocumentsTable = table('client_documents', {
  id: column<number>(),
  client_id: column<number>(),
  kind: column<ClientDocumentKind>(),
  file_name: column<string>(),
  content_type: column<DocumentContentType>(),
  size_bytes: column<number>(),
  content: column<Uint8Array>(),
  expires_on: column<string | null>('date'),
  // The request it answered, if any.
  request_id: column<number | null>(),
  uploaded_by: column<number | null>(),
  uploaded_at: column<Date>(),
});

export type ClientDocumentColumns = RowOf<typeof clientDocumentsTable.columns>;
export type ClientDocumentColumn = keyof ClientDocumentColumns & string;

/** The columns the documents list reads of each (its uploader is joined beside them; onboarding's documents answer the same). */
export const DOCUMENT_ROW_FIELDS = ['id', 'kind', 'file_name', 'content_type', 'size_bytes', 'expires_on', 'uploaded_at', 'request_id'] as const satisfies readonly ClientDocumentColumn[];

/** The columns a download reads. */
export const DOCUMENT_FILE_FIELDS = ['file_name', 'content_type', 'content'] as const satisfies readonly ClientDocumentColumn[];

/** The columns a document is written with (its upload time as well, which the demo seed dates in the past). */
export const NEW_DOCUMENT_FIELDS = ['client_id', 'kind', 'file_name', 'content_type', 'size_bytes', 'content', 'expires_on', 'request_id', 'uploaded_by', 'uploaded_at'] as const satisfies readonly ClientDocumentColumn[];

export const documentRequestsTable = table('client_document_requests', {
  id: column<number>(),
  client_id: column<number>(),
  kind: column<ClientDocumentKind>(),
  note: column<string>(),
  due_on: column<string | null>('date'),
  status: column<DocumentRequest['status']>(),
  requested_by: column<number | null>(),
  requested_at: column<Date>(),
  closed_by: column<number | null>(),
  closed_at: column<Date | null>(),
  // The document that fulfilled it.
  document_id: column<number | null>(),
});

export type DocumentRequestColumns = RowOf<typeof documentRequestsTable.columns>;
export type DocumentRequestColumn = keyof DocumentRequestColumns & string;

/** The columns the requests list reads of each (its requester is joined beside them). */
export const REQUEST_ROW_FIELDS = ['id', 'kind', 'note', 'due_on', 'status', 'requested_at', 'closed_at', 'document_id'] as const satisfies readonly DocumentRequestColumn[];

/** The columns an upload locks and checks of the request it answers. */
export const OPEN_REQUEST_FIELDS = ['id', 'kind', 'status'] as const satisfies readonly DocumentRequestColumn[];

/** The columns a request is written with (its time as well, which the demo seed dates in the past). */
export const NEW_REQUEST_FIELDS = ['client_id', 'kind', 'note', 'due_on', 'requested_by', 'requested_at'] as const satisfies readonly DocumentRequestColumn[];
