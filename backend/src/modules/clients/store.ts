/**
 * Creating clients and their subscriptions: onboarding's 'Activate account' and the demo seed go through
 * these, in the caller's transaction, so a client never exists half made. Each writes its timeline event
 * (client_activated, subscription_started) and the client's next compliance deadline is computed at once.
 */
import { cyclePrice, type BillingCycle } from '../../../../common/pricing.ts';
import type { Queryable } from '../../db/database.ts';
import { writeAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/http-error.ts';
import { refreshNextDeadline } from './deadline-store.ts';

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
  /** Who activated it (the timeline's actor); null or absent for the system. */
  activatedBy?: number | null;
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
  const id = row!.id;
  await writeAudit(tx, {
    entity: 'client',
    entityId: id,
    kind: 'client_activated',
    actorId: client.activatedBy ?? null,
    data: { registration_id: client.registrationId, legal_name: client.legalName },
    ...(client.activatedAt ? { at: client.activatedAt } : {}),
  });
  await refreshNextDeadline(tx, id);
  return id;
}

export interface NewSubscription {
  clientId: number;
  planId: number;
  cycle: BillingCycle;
  /** A negotiated discount on top of the cycle's, basis points. */
  discountBp: number;
  /** YYYY-MM-DD: the first cycle starts here; the next renewal is one cycle later. */
  startsOn: string;
  /** Who started it (the timeline's actor); null or absent for the system. */
  startedBy?: number | null;
  /** YYYY-MM-DD the history gives as the start when earlier cycles preceded startsOn (seeded histories); startsOn when absent. */
  firstStartedOn?: string;
  idempotencyKey?: string | null;
  at?: Date;
}

/** The subscription priced from the plan's current monthly price (pricing.ts); answers its id. */
export async function createSubscription(tx: Queryable, subscription: NewSubscription): Promise<number> {
  const [plan] = await tx.query<{ name: string; monthly_price_fils: number }>('SELECT name, monthly_price_fils FROM plans WHERE id = $1', [subscription.planId]);
  if (!plan) throw notFound('Plan');
  const price = cyclePrice(plan.monthly_price_fils, subscription.cycle, subscription.discountBp);
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO subscriptions (client_id, plan_id, cycle, discount_bp, net_fils, vat_fils, total_fils, starts_on, next_renewal_on)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::date, ($8::date + (SELECT months FROM subscription_cycles WHERE code = $3) * interval '1 month')::date)
     RETURNING id`,
    [subscription.clientId, subscription.planId, subscription.cycle, subscription.discountBp, price.net_fils, price.vat_fils, price.total_fils, subscription.startsOn],
  );
  // A cancelled client signing up again is active again; a new client already is.
  await tx.query("UPDATE clients SET status = 'active' WHERE id = $1 AND status = 'cancelled'", [subscription.clientId]);
  await writeAudit(tx, {
    entity: 'subscription',
    entityId: row!.id,
    kind: 'subscription_started',
    actorId: subscription.startedBy ?? null,
    data: { client_id: subscription.clientId, plan: plan.name, cycle: subscription.cycle, starts_on: subscription.firstStartedOn ?? subscription.startsOn, total_fils: price.total_fils },
    idempotencyKey: subscription.idempotencyKey ?? null,
    ...(subscription.at ? { at: subscription.at } : {}),
  });
  return row!.id;
}
