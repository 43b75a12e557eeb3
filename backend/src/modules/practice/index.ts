/** The firm's own numbers (ADMIN): staff cost rates, profitability per client, plan and staff member, and the owner's dashboard. */
import type { BackendModule } from '../../lib/module.ts';
import { practiceRoutes } from './routes.ts';

export const practiceModule: BackendModule = { name: 'practice', routes: practiceRoutes };
