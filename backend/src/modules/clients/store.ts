/**
 * Creating clients and their subscriptions: onboarding's 'Activate account' and the demo seed go through
 * these, in the caller's transaction, so a client never exists half made.
 */
import { cyclePrice, type BillingCycle } from '../../../../common/pricing.ts';
import type { Queryable } from '../../db/database.ts';
import { notFound } from '../../lib/http-error.ts';

export interface NewClient {
  registrationId: number | null;
  userId: number | null;
  legalName: string;
  tradeLicenceNumber: string;
  licensingAuthority: string;
  legalForm: string;
  /** YYYY-MM-DD */
  licenceExpiresOn: string;
  vatRegistered: boolean;
  trn: string | null;
  vatPeriod: 'monthly' | 'quarterly' | null;
  /** The month (1-12) the client's first VAT tax period of a year ends in, as the FTA assigned it. */
  vatFirstPeriodEndMonth: number | null;
  corporateTaxNumber: string | null;
  financialYearEndMonth: number;
  email: string;
  phone: string;
  address: string;
  bookkeeperId: number | null;
  reviewerId: number | null;
  activatedAt?: Date;
}

export async function createClient(tx: Queryable, client: NewClient): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO clients (registration_id, user_id, legal_name, trade_licence_number, licensing_authority, legal_form, licence_expires_on,
       vat_registered, trn, vat_period, vat_first_period_end_month, corporate_tax_number, financial_year_end_month, email, phone, address,
       bookkeeper_id, reviewer_id, activated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, coalesce($19, CURRENT_TIMESTAMP)) RETURNING id`,
    [
      client.registrationId,
      client.userId,
      client.legalName,
      client.tradeLicenceNumber,
      client.licensingAuthority,
      client.legalForm,
      client.licenceExpiresOn,
      client.vatRegistered,
      client.trn,
      client.vatPeriod,
      client.vatFirstPeriodEndMonth,
      client.corporateTaxNumber,
      client.financialYearEndMonth,
      client.email,
      client.phone,
      client.address,
      client.bookkeeperId,
      client.reviewerId,
      client.activatedAt ?? null,
    ],
  );
  return row!.id;
}

export interface NewSubscription {
  clientId: number;
  planId: number;
  cycle: BillingCycle;
  /** A negotiated discount on top of the cycle's, basis points. */
  discountBp: number;
  /** YYYY-MM-DD: the first cycle starts here; the next renewal is one cycle later. */
  startsOn: string;
}

/** The subscription priced from the plan's current monthly price (pricing.ts); answers its id. */
export async function createSubscription(tx: Queryable, subscription: NewSubscription): Promise<number> {
  const [plan] = await tx.query<{ monthly_price_fils: number }>('SELECT monthly_price_fils FROM plans WHERE id = $1', [subscription.planId]);
  if (!plan) throw notFound('Plan');
  const price = cyclePrice(plan.monthly_price_fils, subscription.cycle, subscription.discountBp);
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO subscriptions (client_id, plan_id, cycle, discount_bp, net_fils, vat_fils, total_fils, starts_on, next_renewal_on)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::date, ($8::date + (SELECT months FROM subscription_cycles WHERE code = $3) * interval '1 month')::date)
     RETURNING id`,
    [subscription.clientId, subscription.planId, subscription.cycle, subscription.discountBp, price.net_fils, price.vat_fils, price.total_fils, subscription.startsOn],
  );
  return row!.id;
}
