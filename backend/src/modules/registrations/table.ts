/**
 * The registrations table's row, declared once (lib/table.ts): the stores' column lists (a transition's lock
 * and update, the sign-up insert, the lists', the review's and the search's SELECTs) and their row types
 * (RegistrationRow, RowChanges, the search's found row) derive from it. The columns were made by migrations
 * 0001, 0002, 0004, 0005 and 0020. Beside it the company profile the client submits, which the review reads.
 */
import type { ReviewState } from '../../../../common/onboarding.ts';
import type { MeetingOutcome } from '../../../../common/pipeline.ts';
import type { Stage } from '../../../../common/stages.ts';
import { column, table, type RowOf } from '../../lib/table.ts';

export const registrationsTable = table('registrations', {
  id: column<number>(),
  user_id: column<number>(),
  registration_id: column<string>(),
  legal_name: column<string>(),
  stage: column<Stage>(),
  status: column<'active' | 'inactive'>(),
  status_label: column<string>(),
  requested_on: column<Date | null>(),
  // Spelt as the spec's API spells it.
  recieved_on: column<Date | null>(),
  review_state: column<ReviewState | null>(),
  meeting_at: column<Date | null>(),
  meeting_booked_by: column<number | null>(),
  plan_name: column<string | null>(),
  // numeric: the stores cast it to text, so no float touches the amount.
  plan_amount_aed: column<string | null>(),
  payment_date: column<Date | null>(),
  version: column<number>(),
  assignee_id: column<number | null>(),
  review_since: column<Date | null>(),
  meeting_outcome: column<MeetingOutcome | null>(),
  last_reminded_at: column<Date | null>(),
  meeting_id: column<number | null>(),
});

export type RegistrationColumns = RowOf<typeof registrationsTable.columns>;
export type RegistrationColumn = keyof RegistrationColumns & string;

/** The columns a search hit and a Home block row read (its state, so the hit can say where it waits). */
export const FOUND_REGISTRATION_FIELDS = ['id', 'user_id', 'legal_name', 'registration_id', 'stage', 'status', 'review_state', 'status_label'] as const satisfies readonly RegistrationColumn[];

/** The columns every action locks and reads (findRegistration): its state, its keys and the dates the lists show. */
export const REGISTRATION_ROW_FIELDS = [
  ...FOUND_REGISTRATION_FIELDS,
  'version',
  'assignee_id',
  'requested_on',
  'recieved_on',
  'review_since',
  'meeting_outcome',
  'meeting_id',
  'last_reminded_at',
] as const satisfies readonly RegistrationColumn[];

/** The state columns a transition always writes (the table's `to` and what follows from it). */
export const TRANSITION_STATE_FIELDS = ['stage', 'status', 'review_state', 'meeting_outcome', 'status_label', 'version'] as const satisfies readonly RegistrationColumn[];

/** The columns an action may set beside its state. */
export const ROW_CHANGE_FIELDS = [
  'assignee_id',
  'requested_on',
  'recieved_on',
  'review_since',
  'meeting_id',
  'meeting_at',
  'meeting_booked_by',
  'plan_name',
  'plan_amount_aed',
  'payment_date',
  'last_reminded_at',
] as const satisfies readonly RegistrationColumn[];

/** The columns a registration is made with (the rest take their defaults or stay empty until their step). */
export const NEW_REGISTRATION_FIELDS = ['user_id', 'registration_id', 'legal_name', 'stage', 'status', 'status_label'] as const satisfies readonly RegistrationColumn[];

/** The steps' columns the lists and the review show as they are stored (the booker's name and the amount as text are computed beside them). */
export const STEP_FIELDS = ['meeting_at', 'plan_name', 'payment_date'] as const satisfies readonly RegistrationColumn[];

/** The columns a list row (and the export) reads as they are stored; the client's id, the joins' columns and the flags are computed beside them. */
export const LIST_ROW_FIELDS = [
  'legal_name',
  'registration_id',
  'requested_on',
  'recieved_on',
  'status_label',
  'stage',
  'review_state',
  ...STEP_FIELDS,
  'version',
  'meeting_outcome',
  'last_reminded_at',
] as const satisfies readonly RegistrationColumn[];

/** The company profile a client submits with its registration (one per registration); the TIN is recorded at plan approval. */
export const companyProfilesTable = table('company_profiles', {
  registration_id: column<number>(),
  trade_licence_number: column<string>(),
  licensing_authority: column<string>(),
  legal_form: column<string>(),
  licence_issued_on: column<string>('date'),
  licence_expires_on: column<string>('date'),
  vat_registered: column<boolean>(),
  trn: column<string | null>(),
  contact_person: column<string>(),
  email: column<string>(),
  phone: column<string>(),
  address: column<string>(),
  submitted_at: column<Date>(),
  tin: column<string | null>(),
});

export type CompanyProfileColumns = RowOf<typeof companyProfilesTable.columns>;
export type CompanyProfileColumn = keyof CompanyProfileColumns & string;

/** The columns the review shows of a company profile (its legal name is the registration's). */
export const COMPANY_PROFILE_FIELDS = [
  'trade_licence_number',
  'licensing_authority',
  'legal_form',
  'licence_issued_on',
  'licence_expires_on',
  'vat_registered',
  'trn',
  'tin',
  'contact_person',
  'email',
  'phone',
  'address',
  'submitted_at',
] as const satisfies readonly CompanyProfileColumn[];
