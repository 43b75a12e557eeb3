import type { BackendModule } from '../../lib/module.ts';
import { healthRoutes } from './routes.ts';

export const healthModule: BackendModule = { name: 'health', rootRoutes: healthRoutes };
