/** Plans: the catalogue and the billing cycles (the demo seeds them); ADMIN sets the hours a month each includes. */
import type { BackendModule } from '../../lib/module.ts';
import { planRoutes } from './routes.ts';

export { findActivePlan, listCycles, listPlans } from './store.ts';

export const plansModule: BackendModule = { name: 'plans', routes: planRoutes };
