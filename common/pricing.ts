/**
 * What a plan costs per billing cycle: the plan's monthly price times the cycle's months, less the cycle's
 * discount and any negotiated discount, plus 5 % VAT. One function, used by the back end to store and invoice
 * and by the console to show the figures as they are edited, so the two never disagree by a fil.
 */
import { percentOf, vatOf } from './money.ts';

export const BILLING_CYCLES = ['monthly', 'quarterly', 'annual'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

/** Months per cycle and the cycle's own discount (basis points): the catalogue the demo seeds and the API answers. */
export const CYCLE_TERMS: Record<BillingCycle, { label: string; months: number; discountBp: number }> = {
  monthly: { label: 'Monthly', months: 1, discountBp: 0 },
  quarterly: { label: 'Quarterly', months: 3, discountBp: 500 },
  annual: { label: 'Annual', months: 12, discountBp: 1_000 },
};

export interface CyclePrice {
  /** monthly price x months */
  list_fils: number;
  /** the cycle's discount and the negotiated one, together */
  discount_fils: number;
  /** what VAT applies to */
  net_fils: number;
  vat_fils: number;
  total_fils: number;
}

/** The price of one cycle; `extraDiscountBp` is a negotiated discount on top of the cycle's (basis points). */
export function cyclePrice(monthlyFils: number, cycle: BillingCycle, extraDiscountBp = 0): CyclePrice {
  const terms = CYCLE_TERMS[cycle];
  const list = monthlyFils * terms.months;
  const afterCycle = list - percentOf(list, terms.discountBp);
  const net = afterCycle - percentOf(afterCycle, extraDiscountBp);
  const vat = vatOf(net);
  return { list_fils: list, discount_fils: list - net, net_fils: net, vat_fils: vat, total_fils: net + vat };
}
