/**
 * The einvoices table's row, declared once (lib/table.ts): the store's and the worker's column lists (the
 * status row, the claim, the insert, the send-again, lease and failure updates) and their row types
 * (StatusRow, Claimed) derive from it. The columns were made by migration 0090, as were those of the tables
 * beside it: every try at the ASP, and each client's readiness for the mandate.
 */
import type { EinvoiceState, RevenueBand, RuleFailure } from '../../../../common/einvoicing.ts';
import { column, table, type RowOf } from '../../lib/table.ts';

export const einvoicesTable = table('einvoices', {
  invoice_id: column<number>(),
  // uuid: the reads cast it to text.
  uuid: column<string>(),
  xml: column<string>(),
  state: column<EinvoiceState>(),
  failures: column<RuleFailure[]>(),
  tries: column<number>(),
  next_try_at: column<Date>(),
  claimed_by: column<string | null>(),
  claimed_until: column<Date | null>(),
  last_error: column<string | null>(),
  sent_at: column<Date | null>(),
  reported_at: column<Date | null>(),
  created_at: column<Date>(),
  version: column<number>(),
});

export type EinvoiceColumns = RowOf<typeof einvoicesTable.columns>;
export type EinvoiceColumn = keyof EinvoiceColumns & string;

/** The columns an e-invoice's status, the attention list and the send-again lock read as stored (its uuid is cast beside them, its invoice and client joined). */
export const EINVOICE_STATUS_FIELDS = ['invoice_id', 'state', 'failures', 'tries', 'next_try_at', 'last_error', 'sent_at', 'reported_at', 'version'] as const satisfies readonly EinvoiceColumn[];

/** The columns the worker claims of a due document (its uuid is cast beside them). */
export const CLAIMED_FIELDS = ['invoice_id', 'xml', 'state', 'tries'] as const satisfies readonly EinvoiceColumn[];

/** The columns an issue writes (the rest take their defaults). */
export const NEW_EINVOICE_FIELDS = ['invoice_id', 'uuid', 'xml', 'state', 'failures'] as const satisfies readonly EinvoiceColumn[];

/** A worker's lease on a document. */
export const LEASE_FIELDS = ['claimed_by', 'claimed_until'] as const satisfies readonly EinvoiceColumn[];

/** What 'Send now' writes: queued, due at once with a fresh back-off, its lease let go. */
export const REQUEUE_FIELDS = ['state', 'tries', 'next_try_at', ...LEASE_FIELDS] as const satisfies readonly EinvoiceColumn[];

/** What a failed try writes: the count, the error, when it is due again, its lease let go. */
export const FAILED_TRY_FIELDS = ['tries', 'last_error', 'next_try_at', ...LEASE_FIELDS] as const satisfies readonly EinvoiceColumn[];

export const einvoiceAttemptsTable = table('einvoice_attempts', {
  id: column<number>(),
  invoice_id: column<number>(),
  started_at: column<Date>(),
  duration_ms: column<number>(),
  action: column<string>(),
  outcome: column<string>(),
  error: column<string | null>(),
  worker: column<string>(),
  actor_id: column<number | null>(),
});

export type EinvoiceAttemptColumns = RowOf<typeof einvoiceAttemptsTable.columns>;
export type EinvoiceAttemptColumn = keyof EinvoiceAttemptColumns & string;

/** The columns a document's attempts are listed with (who acted is joined beside them). */
export const EINVOICE_ATTEMPT_FIELDS = ['id', 'started_at', 'duration_ms', 'action', 'outcome', 'error', 'worker'] as const satisfies readonly EinvoiceAttemptColumn[];

/** What the worker writes of a try. */
export const WORKER_ATTEMPT_FIELDS = ['invoice_id', 'started_at', 'duration_ms', 'action', 'outcome', 'error', 'worker'] as const satisfies readonly EinvoiceAttemptColumn[];

/** What 'Send now' writes of its attempt: queued by hand, by whom. */
export const SEND_NOW_ATTEMPT_FIELDS = ['invoice_id', 'started_at', 'duration_ms', 'action', 'outcome', 'worker', 'actor_id'] as const satisfies readonly EinvoiceAttemptColumn[];

export const clientEinvoicingTable = table('client_einvoicing', {
  client_id: column<number>(),
  tin: column<string | null>(),
  revenue_band: column<RevenueBand | null>(),
  asp_name: column<string | null>(),
  asp_appointed_on: column<string | null>('date'),
  version: column<number>(),
});

export type ClientEinvoicingColumns = RowOf<typeof clientEinvoicingTable.columns>;
export type ClientEinvoicingColumn = keyof ClientEinvoicingColumns & string;

/** What a new client's activation writes: the TIN it came with. */
export const NEW_TIN_FIELDS = ['client_id', 'tin'] as const satisfies readonly ClientEinvoicingColumn[];

/** What the readiness form writes over a client's row (its version is counted up in SQL beside them). */
export const READINESS_EDIT_FIELDS = ['tin', 'revenue_band', 'asp_name', 'asp_appointed_on'] as const satisfies readonly ClientEinvoicingColumn[];

/** What the readiness form's upsert writes: the client's row, made when it has none. */
export const NEW_READINESS_FIELDS = ['client_id', ...READINESS_EDIT_FIELDS] as const satisfies readonly ClientEinvoicingColumn[];

/** The columns a client's readiness is read with, beside its client's. */
export const READINESS_FIELDS = [...READINESS_EDIT_FIELDS, 'version'] as const satisfies readonly ClientEinvoicingColumn[];
