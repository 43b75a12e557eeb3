/**
 * `npm run backup` and `npm run restore`: one file holding the whole state of the console, for either database.
 * The file is a tar with manifest.json (which database, when, and per table its row count and checksum at the
 * snapshot) and the copy itself:
 * - PGlite (the demo, `npm start`): db.tar, the data folder as PGlite's dumpDataDir writes it, and auth/, the
 *   Auth emulator's accounts in its export format. While the stack runs, only its back end may read the
 *   folder, so the back end takes the copy when sent SIGUSR2 (backend/src/server.ts) and the accounts are read
 *   from the running emulator; with the stack stopped the folder is opened here.
 * - Postgres (DATABASE_URL): database.dump, pg_dump's custom format (documents are rows, so they are in it),
 *   taken in the same exported snapshot the checksums were counted in.
 * A restore loads the copy into an empty database (or, with --force, over one) and holds the result to the
 * manifest's counts and checksums.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { connectDatabase } from '../../backend/src/db/database.ts';
import { SNAPSHOT_DUMP, SNAPSHOT_TABLES, snapshotFolderOf, tableChecksums, writeSnapshotFolder, type TableSums } from '../../backend/src/db/snapshot.ts';
import { embeddedPostgresRoot } from './postgres-cluster.ts';
import { STACK_STATE_FILE, type StackState } from './stack.ts';

const run = promisify(execFile);

export class BackupError extends Error {
  override name = 'BackupError';
}

export interface Manifest {
  format: 'staff-console-backup';
  version: 1;
  database: 'pglite' | 'postgres';
  takenAt: string;
  tables: Record<string, TableSums>;
}

const MANIFEST = 'manifest.json';
const PGLITE_DUMP = 'db.tar';
const AUTH_FOLDER = 'auth';
const POSTGRES_DUMP = 'database.dump';
const SNAPSHOT_TIMEOUT_MS = 120_000;

/** The running stack on this data folder, if any: its state file names a back end that is alive. */
export function runningStack(dataDir: string): StackState | undefined {
  const file = join(dataDir, STACK_STATE_FILE);
  if (!existsSync(file)) return undefined;
  let state: StackState;
  try {
    state = JSON.parse(readFileSync(file, 'utf8')) as StackState;
  } catch {
    return undefined;
  }
  try {
    process.kill(state.backendPid, 0);
    return state;
  } catch {
    return undefined;
  }
}


async function staging<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'console-backup-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function packInto(file: string, dir: string): Promise<void> {
  // Entries by name (not './name'), so a restore can take manifest.json out first by its name.
  await run('tar', ['-c', '-f', file, '-C', dir, ...readdirSync(dir).sort()]);
}

function refuseExisting(file: string): void {
  if (existsSync(file)) throw new BackupError(`${file} already exists; give a new file name (a backup never overwrites one)`);
}

/** The demo's PGlite database (dataDir/db) and the emulator's accounts (dataDir/auth), running or stopped. */
export async function backupPglite(dataDir: string, file: string, log: (line: string) => void = () => {}): Promise<Manifest> {
  refuseExisting(file);
  const dbDir = join(dataDir, 'db');
  const stack = runningStack(dataDir);
  if (!stack && !existsSync(join(dbDir, 'PG_VERSION'))) throw new BackupError(`no database in ${dbDir}; set STACK_DATA_DIR, or DATABASE_URL for a Postgres server`);
  return staging(async (dir) => {
    let tables: Record<string, TableSums>;
    if (stack) {
      log(`the stack runs (back end pid ${stack.backendPid}): asking it for a snapshot`);
      const folder = snapshotFolderOf(dbDir);
      await rm(folder, { recursive: true, force: true });
      process.kill(stack.backendPid, 'SIGUSR2');
      const deadline = Date.now() + SNAPSHOT_TIMEOUT_MS;
      while (!existsSync(folder)) {
        if (Date.now() > deadline) throw new BackupError(`the back end wrote no snapshot within ${SNAPSHOT_TIMEOUT_MS / 1000} s; see ${join(dataDir, 'logs/backend.log')}`);
        await new Promise((done) => setTimeout(done, 200));
      }
      await cp(join(folder, SNAPSHOT_DUMP), join(dir, PGLITE_DUMP));
      tables = JSON.parse(await readFile(join(folder, SNAPSHOT_TABLES), 'utf8')) as Record<string, TableSums>;
      await rm(folder, { recursive: true, force: true });
      await exportRunningAccounts(stack, join(dataDir, 'auth'), join(dir, AUTH_FOLDER));
    } else {
      const db = await connectDatabase(dbDir);
      try {
        const folder = join(dir, 'snapshot');
        await writeSnapshotFolder(db.snapshot!.bind(db), folder);
        await cp(join(folder, SNAPSHOT_DUMP), join(dir, PGLITE_DUMP));
        tables = JSON.parse(await readFile(join(folder, SNAPSHOT_TABLES), 'utf8')) as Record<string, TableSums>;
        await rm(folder, { recursive: true, force: true });
      } finally {
        await db.close();
      }
      if (existsSync(join(dataDir, 'auth'))) await cp(join(dataDir, 'auth'), join(dir, AUTH_FOLDER), { recursive: true });
    }
    const manifest: Manifest = { format: 'staff-console-backup', version: 1, database: 'pglite', takenAt: new Date().toISOString(), tables };
    await writeFile(join(dir, MANIFEST), JSON.stringify(manifest, null, 2));
    await packInto(file, dir);
    return manifest;
  });
}

/**
 * The running emulator's accounts in its own export format (what --import reads at the next start): the
 * accounts through its REST API, the rest of the export (config, metadata) from the last one it wrote.
 */
async function exportRunningAccounts(stack: StackState, lastExport: string, into: string): Promise<void> {
  const users: unknown[] = [];
  let pageToken = '';
  do {
    const url = `http://${stack.authEmulatorHost}/identitytoolkit.googleapis.com/v1/projects/${stack.projectId}/accounts:batchGet?maxResults=1000${pageToken ? `&nextPageToken=${encodeURIComponent(pageToken)}` : ''}`;
    const response = await fetch(url, { headers: { authorization: 'Bearer owner' } });
    if (!response.ok) throw new BackupError(`the Auth emulator at ${stack.authEmulatorHost} did not list its accounts (HTTP ${response.status})`);
    const page = (await response.json()) as { users?: unknown[]; nextPageToken?: string };
    users.push(...(page.users ?? []));
    pageToken = page.nextPageToken ?? '';
  } while (pageToken);
  if (existsSync(lastExport)) await cp(lastExport, into, { recursive: true });
  await mkdir(join(into, 'auth_export'), { recursive: true });
  if (!existsSync(join(into, 'firebase-export-metadata.json'))) {
    const { version } = JSON.parse(await readFile(new URL('../../node_modules/firebase-tools/package.json', import.meta.url), 'utf8')) as { version: string };
    await writeFile(join(into, 'firebase-export-metadata.json'), JSON.stringify({ version, auth: { version, path: 'auth_export' } }));
  }
  if (!existsSync(join(into, 'auth_export/config.json'))) await writeFile(join(into, 'auth_export/config.json'), JSON.stringify({ signIn: { allowDuplicateEmails: false } }));
  await writeFile(join(into, 'auth_export/accounts.json'), JSON.stringify({ kind: 'identitytoolkit#DownloadAccountResponse', users }));
}

type PostgresTool = 'pg_dump' | 'pg_restore';

/** A client tool found, with the major version it reports. */
interface ToolChoice {
  path: string;
  version: string;
  major: number;
}

/** What `TOOL --version` reports ("pg_dump (PostgreSQL) 15.18 (Debian ...)"), or undefined when it does not run. */
async function toolVersion(path: string): Promise<{ version: string; major: number } | undefined> {
  try {
    const { stdout } = await run(path, ['--version']);
    const version = /\(PostgreSQL\)\s+(\d+)(\.\d+)?/.exec(stdout);
    return version ? { version: `${version[1]}${version[2] ?? ''}`, major: Number(version[1]) } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The pg_dump or pg_restore to run against a server of `serverMajor`: PG_BIN's when set (only it), else the one
 * bundled beside the test run's npm Postgres when the package ships it, else PATH's. The first whose major
 * version is the server's wins, else the first newer one (pg_dump reads older servers, never newer ones, and
 * pg_restore reads only archives of its own version or older); an older one is refused, naming both versions,
 * before anything is written or restored.
 */
export async function choosePostgresTool(name: PostgresTool, server: { version: string; major: number }): Promise<ToolChoice> {
  const bundled = embeddedPostgresRoot();
  const candidates = process.env.PG_BIN ? [join(process.env.PG_BIN, name)] : [...(bundled && existsSync(join(bundled, 'bin', name)) ? [join(bundled, 'bin', name)] : []), name];
  const found: ToolChoice[] = [];
  for (const path of candidates) {
    const version = await toolVersion(path);
    if (version) found.push({ path, ...version });
  }
  const chosen = found.find((tool) => tool.major === server.major) ?? found.find((tool) => tool.major > server.major);
  if (chosen) return chosen;
  const where = process.env.PG_BIN ? `PG_BIN (${process.env.PG_BIN})` : `PATH${bundled ? ` or ${join(bundled, 'bin')}` : ''}`;
  if (found.length === 0) throw new BackupError(`${name} not found in ${where}; install the PostgreSQL ${server.major} client tools or set PG_BIN to their bin folder`);
  const tools = found.map((tool) => `${tool.path} is ${tool.version}`).join(', ');
  throw new BackupError(
    `${name} is older than the server (PostgreSQL ${server.version}): ${tools}, and ${name} ${found[0]!.major} cannot ${name === 'pg_dump' ? 'dump' : 'restore into'} a PostgreSQL ${server.major} server safely; ` +
      `install the PostgreSQL ${server.major} client tools (postgresql-client-${server.major}) or set PG_BIN to a bin folder holding ${name} ${server.major}`,
  );
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`cannot connect to DATABASE_URL: ${(error as Error).message}`);
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const queryable = (client: pg.Client) => ({ query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[] });

/** The server's version, as `SHOW server_version` and its major (server_version_num / 10000). */
async function serverVersion(client: pg.Client): Promise<{ version: string; major: number }> {
  const { rows } = await client.query<{ version: string; num: string }>("SELECT current_setting('server_version') AS version, current_setting('server_version_num') AS num");
  return { version: rows[0]!.version.split(' ')[0]!, major: Math.floor(Number(rows[0]!.num) / 10_000) };
}

/**
 * DATABASE_URL as pg_dump and pg_restore take it: the URL without its password, which goes in PGPASSWORD
 * instead, as a command line is readable by every account on the machine (ps, /proc) and the environment is not.
 */
function libpqTarget(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.href, env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

async function tool(name: PostgresTool, path: string, url: string, args: string[]): Promise<void> {
  const { dbname, env } = libpqTarget(url);
  try {
    await run(path, [`--dbname=${dbname}`, ...args], { maxBuffer: 16 * 1024 * 1024, env });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    throw new BackupError(`${name} failed: ${(failure.stderr ?? failure.message).trim().split('\n')[0]}`);
  }
}

/** A Postgres server's database: pg_dump in the snapshot the checksums were counted in, so both describe one moment. */
export async function backupPostgres(url: string, file: string): Promise<Manifest> {
  refuseExisting(file);
  return staging((dir) =>
    withClient(url, async (client) => {
      const pgDump = await choosePostgresTool('pg_dump', await serverVersion(client));
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      // now() is the transaction's start: the moment of the snapshot, as the manifest's counts are.
      const [{ id, at }] = (await client.query<{ id: string; at: Date }>('SELECT pg_export_snapshot() AS id, now() AS at')).rows as [{ id: string; at: Date }];
      const tables = await tableChecksums(queryable(client));
      await tool('pg_dump', pgDump.path, url, ['--format=custom', `--snapshot=${id}`, `--file=${join(dir, POSTGRES_DUMP)}`]);
      await client.query('COMMIT');
      const manifest: Manifest = { format: 'staff-console-backup', version: 1, database: 'postgres', takenAt: at.toISOString(), tables };
      await writeFile(join(dir, MANIFEST), JSON.stringify(manifest, null, 2));
      await packInto(file, dir);
      return manifest;
    }),
  );
}

export interface RestoreOptions {
  file: string;
  force: boolean;
  /** The stack's data folder, for a PGlite backup. */
  dataDir: string;
  /** The server's database, for a Postgres backup. */
  databaseUrl?: string;
}

/** Loads the backup and holds the restored tables to its manifest; returns the manifest. */
export async function restoreBackup(options: RestoreOptions): Promise<Manifest> {
  if (!existsSync(options.file)) throw new BackupError(`${options.file} does not exist`);
  return staging(async (dir) => {
    try {
      await run('tar', ['-x', '--no-same-owner', '-f', options.file, '-C', dir, MANIFEST]);
    } catch {
      throw new BackupError(`${options.file} is not a backup made by npm run backup (no ${MANIFEST} in it)`);
    }
    const manifest = JSON.parse(await readFile(join(dir, MANIFEST), 'utf8')) as Manifest;
    if (manifest.format !== 'staff-console-backup' || manifest.version !== 1) throw new BackupError(`${options.file} is not a backup this version can restore`);
    await run('tar', ['-x', '--no-same-owner', '-f', options.file, '-C', dir]);
    const restored = manifest.database === 'pglite' ? await restorePglite(dir, options) : await restorePostgres(dir, options);
    const differences = Object.keys({ ...manifest.tables, ...restored })
      .filter((table) => manifest.tables[table]?.rows !== restored[table]?.rows || manifest.tables[table]?.checksum !== restored[table]?.checksum)
      .sort();
    if (differences.length > 0) throw new BackupError(`the restored database differs from the backup in ${differences.length} table(s): ${differences.join(', ')}`);
    return manifest;
  });
}

const FORCE_HINT = 'add --force to replace it (everything in it is lost)';

async function restorePglite(dir: string, options: RestoreOptions): Promise<Record<string, TableSums>> {
  if (runningStack(options.dataDir)) throw new BackupError(`the stack runs on ${options.dataDir}; stop npm start first`);
  const dbDir = join(options.dataDir, 'db');
  const authDir = join(options.dataDir, 'auth');
  const nonEmpty = (folder: string) => existsSync(folder) && readdirSync(folder).length > 0;
  if ((nonEmpty(dbDir) || nonEmpty(authDir)) && !options.force) throw new BackupError(`${dbDir} already holds a database; ${FORCE_HINT}`);
  await rm(dbDir, { recursive: true, force: true });
  await rm(authDir, { recursive: true, force: true });
  await mkdir(dbDir, { recursive: true });
  await run('tar', ['-x', '--no-same-owner', '-f', join(dir, PGLITE_DUMP), '-C', dbDir]);
  if (existsSync(join(dir, AUTH_FOLDER))) await cp(join(dir, AUTH_FOLDER), authDir, { recursive: true });
  const db = await connectDatabase(dbDir);
  try {
    return await tableChecksums(db);
  } finally {
    await db.close();
  }
}

async function restorePostgres(dir: string, options: RestoreOptions): Promise<Record<string, TableSums>> {
  const url = options.databaseUrl;
  if (!url) throw new BackupError('this is a Postgres backup: set DATABASE_URL to the database to restore it into');
  const pgRestore = await withClient(url, async (client) => {
    const chosen = await choosePostgresTool('pg_restore', await serverVersion(client));
    const [{ tables }] = (await client.query<{ tables: number }>("SELECT count(*)::integer AS tables FROM pg_tables WHERE schemaname = 'public'")).rows as [{ tables: number }];
    if (tables > 0 && !options.force) throw new BackupError(`the database of DATABASE_URL already holds ${tables} table(s); ${FORCE_HINT}`);
    return chosen;
  });
  // One transaction: a restore that fails half-way (over --force, after its drops) leaves the database as it was.
  await tool('pg_restore', pgRestore.path, url, ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', ...(options.force ? ['--clean', '--if-exists'] : []), join(dir, POSTGRES_DUMP)]);
  return withClient(url, (client) => tableChecksums(queryable(client)));
}
