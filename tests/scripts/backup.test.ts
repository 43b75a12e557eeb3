/**
 * `npm run backup` and `npm run restore` on the demo's database (PGlite): a backup taken while writes go on,
 * through the running back end's snapshot (SIGUSR2, as server.ts answers it; here this process stands in for
 * the back end), restored into a fresh data folder, holds per table the row counts and checksums of the
 * moment the snapshot was taken; the back end lists on it; a restore over data needs --force; bad arguments
 * get one line.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../../backend/src/db/database.ts';
import { snapshotFolderOf, tableChecksums, writeSnapshotFolder } from '../../backend/src/db/snapshot.ts';
import { backupPglite, restoreBackup, type Manifest } from '../../scripts/lib/backup.ts';
import { STACK_STATE_FILE } from '../../scripts/lib/stack.ts';
import { withSeededDatabase } from '../support/seeded-data-dir.ts';
import { TEST_PROJECT_ID } from '../support/constants.ts';
import { startBackend } from '../backend/support.ts';
import { expectRestoredConsoleLists, startNumberedWrites } from './backup-support.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const emulatorHost = inject('authEmulatorHost');
let work: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'backup-test-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** The rows this test writes, numbered: a restored database must hold exactly the first k of them. */
const WRITTEN = "(data->>'backup_test_n')::integer";

describe('backup and restore (PGlite)', () => {
  it('a backup taken under writes restores with the tables as they were at its snapshot, and the back end lists on it', async () => {
    const source = join(work, 'source');
    await withSeededDatabase(source);
    const db: Database = await openDatabase(join(source, 'db'));
    // This process is the stack's back end: the state file names it, and it answers SIGUSR2 as server.ts does.
    await writeFile(join(source, STACK_STATE_FILE), JSON.stringify({ backendPid: process.pid, authEmulatorHost: emulatorHost, projectId: TEST_PROJECT_ID }));
    const onSignal = () => void writeSnapshotFolder(db.snapshot!.bind(db), snapshotFolderOf(join(source, 'db')));
    process.on('SIGUSR2', onSignal);
    const writes = startNumberedWrites(db);
    let manifest: Manifest;
    let total: number;
    try {
      await expect.poll(() => writes.written()).toBeGreaterThan(5);
      manifest = await backupPglite(source, join(work, 'under-writes.backup'));
      const writtenAtBackup = writes.written();
      await expect.poll(() => writes.written()).toBeGreaterThan(writtenAtBackup + 5);
    } finally {
      total = await writes.stop();
      process.off('SIGUSR2', onSignal);
    }

    const target = join(work, 'target');
    const restored = await restoreBackup({ file: join(work, 'under-writes.backup'), force: false, dataDir: target });
    expect(restored.tables).toEqual(manifest.tables);
    const copy = await openDatabase(join(target, 'db'));
    let kept: number;
    try {
      expect(await tableChecksums(copy)).toEqual(manifest.tables);
      const [row] = await copy.query<{ count: number; highest: number | null }>(`SELECT count(*)::integer AS count, max(${WRITTEN}) AS highest FROM audit_events WHERE data ? 'backup_test_n'`);
      kept = row!.count;
      // Every write acknowledged before the snapshot, in order, none after it.
      expect(row!.highest).toBe(kept);
      expect(kept).toBeGreaterThan(5);
      expect(kept).toBeLessThan(total);
    } finally {
      await copy.close();
    }
    // The source as it was at the snapshot: every table unchanged but for the rows written after it.
    const atSnapshot = await tableChecksums({
      query: <T>(sql: string, params?: unknown[]) => db.query<T>(sql.replace(/FROM "audit_events" t$/, `FROM (SELECT * FROM audit_events WHERE NOT (data ? 'backup_test_n' AND ${WRITTEN} > ${kept})) t`), params),
    });
    await db.close();
    expect(atSnapshot).toEqual(manifest.tables);
    expect(Object.keys(manifest.tables).length).toBeGreaterThan(20);
    expect(manifest.tables['audit_events']!.rows).toBeGreaterThan(kept);

    // Over a database that holds data: refused, naming the flag; with it, replaced.
    await expect(restoreBackup({ file: join(work, 'under-writes.backup'), force: false, dataDir: target })).rejects.toThrow(/--force/);
    await restoreBackup({ file: join(work, 'under-writes.backup'), force: true, dataDir: target });

    await expectRestoredConsoleLists(() => startBackend(emulatorHost, join(target, 'db')), emulatorHost, 'backup', manifest.tables['clients']!.rows);
  }, 300_000);

  it('bad arguments get one line naming the usage', async () => {
    const result = await promisify(execFile)(process.execPath, ['--import', 'tsx', join(root, 'scripts/restore.ts'), '--overwrite', 'x.backup'], { cwd: root }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(result?.code).toBe(1);
    expect(result?.stderr.trim()).toBe('restore: unknown option --overwrite; usage: npm run restore -- FILE [--force]');
  }, 120_000);
});
