/**
 * `npm run backup` and `npm run restore` on Postgres choose their pg_dump and pg_restore by the server's
 * version: one of the server's major version (PG_BIN's, else the one bundled with the npm Postgres, else
 * PATH's) is run, an older one is refused before anything is written or restored, naming both versions. The
 * round trip cannot run against this server: the npm Postgres package ships no pg_dump or pg_restore, and the
 * machine's (Debian 12's, 15) are older than it (18); tests/scripts/backup-postgres.test.ts runs it on Debian's
 * own server. Stand-in tools report a version and record a run.
 */
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { backupPostgres, restoreBackup } from '../../../scripts/lib/backup.ts';
import { onPostgres, testDatabaseLocation } from '../support.ts';

const run = promisify(execFile);
let work: string;
let url: string;
let server: { version: string; major: number };

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'backup-postgres-'));
  if (!onPostgres()) return;
  url = await testDatabaseLocation();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ version: string; num: string }>("SELECT current_setting('server_version') AS version, current_setting('server_version_num') AS num");
  await client.end();
  server = { version: rows[0]!.version.split(' ')[0]!, major: Math.floor(Number(rows[0]!.num) / 10_000) };
});
afterAll(() => rm(work, { recursive: true, force: true }));

/** A bin folder whose pg_dump and pg_restore report `version` and otherwise only note that they ran, and fail. */
async function standInTools(version: string): Promise<string> {
  const bin = join(work, `bin-${version}`);
  await mkdir(bin, { recursive: true });
  for (const name of ['pg_dump', 'pg_restore']) {
    const script = `#!/bin/sh\nif [ "$1" = "--version" ]; then echo "${name} (PostgreSQL) ${version} (stand-in)"; exit 0; fi\ntouch "$(dirname "$0")/${name}.ran"\necho "${name}: stand-in" >&2\nexit 1\n`;
    await writeFile(join(bin, name), script);
    await chmod(join(bin, name), 0o755);
  }
  return bin;
}

async function withPgBin<T>(bin: string, work: () => Promise<T>): Promise<T> {
  const before = process.env.PG_BIN;
  process.env.PG_BIN = bin;
  try {
    return await work();
  } finally {
    if (before === undefined) delete process.env.PG_BIN;
    else process.env.PG_BIN = before;
  }
}

it.skipIf(!onPostgres())('refuses a pg_dump or pg_restore older than the server, naming both versions, and runs one of the server\'s version', async () => {
  const older = await standInTools('15.18');
  const file = join(work, 'refused.backup');
  const refusal = new RegExp(`pg_dump is older than the server \\(PostgreSQL ${server.version}\\): .*pg_dump is 15\\.18, .*postgresql-client-${server.major}`);
  await withPgBin(older, () => expect(backupPostgres(url, file)).rejects.toThrow(refusal));
  expect(existsSync(file)).toBe(false);
  expect(existsSync(join(older, 'pg_dump.ran'))).toBe(false);

  // A backup file as npm run backup writes one, restored into the same (empty) database with the older pg_restore.
  const staged = join(work, 'staged');
  await mkdir(staged, { recursive: true });
  await writeFile(join(staged, 'manifest.json'), JSON.stringify({ format: 'staff-console-backup', version: 1, database: 'postgres', takenAt: new Date().toISOString(), tables: {} }));
  await writeFile(join(staged, 'database.dump'), 'PGDMP');
  const backup = join(work, 'staged.backup');
  await run('tar', ['-c', '-f', backup, '-C', staged, 'database.dump', 'manifest.json']);
  await withPgBin(older, () =>
    expect(restoreBackup({ file: backup, force: false, dataDir: work, databaseUrl: url })).rejects.toThrow(new RegExp(`pg_restore is older than the server \\(PostgreSQL ${server.version}\\): .*pg_restore is 15\\.18`)),
  );
  expect(existsSync(join(older, 'pg_restore.ran'))).toBe(false);

  // One of the server's own version is run (the stand-in then fails, as a broken pg_dump would: named, one line).
  const matching = await standInTools(`${server.major}.0`);
  await withPgBin(matching, () => expect(backupPostgres(url, join(work, 'matching.backup'))).rejects.toThrow('pg_dump failed: pg_dump: stand-in'));
  expect(existsSync(join(matching, 'pg_dump.ran'))).toBe(true);
});
