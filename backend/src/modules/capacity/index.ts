/**
 * Budgets and capacity: a client's month budget (its plan's hours against the time logged) and the notices at
 * 80 % and 100 % of it, each staff member's weeks (capacity less holidays and leave, planned work, time
 * logged), and the leave days and weekly capacity ADMIN keeps.
 */
import type { FastifyInstance } from 'fastify';
import { startJobTimer } from '../../lib/job-timer.ts';
import type { BackendModule, ModuleOptions } from '../../lib/module.ts';
import { runCapacityJobs } from './jobs.ts';
import { capacityRoutes } from './routes.ts';

// The time entries' writes call this in their transaction for the client and month they change.
export { checkClientBudget, sweepClientBudgets } from './store.ts';
export { runCapacityJobs } from './jobs.ts';

async function setup(app: FastifyInstance, { config }: ModuleOptions): Promise<void> {
  startJobTimer(app, 'budget notices', config.CLIENT_JOBS_INTERVAL_MS, () => runCapacityJobs(app.db));
}

export const capacityModule: BackendModule = { name: 'capacity', setup, routes: capacityRoutes };
