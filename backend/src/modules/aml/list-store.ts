/**
 * Sanctions list versions: an import is one transaction that reads the file in its official format, adds
 * what is new, removes what is gone (a changed entry is removed and added again), writes the version with
 * what changed and its audit event, and queues the re-screening of everyone open. The same entries again
 * change nothing. The matcher's index of the current entries is built once per set of list versions.
 */
import { createHash } from 'node:crypto';
import { buildIndex, type ListEntryForMatch, type MatchIndex } from '../../../../common/aml-matching.ts';
import type { ImportResult, ListVersion, SanctionsList } from '../../../../common/contract/aml.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { writeAudit } from '../../lib/audit.ts';
import { personJson } from '../../lib/person-sql.ts';
import { parseList, type ParsedEntry, type ParsedList } from './list-formats.ts';

interface VersionRow {
  id: number;
  list: SanctionsList;
  published_on: string | null;
  entry_count: number;
  added: string[];
  removed: string[];
  imported_by: ListVersion['imported_by'];
  imported_at: Date;
}

const VERSION_COLUMNS = `v.id, v.list, v.published_on, v.entry_count, v.added, v.removed, ${personJson('u')} AS imported_by, v.imported_at`;
const VERSION_FROM = 'aml_list_versions v LEFT JOIN users u ON u.id = v.imported_by';
const toVersion = (row: VersionRow): ListVersion => ({ ...row, imported_at: row.imported_at.toISOString() });

export async function listVersions(db: Queryable): Promise<ListVersion[]> {
  const rows = await db.query<VersionRow>(`SELECT ${VERSION_COLUMNS} FROM ${VERSION_FROM} ORDER BY v.id DESC LIMIT 200`);
  return rows.map(toVersion);
}

const BATCH = 2000;

export interface ImportOutcome extends ImportResult {
  created: boolean;
}

export function importList(db: Database, list: SanctionsList, content: string, actorId: number | null, idempotencyKey: string | null = null): Promise<ImportOutcome> {
  const parsed = parseList(list, content);
  return db.transaction((tx) => importParsedList(tx, list, content, parsed, actorId, idempotencyKey));
}

/** The import in the caller's transaction (the demo seed's). */
export async function importListIn(tx: Queryable, list: SanctionsList, content: string, actorId: number | null): Promise<ImportOutcome> {
  return importParsedList(tx, list, content, parseList(list, content), actorId, null);
}

async function importParsedList(tx: Queryable, list: SanctionsList, content: string, parsed: ParsedList, actorId: number | null, idempotencyKey: string | null): Promise<ImportOutcome> {
  const entries = new Map<string, ParsedEntry>();
  for (const entry of parsed.entries) entries.set(entry.reference, entry);
  const sha = createHash('sha256').update(content).digest('hex');
  {
    // One import of a list at a time: the second waits and then sees the first's entries.
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`aml_list:${list}`]);
    const current = await tx.query<{ id: number; reference: string; content_hash: string }>('SELECT id, reference, content_hash FROM aml_list_entries WHERE list = $1 AND removed_version_id IS NULL', [list]);
    const currentByRef = new Map(current.map((row) => [row.reference, row]));
    const added = [...entries.values()].filter((entry) => currentByRef.get(entry.reference)?.content_hash !== entry.content_hash);
    const removed = current.filter((row) => entries.get(row.reference)?.content_hash !== row.content_hash);
    const [latest] = await tx.query<VersionRow>(`SELECT ${VERSION_COLUMNS} FROM ${VERSION_FROM} WHERE v.list = $1 ORDER BY v.id DESC LIMIT 1`, [list]);
    if (latest && added.length === 0 && removed.length === 0) return { created: false, changed: false, version: toVersion(latest), rescreen_job_id: null };

    const addedRefs = added.map((entry) => entry.reference).filter((reference) => !currentByRef.has(reference));
    const changedRefs = added.map((entry) => entry.reference).filter((reference) => currentByRef.has(reference));
    const removedRefs = removed.map((row) => row.reference).filter((reference) => !entries.has(reference));
    const [version] = await tx.query<{ id: number }>(
      'INSERT INTO aml_list_versions (list, content_sha256, published_on, entry_count, added, removed, imported_by) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id',
      [list, sha, parsed.published_on, entries.size, JSON.stringify([...addedRefs, ...changedRefs]), JSON.stringify(removedRefs), actorId],
    );
    const versionId = version!.id;
    if (removed.length > 0) await tx.query('UPDATE aml_list_entries SET removed_version_id = $1 WHERE id = ANY($2::integer[])', [versionId, removed.map((row) => row.id)]);
    for (let start = 0; start < added.length; start += BATCH) {
      const batch = added.slice(start, start + BATCH).map((entry) => ({
        reference: entry.reference,
        kind: entry.kind,
        primary_name: entry.primary_name,
        names: entry.names,
        dates_of_birth: entry.dates_of_birth,
        nationalities: entry.nationalities,
        content_hash: entry.content_hash,
      }));
      await tx.query(
        `INSERT INTO aml_list_entries (list, reference, kind, primary_name, names, dates_of_birth, nationalities, content_hash, added_version_id)
         SELECT $1, x.reference, x.kind, x.primary_name, x.names, x.dates_of_birth, x.nationalities, x.content_hash, $2
         FROM jsonb_to_recordset($3::jsonb) AS x(reference text, kind text, primary_name text, names jsonb, dates_of_birth jsonb, nationalities jsonb, content_hash text)`,
        [list, versionId, JSON.stringify(batch)],
      );
    }
    await writeAudit(tx, {
      entity: 'aml_list',
      entityId: versionId,
      kind: 'list_imported',
      actorId,
      data: { list, entry_count: entries.size, added: addedRefs.length, changed: changedRefs.length, removed: removedRefs.length },
      idempotencyKey,
    });
    const [job] = await tx.query<{ id: number }>(
      `INSERT INTO aml_rescreen_jobs (list_version_id, total)
       SELECT $1, count(*)::integer FROM registrations r WHERE EXISTS (SELECT 1 FROM aml_parties p WHERE p.registration_id = r.id) RETURNING id`,
      [versionId],
    );
    const [row] = await tx.query<VersionRow>(`SELECT ${VERSION_COLUMNS} FROM ${VERSION_FROM} WHERE v.id = $1`, [versionId]);
    return { created: true, changed: true, version: toVersion(row!), rescreen_job_id: job!.id };
  }
}

interface EntryRow {
  id: number;
  list: string;
  reference: string;
  kind: 'person' | 'entity';
  names: ListEntryForMatch['names'];
  dates_of_birth: ListEntryForMatch['dates_of_birth'];
  nationalities: string[];
}

/** Indexes by the lists' current versions (their files' hashes): each set is built once per process. */
const indexes = new Map<string, Promise<{ index: MatchIndex; primary: Map<number, string> }>>();

export async function currentIndex(db: Queryable): Promise<{ index: MatchIndex; primary: Map<number, string> }> {
  const [key] = await db.query<{ key: string | null }>(
    `SELECT string_agg(id || ':' || content_sha256, ',' ORDER BY list) AS key FROM (
       SELECT DISTINCT ON (list) list, id, content_sha256 FROM aml_list_versions ORDER BY list, id DESC) latest`,
  );
  const cacheKey = key?.key ?? '';
  let built = indexes.get(cacheKey);
  if (!built) {
    built = (async () => {
      const rows = await db.query<EntryRow & { primary_name: string }>('SELECT id, list, reference, kind, primary_name, names, dates_of_birth, nationalities FROM aml_list_entries WHERE removed_version_id IS NULL');
      return { index: buildIndex(rows), primary: new Map(rows.map((row) => [row.id, row.primary_name])) };
    })();
    if (indexes.size >= 4) indexes.clear();
    indexes.set(cacheKey, built);
    built.catch(() => indexes.delete(cacheKey));
  }
  return built;
}
