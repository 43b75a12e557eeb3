/**
 * The back end's only door to storage. Routes see this small interface, not PGlite or node-postgres, so the
 * embedded PGlite (one process) and a Postgres server (any number of back-end replicas) are interchangeable.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { mkdir } from 'node:fs/promises';
import { MIGRATIONS } from './migrations/index.ts';
import { openPostgres } from './postgres.ts';
import type { Database } from './queryable.ts';
import { tableChecksums } from './snapshot.ts';

export type { Database, Queryable } from './queryable.ts';

export interface OpenOptions {
  /** Most connections a Postgres pool opens (PGlite has one). */
  poolMax?: number;
  /**
   * PGlite only: start from this copy of a data folder (PGlite's dumpDataDir) instead of an empty cluster,
   * e.g. the test run's database migrated and seeded once.
   */
  pgliteDump?: Blob;
}

/** A postgres:// or postgresql:// URL names a Postgres server; anything else is a PGlite location. */
export function isPostgresUrl(location: string): boolean {
  return /^postgres(ql)?:\/\//.test(location);
}

/**
 * Opens and migrates the database at `location`: a Postgres server's URL, or a PGlite data folder (created
 * when needed; 'memory://' for a throw-away one).
 */
export async function openDatabase(location: string, options: OpenOptions = {}): Promise<Database> {
  const database = await connectDatabase(location, options);
  try {
    await migrate(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/** Connects without migrating (openDatabase is what the back end uses). */
export async function connectDatabase(location: string, options: OpenOptions = {}): Promise<Database> {
  return isPostgresUrl(location) ? openPostgres(location, options.poolMax ?? 10) : openPglite(location, options.pgliteDump);
}

async function openPglite(dataDir: string, dump?: Blob): Promise<Database> {
  if (!dataDir.includes('://')) await mkdir(dataDir, { recursive: true });
  // pg_trgm backs the company-name search index; on a Postgres server it ships in the contrib package.
  const pg = await PGlite.create(dataDir, { extensions: { pg_trgm }, ...(dump ? { loadDataDir: dump } : {}) });
  // PGlite runs one query or transaction at a time on its one connection and queues the rest: counting what
  // was asked and has not finished gives the pool's figures (one in use, the others waiting).
  let pending = 0;
  const counted = async <T>(work: () => Promise<T>): Promise<T> => {
    pending++;
    try {
      return await work();
    } finally {
      pending--;
    }
  };
  // A snapshot runs in a transaction, which PGlite already runs one at a time; a query outside a transaction
  // could still slip in between its checksums and its copy, so those wait for it here, and it waits for them.
  let paused: Promise<void> | undefined;
  let inFlight = 0;
  let drained: (() => void) | undefined;
  const query = async <T>(sql: string, params?: unknown[]): Promise<T[]> => {
    while (paused) await paused;
    inFlight += 1;
    try {
      return await counted(async () => (await pg.query<T>(sql, params)).rows);
    } finally {
      inFlight -= 1;
      if (inFlight === 0) drained?.();
    }
  };
  return {
    query,
    transaction: (work) =>
      counted(() => pg.transaction((tx) => work({ query: async <T>(sql: string, params?: unknown[]) => (await tx.query<T>(sql, params)).rows }))),
    listen: (channel, onMessage) => pg.listen(channel, onMessage),
    close: () => pg.close(),
    poolStats: () => ({ max: 1, open: 1, inUse: Math.min(pending, 1), waiting: Math.max(pending - 1, 0) }),
    async snapshot() {
      while (paused) await paused;
      let release = () => {};
      paused = new Promise((done) => (release = done));
      try {
        if (inFlight > 0) await new Promise<void>((done) => (drained = done));
        drained = undefined;
        return await pg.transaction(async (tx) => {
          const tables = await tableChecksums({ query: async <T>(sql: string, params?: unknown[]) => (await tx.query<T>(sql, params)).rows });
          return { tables, dump: await pg.dumpDataDir('none') };
        });
      } finally {
        paused = undefined;
        release();
      }
    },
  };
}

/**
 * Any fixed number works as long as nothing else in the database takes the same advisory lock; this one
 * spells 'MIGR' in ASCII.
 */
const MIGRATION_LOCK = 0x4d494752;

/**
 * Applies, in order and each in its own transaction, the migrations the database has not seen yet. Every
 * step holds a transaction-scoped advisory lock and re-reads schema_migrations under it, so replicas
 * starting at once queue up and each migration is applied by exactly one of them.
 */
export async function migrate(database: Database): Promise<number[]> {
  await database.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         id integer PRIMARY KEY,
         name text NOT NULL,
         applied_at timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP
       )`,
    );
  });
  const applied: number[] = [];
  for (const migration of MIGRATIONS) {
    const ran = await database.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      if ((await tx.query('SELECT 1 FROM schema_migrations WHERE id = $1', [migration.id])).length > 0) return false;
      for (const statement of migration.statements) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (id, name) VALUES ($1, $2)', [migration.id, migration.name]);
      return true;
    });
    if (ran) applied.push(migration.id);
  }
  return applied;
}
