import type { AreaChanges } from './endpoint.ts';

/** The plan catalogue's endpoints (spec: plans/ and subscriptions/subscription-cycle-choices/); schemas in plans.ts. */
export const plansRoutes = {
  /** The plans, in catalogue order. */
  list: 'GET /plans/',
  /** The billing cycles with their months and discount. */
  cycles: 'GET /subscriptions/subscription-cycle-choices/',
  /** { monthly_minutes, version }: the hours a month the plan includes (ADMIN). */
  updateHours: 'PATCH /plans/:planId/hours',
} as const;

/** A plan's hours are what Capacity plans each client's month against. */
export const plansChanges = {
  updateHours: ['capacity'],
} as const satisfies AreaChanges<typeof plansRoutes>;
