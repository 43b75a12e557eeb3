/**
 * The clients area's scheduled work, run by every back end on a timer (CLIENT_JOBS_INTERVAL_MS) and once when
 * it is ready: renew the subscriptions whose renewal day has come, and tell bookkeepers of deadlines now within
 * 7 days. Both are safe with any number of replicas running them at the same moment: renewals claim rows with
 * FOR UPDATE SKIP LOCKED, notices are keyed per deadline (deadline-store.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { startJobTimer } from '../../lib/job-timer.ts';
import type { ModuleOptions } from '../../lib/module.ts';
import { sendDeadlineNotices } from './deadline-store.ts';
import { renewDueSubscriptions } from './subscription-store.ts';

export async function runClientJobs(db: Database, now = new Date()): Promise<{ renewed: number; notices: number }> {
  const renewed = await renewDueSubscriptions(db, now);
  const notices = await sendDeadlineNotices(db, now);
  return { renewed, notices };
}

export async function setupClientJobs(app: FastifyInstance, { config }: ModuleOptions): Promise<void> {
  // Its first run follows the demo seed (which runs before ready), so a fresh demo's deadlines this week notify at once.
  startJobTimer(app, 'client jobs', config.CLIENT_JOBS_INTERVAL_MS, () => runClientJobs(app.db));
}
