/** The Audit page: every audited event of every area, for ADMIN. */
import type { BackendModule } from '../../lib/module.ts';
import { auditRoutes } from './routes.ts';

export const auditModule: BackendModule = { name: 'audit', routes: auditRoutes };
