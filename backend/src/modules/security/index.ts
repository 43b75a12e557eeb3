/** Staff security (issue 33): sign out everywhere, for oneself and (ADMIN) for anyone. */
import type { BackendModule } from '../../lib/module.ts';
import { securityRoutes } from './routes.ts';

export const securityModule: BackendModule = { name: 'security', routes: securityRoutes };
