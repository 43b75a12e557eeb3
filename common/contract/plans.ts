/** The plan catalogue and the billing cycles: what onboarding's Plan Approval and a client's subscription choose from. */
import { Type, type Static } from 'typebox';
import { rolesThat } from '../access.ts';
import { MAX_PLAN_MONTHLY_MINUTES } from '../capacity.ts';
import { BILLING_CYCLES } from '../pricing.ts';

import { access, endpoints } from './endpoint.ts';
import { Closed, IdempotencyHeaders, IdParams, Version } from './shared.ts';
import { plansRoutes } from './plans-paths.ts';
import { clientFields } from './clients-fields.ts';

export { plansRoutes } from './plans-paths.ts';

export const BillingCycleSchema = Type.Enum(BILLING_CYCLES, { title: clientFields.cycle.label });

export const Plan = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  /** Integer fils (AED x 100), before VAT. */
  monthly_price_fils: Type.Integer(),
  description: Type.String(),
  /** What the plan includes, one line each. */
  includes: Type.Array(Type.String()),
  active: Type.Boolean(),
  /** The time a month the fee includes, in minutes: a client's month budget. */
  monthly_minutes: Type.Integer(),
  version: Type.Integer(),
});
export type Plan = Static<typeof Plan>;

/** One billing cycle: how many months it covers and its own discount (basis points, 500 = 5 %). */
export const CycleChoice = Type.Object({
  value: BillingCycleSchema,
  label: Type.String(),
  months: Type.Integer(),
  discount_bp: Type.Integer(),
});
export type CycleChoice = Static<typeof CycleChoice>;

/** Read by Plan Approval and Activation (onboarding) and a client's Subscription tab. */
const readers = access.anyPage('pending-payments', 'pending-activation', 'clients');

export const PlanHoursBody = Closed({ version: Version, monthly_minutes: Type.Integer({ minimum: 1, maximum: MAX_PLAN_MONTHLY_MINUTES, title: 'Hours a month' }) });
export type PlanHoursBody = Static<typeof PlanHoursBody>;

export const plansEndpoints = endpoints('plans', plansRoutes, {
  list: { summary: 'The plan catalogue, in catalogue order', access: readers, response: { 200: Type.Array(Plan) } },
  cycles: { summary: 'The billing cycles with their months and discount', access: readers, response: { 200: Type.Array(CycleChoice) } },
  updateHours: {
    summary: 'Set the hours a month a plan includes (every client budget on it)',
    access: access.roles(...rolesThat('set-plan-hours')),
    headers: IdempotencyHeaders,
    params: IdParams('planId'),
    body: PlanHoursBody,
    response: { 200: Plan },
    errors: [409],
  },
});
