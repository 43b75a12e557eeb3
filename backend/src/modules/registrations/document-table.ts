/**
 * The registration_documents table's row, declared once (lib/table.ts; registrations/table.ts holds the
 * registrations table's): the documents' list, a download and an upload's insert derive from it. The
 * columns were made by migration 0005.
 */
import type { DocumentContentType, DocumentKind } from '../../../../common/review.ts';
import { column, table, type RowOf } from '../../lib/table.ts';

export const registrationDocumentsTable = table('registration_documents', {
  id: column<number>(),
  registration_id: column<number>(),
  kind: column<DocumentKind>(),
  file_name: column<string>(),
  content_type: column<DocumentContentType>(),
  size_bytes: column<number>(),
  content: column<Uint8Array>(),
  uploaded_by: column<number | null>(),
  uploaded_at: column<Date>(),
});

export type RegistrationDocumentColumns = RowOf<typeof registrationDocumentsTable.columns>;
export type RegistrationDocumentColumn = keyof RegistrationDocumentColumns & string;

/** The columns the documents' list reads of each (its uploader is joined beside them). */
export const DOCUMENT_ROW_FIELDS = ['id', 'kind', 'file_name', 'content_type', 'size_bytes', 'uploaded_at'] as const satisfies readonly RegistrationDocumentColumn[];

/** The columns a download reads. */
export const DOCUMENT_FILE_FIELDS = ['file_name', 'content_type', 'content'] as const satisfies readonly RegistrationDocumentColumn[];

/** The columns an uploaded document is written with (its upload time is the transaction's, or the demo seed's). */
export const NEW_DOCUMENT_FIELDS = ['registration_id', 'kind', 'file_name', 'content_type', 'size_bytes', 'content', 'uploaded_by'] as const satisfies readonly RegistrationDocumentColumn[];
