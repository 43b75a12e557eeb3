/**
 * `npm run restore -- FILE [--force]`: loads a backup of `npm run backup` into DATABASE_URL (a Postgres backup)
 * or the demo's data folder (STACK_DATA_DIR, ./data; with the stack stopped), and checks every table's rows
 * against the backup's checksums. A database that already holds data is replaced only with --force.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BackupError, restoreBackup } from './lib/backup.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const USAGE = 'usage: npm run restore -- FILE [--force]';

function fail(message: string): never {
  console.error(`restore: ${message}`);
  process.exit(1);
}

const args = process.argv.slice(2);
const unknown = args.find((arg) => arg.startsWith('-') && arg !== '--force');
if (unknown) fail(`unknown option ${unknown}; ${USAGE}`);
const files = args.filter((arg) => arg !== '--force');
if (files.length !== 1) fail(`${files.length === 0 ? 'no file given' : 'one file only'}; ${USAGE}`);
try {
  const manifest = await restoreBackup({
    file: resolve(files[0]!),
    force: args.includes('--force'),
    dataDir: resolve(root, process.env.STACK_DATA_DIR || 'data'),
    ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}),
  });
  console.log(`restore: restored the backup taken ${manifest.takenAt} (${manifest.database}); all ${Object.keys(manifest.tables).length} tables match its row counts and checksums`);
} catch (error) {
  fail(error instanceof BackupError ? error.message : String(error));
}
