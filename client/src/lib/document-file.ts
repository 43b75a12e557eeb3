import { DOCUMENT_CONTENT_TYPES, MAX_DOCUMENT_BYTES, type DocumentContentType } from '../../../common/review.ts';

/**
 * Why a picked document (a client's upload, a chat attachment) would be refused by the server's rule (type
 * and size, common/review.ts), in the words of the control that picked it ('Choose', 'Attach'); null when
 * it may be sent. Checked before the file is read, so a 50 MB video is never base64-encoded to be refused.
 */
export function documentFileProblem(file: Pick<File, 'type' | 'size'>, verb: 'Choose' | 'Attach'): string | null {
  if (!DOCUMENT_CONTENT_TYPES.includes(file.type as DocumentContentType)) return `${verb} a PDF, PNG or JPEG file.`;
  if (file.size > MAX_DOCUMENT_BYTES) return 'The file is larger than 5 MB.';
  return null;
}
