/** Time: entries, the one timer per user the server holds, weekly timesheets and their approval. */
import type { BackendModule } from '../../lib/module.ts';
import { timeRoutes } from './routes.ts';

export const timeModule: BackendModule = { name: 'time', routes: timeRoutes };
