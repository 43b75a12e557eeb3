/**
 * Due-diligence review vocabulary shared by the back end, the console and the demo: document kinds, return
 * reasons, the status labels the review actions set and the conflict message of a stale write.
 */

export const DOCUMENT_KINDS = ['trade_licence', 'passport', 'emirates_id', 'memorandum_of_association', 'bank_statement'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  trade_licence: 'Trade licence',
  passport: 'Passport',
  emirates_id: 'Emirates ID',
  memorandum_of_association: 'Memorandum of association',
  bank_statement: 'Bank statement',
};

/** The file types a document may have: the ones a browser previews safely (PDF viewer, img). */
export const DOCUMENT_CONTENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type DocumentContentType = (typeof DOCUMENT_CONTENT_TYPES)[number];

/** The largest document a client may upload (decoded bytes). */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;

export const RETURN_REASONS = ['document_unreadable', 'document_expired', 'name_mismatch', 'missing_document', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  document_unreadable: 'Document unreadable',
  document_expired: 'Document expired',
  name_mismatch: 'Name mismatch',
  missing_document: 'Missing document',
  other: 'Other',
};

/** The list status a review action leaves the registration with. */
export const REVIEW_STATUS_LABELS = {
  returned: 'Returned for Correction',
  approved: 'Pending Plan Approval',
} as const;

/** The current_status lines the review loop adds (spec: the stepper's return sub-entry shows the last one). */
export const returnedStatusText = (reason: ReturnReason) => `Returned: ${RETURN_REASON_LABELS[reason]}`;
export const RESUBMITTED_STATUS_TEXT = 'Resubmitted';
export const APPROVED_STATUS_TEXT = 'Due diligence approved';

export const CONFLICT_MESSAGE = 'This registration was changed by someone else. The page now shows the latest version.';

/** Internal comments: the longest note staff may post. */
export const MAX_COMMENT_LENGTH = 4000;

/** The longest file name a document keeps (it goes into Content-Disposition and onto reviewers' disks). */
export const MAX_FILE_NAME_LENGTH = 200;
