/**
 * `npx tsx bench/test-database-open.ts`: what opening one test database costs, the step most server test files
 * take at least once (startBackend, openTestDatabase: tests/backend/support.ts). Makes the run's
 * PGlite templates as the global set-up does (tests/support/database-templates.ts), then opens the seeded one
 * `BENCH_OPENS` (5) times after one warm-up, three ways: as a Node Blob at PGlite's default 128 MB of shared
 * buffers (how the tests did it before), handed over as read (readPgliteDump) at 128 MB, and as the tests do now
 * (as read, the templates' 32 MB). Prints this process's CPU (user and system) a database opened, migrated and
 * asked one query: PGlite runs in-process, so that is all of it.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../backend/src/db/database.ts';
import { makePgliteTemplates, readPgliteDump } from '../tests/support/database-templates.ts';

const OPENS = Number(process.env.BENCH_OPENS ?? 5);

const dir = await mkdtemp(join(tmpdir(), 'bench-test-database-'));
try {
  const { pgliteSeeded } = await makePgliteTemplates(dir);
  // The same dump at PGlite's default shared buffers.
  const withDefaults = join(dir, 'pglite-seeded-default-buffers.tar');
  await writeFile(withDefaults, await dumpOf(pgliteSeeded));

  const ways: [string, string, (file: string) => Promise<Blob>][] = [
    ['a Node Blob, 128 MB of shared buffers (before)', withDefaults, async (file) => new Blob([await readFile(file)])],
    ['handed over as read, 128 MB', withDefaults, readPgliteDump],
    ['handed over as read, 32 MB (now)', pgliteSeeded, readPgliteDump],
  ];
  for (const [name, file, read] of ways) {
    const seconds: number[] = [];
    for (let open = 0; open <= OPENS; open++) {
      const before = process.cpuUsage();
      const database = await openDatabase('memory://', { pgliteDump: await read(file) });
      await database.query('SELECT count(*) FROM clients');
      await database.close();
      const used = process.cpuUsage(before);
      if (open > 0) seconds.push((used.user + used.system) / 1e6);
    }
    const mean = seconds.reduce((sum, value) => sum + value, 0) / seconds.length;
    console.log(`${name}: ${mean.toFixed(2)} s of CPU an open (${seconds.map((value) => value.toFixed(2)).join(', ')})`);
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}

/** The seeded dump with shared_buffers reset: opened, its auto.conf rewritten by ALTER SYSTEM, dumped again. */
async function dumpOf(seeded: string): Promise<Buffer> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const lite = await PGlite.create('memory://', { extensions: { pg_trgm }, loadDataDir: await readPgliteDump(seeded) });
  try {
    await lite.exec('ALTER SYSTEM RESET shared_buffers');
    return Buffer.from(await (await lite.dumpDataDir('none')).arrayBuffer());
  } finally {
    await lite.close();
  }
}
