/**
 * The einvoices table's row, declared once (lib/table.ts): the store's and the worker's column lists (the
 * status row, the claim, the insert, the send-again, lease and failure updates) and their row types
 * (StatusRow, Claimed) derive from it. The columns were made by migration 0090.
 */
import type { EinvoiceState, RuleFailure } from '../../../../common/einvoicing.ts';
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
