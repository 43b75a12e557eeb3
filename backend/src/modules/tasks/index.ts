/**
 * Tasks: the delivery team's work items on clients (list, board, maker-checker, comments, bulk), recurring
 * templates, and the scheduled work that creates recurring tasks and sends due notices. Requests convert
 * into tasks through insertTask.
 */
import type { FastifyInstance } from 'fastify';
import { startJobTimer } from '../../lib/job-timer.ts';
import type { BackendModule, ModuleOptions } from '../../lib/module.ts';
import { runTaskJobs } from './jobs.ts';
import { taskRoutes } from './routes.ts';
import { tasksWork } from './work.ts';

export { insertTask, reassignTask, requireWorker, type NewTask } from './store.ts';
export { runTaskJobs, sendTaskDueNotices } from './jobs.ts';
export { createRecurringTasks } from './template-store.ts';

async function setup(app: FastifyInstance, { config }: ModuleOptions): Promise<void> {
  startJobTimer(app, 'task jobs', config.SERVICE_DESK_JOBS_INTERVAL_MS, () => runTaskJobs(app.db));
}

export const tasksModule: BackendModule = { name: 'tasks', setup, routes: taskRoutes, work: tasksWork };
