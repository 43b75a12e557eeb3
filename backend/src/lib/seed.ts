/**
 * Seeds the demo data of every module, in module order, in one transaction, when the database holds no user
 * yet. Replicas starting at once on one Postgres server queue on an advisory lock; the second finds the
 * users and stops.
 */
import type { Database } from '../db/database.ts';
import type { BackendModule } from './module.ts';

/** 'SEED' in ASCII; distinct from the migration lock. */
const SEED_LOCK = 0x53454544;

export async function seedDemoData(database: Database, modules: readonly BackendModule[], now = new Date()): Promise<boolean> {
  return database.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
    const [{ count } = { count: 0 }] = await tx.query<{ count: number }>('SELECT count(*)::integer AS count FROM users');
    if (count > 0) return false;
    for (const module of modules) await module.seed?.(tx, { now });
    return true;
  });
}
