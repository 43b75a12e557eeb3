/**
 * Seeds every area's demo data (DEMO_SEEDS, in order) in one transaction, when the database holds no user
 * yet. Replicas starting at once on one Postgres server queue on an advisory lock; the second finds the
 * users and stops. Production code never imports this: app.ts loads it only when SEED_DEMO_DATA asks.
 */
import type { Database } from '../db/database.ts';
import { DEMO_SEEDS } from './seeds.ts';

/** 'SEED' in ASCII; distinct from the migration lock. */
const SEED_LOCK = 0x53454544;

export async function seedDemoData(database: Database, now = new Date()): Promise<boolean> {
  return database.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
    const [{ count } = { count: 0 }] = await tx.query<{ count: number }>('SELECT count(*)::integer AS count FROM users');
    if (count > 0) return false;
    for (const seed of DEMO_SEEDS) await seed(tx, { now });
    return true;
  });
}
