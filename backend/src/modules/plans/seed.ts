/** The catalogue a Dubai bookkeeping and CFO-services firm sells (monthly prices before VAT), and the three billing cycles. */
import { BILLING_CYCLES, CYCLE_TERMS } from '../../../../common/pricing.ts';
import type { Queryable } from '../../db/database.ts';

export const DEMO_PLANS = [
  {
    code: 'starter',
    name: 'Starter Bookkeeping',
    monthly_price_fils: 125_000,
    // The hours a month the fee includes (a client's budget): the bookkeeping of 50 transactions and a monthly close.
    monthly_minutes: 600,
    description: 'Monthly bookkeeping for small businesses with up to 50 transactions a month.',
    includes: ['Up to 50 transactions a month', 'Monthly management accounts', 'Quarterly VAT return filing', 'Email support'],
  },
  {
    code: 'growth',
    name: 'Growth Bookkeeping',
    monthly_price_fils: 275_000,
    monthly_minutes: 960,
    description: 'Bookkeeping, VAT and payroll for growing companies with up to 250 transactions a month.',
    includes: ['Up to 250 transactions a month', 'Monthly report with insights', 'VAT returns (monthly or quarterly)', 'Payroll and WPS for up to 20 staff', 'Dedicated bookkeeper'],
  },
  {
    code: 'premium-cfo',
    name: 'Premium CFO Services',
    monthly_price_fils: 540_000,
    monthly_minutes: 1200,
    description: 'A part-time CFO with unlimited bookkeeping, corporate tax and board reporting.',
    includes: ['Unlimited transactions', 'Corporate tax return and planning', 'Cash-flow forecasting and budgets', 'Quarterly board pack', 'Bank and investor liaison'],
  },
  {
    code: 'vat-only',
    name: 'VAT Compliance',
    monthly_price_fils: 75_000,
    monthly_minutes: 480,
    description: 'VAT return preparation and filing for businesses that keep their own books.',
    includes: ['VAT return preparation and filing', 'FTA correspondence', 'Annual VAT health check'],
  },
] as const;

export async function seedPlans(tx: Queryable): Promise<void> {
  for (const [index, plan] of DEMO_PLANS.entries()) {
    await tx.query(
      'INSERT INTO plans (code, name, monthly_price_fils, description, includes, sort_order, monthly_minutes) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [plan.code, plan.name, plan.monthly_price_fils, plan.description, JSON.stringify(plan.includes), index, plan.monthly_minutes],
    );
  }
  for (const [index, cycle] of BILLING_CYCLES.entries()) {
    const terms = CYCLE_TERMS[cycle];
    await tx.query('INSERT INTO subscription_cycles (code, label, months, discount_bp, sort_order) VALUES ($1, $2, $3, $4, $5)', [cycle, terms.label, terms.months, terms.discountBp, index]);
  }
}
