/** The Audit page (issue 33): every audited event of every area, for ADMIN. */
import type { BackendModule } from '../../lib/module.ts';
import { auditRoutes } from './routes.ts';

export const auditModule: BackendModule = { name: 'audit', routes: auditRoutes };
