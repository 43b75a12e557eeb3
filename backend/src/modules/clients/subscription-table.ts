/**
 * The subscriptions table's row, declared once (lib/table.ts): the subscription store's column lists (a
 * subscription's SELECT, an action's update, a renewal's update, the start's insert) and its row types
 * (SubscriptionRow, an action's changes) derive from it. The columns were made by migrations 0010, 0030 and 0109.
 */
import type { CancelReason, ClientStatus } from '../../../../common/clients.ts';
import type { BillingCycle } from '../../../../common/pricing.ts';
import { column, table, type RowOf } from '../../lib/table.ts';

export const subscriptionsTable = table('subscriptions', {
  id: column<number>(),
  client_id: column<number>(),
  plan_id: column<number>(),
  cycle: column<BillingCycle>(),
  discount_bp: column<number>(),
  net_fils: column<number>(),
  vat_fils: column<number>(),
  total_fils: column<number>(),
  starts_on: column<string>('date'),
  next_renewal_on: column<string>('date'),
  status: column<ClientStatus>(),
  version: column<number>(),
  created_at: column<Date>(),
  scheduled_plan_id: column<number | null>(),
  scheduled_cycle: column<BillingCycle | null>(),
  paused_on: column<string | null>('date'),
  cancelled_on: column<string | null>('date'),
  cancel_reason: column<CancelReason | null>(),
  cancel_note: column<string | null>(),
  discount_note: column<string | null>(),
});

export type SubscriptionColumns = RowOf<typeof subscriptionsTable.columns>;
export type SubscriptionColumn = keyof SubscriptionColumns & string;

/** The columns a subscription's answer reads as stored (its plans' codes, names and prices are joined beside them). */
export const SUBSCRIPTION_ROW_FIELDS = [
  'id',
  'client_id',
  'version',
  'status',
  'plan_id',
  'cycle',
  'discount_bp',
  'net_fils',
  'vat_fils',
  'total_fils',
  'starts_on',
  'next_renewal_on',
  'paused_on',
  'cancelled_on',
  'cancel_reason',
  'cancel_note',
  'discount_note',
  'scheduled_plan_id',
  'scheduled_cycle',
  'created_at',
] as const satisfies readonly SubscriptionColumn[];

/** What an action (change, pause, resume, cancel) may set; each writes all of them with the new version. */
export const ACTION_FIELDS = ['status', 'scheduled_plan_id', 'scheduled_cycle', 'next_renewal_on', 'paused_on', 'cancelled_on', 'cancel_reason', 'cancel_note'] as const satisfies readonly SubscriptionColumn[];

/** What a renewal writes: the plan, cycle and price in force for the new cycle and its dates. */
export const RENEWAL_FIELDS = ['plan_id', 'cycle', 'net_fils', 'vat_fils', 'total_fils', 'starts_on', 'next_renewal_on'] as const satisfies readonly SubscriptionColumn[];
