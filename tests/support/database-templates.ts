/**
 * The test run's databases, migrated and seeded once (global setup) and copied for every test file that asks,
 * instead of each file running initdb, every migration and the whole demo seed again: on PGlite a fresh
 * cluster alone costs seconds of WebAssembly initdb, and the seed more. Two templates of each kind: migrated
 * and empty (openTestDatabase), and migrated with the demo data (startBackend, the browser tests' stacks).
 * - PGlite: data-folder dumps (tar files, PGlite's dumpDataDir) that PGlite loads in place of initdb, or that
 *   a stack's back end finds unpacked as its data folder;
 * - Postgres: template databases on the run's server, copied by CREATE DATABASE ... TEMPLATE.
 * The seed's clock is the run's start; a test that needs its own clock or a fresh seed still makes one.
 * A stack's data folder from the seeded dump is seeded-data-dir.ts, which imports none of this.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { migrate, openDatabase, type Database, type Queryable } from '../../backend/src/db/database.ts';
import { seedDemoData } from '../../backend/src/demo/seed.ts';

export interface DatabaseTemplates {
  /** PGlite data-folder dumps (tar), migrated; and migrated and seeded. */
  pgliteMigrated: string;
  pgliteSeeded: string;
  /** Template database names on the run's Postgres server; empty in the PGlite project. */
  postgresMigrated: string;
  postgresSeeded: string;
}

const queryable = (run: PGlite | { query: PGlite['query'] }): Queryable => ({
  query: async <T>(sql: string, params?: unknown[]) => (await run.query<T>(sql, params)).rows,
});

const TEST_SHARED_BUFFERS = '32MB';

/** Writes both PGlite dumps into `dir`, from one cluster: migrated, dumped, seeded, dumped again. */
export async function makePgliteTemplates(dir: string): Promise<Pick<DatabaseTemplates, 'pgliteMigrated' | 'pgliteSeeded'>> {
  const lite = await PGlite.create('memory://', { extensions: { pg_trgm } });
  try {
    // The Database interface over this one cluster, so the back end's own migrate and seed run unchanged.
    const database: Database = {
      ...queryable(lite),
      transaction: (work) => lite.transaction((tx) => work(queryable(tx))),
      listen: async () => async () => {},
      close: () => lite.close(),
    };
    const dump = async (name: string) => {
      const file = join(dir, name);
      await writeFile(file, Buffer.from(await (await lite.dumpDataDir('none')).arrayBuffer()));
      return file;
    };
    // Every database opened from these dumps, a browser file's back end included, starts with 32 MB of shared
    // buffers instead of PGlite's 128 MB: Postgres clears them as it starts, about 1 s of CPU an open at 128 MB,
    // and 32 MB still holds the whole seeded database (18 MB) once read. Production keeps the default.
    await lite.exec(`ALTER SYSTEM SET shared_buffers = '${TEST_SHARED_BUFFERS}'`);
    await migrate(database);
    const pgliteMigrated = await dump('pglite-migrated.tar');
    await seedDemoData(database);
    return { pgliteMigrated, pgliteSeeded: await dump('pglite-seeded.tar') };
  } finally {
    await lite.close();
  }
}

/** Makes the two template databases on a Postgres server (superuser URL) and returns their names. */
export async function makePostgresTemplates(serverUrl: string): Promise<Pick<DatabaseTemplates, 'postgresMigrated' | 'postgresSeeded'>> {
  const names = { postgresMigrated: 'template_console_migrated', postgresSeeded: 'template_console_seeded' };
  await withClient(serverUrl, async (client) => {
    for (const name of Object.values(names)) await client.query(`CREATE DATABASE ${name}`);
  });
  const urlOf = (name: string) => Object.assign(new URL(serverUrl), { pathname: `/${name}` }).href;
  for (const [name, seed] of [[names.postgresMigrated, false], [names.postgresSeeded, true]] as const) {
    const database = await openDatabase(urlOf(name), { poolMax: 1 });
    try {
      if (seed) await seedDemoData(database);
    } finally {
      // CREATE DATABASE ... TEMPLATE refuses while anyone is connected to the template.
      await database.close();
    }
  }
  return names;
}

/** A new database on the server copied from `template`; its URL. */
export async function copyPostgresTemplate(serverUrl: string, template: string, name: string): Promise<string> {
  await withClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  return Object.assign(new URL(serverUrl), { pathname: `/${name}` }).href;
}

/**
 * A PGlite dump as PGlite's loadDataDir takes it: a Blob whose arrayBuffer() hands over the file's bytes as read.
 * PGlite reads a dump with arrayBuffer() alone (and its type, empty: a plain tar); Node 20's Blob copies the 68 MB
 * in and hands them out again in 64 KB pieces joined up: about 0.85 s of CPU an open, a third of its cost
 * (`npx tsx bench/test-database-open.ts`).
 */
export async function readPgliteDump(file: string): Promise<Blob> {
  const bytes = await readFile(file);
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes.buffer : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  return Object.defineProperty(new Blob([]), 'arrayBuffer', { value: async () => whole });
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
