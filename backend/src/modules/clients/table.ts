/**
 * The clients table's row, declared once (lib/table.ts): the stores' column lists (CLIENT_COLUMNS, the lock,
 * the insert and the profile update) and their row types (ClientRow, LockedClient, NewClient, a profile
 * change) derive from it. The columns were made by migrations 0010 and 0030.
 */
import type { ClientStatus } from '../../../../common/clients.ts';
import type { VatPeriod } from '../../../../common/compliance.ts';
import { column, table, type RowOf } from '../../lib/table.ts';

export const clientsTable = table('clients', {
  id: column<number>(),
  registration_id: column<number | null>(),
  user_id: column<number | null>(),
  legal_name: column<string>(),
  trade_licence_number: column<string>(),
  licensing_authority: column<string>(),
  legal_form: column<string>(),
  licence_expires_on: column<string>('date'),
  vat_registered: column<boolean>(),
  trn: column<string | null>(),
  vat_period: column<VatPeriod | null>(),
  vat_first_period_end_month: column<number | null>(),
  corporate_tax_number: column<string | null>(),
  financial_year_end_month: column<number>(),
  email: column<string>(),
  phone: column<string>(),
  address: column<string>(),
  bookkeeper_id: column<number | null>(),
  reviewer_id: column<number | null>(),
  status: column<ClientStatus>(),
  version: column<number>(),
  activated_at: column<Date>(),
  next_deadline_on: column<string | null>('date'),
  next_deadline_key: column<string | null>(),
  next_deadline_title: column<string | null>(),
});

export type ClientColumns = RowOf<typeof clientsTable.columns>;
export type ClientColumn = keyof ClientColumns & string;

/** The profile fields a PATCH may change, as stored (dates as 'YYYY-MM-DD'). */
export const PROFILE_FIELDS = [
  'legal_name',
  'trade_licence_number',
  'licensing_authority',
  'legal_form',
  'licence_expires_on',
  'vat_registered',
  'trn',
  'vat_period',
  'vat_first_period_end_month',
  'corporate_tax_number',
  'financial_year_end_month',
  'email',
  'phone',
  'address',
] as const satisfies readonly ClientColumn[];
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** The columns a new client is made with (the rest take their defaults), and the NewClient field each comes from. */
export const NEW_CLIENT_FIELDS = {
  registrationId: 'registration_id',
  userId: 'user_id',
  legalName: 'legal_name',
  tradeLicenceNumber: 'trade_licence_number',
  licensingAuthority: 'licensing_authority',
  legalForm: 'legal_form',
  licenceExpiresOn: 'licence_expires_on',
  vatRegistered: 'vat_registered',
  trn: 'trn',
  vatPeriod: 'vat_period',
  vatFirstPeriodEndMonth: 'vat_first_period_end_month',
  corporateTaxNumber: 'corporate_tax_number',
  financialYearEndMonth: 'financial_year_end_month',
  email: 'email',
  phone: 'phone',
  address: 'address',
  bookkeeperId: 'bookkeeper_id',
  reviewerId: 'reviewer_id',
} as const satisfies Record<string, ClientColumn>;

/** The columns every write on one client locks and reads (lockClient). */
export const LOCKED_CLIENT_FIELDS = ['id', 'version', 'legal_name', 'status', 'user_id', 'bookkeeper_id', 'reviewer_id'] as const satisfies readonly ClientColumn[];
