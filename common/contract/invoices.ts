/**
 * The invoices area: tax invoices and credit notes, their PDF, and the accounting sync's Unsynced Inv page
 * (list with errors grouped, one invoice with its attempts, retry (one, or many as a bulk job), mark as synced). Money is
 * integer fils; dates are Dubai calendar dates.
 */
import { Type, type Static } from 'typebox';
import { EINVOICE_STATES } from '../einvoicing.ts';
import { INVOICE_KINDS, MAX_EXTERNAL_ID, MAX_LINE_DESCRIPTION, MAX_LINES, MAX_QUANTITY, MAX_UNIT_FILS, SYNC_ERROR_KINDS, SYNC_STATES, UNSYNCED_STATES } from '../invoices.ts';
import { bulkActions } from './bulk.ts';
import { access, endpoints } from './endpoint.ts';
import { CalendarDate, Closed, Id, IdempotencyHeaders, IdParams, Instant, Line, Nullable, Page, PageQuery, Paragraphs, Search, Version } from './shared.ts';
import { INVOICE_SORTS, REGISTER_STATUSES, invoicesRoutes, unsyncedInvBulkLabels } from './invoices-paths.ts';
import { RuleFailureSchema } from './einvoicing.ts';
import { invoiceFields } from './invoices-fields.ts';

export { DEFAULT_INVOICE_SORT, INVOICE_SORTS, invoicesRoutes, type InvoiceSort } from './invoices-paths.ts';

const SyncStateSchema = Type.Enum(SYNC_STATES, { title: invoiceFields.state.label });
const ErrorKindSchema = Type.Enum(SYNC_ERROR_KINDS, { title: invoiceFields.error.label });

/** GET invoices/ */
export const InvoiceQuery = Closed({
  state: Type.Optional(Type.Enum(UNSYNCED_STATES, { title: invoiceFields.state.label })),
  error: Type.Optional(ErrorKindSchema),
  /** Number or client name, literal contains. */
  search: Type.Optional(Search),
  sort: Type.Optional(Type.Enum(INVOICE_SORTS, { title: 'Sort' })),
  ...PageQuery,
});
export type InvoiceQuery = Static<typeof InvoiceQuery>;

export const InvoiceListItem = Type.Object({
  id: Type.Integer(),
  version: Type.Integer(),
  kind: Type.Enum(INVOICE_KINDS),
  number: Type.String(),
  client: Type.Object({ id: Type.Integer(), legal_name: Type.String() }),
  issued_on: Type.String(),
  total_fils: Type.Integer(),
  sync_state: SyncStateSchema,
  /** Failed tries since the last retry by a person (the back-off counts these). */
  sync_tries: Type.Integer(),
  /** Every attempt on record, as the drawer lists them: what the list's 'Attempts' column shows. */
  attempt_count: Type.Integer(),
  next_try_at: Nullable(Instant),
  last_error: Nullable(Type.String()),
  last_error_kind: Nullable(ErrorKindSchema),
  external_id: Nullable(Type.String()),
  /** The client is frozen by a confirmed sanctions match: the sync holds the invoice until the freeze is lifted. */
  client_frozen: Type.Boolean(),
});
export type InvoiceListItem = Static<typeof InvoiceListItem>;

/** GET invoices/all/ (and its CSV export, without the page): every invoice the caller sees. */
const registerFilters = {
  client: Type.Optional(Id(invoiceFields.client.label)),
  status: Type.Optional(Type.Enum(REGISTER_STATUSES, { title: invoiceFields.status.label })),
  /** Issued on or after / on or before (Dubai dates): the period. */
  from: Type.Optional(CalendarDate('From')),
  to: Type.Optional(CalendarDate('To')),
  search: Type.Optional(Search),
  sort: Type.Optional(Type.Enum(INVOICE_SORTS, { title: 'Sort' })),
  /** The state of its e-invoice with the ASP. */
  einvoice: Type.Optional(Type.Enum(EINVOICE_STATES, { title: invoiceFields.einvoice.label })),
};
export const RegisterQuery = Closed({ ...registerFilters, ...PageQuery });
export type RegisterQuery = Static<typeof RegisterQuery>;
export const RegisterExportQuery = Closed(registerFilters);
export type RegisterExportQuery = Static<typeof RegisterExportQuery>;

export const RegisterItem = Type.Object({
  ...InvoiceListItem.properties,
  /** Null for a credit note, which is not paid. */
  due_on: Nullable(Type.String()),
  net_fils: Type.Integer(),
  vat_fils: Type.Integer(),
  /** What credit notes took off a tax invoice (their totals); 0 for a credit note. */
  credited_fils: Type.Integer(),
  credited_invoice: Nullable(Type.Object({ id: Type.Integer(), number: Type.String() })),
  /** Its e-invoice's state with the ASP (null only for an invoice issued before e-invoicing). */
  einvoice_state: Nullable(Type.Enum(EINVOICE_STATES)),
});
export type RegisterItem = Static<typeof RegisterItem>;

export const InvoiceLine = Type.Object({
  position: Type.Integer(),
  description: Type.String(),
  quantity: Type.Integer(),
  unit_fils: Type.Integer(),
  net_fils: Type.Integer(),
  vat_fils: Type.Integer(),
  total_fils: Type.Integer(),
});
export type InvoiceLine = Static<typeof InvoiceLine>;

export const SyncAttempt = Type.Object({
  id: Type.Integer(),
  started_at: Instant,
  duration_ms: Type.Integer(),
  outcome: Type.String(),
  error_kind: Nullable(Type.String()),
  error: Nullable(Type.String()),
  by: Type.String(),
});
export type SyncAttempt = Static<typeof SyncAttempt>;

export const InvoiceDetail = Type.Object({
  ...InvoiceListItem.properties,
  client: Type.Object({ id: Type.Integer(), legal_name: Type.String(), trn: Nullable(Type.String()), vat_registered: Type.Boolean() }),
  /** The client's TRN as printed on the issued document (what the sync sends); null when not VAT-registered then. */
  issued_trn: Nullable(Type.String()),
  /** Null for a credit note, which is not paid. */
  due_on: Nullable(Type.String()),
  period_start: Nullable(Type.String()),
  period_end: Nullable(Type.String()),
  credited_invoice: Nullable(Type.Object({ id: Type.Integer(), number: Type.String() })),
  reason: Nullable(Type.String()),
  net_fils: Type.Integer(),
  vat_fils: Type.Integer(),
  lines: Type.Array(InvoiceLine),
  attempts: Type.Array(SyncAttempt),
  synced_at: Nullable(Instant),
  can_retry: Type.Boolean(),
  can_mark_synced: Type.Boolean(),
  /** An invoice with something left to credit, and the caller may invoice its client. */
  can_credit: Type.Boolean(),
  /** A tax invoice's net still to credit (its net less its credit notes'); 0 for a credit note. */
  left_to_credit_fils: Type.Integer(),
  /** The credit notes issued against a tax invoice, oldest first. */
  credit_notes: Type.Array(Type.Object({ id: Type.Integer(), number: Type.String(), issued_on: Type.String(), net_fils: Type.Integer(), total_fils: Type.Integer(), reason: Nullable(Type.String()) })),
});
export type InvoiceDetail = Static<typeof InvoiceDetail>;

export const ErrorGroup = Type.Object({
  state: Type.Enum(UNSYNCED_STATES),
  kind: Type.Union([ErrorKindSchema, Type.Literal('waiting')]),
  count: Type.Integer(),
  label: Type.String(),
});
export type ErrorGroup = Static<typeof ErrorGroup>;

/** GET invoices/summary/ */
export const InvoiceSummary = Type.Object({
  sync_enabled: Type.Boolean(),
  unsynced: Type.Integer(),
  needs_attention: Type.Integer(),
  groups: Type.Array(ErrorGroup),
  can_write: Type.Boolean(),
  can_mark_synced: Type.Boolean(),
});
export type InvoiceSummary = Static<typeof InvoiceSummary>;

export const NewInvoiceLine = Closed({
  description: Line(MAX_LINE_DESCRIPTION, { title: 'Description', minLength: 1 }),
  quantity: Type.Integer({ minimum: 1, maximum: MAX_QUANTITY, title: 'Quantity' }),
  unit_fils: Type.Integer({ minimum: 0, maximum: MAX_UNIT_FILS, title: 'Unit price', errorMessage: 'must be whole fils: AED with at most two decimals' }),
});

/** POST invoices/: a one-off invoice. */
export const NewInvoiceBody = Closed({
  client_id: Id(invoiceFields.client.label),
  lines: Type.Array(NewInvoiceLine, { minItems: 1, maxItems: MAX_LINES, title: 'Lines' }),
});
export type NewInvoiceBody = Static<typeof NewInvoiceBody>;

/** POST invoices/check: the PINT AE rules a one-off invoice would break if issued now (none: it may be issued). */
export const InvoiceCheck = Type.Object({ failures: Type.Array(RuleFailureSchema) });
export type InvoiceCheck = Static<typeof InvoiceCheck>;

export const RetryBody = Closed({ version: Version });
export type RetryBody = Static<typeof RetryBody>;

export const MarkSyncedBody = Closed({
  version: Version,
  external_id: Line(MAX_EXTERNAL_ID, { title: 'External id', minLength: 1 }),
  reason: Paragraphs(invoiceFields.reason.max, { title: invoiceFields.reason.label, minLength: invoiceFields.reason.min }),
});
export type MarkSyncedBody = Static<typeof MarkSyncedBody>;

export const CreditNoteBody = Closed({
  version: Version,
  reason: Paragraphs(invoiceFields.reason.max, { title: invoiceFields.reason.label, minLength: invoiceFields.reason.min }),
  /** Net amount to credit (before VAT); the whole invoice's net when left out. */
  net_fils: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_UNIT_FILS, title: 'Amount' })),
  /**
   * Credit the whole invoice and issue a new one in its place (same lines, the client's details as they are
   * now): how a wrong TRN on an issued invoice is corrected. The answer is then the new invoice.
   */
  reissue: Type.Optional(Type.Boolean({ title: 'Issue a new invoice' })),
});
export type CreditNoteBody = Static<typeof CreditNoteBody>;

export const PdfQuery = Closed({ download: Type.Optional(Type.Boolean({ title: 'Download' })) });

/** me/invoices/ */
export const MyInvoice = Type.Object({
  id: Type.Integer(),
  kind: Type.Enum(INVOICE_KINDS),
  number: Type.String(),
  issued_on: Type.String(),
  due_on: Type.String(),
  total_fils: Type.Integer(),
});
export type MyInvoice = Static<typeof MyInvoice>;
export const MyInvoiceQuery = Closed(PageQuery);

const unsynced = access.page('unsynced-inv');
const visible = 'Only invoices of clients the caller sees; writes are ADMIN\'s and the client\'s bookkeeper\'s, marking synced ADMIN\'s (the store decides).';
const own = 'The caller\'s own invoices only, found by the caller.';
const params = IdParams('invoiceId');
const pdf = { contentTypes: ['application/pdf'], description: 'The invoice, inline (?download=true: as an attachment)' };

export const invoicesEndpoints = endpoints('invoices', invoicesRoutes, {
  list: { summary: 'Invoices not yet in the accounting system', access: unsynced, ownership: visible, query: InvoiceQuery, response: { 200: Page(InvoiceListItem) } },
  create: { summary: 'Raise a one-off invoice', access: unsynced, ownership: visible, headers: IdempotencyHeaders, body: NewInvoiceBody, response: { 201: InvoiceDetail } },
  all: { summary: 'Every invoice and credit note the caller sees, in every state', access: unsynced, ownership: visible, query: RegisterQuery, response: { 200: Page(RegisterItem) } },
  allExport: { summary: 'The same selection of invoices and credit notes as a CSV file', access: unsynced, ownership: visible, query: RegisterExportQuery, raw: { contentTypes: ['text/csv'], description: 'The CSV file, as an attachment' } },
  summary: { summary: 'The sync\'s status and the unsynced invoices by error kind', access: unsynced, ownership: visible, response: { 200: InvoiceSummary } },
  invoice: { summary: 'One invoice with its lines and attempts', access: unsynced, ownership: visible, params, response: { 200: InvoiceDetail } },
  pdf: { summary: 'The invoice as a PDF', access: unsynced, ownership: visible, params, query: PdfQuery, raw: pdf },
  retry: { summary: 'Try the sync again now', access: unsynced, ownership: visible, params, headers: IdempotencyHeaders, body: RetryBody, response: { 200: InvoiceDetail } },
  markSynced: { summary: 'Record an invoice entered in the accounting system by hand', access: unsynced, ownership: visible, params, headers: IdempotencyHeaders, body: MarkSyncedBody, response: { 200: InvoiceDetail } },
  creditNote: { summary: 'Issue a credit note against an invoice', access: unsynced, ownership: visible, params, headers: IdempotencyHeaders, body: CreditNoteBody, response: { 201: InvoiceDetail } },
  check: { summary: 'The e-invoice rules a one-off invoice would break if issued now', access: unsynced, ownership: visible, body: NewInvoiceBody, response: { 200: InvoiceCheck } },
  mine: { summary: 'The client\'s own invoices', access: access.client, ownership: own, query: MyInvoiceQuery, response: { 200: Page(MyInvoice) } },
  myPdf: { summary: 'One of the client\'s invoices as a PDF', access: access.client, ownership: own, params, query: PdfQuery, raw: pdf },
});

/** The Unsynced Inv list's bulk 'Retry now': no parameters (each row's version is read when it runs). */
export const unsyncedInvBulkActions = bulkActions('unsynced-inv', unsyncedInvBulkLabels, { retry: Closed({}) });
