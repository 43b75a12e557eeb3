/**
 * The enquiries table's row, declared once (lib/table.ts): the store's column lists (the inbox row, the lock,
 * the merge's target, the form post's insert, the status, assign and merge updates) and its row types (the
 * inbox row, Locked, the taken and found rows) derive from it. The columns were made by migration 0060.
 */
import type { EnquiryKind, EnquiryStatus } from '../../../../common/contract/enquiries-paths.ts';
import { column, table, type RowOf } from '../../lib/table.ts';

export const enquiriesTable = table('enquiries', {
  id: column<number>(),
  kind: column<EnquiryKind>(),
  status: column<EnquiryStatus>(),
  name: column<string>(),
  email: column<string>(),
  phone: column<string | null>(),
  company: column<string | null>(),
  message: column<string | null>(),
  // The kind's own form fields (topic, service, ...), by name.
  details: column<Record<string, string>>(),
  close_reason: column<string | null>(),
  assignee_id: column<number | null>(),
  merged_into_id: column<number | null>(),
  lead_id: column<number | null>(),
  client_address: column<string | null>(),
  version: column<number>(),
  created_at: column<Date>(),
  // Generated from the name, e-mail, company and phone, for the trigram search; never written.
  search_text: column<string | null>(),
});

export type EnquiryColumns = RowOf<typeof enquiriesTable.columns>;
export type EnquiryColumn = keyof EnquiryColumns & string;

/** The columns an inbox row, the export and one enquiry read as stored (its assignee is computed beside them). */
export const ENQUIRY_ROW_FIELDS = [
  'id',
  'kind',
  'status',
  'name',
  'email',
  'phone',
  'company',
  'message',
  'details',
  'close_reason',
  'merged_into_id',
  'lead_id',
  'created_at',
  'version',
] as const satisfies readonly EnquiryColumn[];

/** The columns every write on one enquiry locks and reads. */
export const LOCKED_ENQUIRY_FIELDS = [
  'id',
  'version',
  'status',
  'kind',
  'name',
  'email',
  'phone',
  'company',
  'message',
  'details',
  'assignee_id',
  'merged_into_id',
  'lead_id',
  'created_at',
] as const satisfies readonly EnquiryColumn[];

/** What a merge reads of the enquiry it folds into: which is the earlier, and whether it is folded itself. */
export const MERGE_TARGET_FIELDS = ['id', 'created_at', 'merged_into_id'] as const satisfies readonly EnquiryColumn[];

/** What names an enquiry in a search hit, a Home row and 'Next unassigned'. */
export const ENQUIRY_TITLE_FIELDS = ['id', 'kind', 'name', 'company'] as const satisfies readonly EnquiryColumn[];

/** The columns a form post writes (the rest take their defaults). */
export const NEW_ENQUIRY_FIELDS = ['kind', 'name', 'email', 'phone', 'company', 'message', 'details', 'client_address'] as const satisfies readonly EnquiryColumn[];
