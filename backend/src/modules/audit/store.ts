/**
 * The Audit page's reads: every audited event of every area, filtered and newest first, a page at a time or
 * in batches for the CSV export. No HTTP here, so the filters are testable alone. The table is append-only
 * (migration 100): nothing here or anywhere else changes an event.
 */
import { auditEntitiesOf, AUDIT_AREA_OF, type AuditEntry, type AuditExportQuery } from '../../../../common/contract/audit.ts';
import { dubaiInstant, formatDubaiDay } from '../../../../common/dubai-time.ts';
import { addDays } from '../../../../common/calendar.ts';
import type { Queryable } from '../../db/database.ts';
import { csvInstant, type CsvColumn } from '../../lib/csv.ts';
import { auditDetailsLine } from '../../../../common/audit-words.ts';
import { invalidInput } from '../../lib/http-error.ts';
import type { PageWindow } from '../../lib/pagination.ts';
import { SqlFilter } from '../../lib/sql-filter.ts';
import { selectList } from '../../lib/table.ts';
import { AUDIT_ENTRY_FIELDS, auditEventsTable, type AuditEventColumns } from '../../lib/audit-table.ts';
import { auditRecords, fallbackRecordLabel, type AuditRecord } from './records.ts';

type EntryRow = Pick<AuditEventColumns, (typeof AUDIT_ENTRY_FIELDS)[number]> & { actor_email: string | null; actor_display_name: string | null };

const SELECT = `SELECT ${selectList(auditEventsTable, 'a', AUDIT_ENTRY_FIELDS)}, ac.email AS actor_email, ac.display_name AS actor_display_name
                FROM audit_events a LEFT JOIN users ac ON ac.id = a.actor_id`;
const NEWEST_FIRST = 'ORDER BY a.created_at DESC, a.id DESC';

/**
 * `seesRegister`: the caller is a compliance officer. Nobody else is shown a goAML register event, not even
 * its existence in a count (no tipping off).
 */
/** A period that ends before it starts selects nothing: it is refused, naming the field, rather than answered with an empty page. */
export function checkAuditPeriod(query: AuditExportQuery): void {
  if (query.from !== undefined && query.to !== undefined && query.from > query.to) throw invalidInput('to', `must be on or after From (${formatDubaiDay(query.from)})`);
}

function filterOf(query: AuditExportQuery, seesRegister: boolean): SqlFilter {
  checkAuditPeriod(query);
  const where = new SqlFilter();
  if (!seesRegister) where.addClause("a.entity <> 'aml_register'");
  if (query.actor !== undefined) where.add((p) => `a.actor_id = ${p}`, query.actor);
  if (query.area !== undefined) where.add((p) => `a.entity = ANY(${p}::text[])`, auditEntitiesOf(query.area));
  if (query.entity !== undefined) where.add((p) => `a.entity = ${p}`, query.entity);
  if (query.record !== undefined) where.add((p) => `a.entity_id = ${p}`, query.record);
  if (query.kind !== undefined) where.add((p) => `a.kind = ${p}`, query.kind);
  // Calendar days in Dubai, both ends included.
  if (query.from !== undefined) where.add((p) => `a.created_at >= ${p}`, dubaiInstant(query.from));
  if (query.to !== undefined) where.add((p) => `a.created_at < ${p}`, dubaiInstant(addDays(query.to, 1)));
  return where;
}

function toEntry(row: EntryRow, records: ReadonlyMap<string, AuditRecord>): AuditEntry {
  return {
    id: row.id,
    created_at: row.created_at.toISOString(),
    actor: row.actor_id === null ? null : { id: row.actor_id, email: row.actor_email ?? '', display_name: row.actor_display_name },
    kind: row.kind,
    entity: row.entity,
    entity_id: row.entity_id,
    record: records.get(`${row.entity}:${row.entity_id}`) ?? { label: fallbackRecordLabel(row.entity, row.entity_id), href: null },
    // An entity written before this list knew it still reads; it has no area of its own then.
    area: AUDIT_AREA_OF[row.entity] ?? 'users',
    data: row.data,
    before: row.before,
    after: row.after,
    request_id: row.request_id,
    client_address: row.client_address,
  };
}

export async function listAudit(db: Queryable, query: AuditExportQuery, window: PageWindow, seesRegister: boolean): Promise<{ count: number; results: AuditEntry[] }> {
  const where = filterOf(query, seesRegister);
  const [{ count } = { count: 0 }] = await db.query<{ count: number }>(`SELECT count(*)::integer AS count FROM audit_events a ${where.where}`, where.params);
  const rows = await db.query<EntryRow>(`${SELECT} ${where.where} ${NEWEST_FIRST} LIMIT ${window.size} OFFSET ${window.offset}`, where.params);
  const records = await auditRecords(db, rows);
  return { count, results: rows.map((row) => toEntry(row, records)) };
}

const EXPORT_BATCH = 1_000;

/** The same selection in batches (keyset on the order, so a long export neither skips nor repeats an event). */
export async function* exportAudit(db: Queryable, query: AuditExportQuery, seesRegister: boolean): AsyncGenerator<AuditEntry[]> {
  let after: { at: Date; id: number } | null = null;
  for (;;) {
    const where = filterOf(query, seesRegister);
    if (after) {
      const at = where.bind(after.at);
      const id = where.bind(after.id);
      where.addClause(`(a.created_at, a.id) < (${at}::timestamptz, ${id}::integer)`);
    }
    const rows: EntryRow[] = await db.query<EntryRow>(`${SELECT} ${where.where} ${NEWEST_FIRST} LIMIT ${EXPORT_BATCH}`, where.params);
    if (rows.length === 0) return;
    const records = await auditRecords(db, rows);
    yield rows.map((row) => toEntry(row, records));
    const last: EntryRow = rows[rows.length - 1]!;
    after = { at: last.created_at, id: last.id };
    if (rows.length < EXPORT_BATCH) return;
  }
}

const json = (value: unknown): string | null => (value === null || value === undefined ? null : JSON.stringify(value));

/** The export's columns in the exports' one convention (lib/csv.ts): the instant in Dubai time with its zone, cells formula-safe. */
export const AUDIT_COLUMNS: readonly CsvColumn<AuditEntry>[] = [
  { header: 'When', value: (entry) => csvInstant(entry.created_at) },
  { header: 'Person', value: (entry) => entry.actor?.email ?? 'system' },
  { header: 'Event', value: (entry) => entry.kind },
  { header: 'Area', value: (entry) => entry.area },
  { header: 'Record kind', value: (entry) => entry.entity },
  { header: 'Record', value: (entry) => entry.record.label },
  { header: 'Record id', value: (entry) => entry.entity_id },
  { header: 'Details', value: (entry) => auditDetailsLine(entry) || null },
  { header: 'Before', value: (entry) => json(entry.before) },
  { header: 'After', value: (entry) => json(entry.after) },
  { header: 'Request id', value: (entry) => entry.request_id },
  { header: 'Client address', value: (entry) => entry.client_address },
];
