/**
 * The plan catalogue's tables, declared once (lib/table.ts): the plans store's column lists (a plan's
 * SELECT, the hours' lock and update, the cycles' SELECT) and its row types derive from them. The columns
 * were made by migration 0010 (the plan's hours by 0110, its version by 0115).
 */
import type { BillingCycle } from '../../../../common/pricing.ts';
import { column, table, type RowOf } from '../../lib/table.ts';

export const plansTable = table('plans', {
  id: column<number>(),
  code: column<string>(),
  name: column<string>(),
  monthly_price_fils: column<number>(),
  description: column<string>(),
  includes: column<string[]>(),
  // Retired plans stay for the subscriptions on them; no new one may choose them.
  active: column<boolean>(),
  sort_order: column<number>(),
  monthly_minutes: column<number>(),
  version: column<number>(),
});

export type PlanColumns = RowOf<typeof plansTable.columns>;
export type PlanColumn = keyof PlanColumns & string;

/** The columns a plan's answer reads (the catalogue's order stays in the database). */
export const PLAN_ROW_FIELDS = ['id', 'code', 'name', 'monthly_price_fils', 'description', 'includes', 'active', 'monthly_minutes', 'version'] as const satisfies readonly PlanColumn[];

/** The columns a change of the plan's hours locks and compares. */
export const PLAN_HOURS_FIELDS = ['id', 'version', 'monthly_minutes'] as const satisfies readonly PlanColumn[];

export const subscriptionCyclesTable = table('subscription_cycles', {
  code: column<BillingCycle>(),
  label: column<string>(),
  months: column<number>(),
  discount_bp: column<number>(),
  sort_order: column<number>(),
});

export type CycleColumns = RowOf<typeof subscriptionCyclesTable.columns>;
export type CycleColumn = keyof CycleColumns & string;

/** The columns a cycle choice reads beside its code (which it answers as its value). */
export const CYCLE_CHOICE_FIELDS = ['label', 'months', 'discount_bp'] as const satisfies readonly CycleColumn[];
