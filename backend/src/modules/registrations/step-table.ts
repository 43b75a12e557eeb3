/**
 * The records of Plan Approval's and Activation's steps, declared once (lib/table.ts; registrations/table.ts
 * holds the registrations table's): one row per registration each. The records (records.ts), the plan's
 * upsert, the payment's and the activation's inserts derive from them. The columns were made by migration 0020.
 */
import type { BillingCycle } from '../../../../common/pricing.ts';
import type { PaymentMethod } from '../../../../common/pipeline.ts';
import { column, table, type RowOf } from '../../lib/table.ts';

/** The plan set for the registration, priced in fils per cycle (common/pricing.ts), and its approval. */
export const registrationPlansTable = table('registration_plans', {
  registration_id: column<number>(),
  plan_id: column<number>(),
  cycle: column<BillingCycle>(),
  // The negotiated discount on top of the cycle's, basis points.
  discount_bp: column<number>(),
  list_fils: column<number>(),
  discount_fils: column<number>(),
  net_fils: column<number>(),
  vat_fils: column<number>(),
  total_fils: column<number>(),
  note: column<string>(),
  set_by: column<number | null>(),
  set_at: column<Date>(),
  approved_by: column<number | null>(),
  approved_at: column<Date | null>(),
});

export type RegistrationPlanColumns = RowOf<typeof registrationPlansTable.columns>;
export type RegistrationPlanColumn = keyof RegistrationPlanColumns & string;

/** The columns the plan's record reads as stored (the plan's name and price and its people are joined beside them). */
export const PLAN_RECORD_FIELDS = ['plan_id', 'cycle', 'discount_bp', 'list_fils', 'discount_fils', 'net_fils', 'vat_fils', 'total_fils', 'note', 'set_at', 'approved_at'] as const satisfies readonly RegistrationPlanColumn[];

/** What setting the plan writes, the first time or again, beside its time (setting it again withdraws its approval). */
export const PLAN_SET_FIELDS = ['plan_id', 'cycle', 'discount_bp', 'list_fils', 'discount_fils', 'net_fils', 'vat_fils', 'total_fils', 'note', 'set_by'] as const satisfies readonly RegistrationPlanColumn[];

/** The payment of the approved total, to the fil. */
export const registrationPaymentsTable = table('registration_payments', {
  registration_id: column<number>(),
  amount_fils: column<number>(),
  method: column<PaymentMethod>(),
  reference: column<string>(),
  paid_on: column<string>('date'),
  recorded_by: column<number | null>(),
  recorded_at: column<Date>(),
});

export type RegistrationPaymentColumns = RowOf<typeof registrationPaymentsTable.columns>;
export type RegistrationPaymentColumn = keyof RegistrationPaymentColumns & string;

/** The columns the payment's record reads as stored (its recorder is joined beside them). */
export const PAYMENT_RECORD_FIELDS = ['amount_fils', 'method', 'reference', 'paid_on', 'recorded_at'] as const satisfies readonly RegistrationPaymentColumn[];

/** The columns a payment is recorded with. */
export const NEW_PAYMENT_FIELDS = ['registration_id', 'amount_fils', 'method', 'reference', 'paid_on', 'recorded_by'] as const satisfies readonly RegistrationPaymentColumn[];

/** The client record and subscription the activation made, and the team it gave them. */
export const registrationActivationsTable = table('registration_activations', {
  registration_id: column<number>(),
  client_id: column<number>(),
  subscription_id: column<number>(),
  bookkeeper_id: column<number | null>(),
  reviewer_id: column<number | null>(),
  starts_on: column<string>('date'),
  activated_by: column<number | null>(),
  activated_at: column<Date>(),
});

export type RegistrationActivationColumns = RowOf<typeof registrationActivationsTable.columns>;
export type RegistrationActivationColumn = keyof RegistrationActivationColumns & string;

/** The columns the activation's record reads as stored (its team and activator are joined beside them). */
export const ACTIVATION_RECORD_FIELDS = ['client_id', 'subscription_id', 'starts_on', 'activated_at'] as const satisfies readonly RegistrationActivationColumn[];

/** The columns an activation is recorded with. */
export const NEW_ACTIVATION_FIELDS = ['registration_id', 'client_id', 'subscription_id', 'bookkeeper_id', 'reviewer_id', 'starts_on', 'activated_by'] as const satisfies readonly RegistrationActivationColumn[];
