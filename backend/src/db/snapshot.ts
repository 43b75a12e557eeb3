/**
 * What a backup proves about itself: per table of the schema, its row count and a checksum of its rows, taken
 * in the same snapshot as the copy, so a restore can be held to them (scripts/lib/backup.ts).
 */
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database, Queryable, TableSums } from './queryable.ts';

export type { TableSums };

/** Every table of the public schema, by name. Run it inside the snapshot it describes. */
export async function tableChecksums(db: Queryable): Promise<Record<string, TableSums>> {
  const tables = await db.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename");
  const sums: Record<string, TableSums> = {};
  for (const { name } of tables) {
    const quoted = `"${name.replaceAll('"', '""')}"`;
    const [row] = await db.query<{ rows: number; checksum: string | null }>(
      `SELECT count(*)::integer AS rows, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS checksum FROM ${quoted} t`,
    );
    sums[name] = { rows: row!.rows, checksum: row!.checksum ?? '' };
  }
  return sums;
}

/** Where a PGlite back end leaves the snapshot `npm run backup` asks it for (SIGUSR2): beside its data folder, never in it. */
export const snapshotFolderOf = (dataDir: string) => `${dataDir.replace(/\/+$/, '')}.snapshot`;
export const SNAPSHOT_DUMP = 'db.tar';
export const SNAPSHOT_TABLES = 'tables.json';

/** Writes the database's snapshot into `folder` whole or not at all (a half-written one is never seen under its name). */
export async function writeSnapshotFolder(snapshot: NonNullable<Database['snapshot']>, folder: string): Promise<void> {
  const { dump, tables } = await snapshot();
  const partial = `${folder}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });
  await writeFile(join(partial, SNAPSHOT_DUMP), Buffer.from(await dump.arrayBuffer()));
  await writeFile(join(partial, SNAPSHOT_TABLES), JSON.stringify(tables));
  await rm(folder, { recursive: true, force: true });
  await rename(partial, folder);
}
