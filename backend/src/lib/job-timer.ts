/**
 * A module's scheduled work on a timer every back end runs: once when the app is ready (after the demo
 * seed), then every `intervalMs` (0: only at start), stopped on close after the run in progress. The work
 * itself must be safe with any number of replicas running it at once (claimed rows, unique keys).
 */
import type { FastifyInstance } from 'fastify';
import { jobLabel } from '../plugins/metrics.ts';

export function startJobTimer(app: FastifyInstance, name: string, intervalMs: number, work: () => Promise<Record<string, number>>): void {
  const job = jobLabel(name);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let closed = false;
  const run = () => {
    if (closed) return running;
    running = running
      .then(work)
      .then((done) => {
        app.metrics.jobRun(job, true);
        if (Object.values(done).some((count) => count > 0)) app.log.info(done, name);
      })
      .catch((error: unknown) => {
        app.metrics.jobRun(job, false);
        app.log.warn({ err: error }, `${name} failed; retried at the next interval`);
      });
    return running;
  };
  app.addHook('onReady', async () => {
    await run();
    if (intervalMs > 0) {
      timer = setInterval(() => void run(), intervalMs);
      timer.unref();
    }
  });
  app.addHook('preClose', async () => {
    closed = true;
    clearInterval(timer);
    await running;
  });
}
