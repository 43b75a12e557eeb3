/**
 * The e-invoicing area: each invoice's PINT AE document, its state with the Accredited Service
 * Provider, sending it again, and each client's readiness for the mandate. Roles and ownership are the
 * invoice's (the Unsynced Inv page's roles; a BOOKKEEPER sees their clients' only).
 */
import { Type, type Static } from 'typebox';
import { EINVOICE_STATES, REVENUE_BANDS } from '../einvoicing.ts';
import { MAX_ASP_NAME_LENGTH, TIN_LENGTH } from '../einvoicing-readiness.ts';
import { INVOICE_KINDS } from '../invoices.ts';
import { access, endpoints } from './endpoint.ts';
import { CalendarDate, Closed, IdempotencyHeaders, IdParams, Instant, Line, Nullable, Page, PageQuery, Version } from './shared.ts';
import { einvoicingRoutes } from './einvoicing-paths.ts';
import { einvoicingFields } from './einvoicing-fields.ts';

export { einvoicingRoutes } from './einvoicing-paths.ts';

export const RuleFailureSchema = Type.Object({ rule: Type.String(), text: Type.String(), field: Type.String() });

export const EinvoiceAttempt = Type.Object({
  id: Type.Integer(),
  started_at: Instant,
  duration_ms: Type.Integer(),
  /** submit, poll or a person's send. */
  action: Type.String(),
  outcome: Type.String(),
  error: Nullable(Type.String()),
  by: Type.String(),
});
export type EinvoiceAttempt = Static<typeof EinvoiceAttempt>;

export const EinvoiceStatus = Type.Object({
  invoice_id: Type.Integer(),
  number: Type.String(),
  kind: Type.Enum(INVOICE_KINDS),
  client: Type.Object({ id: Type.Integer(), legal_name: Type.String() }),
  issued_on: Type.String(),
  uuid: Type.String(),
  state: Type.Enum(EINVOICE_STATES),
  /** The rules it breaks: ours before sending (state invalid) or the ASP's (rejected). */
  failures: Type.Array(RuleFailureSchema),
  /** Not reported within the days the mandate allows after the invoice date. */
  overdue: Type.Boolean(),
  report_by: Type.String(),
  tries: Type.Integer(),
  next_try_at: Nullable(Instant),
  last_error: Nullable(Type.String()),
  sent_at: Nullable(Instant),
  reported_at: Nullable(Instant),
  version: Type.Integer(),
  /** E-invoicing is configured (an ASP); off, nothing is sent and the page says so. */
  enabled: Type.Boolean(),
  attempts: Type.Array(EinvoiceAttempt),
  /** Queued, or rejected on the ASP's side only: a document rejected for what it carries is never sent again. */
  can_send: Type.Boolean(),
  /** The TIN the document is addressed to, and the one the client's next documents carry (recorded, else from its TRN). */
  document_tin: Nullable(Type.String()),
  client_tin: Nullable(Type.String()),
});
export type EinvoiceStatus = Static<typeof EinvoiceStatus>;

export const EinvoiceListItem = Type.Object({
  invoice_id: Type.Integer(),
  number: Type.String(),
  kind: Type.Enum(INVOICE_KINDS),
  client: Type.Object({ id: Type.Integer(), legal_name: Type.String() }),
  issued_on: Type.String(),
  total_fils: Type.Integer(),
  state: Type.Enum(EINVOICE_STATES),
  failures: Type.Array(RuleFailureSchema),
  overdue: Type.Boolean(),
});
export type EinvoiceListItem = Static<typeof EinvoiceListItem>;

export const EinvoiceSummary = Type.Object({
  enabled: Type.Boolean(),
  /** Rejected or failing the rules, plus overdue: the navigation count adds these. */
  attention: Type.Integer(),
  overdue: Type.Integer(),
});
export type EinvoiceSummary = Static<typeof EinvoiceSummary>;

export const SendBody = Closed({ version: Version });
export type SendBody = Static<typeof SendBody>;
export const XmlQuery = Closed({ download: Type.Optional(Type.Boolean({ title: 'Download' })) });
export const AttentionQuery = Closed(PageQuery);

export const Tin = Type.String({ pattern: `^[0-9]{${TIN_LENGTH}}$`, maxLength: TIN_LENGTH, title: einvoicingFields.tin.label, errorMessage: 'must be the 10 digits of the Tax Identification Number' });
export const ClientReadiness = Type.Object({
  client_id: Type.Integer(),
  /** The TIN recorded, else the TRN's first 10 digits (tin_from_trn): what its documents are addressed to. */
  tin: Nullable(Type.String()),
  tin_from_trn: Type.Boolean(),
  revenue_band: Nullable(Type.Enum(REVENUE_BANDS)),
  asp_name: Nullable(Type.String()),
  asp_appointed_on: Nullable(Type.String()),
  /** From the band: appoint an ASP by, and go live on. */
  asp_deadline: Nullable(Type.String()),
  go_live: Nullable(Type.String()),
  /** No ASP while its deadline is within 90 days or past. */
  not_ready: Type.Boolean(),
  /** The ASP deadline passed with no ASP, or the ASP was appointed after it. */
  late: Type.Boolean(),
  /** What the readiness chip says ('Not ready', 'ASP appointed', 'ASP appointed late: ...'); null when nothing is due yet. */
  standing: Nullable(Type.String()),
  version: Type.Integer(),
  can_edit: Type.Boolean(),
});
export type ClientReadiness = Static<typeof ClientReadiness>;

export const ClientReadinessBody = Closed({
  /** The version read (leave out for a client that has no record yet). */
  version: Type.Optional(Version),
  tin: Nullable(Tin),
  revenue_band: Nullable(Type.Enum(REVENUE_BANDS, { title: einvoicingFields.revenueBand.label })),
  asp_name: Nullable(Line(MAX_ASP_NAME_LENGTH, { title: einvoicingFields.asp.label, minLength: 1 })),
  asp_appointed_on: Nullable(CalendarDate(einvoicingFields.aspAppointedOn.label)),
});
export type ClientReadinessBody = Static<typeof ClientReadinessBody>;

const unsynced = access.page('unsynced-inv');
const visible = "Only invoices of clients the caller sees; sending is ADMIN's and the client's bookkeeper's (the store decides).";
const invoiceParams = IdParams('invoiceId');
const clientParams = IdParams('clientId');

export const einvoicingEndpoints = endpoints('einvoicing', einvoicingRoutes, {
  xml: { summary: "An invoice's PINT AE document as issued", access: unsynced, ownership: visible, params: invoiceParams, query: XmlQuery, raw: { contentTypes: ['application/xml'], description: 'The UBL 2.1 document' } },
  status: { summary: "An e-invoice's state with the ASP and its history", access: unsynced, ownership: visible, params: invoiceParams, response: { 200: EinvoiceStatus } },
  send: { summary: 'Send an e-invoice (again) now', access: unsynced, ownership: visible, params: invoiceParams, headers: IdempotencyHeaders, body: SendBody, response: { 200: EinvoiceStatus } },
  summary: { summary: 'Whether e-invoicing is on, and the e-invoices needing attention', access: unsynced, ownership: visible, response: { 200: EinvoiceSummary } },
  attention: { summary: 'The e-invoices needing attention', access: unsynced, ownership: visible, query: AttentionQuery, response: { 200: Page(EinvoiceListItem) } },
  clientReadiness: { summary: "A client's readiness for the e-invoicing mandate", access: access.page('clients'), ownership: 'Only clients the caller sees.', params: clientParams, response: { 200: ClientReadiness } },
  updateClientReadiness: { summary: "Record a client's TIN, revenue band and ASP", access: access.page('clients'), ownership: "ADMIN's and the client's bookkeeper's (the store decides).", params: clientParams, headers: IdempotencyHeaders, body: ClientReadinessBody, response: { 200: ClientReadiness } },
});
