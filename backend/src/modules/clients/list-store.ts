/**
 * The Clients list's SQL: the visibility rule, the search (legal name, trade licence number, TRN through one
 * trigram index), the filters (plan, bookkeeper incl. 'mine' and 'none', VAT registration, licence expiring
 * within 30/60/90 days, status), the sorts, and the CSV export's rows and columns.
 */
import { addDays, daysBetween, dubaiDate } from '../../../../common/calendar.ts';
import { CLIENT_STATUS_LABELS, type ClientStatus } from '../../../../common/clients.ts';
import { DEFAULT_CLIENT_SORT, type ClientExportQuery, type ClientListItem, type ClientSort } from '../../../../common/contract/clients.ts';
import { BOOKKEEPER_MINE, BOOKKEEPER_NONE } from '../../../../common/contract/clients-paths.ts';
import type { RevenueBand } from '../../../../common/einvoicing.ts';
import { bandsWithoutAspAt, DEFAULT_REVENUE_BAND } from '../../../../common/einvoicing-readiness.ts';
import { CYCLE_TERMS, type BillingCycle } from '../../../../common/pricing.ts';
import type { Queryable } from '../../db/database.ts';
import { csvDate, type CsvColumn } from '../../lib/csv.ts';
import { containsPattern, type PageWindow } from '../../lib/pagination.ts';
import { SqlFilter } from '../../lib/sql-filter.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { addClientVisibility } from './access.ts';
import { nextDeadlineOf } from './client-store.ts';
import { dateText } from './rows.ts';
import { clientFrozenColumn } from '../../lib/aml-freeze.ts';
import { personJson } from '../../lib/person-sql.ts';
import { type PersonRef } from '../../../../common/contract/shared.ts';

type Caller = Pick<CurrentUser, 'id' | 'role'>;

interface Row {
  id: number;
  legal_name: string;
  trade_licence_number: string;
  licensing_authority: string;
  trn: string | null;
  vat_registered: boolean;
  status: ClientStatus;
  licence_expires_on: string;
  next_deadline_on: string | null;
  next_deadline_key: string | null;
  next_deadline_title: string | null;
  plan_id: number | null;
  plan_code: string | null;
  plan_name: string | null;
  plan_price: number | null;
  cycle: BillingCycle | null;
  frozen: boolean;
  bookkeeper: PersonRef | null;
}

/** The search expression; the trigram index of migration 30 is on exactly this. */
const SEARCH_EXPRESSION = "lower(c.legal_name || ' ' || c.trade_licence_number || ' ' || coalesce(c.trn, ''))";

// The subscription a row shows: the one in force, else a cancelled client's last.
const SUBSCRIPTION_JOIN = `LEFT JOIN LATERAL (
    SELECT s.plan_id, s.cycle FROM subscriptions s WHERE s.client_id = c.id ORDER BY (s.status <> 'cancelled') DESC, s.id DESC LIMIT 1
  ) sub ON true LEFT JOIN plans p ON p.id = sub.plan_id`;

const COLUMNS = `c.id, c.legal_name, c.trade_licence_number, c.licensing_authority, c.trn, c.vat_registered, c.status,
  ${dateText('c.licence_expires_on', 'licence_expires_on')}, ${dateText('c.next_deadline_on', 'next_deadline_on')}, c.next_deadline_key, c.next_deadline_title,
  p.id AS plan_id, p.code AS plan_code, p.name AS plan_name, p.monthly_price_fils AS plan_price, sub.cycle, ${personJson('b')} AS bookkeeper,
  ${clientFrozenColumn('c.id')} AS frozen`;

/**
 * The plan filter, on the subscription a row shows: the one in force (a client that is not cancelled has
 * exactly one; read once into a hash), or a cancelled client's last.
 */
const SHOWN_PLAN = (placeholder: string) => `(c.id IN (SELECT s.client_id FROM subscriptions s WHERE s.plan_id = ${placeholder} AND s.status <> 'cancelled')
    OR (c.status = 'cancelled' AND (SELECT s.plan_id FROM subscriptions s WHERE s.client_id = c.id ORDER BY s.id DESC LIMIT 1) = ${placeholder}))`;

const ORDER: Record<string, string> = {
  legal_name: 'lower(c.legal_name) {dir}, c.id {dir}',
  next_deadline: 'c.next_deadline_on {dir} NULLS LAST, c.id {dir}',
  licence_expires_on: 'c.licence_expires_on {dir}, c.id {dir}',
  activated_at: 'c.activated_at {dir}, c.id {dir}',
};

function orderBy(sort: ClientSort): string {
  const descending = sort.startsWith('-');
  const template = ORDER[descending ? sort.slice(1) : sort] ?? ORDER.legal_name!;
  return `ORDER BY ${template.replaceAll('{dir}', descending ? 'DESC' : 'ASC')}`;
}

/**
 * Clients with no e-invoicing ASP recorded whose revenue band is one of `bands` (a client with no readiness
 * row, or no band, counts in the default band): the readiness is the einvoicing module's table.
 */
export function addWithoutAsp(filter: SqlFilter, bands: readonly RevenueBand[]): void {
  const inBands = filter.bind([...bands]);
  const fallback = filter.bind(DEFAULT_REVENUE_BAND);
  filter.addClause(
    `coalesce((SELECT ce.asp_name IS NULL AND coalesce(ce.revenue_band, ${fallback}) = ANY(${inBands}::text[]) FROM client_einvoicing ce WHERE ce.client_id = c.id), ${fallback} = ANY(${inBands}::text[]))`,
  );
}

function filterOf(user: Caller, query: ClientExportQuery, today: string): SqlFilter {
  const filter = new SqlFilter();
  addClientVisibility(filter, user, 'c');
  const search = query.search?.trim() ?? '';
  if (search) filter.add((p) => `${SEARCH_EXPRESSION} LIKE ${p} ESCAPE '\\'`, containsPattern(search));
  if (query.plan !== undefined) filter.add(SHOWN_PLAN, query.plan);
  if (query.bookkeeper === BOOKKEEPER_MINE) {
    const me = filter.bind(user.id);
    filter.addClause(`(c.bookkeeper_id = ${me} OR c.reviewer_id = ${me})`);
  } else if (query.bookkeeper === BOOKKEEPER_NONE) filter.addClause('c.bookkeeper_id IS NULL');
  else if (query.bookkeeper !== undefined) filter.add((p) => `c.bookkeeper_id = ${p}`, Number(query.bookkeeper));
  if (query.vat_registered !== undefined) filter.add((p) => `c.vat_registered = ${p}`, query.vat_registered);
  if (query.licence_expiring !== undefined) filter.add((p) => `c.licence_expires_on <= ${p}::date`, addDays(today, Number(query.licence_expiring)));
  if (query.status) filter.add((p) => `c.status = ${p}`, query.status);
  if (query.einvoicing === 'not_ready') addWithoutAsp(filter, bandsWithoutAspAt(today));
  return filter;
}

function toItem(row: Row & object, today: string): ClientListItem {
  return {
    id: row.id,
    legal_name: row.legal_name,
    trade_licence_number: row.trade_licence_number,
    trn: row.trn,
    vat_registered: row.vat_registered,
    status: row.status,
    plan: row.plan_id === null ? null : { id: row.plan_id, code: row.plan_code!, name: row.plan_name!, monthly_price_fils: row.plan_price! },
    cycle: row.cycle,
    bookkeeper: row.bookkeeper,
    next_deadline: nextDeadlineOf(row, today),
    licence_expires_on: row.licence_expires_on,
    licence_days_left: daysBetween(today, row.licence_expires_on),
    frozen: row.frozen,
  };
}

/** A page of ids in `source` (clients, or the matched set), joined to what the rows show. */
function pageSql(source: string, filter: SqlFilter, sort: ClientSort, limit: number, offset: number, extra = ''): string {
  const order = orderBy(sort);
  return `SELECT ${COLUMNS}${extra} FROM (SELECT c.id FROM ${source} c ${filter.where} ${order} LIMIT ${limit} OFFSET ${offset}) page
    JOIN clients c ON c.id = page.id LEFT JOIN users b ON b.id = c.bookkeeper_id ${SUBSCRIPTION_JOIN}
    ${order}`;
}

/**
 * One page and the count. A view of every client the caller sees is two cheap queries: the count, and the
 * page read in the order of an index. A search or filter finds its matches once, into a set that is counted
 * and sorted: left to itself the planner walks the name index and tests every row, slow when the matches
 * share a name's beginning (every 'Harbour Point ...' sits together in A-Z order), and it would evaluate the
 * filter twice, for the count and for the page.
 */
export async function listClients(db: Queryable, user: Caller, query: ClientExportQuery, window: PageWindow, today = dubaiDate()): Promise<{ count: number; results: ClientListItem[] }> {
  const filter = filterOf(user, query, today);
  const sort = query.sort ?? DEFAULT_CLIENT_SORT;
  const narrowed = Boolean(query.search?.trim()) || [query.plan, query.bookkeeper, query.vat_registered, query.licence_expiring, query.status, query.einvoicing].some((value) => value !== undefined);
  if (narrowed) {
    const rows = await db.query<Row & { total: number }>(
      `WITH matched AS MATERIALIZED (SELECT c.id, c.legal_name, c.next_deadline_on, c.licence_expires_on, c.activated_at FROM clients c ${filter.where})
       ${pageSql('matched', new SqlFilter(), sort, window.size, window.offset, ', (SELECT count(*)::integer FROM matched) AS total')}`,
      filter.params,
    );
    const count = rows[0]?.total ?? (await db.query<{ count: number }>(`SELECT count(*)::integer AS count FROM clients c ${filter.where}`, filter.params))[0]!.count;
    return { count, results: rows.map((row) => toItem(row, today)) };
  }
  const [{ count } = { count: 0 }] = await db.query<{ count: number }>(`SELECT count(*)::integer AS count FROM clients c ${filter.where}`, filter.params);
  const rows = await db.query<Row>(pageSql('clients', filter, sort, window.size, window.offset), filter.params);
  return { count, results: rows.map((row) => toItem(row, today)) };
}

export const EXPORT_BATCH = 2_000;

export type ExportRow = ClientListItem & { licensing_authority: string };

/** Every matching client, in batches, so the export streams instead of holding the whole result. */
export async function* exportClients(db: Queryable, user: Caller, query: ClientExportQuery, today = dubaiDate()): AsyncGenerator<ExportRow[]> {
  const filter = filterOf(user, query, today);
  for (let offset = 0; ; offset += EXPORT_BATCH) {
    const rows = await db.query<Row>(pageSql('clients', filter, query.sort ?? DEFAULT_CLIENT_SORT, EXPORT_BATCH, offset), filter.params);
    if (rows.length > 0) yield rows.map((row) => ({ ...toItem(row, today), licensing_authority: row.licensing_authority }));
    if (rows.length < EXPORT_BATCH) return;
  }
}

/** The export's columns, in the list's words and the convention every CSV shares (lib/csv.ts: dates as dates). */
export const EXPORT_COLUMNS: readonly CsvColumn<ExportRow>[] = [
  { header: 'Client', value: (row) => row.legal_name },
  { header: 'Trade Licence Number', value: (row) => row.trade_licence_number },
  { header: 'Licensing Authority', value: (row) => row.licensing_authority },
  { header: 'TRN', value: (row) => row.trn },
  { header: 'VAT Registered', value: (row) => (row.vat_registered ? 'Yes' : 'No') },
  { header: 'Plan', value: (row) => row.plan?.name ?? null },
  { header: 'Cycle', value: (row) => (row.cycle ? CYCLE_TERMS[row.cycle].label : null) },
  { header: 'Bookkeeper', value: (row) => row.bookkeeper?.display_name ?? row.bookkeeper?.email ?? null },
  { header: 'Next Deadline', value: (row) => row.next_deadline?.title ?? null },
  { header: 'Next Deadline Due', value: (row) => csvDate(row.next_deadline?.due_on) },
  { header: 'Days Left', value: (row) => row.next_deadline?.days_left ?? null },
  { header: 'Licence Expiry', value: (row) => csvDate(row.licence_expires_on) },
  { header: 'Status', value: (row) => CLIENT_STATUS_LABELS[row.status] },
];

/** 'clients-2025-03-31.csv': the Dubai date of the export. */
export const exportFileName = (today = dubaiDate()) => `clients-${today}.csv`;
