/**
 * Sanctions list versions: an import is one transaction that reads the file in its official format, adds
 * what is new, removes what is gone (a changed entry is removed and added again), writes the version with
 * what changed and its audit event, and queues the re-screening of everyone open. The same entries again
 * change nothing. A list can never be emptied or rolled back by accident: an empty file is refused, a file
 * generated before the current version is refused, and a version that would remove more than
 * LIST_SHRINK_PERCENT of the entries waits, with its entries, for a second person to approve or reject it.
 * The matcher's index of the current entries is built once per set of applied versions.
 */
import { createHash } from 'node:crypto';
import { buildIndex, type ListEntryForMatch, type MatchIndex } from '../../../../common/aml-matching.ts';
import {
  LIST_SHRINK_PERCENT,
  MAX_LIST_FILE_BYTES,
  MAX_LIST_FILE_LABEL,
  SANCTIONS_LIST_LABELS,
  type ImportResult,
  type ListEntriesQuery,
  type ListEntry,
  type ListVersion,
  type ListVersionDiff,
  type SanctionsList,
} from '../../../../common/contract/aml.ts';
import { sanctionsListsPath } from '../../../../common/links.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { writeRecord, type ActionContext } from '../../lib/action.ts';
import { eventWithKey, writeAudit } from '../../lib/audit.ts';
import { HttpError, conflict, forbidden, invalidInput, notFound } from '../../lib/http-error.ts';
import { containsPattern, type PageWindow } from '../../lib/pagination.ts';
import { personJson } from '../../lib/person-sql.ts';
import { notifyRoles } from '../notifications/index.ts';
import { parseList, type ParsedEntry, type ParsedList } from './list-formats.ts';
import { rolesThat } from '../../../../common/access.ts';
import { selectList } from '../../lib/table.ts';
import { amlListVersionsTable, type AmlListVersionColumns } from './table.ts';

/** The columns a list version's page reads (its importer and decider are read as people). */
const VERSION_FIELDS = ['id', 'version', 'list', 'state', 'published_on', 'file_name', 'entry_count', 'added', 'changed', 'removed', 'imported_at', 'decided_at', 'decision_reason'] as const;

type VersionRow = Pick<AmlListVersionColumns, (typeof VERSION_FIELDS)[number]> & { imported_by: ListVersion['imported_by']; decided_by: ListVersion['decided_by'] };

const VERSION_COLUMNS = `${selectList(amlListVersionsTable, 'v', VERSION_FIELDS)}, ${personJson('u')} AS imported_by, ${personJson('d')} AS decided_by`;
const VERSION_FROM = 'aml_list_versions v LEFT JOIN users u ON u.id = v.imported_by LEFT JOIN users d ON d.id = v.decided_by';
const toVersion = (row: VersionRow): ListVersion => ({ ...row, imported_at: row.imported_at.toISOString(), decided_at: row.decided_at?.toISOString() ?? null });
/** The list's current version: the applied one that took effect last (a pending one may be approved after a later import). */
const CURRENT_ORDER = 'coalesce(v.decided_at, v.imported_at) DESC, v.id DESC';

export async function listVersions(db: Queryable): Promise<ListVersion[]> {
  const rows = await db.query<VersionRow>(`SELECT ${VERSION_COLUMNS} FROM ${VERSION_FROM} ORDER BY v.id DESC LIMIT 200`);
  return rows.map(toVersion);
}

async function versionRow(db: Queryable, list: SanctionsList, versionId: number): Promise<VersionRow> {
  const [row] = await db.query<VersionRow>(`SELECT ${VERSION_COLUMNS} FROM ${VERSION_FROM} WHERE v.id = $1 AND v.list = $2`, [versionId, list]);
  if (!row) throw notFound('List version');
  return row;
}

/** GET screening/lists/{list}/versions/{id}: the version with the names of what it added, changed and removed. */
export async function versionDiff(db: Queryable, list: SanctionsList, versionId: number): Promise<ListVersionDiff> {
  const row = await versionRow(db, list, versionId);
  const refs = [...row.added, ...row.changed, ...row.removed];
  const names = new Map<string, string>();
  const [pending] = await db.query<{ entries: { reference: string; primary_name: string }[] | null }>('SELECT pending_entries AS entries FROM aml_list_versions WHERE id = $1', [versionId]);
  for (const entry of pending?.entries ?? []) names.set(entry.reference, entry.primary_name);
  // Otherwise the entry as this version added or removed it, else its latest row.
  const stored = await db.query<{ reference: string; primary_name: string }>(
    `SELECT DISTINCT ON (reference) reference, primary_name FROM aml_list_entries WHERE list = $1 AND reference = ANY($2::text[])
     ORDER BY reference, (added_version_id = $3 OR removed_version_id = $3) DESC, id DESC`,
    [list, refs, versionId],
  );
  for (const entry of stored) if (!names.has(entry.reference) || row.removed.includes(entry.reference)) names.set(entry.reference, entry.primary_name);
  const named = (references: string[]) => references.map((reference) => ({ reference, primary_name: names.get(reference) ?? reference }));
  return { version: toVersion(row), added: named(row.added), changed: named(row.changed), removed: named(row.removed) };
}

interface ListEntryRow extends Omit<ListEntry, 'dates_of_birth'> {
  dates_of_birth: ListEntryForMatch['dates_of_birth'];
}

const dateText = (date: ListEntryForMatch['dates_of_birth'][number]): string => date.date ?? (date.year !== undefined ? String(date.year) : `${date.from_year ?? '?'}-${date.to_year ?? '?'}`);

/** GET screening/lists/{list}/entries?search=: the current entries whose name, alias or reference holds the text. */
export async function listEntries(db: Queryable, list: SanctionsList, query: ListEntriesQuery, window: PageWindow): Promise<{ count: number; results: ListEntry[] }> {
  const where = ['list = $1', 'removed_version_id IS NULL'];
  const params: unknown[] = [list];
  if (query.search) {
    params.push(containsPattern(query.search));
    where.push(`(lower(reference) LIKE $2 ESCAPE '\\' OR lower(names::text) LIKE $2 ESCAPE '\\')`);
  }
  const [total] = await db.query<{ count: number }>(`SELECT count(*)::integer AS count FROM aml_list_entries WHERE ${where.join(' AND ')}`, params);
  const rows = await db.query<ListEntryRow>(
    `SELECT id, list, reference, kind, primary_name, names, dates_of_birth, nationalities FROM aml_list_entries WHERE ${where.join(' AND ')}
     ORDER BY lower(primary_name), id LIMIT ${window.size} OFFSET ${window.offset}`,
    params,
  );
  return { count: total!.count, results: rows.map((row) => ({ ...row, dates_of_birth: row.dates_of_birth.map(dateText) })) };
}

const BATCH = 2000;

export interface ImportOutcome extends ImportResult {
  /** applied: a new version took effect (201); pending: it waits for a second person (202); unchanged (200). */
  outcome: 'applied' | 'pending' | 'unchanged';
}

/** The file's size in bytes, refused over the limit with the limit named (413). */
function checkSize(content: string, fileName: string | null): void {
  const bytes = Buffer.byteLength(content, 'utf8');
  if (bytes > MAX_LIST_FILE_BYTES) {
    throw new HttpError(413, 'PAYLOAD_TOO_LARGE', `${fileName ?? 'The list file'} is ${(bytes / (1024 * 1024)).toFixed(1)} MB; a list file may be at most ${MAX_LIST_FILE_LABEL}.`);
  }
}

function parseChecked(list: SanctionsList, content: string, fileName: string | null): ParsedList {
  checkSize(content, fileName);
  const parsed = parseList(list, content);
  if (parsed.entries.length === 0) {
    throw invalidInput('content', `${fileName ? `(${fileName}) ` : ''}holds no entries of the ${SANCTIONS_LIST_LABELS[list]}: an empty list is never imported`);
  }
  return parsed;
}

export function importList(db: Database, list: SanctionsList, content: string, actorId: number | null, idempotencyKey: string | null = null, fileName: string | null = null): Promise<ImportOutcome> {
  const parsed = parseChecked(list, content, fileName);
  return db.transaction((tx) => importParsedList(tx, list, content, parsed, actorId, idempotencyKey, fileName));
}

/** The import in the caller's transaction (the demo seed's). */
export async function importListIn(tx: Queryable, list: SanctionsList, content: string, actorId: number | null, fileName: string | null = null): Promise<ImportOutcome> {
  return importParsedList(tx, list, content, parseChecked(list, content, fileName), actorId, null, fileName);
}

interface CurrentEntry {
  id: number;
  reference: string;
  content_hash: string;
}

interface Diff {
  added: ParsedEntry[];
  removedRows: CurrentEntry[];
  addedRefs: string[];
  changedRefs: string[];
  removedRefs: string[];
}

function diffOf(entries: Map<string, ParsedEntry>, current: CurrentEntry[]): Diff {
  const currentByRef = new Map(current.map((row) => [row.reference, row]));
  const added = [...entries.values()].filter((entry) => currentByRef.get(entry.reference)?.content_hash !== entry.content_hash);
  const removedRows = current.filter((row) => entries.get(row.reference)?.content_hash !== row.content_hash);
  return {
    added,
    removedRows,
    addedRefs: added.map((entry) => entry.reference).filter((reference) => !currentByRef.has(reference)),
    changedRefs: added.map((entry) => entry.reference).filter((reference) => currentByRef.has(reference)),
    removedRefs: removedRows.map((row) => row.reference).filter((reference) => !entries.has(reference)),
  };
}

/** One import of a list at a time: the second waits and then sees the first's entries. */
async function lockList(tx: Queryable, list: SanctionsList): Promise<{ current: CurrentEntry[]; latest: VersionRow | undefined }> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`aml_list:${list}`]);
  const current = await tx.query<CurrentEntry>('SELECT id, reference, content_hash FROM aml_list_entries WHERE list = $1 AND removed_version_id IS NULL', [list]);
  const [latest] = await tx.query<VersionRow>(`SELECT ${VERSION_COLUMNS} FROM ${VERSION_FROM} WHERE v.list = $1 AND v.state = 'applied' ORDER BY ${CURRENT_ORDER} LIMIT 1`, [list]);
  return { current, latest };
}

/** 409 when the file says it was generated before the list's current version. */
function refuseOlder(list: SanctionsList, publishedOn: string | null, latest: VersionRow | undefined, fileName: string | null): void {
  if (publishedOn && latest?.published_on && publishedOn < latest.published_on) {
    throw conflict(`${fileName ?? 'The file'} was generated on ${publishedOn}, before the current version of the ${SANCTIONS_LIST_LABELS[list]} (${latest.published_on}): an older file never replaces a newer one.`);
  }
}

/**
 * A retried import (the same Idempotency-Key, its answer lost) answers as the first did: the version that
 * request made, applied (with its re-screening) or held, not "unchanged" for the entries it brought in.
 */
async function replayedImport(tx: Queryable, list: SanctionsList, actorId: number | null, key: string | null): Promise<ImportOutcome | null> {
  if (actorId === null) return null;
  const applied = await eventWithKey(tx, 'aml_list', 'list_imported', actorId, key);
  const event = applied ?? (await eventWithKey(tx, 'aml_list', 'list_version_held', actorId, key));
  if (!event) return null;
  if (event.data['list'] !== list) throw conflict(`This request's Idempotency-Key was already used to import the ${SANCTIONS_LIST_LABELS[event.data['list'] as SanctionsList] ?? 'another list'}.`);
  const version = toVersion(await versionRow(tx, list, event.entity_id));
  if (!applied) return { outcome: 'pending', changed: false, version, rescreen_job_id: null };
  const [job] = await tx.query<{ id: number }>('SELECT id FROM aml_rescreen_jobs WHERE list_version_id = $1 ORDER BY id LIMIT 1', [event.entity_id]);
  return { outcome: 'applied', changed: true, version, rescreen_job_id: job?.id ?? null };
}

async function importParsedList(tx: Queryable, list: SanctionsList, content: string, parsed: ParsedList, actorId: number | null, idempotencyKey: string | null, fileName: string | null): Promise<ImportOutcome> {
  const replay = await replayedImport(tx, list, actorId, idempotencyKey);
  if (replay) return replay;
  const entries = new Map<string, ParsedEntry>();
  for (const entry of parsed.entries) entries.set(entry.reference, entry);
  const sha = createHash('sha256').update(content).digest('hex');
  const { current, latest } = await lockList(tx, list);
  refuseOlder(list, parsed.published_on, latest, fileName);
  const diff = diffOf(entries, current);
  if (latest && diff.added.length === 0 && diff.removedRows.length === 0) return { outcome: 'unchanged', changed: false, version: toVersion(latest), rescreen_job_id: null };

  const held = diff.removedRefs.length * 100 > current.length * LIST_SHRINK_PERCENT;
  if (held) {
    // The same file sent again (a retry, a second click) is the version already waiting, not another.
    const [waiting] = await tx.query<{ id: number }>("SELECT id FROM aml_list_versions WHERE list = $1 AND state = 'pending' AND content_sha256 = $2 ORDER BY id DESC LIMIT 1", [list, sha]);
    if (waiting) return { outcome: 'pending', changed: false, version: toVersion(await versionRow(tx, list, waiting.id)), rescreen_job_id: null };
  }
  const [version] = await tx.query<{ id: number }>(
    `INSERT INTO aml_list_versions (list, content_sha256, published_on, entry_count, added, changed, removed, imported_by, state, file_name, pending_entries)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
    [list, sha, parsed.published_on, entries.size, JSON.stringify(diff.addedRefs), JSON.stringify(diff.changedRefs), JSON.stringify(diff.removedRefs), actorId, held ? 'pending' : 'applied', fileName, held ? JSON.stringify([...entries.values()]) : null],
  );
  const versionId = version!.id;
  const data = { list, entry_count: entries.size, added: diff.addedRefs.length, changed: diff.changedRefs.length, removed: diff.removedRefs.length, file_name: fileName };
  if (held) {
    await writeAudit(tx, { entity: 'aml_list', entityId: versionId, kind: 'list_version_held', actorId, data: { ...data, current_entries: current.length }, idempotencyKey });
    await notifyRoles(tx, rolesThat('approve-held-list-versions'), {
      kind: 'list_version_pending',
      title: 'Sanctions list version to approve',
      body: `A new ${SANCTIONS_LIST_LABELS[list]} would remove ${diff.removedRefs.length} of its ${current.length} entries: it waits for a second person's approval.`,
      link: sanctionsListsPath(list, versionId),
    }, actorId);
    return { outcome: 'pending', changed: false, version: toVersion(await versionRow(tx, list, versionId)), rescreen_job_id: null };
  }
  await applyEntries(tx, list, versionId, diff);
  await writeAudit(tx, { entity: 'aml_list', entityId: versionId, kind: 'list_imported', actorId, data, idempotencyKey });
  const jobId = await queueRescreening(tx, versionId);
  return { outcome: 'applied', changed: true, version: toVersion(await versionRow(tx, list, versionId)), rescreen_job_id: jobId };
}

async function applyEntries(tx: Queryable, list: SanctionsList, versionId: number, diff: Diff): Promise<void> {
  if (diff.removedRows.length > 0) await tx.query('UPDATE aml_list_entries SET removed_version_id = $1 WHERE id = ANY($2::integer[])', [versionId, diff.removedRows.map((row) => row.id)]);
  for (let start = 0; start < diff.added.length; start += BATCH) {
    const batch = diff.added.slice(start, start + BATCH).map((entry) => ({
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
}

async function queueRescreening(tx: Queryable, versionId: number): Promise<number> {
  const [job] = await tx.query<{ id: number }>(
    `INSERT INTO aml_rescreen_jobs (list_version_id, total)
     SELECT $1, count(*)::integer FROM registrations r WHERE EXISTS (SELECT 1 FROM aml_parties p WHERE p.registration_id = r.id) RETURNING id`,
    [versionId],
  );
  return job!.id;
}

const DECIDED = 'Someone decided this version since you opened it. Reload to see it.';

/** A pending version of the list, locked; its importer may not decide it (four eyes). */
async function lockPending(tx: Queryable, list: SanctionsList, versionId: number): Promise<VersionRow & { imported_by_id: number | null }> {
  const [row] = await tx.query<{ id: number; version: number; imported_by_id: number | null }>('SELECT id, version, imported_by AS imported_by_id FROM aml_list_versions WHERE id = $1 AND list = $2 FOR UPDATE', [versionId, list]);
  if (!row) throw notFound('List version');
  return { ...(await versionRow(tx, list, versionId)), imported_by_id: row.imported_by_id };
}

function checkDecider(row: VersionRow & { imported_by_id: number | null }, actorId: number): void {
  if (row.state !== 'pending') throw conflict(`This version is already ${row.state}.`);
  if (row.imported_by_id === actorId) throw forbidden('A list version you imported is approved or rejected by someone else.');
}

/** POST screening/lists/{list}/versions/{id}/approve: the pending version takes effect, its diff taken again against today's entries. */
export function approveVersion(db: Database, list: SanctionsList, versionId: number, body: { version: number }, context: ActionContext): Promise<ImportOutcome> {
  let jobId: number | null = null;
  return writeRecord(db, {
    entity: 'aml_list',
    context,
    version: body.version,
    conflictMessage: DECIDED,
    lock: (tx) => lockPending(tx, list, versionId),
    act: async (tx, row) => {
      checkDecider(row, context.actorId);
      const [stored] = await tx.query<{ entries: ParsedEntry[] }>('SELECT pending_entries AS entries FROM aml_list_versions WHERE id = $1', [versionId]);
      const entries = new Map((stored?.entries ?? []).map((entry) => [entry.reference, entry]));
      const { current, latest } = await lockList(tx, list);
      refuseOlder(list, row.published_on, latest, row.file_name);
      const diff = diffOf(entries, current);
      await applyEntries(tx, list, versionId, diff);
      await tx.query(
        `UPDATE aml_list_versions SET state = 'applied', added = $2, changed = $3, removed = $4, pending_entries = NULL, decided_by = $5, decided_at = CURRENT_TIMESTAMP, version = version + 1 WHERE id = $1`,
        [versionId, JSON.stringify(diff.addedRefs), JSON.stringify(diff.changedRefs), JSON.stringify(diff.removedRefs), context.actorId],
      );
      await writeAudit(tx, {
        entity: 'aml_list', entityId: versionId, kind: 'list_version_approved', actorId: context.actorId,
        data: { list, entry_count: entries.size, added: diff.addedRefs.length, changed: diff.changedRefs.length, removed: diff.removedRefs.length, file_name: row.file_name },
        before: { state: 'pending' }, after: { state: 'applied' }, idempotencyKey: context.idempotencyKey,
      });
      jobId = await queueRescreening(tx, versionId);
    },
    read: async (tx) => {
      const version = toVersion(await versionRow(tx, list, versionId));
      return { outcome: 'applied', changed: jobId !== null, version, rescreen_job_id: jobId };
    },
  });
}

/** POST screening/lists/{list}/versions/{id}/reject: the pending version never takes effect; the reason is kept. */
export function rejectVersion(db: Database, list: SanctionsList, versionId: number, body: { version: number; reason: string }, context: ActionContext): Promise<ListVersion> {
  return writeRecord(db, {
    entity: 'aml_list',
    context,
    version: body.version,
    conflictMessage: DECIDED,
    lock: (tx) => lockPending(tx, list, versionId),
    act: async (tx, row) => {
      checkDecider(row, context.actorId);
      const reason = body.reason.trim();
      await tx.query("UPDATE aml_list_versions SET state = 'rejected', decided_by = $2, decided_at = CURRENT_TIMESTAMP, decision_reason = $3, version = version + 1 WHERE id = $1", [versionId, context.actorId, reason]);
      await writeAudit(tx, {
        entity: 'aml_list', entityId: versionId, kind: 'list_version_rejected', actorId: context.actorId,
        data: { list, reason, file_name: row.file_name }, before: { state: 'pending' }, after: { state: 'rejected' }, idempotencyKey: context.idempotencyKey,
      });
    },
    read: async (tx) => toVersion(await versionRow(tx, list, versionId)),
  });
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

/** Indexes by the lists' applied versions: each set is built once per process. */
const indexes = new Map<string, Promise<{ index: MatchIndex; primary: Map<number, string> }>>();

export async function currentIndex(db: Queryable): Promise<{ index: MatchIndex; primary: Map<number, string> }> {
  const [key] = await db.query<{ key: string | null }>("SELECT string_agg(id || ':' || content_sha256, ',' ORDER BY id) AS key FROM aml_list_versions WHERE state = 'applied'");
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
