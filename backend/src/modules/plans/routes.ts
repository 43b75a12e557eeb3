/** GET plans/ and subscriptions/subscription-cycle-choices/: read by Plan Approval (onboarding) and a client's Subscription tab. */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { CycleChoice, Plan } from '../../../../common/contract/plans.ts';
import { access } from '../../plugins/auth.ts';
import { listCycles, listPlans } from './store.ts';

const config = { access: access.anyPage('pending-payments', 'pending-activation', 'clients') };

export async function planRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get('/plans/', { config, schema: { response: { 200: Type.Array(Plan) } } }, async () => listPlans(app.db));
  api.get('/subscriptions/subscription-cycle-choices/', { config, schema: { response: { 200: Type.Array(CycleChoice) } } }, async () => listCycles(app.db));
}
