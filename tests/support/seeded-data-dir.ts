/**
 * The run's seeded database as a stack's data folder, for files that start stacks (browser tests, the stack
 * tests). Apart from database-templates.ts, which makes the templates, on purpose: that module brings PGlite,
 * pg, every migration and the demo seed, seconds of import per test file that only needs a tar unpacked.
 */
import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';

/** Unpacks a PGlite dump into `folder` as a data folder a back end opens as it is (DATA_DIR). */
export async function unpackPgliteDump(file: string, folder: string): Promise<void> {
  await promisify(execFile)('tar', ['-x', '--no-same-owner', '-f', file, '-C', folder]);
}

/**
 * Gives a stack's data folder (startStack's dataDir) the run's seeded database, so its back end opens the demo
 * data as a restarted `npm start` would, instead of seeding afresh. Only for tests, in a worker (inject).
 */
export async function withSeededDatabase(dataDir: string): Promise<void> {
  await mkdir(join(dataDir, 'db'), { recursive: true });
  await unpackPgliteDump(inject('databaseTemplates').pgliteSeeded, join(dataDir, 'db'));
}
