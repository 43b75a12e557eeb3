/**
 * The budgets' scheduled sweep, on the clients' timer (CLIENT_JOBS_INTERVAL_MS) and once when the app is
 * ready: the time entries' writes call checkClientBudget themselves, and the sweep tells whatever they did not
 * (an entry imported in bulk, a plan's hours lowered). Once with any number of replicas:
 * client_budget_notices' key is claimed inside each client's transaction.
 */
import type { Database } from '../../db/database.ts';
import { sweepClientBudgets } from './store.ts';

export async function runCapacityJobs(db: Database, now = new Date()): Promise<{ budget_notices: number }> {
  return { budget_notices: await sweepClientBudgets(db, now) };
}
