/** Staff security: sign out everywhere, the second factor, and the audit of files that leave (app-wide, so set up at the root). */
import type { BackendModule } from '../../lib/module.ts';
import { auditReads } from './reads.ts';
import { securityRoutes } from './routes.ts';

export { stepUpGuard } from './routes.ts';

export const securityModule: BackendModule = { name: 'security', setup: auditReads, routes: securityRoutes };
