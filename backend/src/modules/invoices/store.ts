/**
 * Invoices: issuing (numbered without gaps: the series' counter row is locked in the issuing transaction, so
 * numbers are taken in commit order and a rolled-back issue gives its number back), the subscription cycles'
 * invoices (one per subscription period, by a unique key), one-off invoices, credit notes, and the reads of
 * the Unsynced Inv page. An issued invoice never changes; only its sync state does.
 */
import { addDays, addMonths, dubaiDate, formatIsoDate } from '../../../../common/calendar.ts';
import { CYCLE_TERMS, type BillingCycle } from '../../../../common/pricing.ts';
import type {
  CreditNoteBody,
  ErrorGroup,
  InvoiceDetail,
  InvoiceListItem,
  InvoiceQuery,
  InvoiceSummary,
  MarkSyncedBody,
  MyInvoice,
  NewInvoiceBody,
  SyncAttempt,
} from '../../../../common/contract/invoices.ts';
import {
  errorGroupLabel,
  invoiceNumber,
  invoiceAmounts,
  MAX_LINE_DESCRIPTION,
  PAYMENT_TERMS_DAYS,
  type InvoiceKind,
  type LineInput,
  type SyncErrorKind,
  type SyncState,
  type UnsyncedState,
} from '../../../../common/invoices.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { writeRecord, type ActionContext } from '../../lib/action.ts';
import { writeAudit } from '../../lib/audit.ts';
import { conflict, forbidden, invalidInput, notFound } from '../../lib/http-error.ts';
import { containsPattern, type PageWindow } from '../../lib/pagination.ts';
import { SqlFilter } from '../../lib/sql-filter.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { addClientVisibility, clientPermissions, isVisibleTo, renewDueSubscriptions } from '../clients/index.ts';
import { createEinvoice, refuseUnfixedTin } from '../einvoicing/index.ts';
import { signalInvoiceChange } from './notify.ts';
import { insertList, selectList } from '../../lib/table.ts';
import { INVOICE_DETAIL_FIELDS, INVOICE_LIST_FIELDS, invoicesTable, ISSUE_FIELDS, PRINTABLE_FIELDS, type InvoiceColumns } from './table.ts';
import { notFrozenClient, refuseWhenFrozen } from '../../lib/aml-freeze.ts';

type Caller = Pick<CurrentUser, 'id' | 'role'>;

export const INVOICE_CONFLICT_MESSAGE = 'This invoice changed since you opened it. Reload it and try again.';

// ---------------------------------------------------------------------------------------------- issuing

export interface NewInvoice {
  kind: InvoiceKind;
  clientId: number;
  lines: LineInput[];
  issuedOn: string;
  subscriptionId?: number | null;
  periodStart?: string | null;
  periodEnd?: string | null;
  creditedInvoiceId?: number | null;
  reason?: string | null;
  createdBy: number | null;
  idempotencyKey?: string | null;
  /** Seeding only: the sync state an invoice of the demo's past is in. */
  sync?: { state: SyncState; tries: number; nextTryAt?: Date; lastError?: string | null; lastErrorKind?: SyncErrorKind | null; externalId?: string | null; syncedAt?: Date | null };
}

/** An issue's columns; next_try_at null takes the transaction's time (the seed dates a retry of the demo's past). */
type IssueValues = Omit<Pick<InvoiceColumns, (typeof ISSUE_FIELDS)[number]>, 'next_try_at'> & { next_try_at: Date | null };
const ISSUE_INSERT = insertList(ISSUE_FIELDS);
const ISSUE_VALUES = ISSUE_INSERT.values.replace(/\$(\d+)\)$/, 'coalesce($$$1, CURRENT_TIMESTAMP))');

/** Issues an invoice or credit note in the caller's transaction; answers its id and number. */
export async function issueInvoice(tx: Queryable, invoice: NewInvoice): Promise<{ id: number; number: string }> {
  const [client] = await tx.query<{ legal_name: string; address: string; trn: string | null; vat_registered: boolean }>(
    'SELECT legal_name, address, trn, vat_registered FROM clients WHERE id = $1',
    [invoice.clientId],
  );
  if (!client) throw notFound('Client');
  // AML (issue 31): a client frozen by a confirmed sanctions match is not billed (409 naming the freeze).
  await refuseWhenFrozen(tx, { clientId: invoice.clientId });
  const series = invoice.kind === 'invoice' ? 'INV' : 'CN';
  // The lock on the counter row is held to the end of this transaction: the next issue waits for it.
  const [counter] = await tx.query<{ last_number: number }>('UPDATE invoice_counters SET last_number = last_number + 1 WHERE series = $1 RETURNING last_number', [series]);
  const sequence = counter!.last_number;
  const number = invoiceNumber(series, sequence);
  const { lines: amountsOfLines, totals } = invoiceAmounts(invoice.lines);
  const sync = invoice.sync;
  const values: IssueValues = {
    kind: invoice.kind,
    series,
    sequence,
    number,
    client_id: invoice.clientId,
    subscription_id: invoice.subscriptionId ?? null,
    period_start: invoice.periodStart ?? null,
    period_end: invoice.periodEnd ?? null,
    credited_invoice_id: invoice.creditedInvoiceId ?? null,
    reason: invoice.reason ?? null,
    issued_on: invoice.issuedOn,
    due_on: addDays(invoice.issuedOn, PAYMENT_TERMS_DAYS),
    client_name: client.legal_name,
    client_address: client.address,
    client_trn: client.vat_registered ? client.trn : null,
    net_fils: totals.net_fils,
    vat_fils: totals.vat_fils,
    total_fils: totals.total_fils,
    created_by: invoice.createdBy,
    sync_state: sync?.state ?? 'waiting',
    sync_tries: sync?.tries ?? 0,
    last_error: sync?.lastError ?? null,
    last_error_kind: sync?.lastErrorKind ?? null,
    external_id: sync?.externalId ?? null,
    synced_at: sync?.syncedAt ?? null,
    next_try_at: sync?.nextTryAt ?? null,
  };
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO invoices ${ISSUE_INSERT.columns} VALUES ${ISSUE_VALUES} RETURNING id`,
    ISSUE_FIELDS.map((field) => values[field]),
  );
  const id = row!.id;
  let position = 0;
  for (const line of invoice.lines) {
    const amounts = amountsOfLines[position]!;
    position += 1;
    await tx.query(
      'INSERT INTO invoice_lines (invoice_id, position, description, quantity, unit_fils, net_fils, vat_fils, total_fils) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
      [id, position, line.description, line.quantity, line.unit_fils, amounts.net_fils, amounts.vat_fils, amounts.total_fils],
    );
  }
  // Its PINT AE document, made now from the invoice as issued and never changed (issue 32).
  await createEinvoice(tx, id);
  await writeAudit(tx, {
    entity: 'invoice',
    entityId: id,
    kind: invoice.kind === 'invoice' ? 'invoice_issued' : 'credit_note_issued',
    actorId: invoice.createdBy,
    data: { client_id: invoice.clientId, number, total_fils: totals.total_fils, subscription_id: invoice.subscriptionId ?? null, period_start: invoice.periodStart ?? null },
    idempotencyKey: invoice.idempotencyKey ?? null,
  });
  if (!sync || sync.state !== 'synced') await signalInvoiceChange(tx, id);
  return { id, number };
}

interface DueSubscription {
  id: number;
  client_id: number;
  plan_name: string;
  cycle: BillingCycle;
  net_fils: number;
  starts_on: string;
  next_renewal_on: string;
}

const CYCLE_WORDS: Record<BillingCycle, string> = { monthly: 'monthly', quarterly: 'quarterly', annual: 'annual' };

/** The line of a subscription period: 'Growth plan, quarterly subscription: 01 Jan 2026 to 31 Mar 2026'. */
export function periodLine(planName: string, cycle: BillingCycle, start: string, end: string, netFils: number): LineInput {
  return { description: `${planName} plan, ${CYCLE_WORDS[cycle]} subscription: ${formatIsoDate(start)} to ${formatIsoDate(end)}`, quantity: 1, unit_fils: netFils };
}

/**
 * Invoices every active subscription's current period that has no invoice yet (renewing due subscriptions
 * first, so the period is the current one). Each subscription is claimed with SKIP LOCKED and its period is
 * checked under that lock; the unique key (subscription_id, period_start) backs it, so two back ends running
 * this at once, or a restart in the middle, invoice each period once. A paused or cancelled subscription is
 * not invoiced. Answers how many invoices were issued.
 */
export async function invoiceDueSubscriptions(db: Database, now = new Date()): Promise<number> {
  await renewDueSubscriptions(db, now);
  const today = dubaiDate(now);
  let issued = 0;
  let afterId = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const due = await tx.query<DueSubscription>(
        `SELECT s.id, s.client_id, p.name AS plan_name, s.cycle, s.net_fils, to_char(s.starts_on, 'YYYY-MM-DD') AS starts_on,
           to_char(s.next_renewal_on, 'YYYY-MM-DD') AS next_renewal_on
         FROM subscriptions s JOIN plans p ON p.id = s.plan_id
         WHERE s.status = 'active' AND s.starts_on <= $1::date AND s.id > $2
           AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.subscription_id = s.id AND i.period_start = s.starts_on)
           AND ${notFrozenClient('s.client_id')}
         ORDER BY s.id LIMIT 50 FOR UPDATE OF s SKIP LOCKED`,
        [today, afterId],
      );
      let made = 0;
      for (const sub of due) {
        afterId = sub.id;
        // Re-checked under the row lock: another back end may have invoiced it between its read and ours.
        const [existing] = await tx.query('SELECT 1 FROM invoices WHERE subscription_id = $1 AND period_start = $2', [sub.id, sub.starts_on]);
        if (existing) continue;
        const periodEnd = addDays(sub.next_renewal_on, -1);
        await issueInvoice(tx, {
          kind: 'invoice',
          clientId: sub.client_id,
          subscriptionId: sub.id,
          periodStart: sub.starts_on,
          periodEnd,
          issuedOn: sub.starts_on > today ? today : sub.starts_on,
          lines: [periodLine(sub.plan_name, sub.cycle, sub.starts_on, periodEnd, sub.net_fils)],
          createdBy: null,
        });
        made += 1;
      }
      return { made, size: due.length };
    });
    issued += batch.made;
    if (batch.size < 50) return issued;
  }
}

/** The end of a period that starts on `start` for a cycle (the day before the next renewal). */
export const periodEndOf = (start: string, cycle: BillingCycle) => addDays(addMonths(start, CYCLE_TERMS[cycle].months), -1);

async function requireWritableClient(tx: Queryable, user: Caller, clientId: number): Promise<void> {
  const [client] = await tx.query<{ bookkeeper_id: number | null; reviewer_id: number | null }>('SELECT bookkeeper_id, reviewer_id FROM clients WHERE id = $1', [clientId]);
  if (!client || !isVisibleTo(user, client)) throw notFound('Client');
  if (!clientPermissions(user, client).edit) throw forbidden("Only an administrator or the client's bookkeeper may invoice this client.");
}

/** A one-off invoice (an on-demand request's accepted fee): ADMIN, or the client's own bookkeeper. */
export async function raiseInvoice(db: Database, user: Caller, body: NewInvoiceBody, context: ActionContext, today = dubaiDate()): Promise<InvoiceDetail> {
  return db.transaction(async (tx) => {
    if (context.idempotencyKey) {
      const [seen] = await tx.query<{ entity_id: number }>("SELECT entity_id FROM audit_events WHERE entity = 'invoice' AND kind = 'invoice_issued' AND idempotency_key = $1 AND actor_id = $2", [
        context.idempotencyKey,
        user.id,
      ]);
      if (seen) return readInvoice(tx, user, seen.entity_id);
    }
    await requireWritableClient(tx, user, body.client_id);
    const lines = body.lines.map((line) => ({ ...line, description: line.description.trim() }));
    lines.forEach((line, index) => {
      if (line.description === '') throw invalidInput(`lines.${index}.description`, 'must not be blank');
    });
    const { id } = await issueInvoice(tx, { kind: 'invoice', clientId: body.client_id, lines, issuedOn: today, createdBy: user.id, idempotencyKey: context.idempotencyKey });
    return readInvoice(tx, user, id);
  });
}

// ---------------------------------------------------------------------------------------------- reads

/** A row of Unsynced Inv and the register: the invoice with its client's name and team (who may see it) and its sync attempts. */
export type InvoiceRow = Pick<InvoiceColumns, (typeof INVOICE_LIST_FIELDS)[number]> & {
  legal_name: string;
  bookkeeper_id: number | null;
  reviewer_id: number | null;
  attempt_count: number;
};

export const LIST_COLUMNS = `${selectList(invoicesTable, 'i', INVOICE_LIST_FIELDS)}, c.legal_name, c.bookkeeper_id, c.reviewer_id,
  (SELECT count(*)::integer FROM invoice_sync_attempts a WHERE a.invoice_id = i.id) AS attempt_count`;

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

const canWrite = (user: Caller) => user.role === 'ADMIN' || user.role === 'BOOKKEEPER';

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
    can_mark_synced: user.role === 'ADMIN',
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

type DetailRow = InvoiceRow &
  Pick<InvoiceColumns, (typeof INVOICE_DETAIL_FIELDS)[number]> & { trn: string | null; credited_net: number; vat_registered: boolean; credited_number: string | null };

const DETAIL_COLUMNS = `${LIST_COLUMNS}, c.trn, c.vat_registered, ${selectList(invoicesTable, 'i', INVOICE_DETAIL_FIELDS)}, ci.number AS credited_number,
  (SELECT coalesce(sum(cn.net_fils), 0)::integer FROM invoices cn WHERE cn.credited_invoice_id = i.id AND cn.kind = 'credit_note') AS credited_net`;

async function findDetail(db: Queryable, invoiceId: number, lock = false): Promise<DetailRow | undefined> {
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
  const lines = await db.query<InvoiceDetail['lines'][number]>(
    'SELECT position, description, quantity, unit_fils, net_fils, vat_fils, total_fils FROM invoice_lines WHERE invoice_id = $1 ORDER BY position',
    [invoiceId],
  );
  const attempts = await db.query<{ id: number; started_at: Date; duration_ms: number; outcome: string; error_kind: string | null; error: string | null; worker: string; actor: string | null }>(
    `SELECT a.id, a.started_at, a.duration_ms, a.outcome, a.error_kind, a.error, a.worker, coalesce(u.display_name, u.email) AS actor
     FROM invoice_sync_attempts a LEFT JOIN users u ON u.id = a.actor_id WHERE a.invoice_id = $1 ORDER BY a.id DESC LIMIT 100`,
    [invoiceId],
  );
  const editor = clientPermissions(user, row).edit;
  return {
    ...toListItem(row),
    client: { id: row.client_id, legal_name: row.legal_name, trn: row.trn, vat_registered: row.vat_registered },
    issued_trn: row.client_trn,
    due_on: row.due_on,
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
    can_retry: editor && (row.sync_state === 'needs_attention' || row.sync_state === 'retrying' || row.sync_state === 'waiting'),
    can_mark_synced: user.role === 'ADMIN' && row.sync_state !== 'synced',
    can_credit: editor && row.kind === 'invoice' && row.net_fils - row.credited_net > 0,
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
  const lines = await db.query<InvoiceDetail['lines'][number]>(
    'SELECT position, description, quantity, unit_fils, net_fils, vat_fils, total_fils FROM invoice_lines WHERE invoice_id = $1 ORDER BY position',
    [invoiceId],
  );
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

// ---------------------------------------------------------------------------------------------- actions

function invoiceAction(db: Database, user: Caller, invoiceId: number, context: ActionContext, version: number, act: (tx: Queryable, row: DetailRow) => Promise<void>, editorOnly = true) {
  return writeRecord(db, {
    entity: 'invoice',
    context,
    version,
    conflictMessage: INVOICE_CONFLICT_MESSAGE,
    lock: async (tx) => {
      const row = await findDetail(tx, invoiceId, true);
      if (!row || !isVisibleTo(user, row)) throw notFound('Invoice');
      if (editorOnly && !clientPermissions(user, row).edit) throw forbidden("Only an administrator or the client's bookkeeper may act on this invoice.");
      return row;
    },
    act,
    read: (tx, row) => readInvoice(tx, user, row.id),
  });
}

/** 'Retry now': the invoice goes back to the outbox, due at once, with a fresh set of tries. */
async function requeue(tx: Queryable, row: DetailRow, actorId: number, idempotencyKey: string | null, now: Date): Promise<void> {
  if (row.sync_state === 'synced') throw conflict(`${row.number} is already in the accounting system.`);
  await tx.query(
    "UPDATE invoices SET sync_state = 'waiting', sync_tries = 0, next_try_at = $2, claimed_by = NULL, claimed_until = NULL, version = version + 1 WHERE id = $1",
    [row.id, now],
  );
  await writeAudit(tx, {
    entity: 'invoice',
    entityId: row.id,
    kind: 'invoice_retry_requested',
    actorId,
    data: { client_id: row.client_id, number: row.number, previous_state: row.sync_state, last_error: row.last_error },
    before: { sync_state: row.sync_state, version: row.version },
    after: { sync_state: 'waiting', version: row.version + 1 },
    idempotencyKey,
  });
  await signalInvoiceChange(tx, row.id);
}

export function retryInvoice(db: Database, user: Caller, invoiceId: number, version: number, context: ActionContext, now = new Date()): Promise<InvoiceDetail> {
  return invoiceAction(db, user, invoiceId, context, version, (tx, row) => requeue(tx, row, user.id, context.idempotencyKey, now));
}

/** An invoice entered in the accounting system by hand: ADMIN only, with the external id and a reason. */
export function markSynced(db: Database, user: Caller, invoiceId: number, body: MarkSyncedBody, context: ActionContext, now = new Date()): Promise<InvoiceDetail> {
  if (user.role !== 'ADMIN') return Promise.reject(forbidden('Only an administrator may mark an invoice as synced.'));
  const reason = body.reason.trim();
  const externalId = body.external_id.trim();
  if (reason === '') return Promise.reject(invalidInput('reason', 'must say why the invoice was entered by hand'));
  if (externalId === '') return Promise.reject(invalidInput('external_id', 'must not be blank'));
  return invoiceAction(
    db,
    user,
    invoiceId,
    context,
    body.version,
    async (tx, row) => {
      if (row.sync_state === 'synced') throw conflict(`${row.number} is already in the accounting system.`);
      await tx.query(
        "UPDATE invoices SET sync_state = 'synced', external_id = $2, synced_at = $3, claimed_by = NULL, claimed_until = NULL, version = version + 1 WHERE id = $1",
        [row.id, externalId, now],
      );
      await tx.query("INSERT INTO invoice_sync_attempts (invoice_id, started_at, duration_ms, outcome, worker, actor_id, error) VALUES ($1, $2, 0, 'marked', 'by hand', $3, $4)", [
        row.id,
        now,
        user.id,
        reason,
      ]);
      await writeAudit(tx, {
        entity: 'invoice',
        entityId: row.id,
        kind: 'invoice_marked_synced',
        actorId: user.id,
        data: { client_id: row.client_id, number: row.number, external_id: externalId, reason },
        before: { sync_state: row.sync_state, external_id: row.external_id, version: row.version },
        after: { sync_state: 'synced', external_id: externalId, version: row.version + 1 },
        idempotencyKey: context.idempotencyKey,
      });
      await signalInvoiceChange(tx, row.id);
    },
    false,
  );
}

/**
 * A credit note against an issued invoice (the invoice itself never changes): the whole invoice's net, or
 * part of it, never more than what earlier credit notes left. Answers the credit note. With `reissue`, the
 * whole invoice is credited and a new invoice with the same lines is issued in its place, with the client's
 * details as they are now: how a wrong TRN (or name, address) on an issued invoice is corrected. Answers the
 * new invoice then.
 */
export async function issueCreditNote(db: Database, user: Caller, invoiceId: number, body: CreditNoteBody, context: ActionContext, today = dubaiDate()): Promise<InvoiceDetail> {
  const reason = body.reason.trim();
  if (reason === '') throw invalidInput('reason', 'must say what the credit note corrects');
  let answerId = 0;
  await invoiceAction(db, user, invoiceId, context, body.version, async (tx, row) => {
    if (row.kind !== 'invoice') throw conflict('A credit note cannot be credited.');
    const left = row.net_fils - row.credited_net;
    const amount = body.net_fils ?? left;
    if (left <= 0) throw conflict(`${row.number} is already credited in full.`);
    if (amount > left) throw invalidInput('net_fils', `must be at most what is left to credit (${left} fils before VAT)`);
    if (body.reissue && (left !== row.net_fils || amount !== left)) {
      throw conflict(`${row.number} is partly credited already: credit what is left and raise a new invoice for the rest.`);
    }
    await refuseUnfixedTin(tx, row.id);
    // The line names what it credits; the reason is whole on the credit note (its PDF prints it), never cut to fit a line.
    const withReason = `Credit against ${row.number}: ${reason}`;
    const description = [...withReason].length <= MAX_LINE_DESCRIPTION ? withReason : `Credit against ${row.number}`;
    const { id } = await issueInvoice(tx, {
      kind: 'credit_note',
      clientId: row.client_id,
      creditedInvoiceId: row.id,
      reason,
      issuedOn: today,
      lines: [{ description, quantity: 1, unit_fils: amount }],
      createdBy: user.id,
    });
    answerId = id;
    if (body.reissue) {
      const lines = await tx.query<LineInput>('SELECT description, quantity, unit_fils FROM invoice_lines WHERE invoice_id = $1 ORDER BY position', [row.id]);
      const replacement = await issueInvoice(tx, {
        kind: 'invoice',
        clientId: row.client_id,
        // The period stays on the new invoice for the reader; the subscription's one-invoice-per-period key stays with the original.
        periodStart: row.period_start,
        periodEnd: row.period_end,
        reason: `Replaces ${row.number}: ${reason}`,
        issuedOn: today,
        lines,
        createdBy: user.id,
      });
      answerId = replacement.id;
    }
    // The invoice's version moves so a second credit note from a stale screen is refused.
    await tx.query('UPDATE invoices SET version = version + 1 WHERE id = $1', [row.id]);
  });
  return readInvoice(db, user, answerId);
}
