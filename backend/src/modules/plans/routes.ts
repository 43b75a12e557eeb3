/** GET plans/ and subscriptions/subscription-cycle-choices/: read by Plan Approval (onboarding) and a client's Subscription tab. */
import type { FastifyInstance } from 'fastify';
import { plansEndpoints as endpoints } from '../../../../common/contract/plans.ts';
import { route } from '../../lib/routes.ts';
import { listCycles, listPlans } from './store.ts';

export async function planRoutes(app: FastifyInstance) {
  route(app, endpoints.list, async () => listPlans(app.db));
  route(app, endpoints.cycles, async () => listCycles(app.db));
}
