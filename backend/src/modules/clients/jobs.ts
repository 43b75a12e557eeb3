/**
 * The clients area's scheduled work, run by every back end on a timer (CLIENT_JOBS_INTERVAL_MS) and once when
 * it is ready: renew the subscriptions whose renewal day has come, and tell bookkeepers of deadlines now within
 * 7 days. Both are safe with any number of replicas running them at the same moment: renewals claim rows with
 * FOR UPDATE SKIP LOCKED, notices are keyed per deadline (deadline-store.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { ModuleOptions } from '../../lib/module.ts';
import { sendDeadlineNotices } from './deadline-store.ts';
import { renewDueSubscriptions } from './subscription-store.ts';

export async function runClientJobs(db: Database, now = new Date()): Promise<{ renewed: number; notices: number }> {
  const renewed = await renewDueSubscriptions(db, now);
  const notices = await sendDeadlineNotices(db, now);
  return { renewed, notices };
}

export async function setupClientJobs(app: FastifyInstance, { config }: ModuleOptions): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = runClientJobs(app.db)
      .then((done) => {
        if (done.renewed > 0 || done.notices > 0) app.log.info(done, 'client jobs');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'client jobs failed; retried at the next interval'));
    return running;
  };
  // After the demo seed (which runs before ready), so a fresh demo's deadlines this week notify at once.
  app.addHook('onReady', async () => {
    await run();
    if (config.CLIENT_JOBS_INTERVAL_MS > 0) {
      timer = setInterval(() => void run(), config.CLIENT_JOBS_INTERVAL_MS);
      timer.unref();
    }
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
}
