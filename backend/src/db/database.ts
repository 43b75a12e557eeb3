/**
 * The back end's only door to storage. Routes see this small interface, not PGlite, so a Postgres server
 * (node-postgres Pool) can take PGlite's place by implementing the same four methods (see README).
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { mkdir } from 'node:fs/promises';
import { MIGRATIONS } from './migrations.ts';

export interface Queryable {
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Database extends Queryable {
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls onMessage with the payload of every NOTIFY on `channel` (pg_notify in any connection or process on
   * the same database, delivered after its transaction commits); resolves to a function that stops listening.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Opens (creating when needed) the PGlite database in `dataDir` ('memory://' for a throw-away one) and migrates it. */
export async function openDatabase(dataDir: string): Promise<Database> {
  if (!dataDir.includes('://')) await mkdir(dataDir, { recursive: true });
  // pg_trgm backs the company-name search index; on a Postgres server it ships in the contrib package.
  const pg = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  const database: Database = {
    query: async <T>(sql: string, params?: unknown[]) => (await pg.query<T>(sql, params)).rows,
    transaction: (work) => pg.transaction((tx) => work({ query: async <T>(sql: string, params?: unknown[]) => (await tx.query<T>(sql, params)).rows })),
    listen: (channel, onMessage) => pg.listen(channel, onMessage),
    close: () => pg.close(),
  };
  try {
    await migrate(database);
  } catch (error) {
    await pg.close();
    throw error;
  }
  return database;
}

/** Applies, in order and each in its own transaction, the migrations the database has not seen yet. */
export async function migrate(database: Database): Promise<number[]> {
  await database.query(
    `CREATE TABLE IF NOT EXISTS schema_migrations (
       id integer PRIMARY KEY,
       name text NOT NULL,
       applied_at timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP
     )`,
  );
  const done = new Set((await database.query<{ id: number }>('SELECT id FROM schema_migrations')).map((row) => row.id));
  const applied: number[] = [];
  for (const migration of MIGRATIONS) {
    if (done.has(migration.id)) continue;
    await database.transaction(async (tx) => {
      for (const statement of migration.statements) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (id, name) VALUES ($1, $2)', [migration.id, migration.name]);
    });
    applied.push(migration.id);
  }
  return applied;
}
