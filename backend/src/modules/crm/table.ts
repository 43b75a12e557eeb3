/**
 * The leads table's row, declared once (lib/table.ts): the store's column lists (the lead's SELECT, the lock,
 * the insert, an edit) and its row types (LockedLead, NewLead) derive from it. The columns were made by
 * migration 0060.
 */
import type { LeadSource, LeadStage } from '../../../../common/contract/crm-paths.ts';
import { column, table, type RowOf } from '../../lib/table.ts';

export const leadsTable = table('leads', {
  id: column<number>(),
  company: column<string>(),
  contact_name: column<string>(),
  email: column<string>(),
  phone: column<string | null>(),
  source: column<LeadSource>(),
  owner_id: column<number | null>(),
  // bigint: the lead's SELECT casts it to float8 so the driver answers a number.
  monthly_value_fils: column<number>(),
  stage: column<LeadStage>(),
  lost_reason: column<string | null>(),
  next_follow_up: column<string | null>('date'),
  follow_up_notified_for: column<string | null>('date'),
  enquiry_id: column<number | null>(),
  registration_id: column<number | null>(),
  version: column<number>(),
  created_at: column<Date>(),
});

export type LeadColumns = RowOf<typeof leadsTable.columns>;
export type LeadColumn = keyof LeadColumns & string;

/** The columns a lead's list row, card and page read as they are stored (its owner, value and registration are computed beside them). */
export const LEAD_ROW_FIELDS = [
  'id',
  'company',
  'contact_name',
  'email',
  'phone',
  'source',
  'stage',
  'lost_reason',
  'next_follow_up',
  'enquiry_id',
  'created_at',
  'version',
  'owner_id',
] as const satisfies readonly LeadColumn[];

/** What an edit writes (the PATCH's fields). */
export const EDIT_LEAD_FIELDS = ['company', 'contact_name', 'email', 'phone', 'owner_id', 'monthly_value_fils', 'next_follow_up'] as const satisfies readonly LeadColumn[];

/** The columns a new lead is made with (the rest take their defaults): an edit's and where it came from. */
export const NEW_LEAD_FIELDS = [...EDIT_LEAD_FIELDS, 'source', 'enquiry_id'] as const satisfies readonly LeadColumn[];

/** The columns every write on one lead locks and reads (lockLead). */
export const LOCKED_LEAD_FIELDS = ['id', 'version', 'stage', 'company', 'contact_name', 'email', 'owner_id', 'registration_id'] as const satisfies readonly LeadColumn[];
