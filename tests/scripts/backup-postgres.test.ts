/**
 * `npm run backup` and `npm run restore` on a real Postgres server, end to end: the back end migrates and seeds
 * a database on a throw-away cluster of Debian's PostgreSQL (its server and its own pg_dump and pg_restore, so
 * tool and server are one version; the test run's npm Postgres ships neither tool), a document is stored, a
 * backup is taken while writes go on, restored into a fresh database of the same server, and holds per table
 * the row counts and checksums of the moment of its snapshot; the back end lists on it; a restore over data
 * needs --force. Without Debian's server package there is nothing to run it on, and it is skipped saying so.
 */
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../backend/src/db/database.ts';
import { tableChecksums } from '../../backend/src/db/snapshot.ts';
import { backupPostgres, restoreBackup, type Manifest } from '../../scripts/lib/backup.ts';
import { startPostgresCluster, type PostgresCluster } from '../../scripts/lib/postgres-cluster.ts';
import { startBackend } from '../backend/support.ts';
import { expectRestoredConsoleLists, startNumberedWrites } from './backup-support.ts';

/** The newest bin folder of Debian's postgresql package holding a server and its pg_dump, if any. */
function debianServerBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a)) : [];
  return versions
    .map((version) => join(root, version, 'bin'))
    .find((bin) => ['pg_dump', 'pg_restore', 'initdb', 'postgres'].every((tool) => existsSync(join(bin, tool))));
}

const bin = debianServerBin();
const emulatorHost = inject('authEmulatorHost');
/** The rows this test writes, numbered: a restored database must hold exactly the first k of them. */
const WRITTEN = "(data->>'backup_test_n')::integer";
/** A document's bytes: every byte value, so an encoding that loses any of them shows. */
const DOCUMENT = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 256));

let work: string;
let cluster: PostgresCluster | undefined;
let pgBinBefore: string | undefined;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'backup-postgres-'));
  if (!bin) return;
  cluster = await startPostgresCluster({ bin });
  // What ops sets on a machine whose PATH has another version's tools: the server's own ones.
  pgBinBefore = process.env.PG_BIN;
  process.env.PG_BIN = bin;
}, 120_000);
afterAll(async () => {
  if (pgBinBefore === undefined) delete process.env.PG_BIN;
  else process.env.PG_BIN = pgBinBefore;
  await cluster?.stop();
  await rm(work, { recursive: true, force: true });
});

async function query<T>(url: string, sql: string, params?: unknown[]): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

describe.skipIf(!bin)(`backup and restore (Postgres${bin ? '' : ': skipped, no Debian PostgreSQL server with its pg_dump in /usr/lib/postgresql/*/bin'})`, () => {
  it('a backup taken under writes restores into a fresh database with the tables as they were at its snapshot, documents included, and the back end lists on it', async () => {
    const sourceUrl = await cluster!.createDatabase('source');
    // The back end migrates and seeds the empty database, as the first start of production does; then it stops,
    // so its timed jobs write nothing the test does not know of while the source is held to the snapshot.
    const app = await startBackend(emulatorHost, 'memory://', { databaseUrl: sourceUrl });
    await app.close();
    const db = await openDatabase(sourceUrl);
    let manifest: Manifest;
    let total: number;
    let kept: number;
    const file = join(work, 'under-writes.backup');
    try {
      const [client] = await db.query<{ id: number }>('SELECT id FROM clients ORDER BY id LIMIT 1');
      await db.query(
        `INSERT INTO client_documents (client_id, kind, file_name, content_type, size_bytes, content) VALUES ($1, 'trade_licence', 'licence.pdf', 'application/pdf', $2, $3)`,
        [client!.id, DOCUMENT.length, DOCUMENT],
      );
      const writes = startNumberedWrites(db);
      let writtenAtStart: number;
      let writtenAtEnd: number;
      try {
        await expect.poll(() => writes.written()).toBeGreaterThan(5);
        writtenAtStart = writes.written();
        manifest = await backupPostgres(sourceUrl, file);
        writtenAtEnd = writes.written();
        await expect.poll(() => writes.written()).toBeGreaterThan(writtenAtEnd + 5);
      } finally {
        total = await writes.stop();
      }
      expect(writtenAtEnd).toBeGreaterThan(writtenAtStart);
      expect(manifest.database).toBe('postgres');
      expect(Object.keys(manifest.tables).length).toBeGreaterThan(20);
      expect(manifest.tables['client_documents']!.rows).toBeGreaterThan(0);

      // The source as it was at the snapshot: every table unchanged but for the rows written after it.
      const [row] = await query<{ count: number; highest: number | null }>(sourceUrl, `SELECT count(*)::integer AS count, max(${WRITTEN}) AS highest FROM audit_events WHERE data ? 'backup_test_n'`);
      expect(row!.count).toBe(total);
      kept = manifest.tables['audit_events']!.rows - (await db.query<{ other: number }>("SELECT count(*)::integer AS other FROM audit_events WHERE NOT data ? 'backup_test_n'"))[0]!.other;
      expect(kept).toBeGreaterThan(5);
      expect(kept).toBeLessThan(total);
      const atSnapshot = await tableChecksums({
        query: <T>(sql: string, params?: unknown[]) =>
          db.query<T>(sql.replace(/FROM "audit_events" t$/, `FROM (SELECT * FROM audit_events WHERE NOT (data ? 'backup_test_n' AND ${WRITTEN} > ${kept})) t`), params),
      });
      expect(atSnapshot).toEqual(manifest.tables);
      // Its time is the snapshot's, not the dump's end: before the writes made while pg_dump still ran. A row's
      // created_at is its transaction's start, and the first write the backup lacks may have begun just before
      // the snapshot and committed after it; the one after began only once that one committed (one writer).
      expect(writtenAtEnd).toBeGreaterThan(kept + 1);
      const [next] = await db.query<{ at: Date }>(`SELECT created_at AS at FROM audit_events WHERE ${WRITTEN} = $1`, [kept + 2]);
      expect(new Date(manifest.takenAt).getTime()).toBeLessThanOrEqual(next!.at.getTime());
    } finally {
      await db.close();
    }

    // A fresh database on the same server (createdb), with the stack stopped.
    const targetUrl = await cluster!.createDatabase('restored');
    const restored = await restoreBackup({ file, force: false, dataDir: work, databaseUrl: targetUrl });
    expect(restored.tables).toEqual(manifest.tables);
    expect(await tableChecksums({ query: (sql, params) => query(targetUrl, sql, params) })).toEqual(manifest.tables);
    const [written] = await query<{ count: number; highest: number | null }>(targetUrl, `SELECT count(*)::integer AS count, max(${WRITTEN}) AS highest FROM audit_events WHERE data ? 'backup_test_n'`);
    // Every write acknowledged before the snapshot, in order, none after it.
    expect(written).toEqual({ count: kept, highest: kept });
    const [document] = await query<{ content: Buffer }>(targetUrl, "SELECT content FROM client_documents WHERE file_name = 'licence.pdf'");
    expect(document!.content.equals(DOCUMENT)).toBe(true);

    // Over a database that holds data: refused, naming the flag, and left as it was; with it, replaced.
    const sums = () => tableChecksums({ query: (sql, params) => query(targetUrl, sql, params) });
    await query(targetUrl, 'DELETE FROM faqs');
    const changed = await sums();
    await expect(restoreBackup({ file, force: false, dataDir: work, databaseUrl: targetUrl })).rejects.toThrow(/already holds \d+ table\(s\); add --force/);
    expect(await sums()).toEqual(changed);
    // A replacement that fails half-way (a view of ops's own stops pg_restore dropping its table) changes nothing.
    await query(targetUrl, 'CREATE VIEW ops_faqs AS SELECT * FROM faqs');
    await expect(restoreBackup({ file, force: true, dataDir: work, databaseUrl: targetUrl })).rejects.toThrow(/^pg_restore failed: .*faqs/);
    expect(await sums()).toEqual(changed);
    await query(targetUrl, 'DROP VIEW ops_faqs');
    await restoreBackup({ file, force: true, dataDir: work, databaseUrl: targetUrl });
    expect(await tableChecksums({ query: (sql, params) => query(targetUrl, sql, params) })).toEqual(manifest.tables);

    await expectRestoredConsoleLists(() => startBackend(emulatorHost, 'memory://', { databaseUrl: targetUrl }), emulatorHost, 'pg-backup', manifest.tables['clients']!.rows);
  }, 300_000);

  it('gives pg_dump and pg_restore the password in their environment, never on their command line', async () => {
    const url = new URL(await cluster!.createDatabase('password'));
    const [{ num }] = (await query<{ num: string }>(url.href, "SELECT current_setting('server_version_num') AS num")) as [{ num: string }];
    // Stand-ins of the server's version that note their arguments and PGPASSWORD, then fail.
    const standIns = join(work, 'stand-ins');
    await mkdir(standIns, { recursive: true });
    for (const name of ['pg_dump', 'pg_restore']) {
      const script = `#!/bin/sh\nif [ "$1" = "--version" ]; then echo "${name} (PostgreSQL) ${Math.floor(Number(num) / 10_000)}.0 (stand-in)"; exit 0; fi\necho "$@" > "$(dirname "$0")/${name}.args"\nprintf %s "$PGPASSWORD" > "$(dirname "$0")/${name}.password"\necho "${name}: stand-in" >&2\nexit 1\n`;
      await writeFile(join(standIns, name), script, { mode: 0o755 });
    }
    // Trust authentication lets any password in; the point is where the tools are given it.
    url.password = encodeURIComponent('s3cret/pass word');
    process.env.PG_BIN = standIns;
    try {
      await expect(backupPostgres(url.href, join(work, 'password.backup'))).rejects.toThrow('pg_dump failed: pg_dump: stand-in');
      await expect(restoreBackup({ file: join(work, 'under-writes.backup'), force: false, dataDir: work, databaseUrl: url.href })).rejects.toThrow('pg_restore failed: pg_restore: stand-in');
    } finally {
      process.env.PG_BIN = bin;
    }
    for (const name of ['pg_dump', 'pg_restore']) {
      const args = await readFile(join(standIns, `${name}.args`), 'utf8');
      expect(args).toContain(`--dbname=postgresql://postgres@127.0.0.1:${cluster!.port}/`);
      expect(args).not.toContain('s3cret');
      expect(await readFile(join(standIns, `${name}.password`), 'utf8')).toBe('s3cret/pass word');
    }
  });
});
