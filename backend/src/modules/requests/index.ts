/** On-demand requests: the catalogue of request types, the staff inbox with its SLA clock, quotes, conversion to tasks, and the client's me/requests. */
import type { BackendModule } from '../../lib/module.ts';
import { requestRoutes } from './routes.ts';
import { requestsWork } from './work.ts';

export const requestsModule: BackendModule = { name: 'requests', routes: requestRoutes, work: requestsWork };
