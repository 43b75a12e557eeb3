/**
 * Seeds every area's demo data (DEMO_SEEDS, in order) in one transaction, when the database holds no user
 * yet. Replicas starting at once on one Postgres server queue on an advisory lock; the second finds the
 * users and stops. Production code never imports this: app.ts loads it only when SEED_DEMO_DATA asks.
 */
import type { Database, Queryable } from '../db/database.ts';
import { DEMO_SEEDS } from './seeds.ts';

/** 'SEED' in ASCII; distinct from the migration lock. */
const SEED_LOCK = 0x53454544;

/** The tables of what happened (timelines, the audit, time, comments, messages, notices) and their moments. */
const HISTORY_COLUMNS: readonly (readonly [table: string, column: string])[] = [
  ['audit_events', 'created_at'],
  ['registration_events', 'created_at'],
  ['time_entries', 'created_at'],
  ['time_entries', 'updated_at'],
  ['task_comments', 'created_at'],
  ['chat_messages', 'created_at'],
  ['notifications', 'created_at'],
];

/**
 * Rows the seeds write through the product's own store functions take the database's clock, which runs on from
 * the seed's `now` (by moments, or by hours when a demo is seeded for an earlier time): the story ends at `now`.
 */
async function endHistoryAt(tx: Queryable, now: Date): Promise<void> {
  for (const [table, column] of HISTORY_COLUMNS) {
    // The audit's append-only trigger is set aside for this one statement only, inside the transaction that
    // writes an empty database's first history, so nothing else ever sees it off.
    const appendOnly = table === 'audit_events';
    if (appendOnly) await tx.query('ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_change');
    await tx.query(`UPDATE ${table} SET ${column} = $1 WHERE ${column} > $1`, [now]);
    if (appendOnly) await tx.query('ALTER TABLE audit_events ENABLE TRIGGER audit_events_no_change');
  }
}

export async function seedDemoData(database: Database, now = new Date()): Promise<boolean> {
  return database.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
    const [{ count } = { count: 0 }] = await tx.query<{ count: number }>('SELECT count(*)::integer AS count FROM users');
    if (count > 0) return false;
    for (const seed of DEMO_SEEDS) await seed(tx, { now });
    await endHistoryAt(tx, now);
    return true;
  });
}
