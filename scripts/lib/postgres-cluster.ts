/**
 * A throw-away Postgres server for tests and benches: initdb in a temporary folder, a free port on 127.0.0.1
 * and a unix socket in that folder, trust authentication, stopped and deleted after. Uses the server binaries
 * of Debian's postgresql package (/usr/lib/postgresql/<version>/bin) or whatever PG_BIN names. Postgres
 * refuses to run as root, so under root the folder is handed to the `postgres` user and the server runs as it.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './auth-emulator.ts';

export interface PostgresCluster {
  /** postgresql:// URL of the `postgres` database as superuser `postgres`. */
  url: string;
  port: number;
  /** A URL for `database` on this server. */
  urlFor(database: string): string;
  /** Creates an empty database with a unique name and returns its URL. */
  createDatabase(prefix?: string): Promise<string>;
  stop(): Promise<void>;
}

export class PostgresUnavailableError extends Error {
  override name = 'PostgresUnavailableError';
}

/** The newest installed server's bin folder. */
export function findPostgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a)) : [];
  const bin = versions.map((version) => join(root, version, 'bin')).find((folder) => existsSync(join(folder, 'initdb')));
  if (!bin) throw new PostgresUnavailableError('no Postgres server binaries: install Debian\'s postgresql package (apt-get install postgresql) or set PG_BIN');
  return bin;
}

/** Under root, the uid/gid of the `postgres` account to run the server as. */
function serverUser(): { uid: number; gid: number } | undefined {
  if (userInfo().uid !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    throw new PostgresUnavailableError('running as root and there is no `postgres` account to run the server as');
  }
}

function run(command: string, args: string[], user: { uid: number; gid: number } | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...user, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C.UTF-8' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${command} exited with ${code}: ${output.slice(-2000)}`))));
  });
}

export async function startPostgresCluster(options: { maxConnections?: number } = {}): Promise<PostgresCluster> {
  const bin = findPostgresBin();
  const user = serverUser();
  const dir = await mkdtemp(join(tmpdir(), 'pg-cluster-'));
  if (user) await chown(dir, user.uid, user.gid);
  const dataDir = join(dir, 'data');
  await run(join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync'], user);
  const port = await freePort();
  const server: ChildProcess = spawn(
    join(bin, 'postgres'),
    [
      '-D', dataDir, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1',
      '-c', `max_connections=${options.maxConnections ?? 200}`,
      // Throw-away data: durability costs time and buys nothing.
      '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off',
    ],
    { ...user, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  server.stderr?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-20_000)));
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  const urlFor = (database: string) => `postgresql://postgres@127.0.0.1:${port}/${database}`;

  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      // SIGINT is Postgres's "fast" shutdown: roll back open transactions, close connections, exit.
      server.kill('SIGINT');
      const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 30_000;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      break;
    } catch (error) {
      await client.end().catch(() => {});
      if (server.exitCode !== null || Date.now() > deadline) {
        await stop();
        throw new PostgresUnavailableError(`the Postgres server did not start: ${(error as Error).message}\n${log.slice(-2000)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
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
    stop,
  };
}
