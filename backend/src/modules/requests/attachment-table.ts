/**
 * The request_attachments table's row, declared once (lib/table.ts; requests/table.ts holds the
 * service_requests table's): a request's attachment list, a download and the insert of a client's file
 * derive from it. The columns were made by migration 0040.
 */
import { column, table, type RowOf } from '../../lib/table.ts';

export const requestAttachmentsTable = table('request_attachments', {
  id: column<number>(),
  request_id: column<number>(),
  file_name: column<string>(),
  content_type: column<string>(),
  size_bytes: column<number>(),
  content: column<Uint8Array>(),
  uploaded_by: column<number | null>(),
  created_at: column<Date>(),
});

export type RequestAttachmentColumns = RowOf<typeof requestAttachmentsTable.columns>;
export type RequestAttachmentColumn = keyof RequestAttachmentColumns & string;

/** The columns a request's page lists of each attachment (its content is downloaded on its own). */
export const ATTACHMENT_ROW_FIELDS = ['id', 'file_name', 'content_type', 'size_bytes'] as const satisfies readonly RequestAttachmentColumn[];

/** The columns a download reads. */
export const ATTACHMENT_FILE_FIELDS = ['file_name', 'content_type', 'content'] as const satisfies readonly RequestAttachmentColumn[];

/** The columns a client's attached file is written with. */
export const NEW_ATTACHMENT_FIELDS = ['request_id', 'file_name', 'content_type', 'size_bytes', 'content', 'uploaded_by'] as const satisfies readonly RequestAttachmentColumn[];
