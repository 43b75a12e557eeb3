/**
 * The invoices register: every tax invoice and credit note the caller sees, in every state, for the
 * 'All invoices' tab beside Unsynced Inv and its CSV export. Same visibility as the page (a bookkeeper only
 * their clients'); filters client, status (REGISTER_STATUSES), the issue-date period and search; the list's
 * sorts. Each tax invoice carries what its credit notes took off it.
 */
import { addClientVisibility } from '../clients/index.ts';
import type { RegisterExportQuery, RegisterItem, RegisterQuery } from '../../../../common/contract/invoices.ts';
import { DEFAULT_INVOICE_SORT } from '../../../../common/contract/invoices-paths.ts';
import { EINVOICE_STATE_LABELS, type EinvoiceState } from '../../../../common/einvoicing.ts';
import { INVOICE_KIND_LABELS, SYNC_STATE_LABELS } from '../../../../common/invoices.ts';
import type { Queryable } from '../../db/database.ts';
import { csvAed, csvDate, type CsvColumn } from '../../lib/csv.ts';
import { containsPattern, type PageWindow } from '../../lib/pagination.ts';
import { SqlFilter } from '../../lib/sql-filter.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { selectList } from '../../lib/table.ts';
import { LIST_COLUMNS, SORT_SQL, toListItem, type InvoiceRow } from './store.ts';
import { invoicesTable, type InvoiceColumn, type InvoiceColumns } from './table.ts';

type Caller = Pick<CurrentUser, 'id' | 'role'>;

const REGISTER_FIELDS = ['due_on', 'net_fils', 'vat_fils', 'credited_invoice_id'] as const satisfies readonly InvoiceColumn[];

type RegisterRow = InvoiceRow & Pick<InvoiceColumns, (typeof REGISTER_FIELDS)[number]> & { credited_fils: number; credited_number: string | null; einvoice_state: EinvoiceState | null };

const COLUMNS = `${LIST_COLUMNS}, ${selectList(invoicesTable, 'i', REGISTER_FIELDS)}, o.number AS credited_number, e.state AS einvoice_state,
  CASE WHEN i.kind = 'invoice' THEN (SELECT coalesce(sum(n.total_fils), 0)::integer FROM invoices n WHERE n.credited_invoice_id = i.id) ELSE 0 END AS credited_fils`;
const FROM = 'FROM invoices i JOIN clients c ON c.id = i.client_id LEFT JOIN invoices o ON o.id = i.credited_invoice_id LEFT JOIN einvoices e ON e.invoice_id = i.id';

function filterOf(user: Caller, query: RegisterExportQuery): SqlFilter {
  const filter = new SqlFilter();
  addClientVisibility(filter, user, 'c');
  if (query.client !== undefined) filter.add((p) => `i.client_id = ${p}`, query.client);
  if (query.status === 'issued') filter.addClause("i.kind = 'invoice' AND i.sync_state <> 'synced'");
  if (query.status === 'synced') filter.addClause("i.kind = 'invoice' AND i.sync_state = 'synced'");
  if (query.status === 'credited') filter.addClause("i.kind = 'invoice' AND EXISTS (SELECT 1 FROM invoices n WHERE n.credited_invoice_id = i.id)");
  if (query.status === 'credit_note') filter.addClause("i.kind = 'credit_note'");
  if (query.from) filter.add((p) => `i.issued_on >= ${p}::date`, query.from);
  if (query.to) filter.add((p) => `i.issued_on <= ${p}::date`, query.to);
  if (query.einvoice) filter.add((p) => `EXISTS (SELECT 1 FROM einvoices fe WHERE fe.invoice_id = i.id AND fe.state = ${p})`, query.einvoice);
  const search = query.search?.trim();
  if (search) {
    const pattern = filter.bind(containsPattern(search));
    filter.addClause(`(lower(i.number) LIKE ${pattern} ESCAPE '\\' OR lower(c.legal_name) LIKE ${pattern} ESCAPE '\\')`);
  }
  return filter;
}

function toItem(row: RegisterRow): RegisterItem {
  return {
    ...toListItem(row),
    due_on: row.kind === 'credit_note' ? null : row.due_on,
    net_fils: row.net_fils,
    vat_fils: row.vat_fils,
    credited_fils: row.credited_fils,
    credited_invoice: row.credited_invoice_id !== null && row.credited_number !== null ? { id: row.credited_invoice_id, number: row.credited_number } : null,
    einvoice_state: row.einvoice_state,
  };
}

export async function listRegister(db: Queryable, user: Caller, query: RegisterQuery, window: PageWindow): Promise<{ count: number; results: RegisterItem[] }> {
  const filter = filterOf(user, query);
  const [{ count } = { count: 0 }] = await db.query<{ count: number }>(`SELECT count(*)::integer AS count FROM invoices i JOIN clients c ON c.id = i.client_id ${filter.where}`, filter.params);
  const rows = await db.query<RegisterRow>(
    `SELECT ${COLUMNS} ${FROM} ${filter.where} ORDER BY ${SORT_SQL[query.sort ?? DEFAULT_INVOICE_SORT]!} LIMIT ${window.size} OFFSET ${window.offset}`,
    filter.params,
  );
  return { count, results: rows.map(toItem) };
}

const EXPORT_BATCH = 500;

/** The export's rows in batches, in the list's order (every matching row, not one page). */
export async function* exportRegister(db: Queryable, user: Caller, query: RegisterExportQuery): AsyncGenerator<RegisterItem[]> {
  const filter = filterOf(user, query);
  const order = SORT_SQL[query.sort ?? DEFAULT_INVOICE_SORT]!;
  for (let offset = 0; ; offset += EXPORT_BATCH) {
    const rows = await db.query<RegisterRow>(`SELECT ${COLUMNS} ${FROM} ${filter.where} ORDER BY ${order} LIMIT ${EXPORT_BATCH} OFFSET ${offset}`, filter.params);
    if (rows.length > 0) yield rows.map(toItem);
    if (rows.length < EXPORT_BATCH) return;
  }
}

/** An amount as the register shows it: a credit note's negative, so a column's sum is what is owed. */
const signed = (row: RegisterItem, fils: number) => csvAed(row.kind === 'credit_note' ? -fils : fils);

/**
 * The export's columns in the exports' one convention (lib/csv.ts): dates as dates, amounts in AED as decimals in
 * net, VAT and total columns ('1250.00', a credit note's '-1250.00'), cells formula-safe.
 */
export const REGISTER_COLUMNS: readonly CsvColumn<RegisterItem>[] = [
  { header: 'Number', value: (row) => row.number },
  { header: 'Kind', value: (row) => INVOICE_KIND_LABELS[row.kind] },
  { header: 'Client', value: (row) => row.client.legal_name },
  { header: 'Issued', value: (row) => csvDate(row.issued_on) },
  { header: 'Due', value: (row) => csvDate(row.due_on) },
  { header: 'Net (AED)', value: (row) => signed(row, row.net_fils) },
  { header: 'VAT (AED)', value: (row) => signed(row, row.vat_fils) },
  { header: 'Total (AED)', value: (row) => signed(row, row.total_fils) },
  { header: 'Credited (AED)', value: (row) => csvAed(row.credited_fils) },
  { header: 'Credits invoice', value: (row) => row.credited_invoice?.number ?? null },
  { header: 'Sync', value: (row) => SYNC_STATE_LABELS[row.sync_state] },
  { header: 'External id', value: (row) => row.external_id },
  { header: 'E-invoice', value: (row) => (row.einvoice_state ? EINVOICE_STATE_LABELS[row.einvoice_state] : null) },
];
