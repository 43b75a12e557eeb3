/**
 * Bulk actions: GET bulk/actions/, GET/POST bulk/jobs/, GET bulk/jobs/{id}. The actions are the
 * areas' (BackendModule.work.bulk); the jobs run on every back end's runner (store.ts), started at once
 * after a create and every second for jobs a stopped back end left.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { workEndpoints as endpoints } from '../../../../common/contract/work.ts';
import type { BackendModule, ModuleOptions } from '../../lib/module.ts';
import { actionContext } from '../../lib/action.ts';
import { route } from '../../lib/routes.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { stepUpGuard } from '../security/index.ts';
import { actionsFor, bulkActions, createJob, listJobs, readOwnJob, runBulkJobs } from './store.ts';

export { runBulkJobs } from './store.ts';

const RUN_INTERVAL_MS = 1000;

async function routes(app: FastifyInstance, { modules, config }: ModuleOptions): Promise<void> {
  const actions = bulkActions(modules);
  const stepUpOf = stepUpGuard({ db: app.db, identity: app.identity }, config);
  const runner = randomUUID();
  let running: Promise<unknown> | null = null;
  let again = false;
  let closed = false;
  const run = () => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = runBulkJobs(app.db, actions, runner)
      .then(
        () => app.metrics.jobRun('bulk_jobs', true),
        (error: unknown) => {
          app.metrics.jobRun('bulk_jobs', false);
          app.log.warn({ err: error }, 'bulk jobs failed; retried at the next interval');
        },
      )
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(run, RUN_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    closed = true;
    clearInterval(timer);
    await running;
  });

  route(app, endpoints.bulkActions, async (request) => actionsFor(actions, signedInUser(request)));

  route(app, endpoints.bulkJobs, async (request) => ({
    jobs: await listJobs(app.db, actions, signedInUser(request), request.query.list),
  }));

  route(app, endpoints.bulkJob, async (request) =>
    readOwnJob(app.db, actions, signedInUser(request), request.params.jobId),
  );

  route(app, endpoints.startBulkJob, async (request, reply) => {
    const user = signedInUser(request);
    const job = await createJob(app.db, actions, user, request.body, actionContext(request, user.id), (code, what) => stepUpOf(request, code, what));
    run();
    return reply.code(201).send(job);
  });
}

export const bulkModule: BackendModule = { name: 'bulk', routes };
