/** Plans: the catalogue and the billing cycles (read-only here; the demo seeds them). */
import type { BackendModule } from '../../lib/module.ts';
import { planRoutes } from './routes.ts';

export { findActivePlan, listCycles, listPlans } from './store.ts';

export const plansModule: BackendModule = { name: 'plans', routes: planRoutes };
