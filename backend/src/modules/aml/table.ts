/**
 * The AML area's tables, their rows declared once (lib/table.ts): the stores' column lists and row types
 * derive from them. The columns were made by migration 0080 (due tasks 0082, EDD evidence 0083, the list
 * guards 0103, the decisions 0104, the freeze lift 0105), the legal holds by their own migration.
 */
import type { IdType, PartyKind, PartyRole } from '../../../../common/aml.ts';
import type { CandidateSchema, ScreeningMatch } from '../../../../common/contract/aml.ts';
import type { ListVersionState, SanctionsList } from '../../../../common/contract/aml-paths.ts';
import type { RegisterType } from '../../../../common/contract/aml-register-paths.ts';
import { column, table, type RowOf } from '../../lib/table.ts';

export const amlPartiesTable = table('aml_parties', {
  id: column<number>(),
  registration_id: column<number>(),
  owner_party_id: column<number | null>(),
  kind: column<PartyKind>(),
  name: column<string>(),
  name_ar: column<string | null>(),
  date_of_birth: column<string | null>('date'),
  nationality: column<string | null>(),
  residence: column<string | null>(),
  id_type: column<IdType | null>(),
  id_number: column<string | null>(),
  id_expires_on: column<string | null>('date'),
  roles: column<PartyRole[]>(),
  share_bp: column<number | null>(),
  pep: column<boolean>(),
  pep_details: column<string | null>(),
  source_of_funds: column<string | null>(),
  source_of_wealth: column<string | null>(),
  jurisdiction: column<string | null>(),
  registration_number: column<string | null>(),
  screened_at: column<Date | null>(),
  version: column<number>(),
  created_at: column<Date>(),
  withdrawn_at: column<Date | null>(),
  withdrawn_by: column<number | null>(),
  withdrawn_reason: column<string | null>(),
});

export type AmlPartyColumns = RowOf<typeof amlPartiesTable.columns>;
export type AmlPartyColumn = keyof AmlPartyColumns & string;

/** The columns a party's rules, screening and page read (its withdrawal and creation are history, read apart). */
export const PARTY_ROW_FIELDS = [
  'id',
  'registration_id',
  'owner_party_id',
  'kind',
  'name',
  'name_ar',
  'date_of_birth',
  'nationality',
  'residence',
  'id_type',
  'id_number',
  'id_expires_on',
  'roles',
  'share_bp',
  'pep',
  'pep_details',
  'source_of_funds',
  'source_of_wealth',
  'jurisdiction',
  'registration_number',
  'screened_at',
  'version',
] as const satisfies readonly AmlPartyColumn[];

export const amlFilesTable = table('aml_files', {
  registration_id: column<number>(),
  version: column<number>(),
  company_screened_at: column<Date | null>(),
  risk_level: column<'low' | 'medium' | 'high' | null>(),
  risk_score: column<number | null>(),
  risk_factors: column<{ factor: string; points: number; detail: string }[] | null>(),
  risk_answers: column<{ sector: string; services: string[]; face_to_face: boolean } | null>(),
  rated_by: column<number | null>(),
  rated_at: column<Date | null>(),
  next_review_on: column<string | null>('date'),
  edd_approved_by: column<number | null>(),
  edd_approved_at: column<Date | null>(),
  frozen_at: column<Date | null>(),
  frozen_reason: column<string | null>(),
  freeze_lift_requested_by: column<number | null>(),
  freeze_lift_requested_at: column<Date | null>(),
  freeze_lift_reason: column<string | null>(),
});

export type AmlFileColumns = RowOf<typeof amlFilesTable.columns>;

/** A match's state as stored: one awaiting its second review is a false positive with its countersign due. */
export type StoredMatchState = Exclude<ScreeningMatch['state'], 'awaiting_second_review'>;

export const amlMatchesTable = table('aml_matches', {
  id: column<number>(),
  registration_id: column<number>(),
  party_id: column<number | null>(),
  entry_id: column<number>(),
  candidate: column<CandidateSchema>(),
  state: column<StoredMatchState>(),
  subject_fingerprint: column<string>(),
  entry_fingerprint: column<string>(),
  decided_by: column<number | null>(),
  decided_at: column<Date | null>(),
  reason: column<string | null>(),
  found_at: column<Date>(),
  version: column<number>(),
  delisted_from: column<'potential' | 'confirmed' | 'false_positive' | null>(),
  delisted_at: column<Date | null>(),
  delisting_closed_by: column<number | null>(),
  delisting_closed_at: column<Date | null>(),
  delisting_reason: column<string | null>(),
  countersign_due: column<boolean>(),
  countersigned_by: column<number | null>(),
  countersigned_at: column<Date | null>(),
});

export type AmlMatchColumns = RowOf<typeof amlMatchesTable.columns>;

export const amlListVersionsTable = table('aml_list_versions', {
  id: column<number>(),
  list: column<SanctionsList>(),
  content_sha256: column<string>(),
  /** The publisher's own date as the file gives it (text: the lists do not agree on a format). */
  published_on: column<string | null>(),
  entry_count: column<number>(),
  added: column<string[]>(),
  changed: column<string[]>(),
  removed: column<string[]>(),
  imported_by: column<number | null>(),
  imported_at: column<Date>(),
  state: column<ListVersionState>(),
  file_name: column<string | null>(),
  /** A held version's parsed entries, applied when a second person approves it. */
  pending_entries: column<unknown[] | null>(),
  decided_by: column<number | null>(),
  decided_at: column<Date | null>(),
  decision_reason: column<string | null>(),
  version: column<number>(),
});

export type AmlListVersionColumns = RowOf<typeof amlListVersionsTable.columns>;

export const amlListEntriesTable = table('aml_list_entries', {
  id: column<number>(),
  list: column<SanctionsList>(),
  reference: column<string>(),
  kind: column<'person' | 'entity'>(),
  primary_name: column<string>(),
  names: column<string[]>(),
  dates_of_birth: column<string[]>(),
  nationalities: column<string[]>(),
  content_hash: column<string>(),
  added_version_id: column<number>(),
  removed_version_id: column<number | null>(),
});

export type AmlListEntryColumns = RowOf<typeof amlListEntriesTable.columns>;

export const amlRegisterEntriesTable = table('aml_register_entries', {
  id: column<number>(),
  registration_id: column<number>(),
  type: column<RegisterType>(),
  match_id: column<number | null>(),
  opened_at: column<Date>(),
  deadline_on: column<string>('date'),
  filed_on: column<string | null>('date'),
  goaml_reference: column<string | null>(),
  notes: column<string>(),
  description: column<string>(),
  version: column<number>(),
});

export type AmlRegisterEntryColumns = RowOf<typeof amlRegisterEntriesTable.columns>;

export const amlRescreenJobsTable = table('aml_rescreen_jobs', {
  id: column<number>(),
  list_version_id: column<number>(),
  total: column<number>(),
  done: column<number>(),
  last_registration_id: column<number>(),
  finished_at: column<Date | null>(),
  created_at: column<Date>(),
  new_matches: column<number>(),
  delisted_matches: column<number>(),
  flagged_registrations: column<number>(),
});

export type AmlRescreenJobColumns = RowOf<typeof amlRescreenJobsTable.columns>;

export const amlDueTasksTable = table('aml_due_tasks', {
  /** The due item (a review, an expiring document) the task was opened for: one task an item. */
  item_key: column<string>(),
  registration_id: column<number>(),
  task_id: column<number | null>(),
  created_at: column<Date>(),
});

export type AmlDueTaskColumns = RowOf<typeof amlDueTasksTable.columns>;

export const amlEddDocumentsTable = table('aml_edd_documents', {
  id: column<number>(),
  registration_id: column<number>(),
  party_id: column<number>(),
  topic: column<'source_of_funds' | 'source_of_wealth'>(),
  file_name: column<string>(),
  content_type: column<string>(),
  size_bytes: column<number>(),
  content: column<Uint8Array>(),
  uploaded_by: column<number | null>(),
  uploaded_at: column<Date>(),
});

export type AmlEddDocumentColumns = RowOf<typeof amlEddDocumentsTable.columns>;

/** A compliance officer's legal hold on a registration's AML file: it keeps the file whatever its age. */
export const amlLegalHoldsTable = table('aml_legal_holds', {
  registration_id: column<number>(),
  reason: column<string>(),
  set_by: column<number | null>(),
  set_at: column<Date>(),
});

export type AmlLegalHoldColumns = RowOf<typeof amlLegalHoldsTable.columns>;
export type AmlLegalHoldColumn = keyof AmlLegalHoldColumns & string;

/** The columns a hold is set with (its time is the database's). */
export const NEW_LEGAL_HOLD_FIELDS = ['registration_id', 'reason', 'set_by'] as const satisfies readonly AmlLegalHoldColumn[];
