/**
 * `npm run backup -- FILE`: the console's whole state into FILE (scripts/lib/backup.ts). Against DATABASE_URL
 * when set (a pg_dump of the server's version from PG_BIN, the npm Postgres or PATH; an older one is refused),
 * else the demo's data folder (STACK_DATA_DIR, ./data), whether `npm start` runs or not.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BackupError, backupPglite, backupPostgres } from './lib/backup.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const USAGE = 'usage: npm run backup -- FILE';

function fail(message: string): never {
  console.error(`backup: ${message}`);
  process.exit(1);
}

const args = process.argv.slice(2);
const flag = args.find((arg) => arg.startsWith('-'));
if (flag) fail(`unknown option ${flag}; ${USAGE}`);
if (args.length !== 1) fail(`${args.length === 0 ? 'no file given' : 'one file only'}; ${USAGE}`);
const file = resolve(args[0]!);
try {
  const databaseUrl = process.env.DATABASE_URL;
  const manifest = databaseUrl ? await backupPostgres(databaseUrl, file) : await backupPglite(resolve(root, process.env.STACK_DATA_DIR || 'data'), file, (line) => console.log(`backup: ${line}`));
  const rows = Object.values(manifest.tables).reduce((sum, table) => sum + table.rows, 0);
  console.log(`backup: wrote ${file} (${manifest.database}, ${Object.keys(manifest.tables).length} tables, ${rows} rows, taken ${manifest.takenAt})`);
} catch (error) {
  fail(error instanceof BackupError ? error.message : String(error));
}
