/**
 * The invoices table's row, declared once (lib/table.ts): the store's column lists (the list's, the detail's,
 * the PDF's, the issue's insert) and its row types (InvoiceRow, the detail and register rows,
 * PrintableInvoice) derive from it. The columns were made by migration 0050. Beside it the tables the issue and
 * the accounting sync keep: the number series' counters, the client's customer in the accounting system, and
 * every sync attempt.
 */
import type { InvoiceKind, SyncErrorKind, SyncState } from '../../../../common/invoices.ts';
import { column, table, type RowOf } from '../../lib/table.ts';

export const invoicesTable = table('invoices', {
  id: column<number>(),
  kind: column<InvoiceKind>(),
  series: column<string>(),
  sequence: column<number>(),
  number: column<string>(),
  client_id: column<number>(),
  subscription_id: column<number | null>(),
  period_start: column<string | null>('date'),
  period_end: column<string | null>('date'),
  credited_invoice_id: column<number | null>(),
  reason: column<string | null>(),
  issued_on: column<string>('date'),
  due_on: column<string>('date'),
  client_name: column<string>(),
  client_address: column<string>(),
  client_trn: column<string | null>(),
  net_fils: column<number>(),
  vat_fils: column<number>(),
  total_fils: column<number>(),
  created_by: column<number | null>(),
  created_at: column<Date>(),
  sync_state: column<SyncState>(),
  sync_tries: column<number>(),
  next_try_at: column<Date>(),
  claimed_by: column<string | null>(),
  claimed_until: column<Date | null>(),
  last_error: column<string | null>(),
  last_error_kind: column<SyncErrorKind | null>(),
  external_id: column<string | null>(),
  synced_at: column<Date | null>(),
  version: column<number>(),
});

export type InvoiceColumns = RowOf<typeof invoicesTable.columns>;
export type InvoiceColumn = keyof InvoiceColumns & string;

/** The columns a row of Unsynced Inv and the register reads. */
export const INVOICE_LIST_FIELDS = [
  'id',
  'version',
  'kind',
  'number',
  'client_id',
  'issued_on',
  'total_fils',
  'sync_state',
  'sync_tries',
  'next_try_at',
  'last_error',
  'last_error_kind',
  'external_id',
] as const satisfies readonly InvoiceColumn[];

/** The columns an invoice's page adds to its list row (and every action locks). */
export const INVOICE_DETAIL_FIELDS = [
  'client_trn',
  'due_on',
  'period_start',
  'period_end',
  'credited_invoice_id',
  'reason',
  'net_fils',
  'vat_fils',
  'synced_at',
] as const satisfies readonly InvoiceColumn[];

/** The columns the PDF prints: the invoice with the client's snapshot taken at issue. */
export const PRINTABLE_FIELDS = [
  'kind',
  'number',
  'issued_on',
  'due_on',
  'client_name',
  'client_address',
  'client_trn',
  'period_start',
  'period_end',
  'reason',
  'net_fils',
  'vat_fils',
  'total_fils',
] as const satisfies readonly InvoiceColumn[];

/** The columns an issue writes (the rest take their defaults); next_try_at last, where its default is spelled. */
export const ISSUE_FIELDS = [
  'kind',
  'series',
  'sequence',
  'number',
  'client_id',
  'subscription_id',
  'period_start',
  'period_end',
  'credited_invoice_id',
  'reason',
  'issued_on',
  'due_on',
  'client_name',
  'client_address',
  'client_trn',
  'net_fils',
  'vat_fils',
  'total_fils',
  'created_by',
  'sync_state',
  'sync_tries',
  'last_error',
  'last_error_kind',
  'external_id',
  'synced_at',
  'next_try_at',
] as const satisfies readonly InvoiceColumn[];

/** A number series' last number: the issue takes the next under the row's lock. */
export const invoiceCountersTable = table('invoice_counters', {
  series: column<string>(),
  last_number: column<number>(),
});

export type InvoiceCounterColumns = RowOf<typeof invoiceCountersTable.columns>;

/** A client's customer in the accounting system, stored the first time the sync finds or makes it. */
export const accountingCustomersTable = table('accounting_customers', {
  client_id: column<number>(),
  external_id: column<string>(),
});

export const invoiceSyncAttemptsTable = table('invoice_sync_attempts', {
  id: column<number>(),
  invoice_id: column<number>(),
  started_at: column<Date>(),
  duration_ms: column<number>(),
  // As the migration's check allows: the sync's outcomes, or 'marked' by hand.
  outcome: column<'created' | 'found' | 'failed' | 'rejected' | 'unreachable' | 'marked'>(),
  error_kind: column<SyncErrorKind | null>(),
  error: column<string | null>(),
  worker: column<string>(),
  actor_id: column<number | null>(),
});

export type SyncAttemptColumns = RowOf<typeof invoiceSyncAttemptsTable.columns>;
export type SyncAttemptColumn = keyof SyncAttemptColumns & string;

/** The columns an invoice's attempts are listed with (who acted is joined beside them). */
export const SYNC_ATTEMPT_FIELDS = ['id', 'started_at', 'duration_ms', 'outcome', 'error_kind', 'error', 'worker'] as const satisfies readonly SyncAttemptColumn[];

/** What the sync writes of an attempt that reached the books. */
export const SYNCED_ATTEMPT_FIELDS = ['invoice_id', 'started_at', 'duration_ms', 'outcome', 'worker'] as const satisfies readonly SyncAttemptColumn[];

/** What the sync writes of an attempt that failed: its error beside. */
export const FAILED_ATTEMPT_FIELDS = ['invoice_id', 'started_at', 'duration_ms', 'outcome', 'error_kind', 'error', 'worker'] as const satisfies readonly SyncAttemptColumn[];

/** What marking an invoice synced by hand writes: its reason in the error column, who marked it as the actor. */
export const MARKED_ATTEMPT_FIELDS = ['invoice_id', 'started_at', 'duration_ms', 'outcome', 'worker', 'actor_id', 'error'] as const satisfies readonly SyncAttemptColumn[];
