/**
 * AML due diligence: a registration's parties and UBOs, sanctions lists in their official
 * formats, screening with a person's decision on each potential match, the freeze a confirmed match puts on
 * the client, the risk rating and enhanced due diligence, and the gate the pipeline's 'Approve due
 * diligence' waits on (requireDueDiligenceComplete).
 */
import type { FastifyInstance } from 'fastify';
import type { BackendModule, ModuleOptions } from '../../lib/module.ts';
import { startJobTimer } from '../../lib/job-timer.ts';
import { createAmlDueTasks } from './due-tasks.ts';
import { runRescreenJobs } from './jobs.ts';
import { purgeExpiredAmlFiles } from './retention.ts';
import { amlRoutes } from './routes.ts';

export { requireDueDiligenceComplete } from './gate.ts';
export { createAmlDueTasks } from './due-tasks.ts';

async function setup(app: FastifyInstance, { config }: ModuleOptions): Promise<void> {
  // Re-screening jobs left by a restart resume on the service desk's interval (an import also starts its own at once).
  startJobTimer(app, 'aml re-screening', config.SERVICE_DESK_JOBS_INTERVAL_MS, () => runRescreenJobs(app.db));
  // Review-date and expiry tasks: idempotent per due item, so the interval only decides how soon one appears.
  startJobTimer(app, 'aml due tasks', config.SERVICE_DESK_JOBS_INTERVAL_MS, () => createAmlDueTasks(app.db));
  // Files past their five years and under no legal hold are purged: a day-granular rule, on the clients' slower interval.
  startJobTimer(app, 'aml retention', config.CLIENT_JOBS_INTERVAL_MS, () => purgeExpiredAmlFiles(app.db));
}

export const amlModule: BackendModule = { name: 'aml', setup, routes: amlRoutes };
