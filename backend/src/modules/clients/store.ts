/**
 * Creating clients and their subscriptions: onboarding's 'Activate account' and the demo seed go through
 * these, in the caller's transaction, so a client never exists half made. Each writes its timeline event
 * (client_activated, subscription_started) and the client's next compliance deadline is computed at once.
 */
import { cyclePrice, type BillingCycle } from '../../../../common/pricing.ts';
import type { Queryable } from '../../db/database.ts';
import { writeAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/http-error.ts';
import { insertList } from '../../lib/table.ts';
import { refreshNextDeadline } from './deadline-store.ts';
import { NEW_CLIENT_FIELDS, type ClientColumns } from './table.ts';

/** A new client as onboarding's activation and the seed give it: its columns (clients/table.ts) by their NewClient names. */
export type NewClient = { [F in keyof typeof NEW_CLIENT_FIELDS]: ClientColumns[(typeof NEW_CLIENT_FIELDS)[F]] } & {
  activatedAt?: Date;
  /** Who activated it (the timeline's actor); null or absent for the system. */
  activatedBy?: number | null;
};

const NEW_CLIENT_KEYS = Object.keys(NEW_CLIENT_FIELDS) as (keyof typeof NEW_CLIENT_FIELDS)[];
const NEW_CLIENT_INSERT = insertList([...NEW_CLIENT_KEYS.map((key) => NEW_CLIENT_FIELDS[key]), 'activated_at']);

export async function createClient(tx: Queryable, client: NewClient): Promise<number> {
  // activated_at last: the seed backdates it, activation takes the transaction's time.
  const values = NEW_CLIENT_INSERT.values.replace(/\$(\d+)\)$/, 'coalesce($$$1, CURRENT_TIMESTAMP))');
  const [row] = await tx.query<{ id: number }>(`INSERT INTO clients ${NEW_CLIENT_INSERT.columns} VALUES ${values} RETURNING id`, [
    ...NEW_CLIENT_KEYS.map((key) => client[key]),
    client.activatedAt ?? null,
  ]);
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
  /** Why the negotiated discount was given (the plan's note at Plan Approval); null without one. */
  discountNote?: string | null;
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
    `INSERT INTO subscriptions (client_id, plan_id, cycle, discount_bp, net_fils, vat_fils, total_fils, starts_on, next_renewal_on, discount_note)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::date, ($8::date + (SELECT months FROM subscription_cycles WHERE code = $3) * interval '1 month')::date, $9)
     RETURNING id`,
    [subscription.clientId, subscription.planId, subscription.cycle, subscription.discountBp, price.net_fils, price.vat_fils, price.total_fils, subscription.startsOn, subscription.discountBp > 0 ? (subscription.discountNote ?? null) : null],
  );
  // A cancelled client signing up again is active again; a new client already is.
  await tx.query("UPDATE clients SET status = 'active' WHERE id = $1 AND status = 'cancelled'", [subscription.clientId]);
  await writeAudit(tx, {
    entity: 'subscription',
    entityId: row!.id,
    kind: 'subscription_started',
    actorId: subscription.startedBy ?? null,
    data: { client_id: subscription.clientId, plan: plan.name, cycle: subscription.cycle, starts_on: subscription.firstStartedOn ?? subscription.startsOn, total_fils: price.total_fils, ...(subscription.discountBp > 0 && subscription.discountNote ? { discount_note: subscription.discountNote } : {}) },
    idempotencyKey: subscription.idempotencyKey ?? null,
    ...(subscription.at ? { at: subscription.at } : {}),
  });
  return row!.id;
}
