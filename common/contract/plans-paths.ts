/** The plan catalogue's paths (spec: plans/ and subscriptions/subscription-cycle-choices/). */
export const planPaths = {
  /** GET: the plans, in catalogue order. */
  list: 'plans/',
  /** GET: the billing cycles with their months and discount. */
  cycles: 'subscriptions/subscription-cycle-choices/',
} as const;
