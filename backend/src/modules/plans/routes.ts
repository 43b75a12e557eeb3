/** GET plans/ and subscriptions/subscription-cycle-choices/: read by Plan Approval (onboarding) and a client's Subscription tab; PATCH plans/{id}/hours (ADMIN). */
import type { FastifyInstance } from 'fastify';
import { plansEndpoints as endpoints } from '../../../../common/contract/plans.ts';
import { actionContext } from '../../lib/action.ts';
import { route } from '../../lib/routes.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { listCycles, listPlans, updatePlanHours } from './store.ts';

export async function planRoutes(app: FastifyInstance) {
  route(app, endpoints.list, async () => listPlans(app.db));
  route(app, endpoints.cycles, async () => listCycles(app.db));
  route(app, endpoints.updateHours, async (request) => updatePlanHours(app.db, request.params.planId, request.body, actionContext(request, signedInUser(request).id)));
}
