/** The Unsynced Inv page's reads: its list, summary and attention count, one invoice, its PDF content and a client's own invoices. */
import type { ErrorGroup, InvoiceDetail, InvoiceListItem, InvoiceQuery, InvoiceSummary, MyInvoice, SyncAttempt } from '../../../../common/contract/invoices.ts';
import { errorGroupLabel, type SyncErrorKind, type UnsyncedState } from '../../../../common/invoices.ts';
import type { Queryable } from '../../db/database.ts';
import { clientFrozenColumn } from '../../lib/aml-freeze.ts';
import { notFound } from '../../lib/http-error.ts';
import { containsPattern, type PageWindow } from '../../lib/pagination.ts';
import { SqlFilter } from '../../lib/sql-filter.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { addClientVisibility, clientPermissions, isVisibleTo } from '../clients/index.ts';
import { selectList } from '../../lib/table.ts';
import {
  INVOICE_DETAIL_FIELDS,
  INVOICE_LIST_FIELDS,
  invoicesTable,
  invoiceSyncAttemptsTable,
  PRINTABLE_FIELDS,
  SYNC_ATTEMPT_FIELDS,
  type InvoiceColumns,
  type SyncAttemptColumns,
} from './table.ts';
import { LINES_OF_INVOICE, type InvoiceLineRow } from './line-table.ts';
import { may } from '../../../../common/access.ts';

export type Caller = Pick<CurrentUser, 'id' | 'role'>;

/** A row of Unsynced Inv and the register: the invoice with its client's name and team (who may see it) and its sync attempts. */
export type InvoiceRow = Pick<InvoiceColumns, (typeof INVOICE_LIST_FIELDS)[number]> & {
  legal_name: string;
  bookkeeper_id: number | null;
  reviewer_id: number | null;
  attempt_count: number;
  client_frozen: boolean;
};

export const LIST_COLUMNS = `${selectList(invoicesTable, 'i', INVOICE_LIST_FIELDS)}, c.legal_name, c.bookkeeper_id, c.reviewer_id,
  (SELECT count(*)::integer FROM invoice_sync_attempts a WHERE a.invoice_id = i.id) AS attempt_count, ${clientFrozenColumn('i.client_id')} AS client_frozen`;

export function toListItem(row: InvoiceRow): InvoiceListItem {
  return {
    id: row.id,
    version: row.version,
    kind: row.kind,
    number: row.number,
    client: { id: row.client_id, legal_name: row.legal_name },
    issued_on: row.issued_on,
    total_fils: row.total_fils,
    sync_state: row.sync_state,
    sync_tries: row.sync_tries,
    attempt_count: row.attempt_count,
    next_try_at: row.sync_state === 'retrying' && row.next_try_at ? row.next_try_at.toISOString() : null,
    last_error: row.last_error,
    last_error_kind: row.last_error_kind,
    external_id: row.external_id,
    client_frozen: row.client_frozen,
  };
}

export const SORT_SQL: Record<string, string> = {
  issued_on: 'i.issued_on ASC, i.id ASC',
  '-issued_on': 'i.issued_on DESC, i.id DESC',
  number: 'i.number ASC',
  '-number': 'i.number DESC',
  total: 'i.total_fils ASC, i.id ASC',
  '-total': 'i.total_fils DESC, i.id DESC',
  client: 'lower(c.legal_name) ASC, i.id ASC',
  '-client': 'lower(c.legal_name) DESC, i.id DESC',
};

/** The invoices not yet in the accounting system that the caller sees, filtered, searched, sorted and paged. */
export async function listUnsynced(db: Queryable, user: Caller, query: InvoiceQuery, window: PageWindow): Promise<{ count: number; results: InvoiceListItem[] }> {
  const filter = new SqlFilter();
  filter.addClause("i.sync_state <> 'synced'");
  addClientVisibility(filter, user, 'c');
  if (query.state) filter.add((p) => `i.sync_state = ${p}`, query.state);
  if (query.error) filter.add((p) => `i.last_error_kind = ${p}`, query.error);
  const search = query.search?.trim();
  if (search) {
    const pattern = filter.bind(containsPattern(search));
    filter.addClause(`(lower(i.number) LIKE ${pattern} ESCAPE '\\' OR lower(c.legal_name) LIKE ${pattern} ESCAPE '\\')`);
  }
  const from = 'FROM invoices i JOIN clients c ON c.id = i.client_id';
  const [{ count } = { count: 0 }] = await db.query<{ count: number }>(`SELECT count(*)::integer AS count ${from} ${filter.where}`, filter.params);
  const order = SORT_SQL[query.sort ?? '-issued_on']!;
  const rows = await db.query<InvoiceRow>(`SELECT ${LIST_COLUMNS} ${from} ${filter.where} ORDER BY ${order} LIMIT ${window.size} OFFSET ${window.offset}`, filter.params);
  return { count, results: rows.map(toListItem) };
}

const canWrite = (user: Caller) => may(user.role, 'work-on-invoices');

/** The page's header: whether sync is on, the counts, and the unsynced invoices grouped by state and error. */
export async function unsyncedSummary(db: Queryable, user: Caller, syncEnabled: boolean): Promise<InvoiceSummary> {
  const filter = new SqlFilter();
  filter.addClause("i.sync_state <> 'synced'");
  addClientVisibility(filter, user, 'c');
  const rows = await db.query<{ sync_state: UnsyncedState; kind: SyncErrorKind | null; count: number }>(
    `SELECT i.sync_state, i.last_error_kind AS kind, count(*)::integer AS count FROM invoices i JOIN clients c ON c.id = i.client_id ${filter.where}
     GROUP BY 1, 2 ORDER BY 1, 3 DESC`,
    filter.params,
  );
  const order: Record<UnsyncedState, number> = { needs_attention: 0, retrying: 1, waiting: 2 };
  const groups: ErrorGroup[] = rows
    .map((row): ErrorGroup => {
      const kind: ErrorGroup['kind'] = row.sync_state === 'waiting' || row.kind === null ? 'waiting' : row.kind;
      return { state: row.sync_state, kind, count: row.count, label: errorGroupLabel(kind, row.count, row.sync_state) };
    })
    .sort((a, b) => order[a.state] - order[b.state] || b.count - a.count);
  return {
    sync_enabled: syncEnabled,
    unsynced: rows.reduce((sum, row) => sum + row.count, 0),
    needs_attention: rows.filter((row) => row.sync_state === 'needs_attention').reduce((sum, row) => sum + row.count, 0),
    groups,
    can_write: canWrite(user),
    can_mark_synced: may(user.role, 'mark-invoices-synced'),
  };
}

/** How many invoices the caller sees that need attention (the navigation badge). */
export async function needsAttentionCount(db: Queryable, user: Caller): Promise<number> {
  const filter = new SqlFilter();
  filter.addClause("i.sync_state = 'needs_attention'");
  addClientVisibility(filter, user, 'c');
  const [row] = await db.query<{ count: number }>(`SELECT count(*)::integer AS count FROM invoices i JOIN clients c ON c.id = i.client_id ${filter.where}`, filter.params);
  return row?.count ?? 0;
}

export type DetailRow = InvoiceRow &
  Pick<InvoiceColumns, (typeof INVOICE_DETAIL_FIELDS)[number]> & { trn: string | null; credited_net: number; vat_registered: boolean; credited_number: string | null };

const DETAIL_COLUMNS = `${LIST_COLUMNS}, c.trn, c.vat_registered, ${selectList(invoicesTable, 'i', INVOICE_DETAIL_FIELDS)}, ci.number AS credited_number,
  (SELECT coalesce(sum(cn.net_fils), 0)::integer FROM invoices cn WHERE cn.credited_invoice_id = i.id AND cn.kind = 'credit_note') AS credited_net`;

export async function findDetail(db: Queryable, invoiceId: number, lock = false): Promise<DetailRow | undefined> {
  const [row] = await db.query<DetailRow>(
    `SELECT ${DETAIL_COLUMNS}
     FROM invoices i JOIN clients c ON c.id = i.client_id LEFT JOIN invoices ci ON ci.id = i.credited_invoice_id WHERE i.id = $1${lock ? ' FOR UPDATE OF i' : ''}`,
    [invoiceId],
  );
  return row;
}

export async function readInvoice(db: Queryable, user: Caller, invoiceId: number): Promise<InvoiceDetail> {
  const row = await findDetail(db, invoiceId);
  if (!row || !isVisibleTo(user, row)) throw notFound('Invoice');
  const lines = await db.query<InvoiceLineRow>(LINES_OF_INVOICE, [invoiceId]);
  const attempts = await db.query<Pick<SyncAttemptColumns, (typeof SYNC_ATTEMPT_FIELDS)[number]> & { actor: string | null }>(
    `SELECT ${selectList(invoiceSyncAttemptsTable, 'a', SYNC_ATTEMPT_FIELDS)}, coalesce(u.display_name, u.email) AS actor
     FROM invoice_sync_attempts a LEFT JOIN users u ON u.id = a.actor_id WHERE a.invoice_id = $1 ORDER BY a.id DESC LIMIT 100`,
    [invoiceId],
  );
  const editor = clientPermissions(user, row).edit;
  const creditNotes = row.kind === 'invoice'
    ? await db.query<InvoiceDetail['credit_notes'][number]>(
        `SELECT id, number, to_char(issued_on, 'YYYY-MM-DD') AS issued_on, net_fils, total_fils, reason FROM invoices
         WHERE credited_invoice_id = $1 AND kind = 'credit_note' ORDER BY issued_on, id`,
        [invoiceId],
      )
    : [];
  return {
    ...toListItem(row),
    client: { id: row.client_id, legal_name: row.legal_name, trn: row.trn, vat_registered: row.vat_registered },
    issued_trn: row.client_trn,
    // A credit note is not paid: no due date.
    due_on: row.kind === 'credit_note' ? null : row.due_on,
    period_start: row.period_start,
    period_end: row.period_end,
    credited_invoice: row.credited_invoice_id && row.credited_number ? { id: row.credited_invoice_id, number: row.credited_number } : null,
    reason: row.reason,
    net_fils: row.net_fils,
    vat_fils: row.vat_fils,
    lines,
    attempts: attempts.map(
      (attempt): SyncAttempt => ({
        id: attempt.id,
        started_at: attempt.started_at.toISOString(),
        duration_ms: attempt.duration_ms,
        outcome: attempt.outcome,
        error_kind: attempt.error_kind,
        error: attempt.error,
        by: attempt.actor ?? attempt.worker,
      }),
    ),
    synced_at: row.synced_at ? row.synced_at.toISOString() : null,
    can_retry: editor && !row.client_frozen && (row.sync_state === 'needs_attention' || row.sync_state === 'retrying' || row.sync_state === 'waiting'),
    can_mark_synced: may(user.role, 'mark-invoices-synced') && row.sync_state !== 'synced',
    can_credit: editor && row.kind === 'invoice' && row.net_fils - row.credited_net > 0,
    left_to_credit_fils: row.kind === 'invoice' ? Math.max(row.net_fils - row.credited_net, 0) : 0,
    credit_notes: creditNotes,
  };
}

/** The PDF's content: the invoice with its lines, the client's snapshot taken at issue. */
export type PrintableInvoice = Pick<InvoiceColumns, (typeof PRINTABLE_FIELDS)[number]> & { credited_number: string | null; lines: InvoiceDetail['lines'] };

const PRINTABLE_COLUMNS = `${selectList(invoicesTable, 'i', PRINTABLE_FIELDS)}, ci.number AS credited_number, i.client_id, c.bookkeeper_id, c.user_id`;

export async function printableInvoice(db: Queryable, invoiceId: number, allowed: (row: { client_id: number; bookkeeper_id: number | null; user_id: number | null }) => boolean): Promise<PrintableInvoice> {
  const [row] = await db.query<Omit<PrintableInvoice, 'lines'> & { client_id: number; bookkeeper_id: number | null; user_id: number | null }>(
    `SELECT ${PRINTABLE_COLUMNS}
     FROM invoices i JOIN clients c ON c.id = i.client_id LEFT JOIN invoices ci ON ci.id = i.credited_invoice_id WHERE i.id = $1`,
    [invoiceId],
  );
  if (!row || !allowed(row)) throw notFound('Invoice');
  const lines = await db.query<InvoiceLineRow>(LINES_OF_INVOICE, [invoiceId]);
  return { ...row, lines };
}

/** The signed-in client's own invoices and credit notes, newest first. */
export async function myInvoices(db: Queryable, userId: number, window: PageWindow): Promise<{ count: number; results: MyInvoice[] }> {
  const where = 'FROM invoices i JOIN clients c ON c.id = i.client_id WHERE c.user_id = $1';
  const [{ count } = { count: 0 }] = await db.query<{ count: number }>(`SELECT count(*)::integer AS count ${where}`, [userId]);
  const results = await db.query<MyInvoice>(
    `SELECT i.id, i.kind, i.number, to_char(i.issued_on, 'YYYY-MM-DD') AS issued_on, to_char(i.due_on, 'YYYY-MM-DD') AS due_on, i.total_fils ${where}
     ORDER BY i.issued_on DESC, i.id DESC LIMIT ${window.size} OFFSET ${window.offset}`,
    [userId],
  );
  return { count, results };
}
