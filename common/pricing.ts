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
  /** the cycle's own discount, off the list price */
  cycle_discount_fils: number;
  /** the negotiated discount, off the price after the cycle's discount (so the two compound) */
  negotiated_discount_fils: number;
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
  return { list_fils: list, discount_fils: list - net, cycle_discount_fils: list - afterCycle, negotiated_discount_fils: afterCycle - net, net_fils: net, vat_fils: vat, total_fils: net + vat };
}

/** A stored price (list, both discounts together, net, VAT, total) with its discount split into its two parts again. */
export function storedPrice(stored: Pick<CyclePrice, 'list_fils' | 'discount_fils' | 'net_fils' | 'vat_fils' | 'total_fils'>, cycle: BillingCycle): CyclePrice {
  const cycleDiscount = percentOf(stored.list_fils, CYCLE_TERMS[cycle].discountBp);
  return { ...stored, cycle_discount_fils: cycleDiscount, negotiated_discount_fils: stored.discount_fils - cycleDiscount };
}

/** A line of a price as the console shows it: its label and its amount in fils (a discount negative). */
export interface PriceLine {
  label: string;
  fils: number;
  kind: 'list' | 'discount' | 'net' | 'vat' | 'total';
}

const percentText = (bp: number) => `${(bp / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })} %`;

/**
 * The price of a cycle line by line: the list price, the cycle's discount and the negotiated discount as two
 * lines (the second taken off the price after the first, which its label says), net, VAT and total. A
 * discount of zero has no line.
 */
export function priceLines(price: CyclePrice, cycle: BillingCycle, extraDiscountBp: number): PriceLine[] {
  const terms = CYCLE_TERMS[cycle];
  const lines: PriceLine[] = [{ label: `List (${terms.months} month${terms.months === 1 ? '' : 's'})`, fils: price.list_fils, kind: 'list' }];
  if (price.cycle_discount_fils > 0) lines.push({ label: `${terms.label} discount ${percentText(terms.discountBp)}`, fils: -price.cycle_discount_fils, kind: 'discount' });
  if (extraDiscountBp > 0) {
    const after = terms.discountBp > 0 ? ` (of the price after the ${terms.label.toLowerCase()} discount)` : '';
    lines.push({ label: `Negotiated discount ${percentText(extraDiscountBp)}${after}`, fils: -price.negotiated_discount_fils, kind: 'discount' });
  }
  lines.push(
    { label: 'Net', fils: price.net_fils, kind: 'net' },
    { label: 'VAT 5 %', fils: price.vat_fils, kind: 'vat' },
    { label: `Total per ${terms.label.toLowerCase()} cycle`, fils: price.total_fils, kind: 'total' },
  );
  return lines;
}
