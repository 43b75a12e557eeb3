/**
 * The clients area: the Clients list and its export, one client (profile, team, subscription), its
 * subscriptions and their actions, documents and document requests, monthly reports and their review,
 * monthly insights (per month and CSV import), the compliance calendar, the timeline, and the client's own
 * me/ reads. Schemas here are the routes' validation and serialisation; the types are derived from them.
 * Money is integer fils, dates are calendar dates (YYYY-MM-DD) in Dubai, months 'YYYY-MM'.
 */
import { Type, type Static } from 'typebox';
import { ClientFreeze } from './aml-freeze.ts';
import {
  CANCEL_REASONS,
  CLIENT_DOCUMENT_KINDS,
  CLIENT_STATUSES,
  LICENCE_EXPIRY_WINDOWS,
  MAX_ADDRESS_LENGTH,
  MAX_AUTHORITY_LENGTH,
  MAX_CORPORATE_TAX_NUMBER_LENGTH,
  MAX_INSIGHT_FILS,
  MAX_INSIGHTS_CSV_LENGTH,
  MAX_LEGAL_NAME_LENGTH,
  MAX_LICENCE_NUMBER_LENGTH,
  MAX_NOTE_LENGTH,
  MAX_PHONE_LENGTH,
  MAX_REASON_LENGTH,
  MAX_REFERENCE_LENGTH,
  MAX_SUMMARY_LENGTH,
  REPORT_STATES,
  TRN_PATTERN,
  CLIENT_TIMELINE_GROUPS,
} from '../clients.ts';
import { DEADLINE_KINDS, VAT_PERIODS } from '../compliance.ts';
import { AUDIT_ENTITIES, CLIENT_EVENT_KINDS } from '../events.ts';
import { DOCUMENT_CONTENT_TYPES, MAX_DOCUMENT_BYTES, MAX_FILE_NAME_LENGTH } from '../review.ts';
import { BillingCycleSchema } from './plans.ts';
import { bulkActions } from './bulk.ts';
import { Tin } from './einvoicing.ts';
import { access, endpoints } from './endpoint.ts';
import { CalendarDate, Closed, Email, Id, IdempotencyHeaders, IdParams, Instant, Line, NoBody, Nullable, Page, PageQuery, Paragraphs, PersonRef, Search, Version } from './shared.ts';
import { BOOKKEEPER_FILTER_PATTERN, CLIENT_SORTS, EINVOICING_CLIENT_FILTERS, REPORT_REVIEW_FILTERS, clientsBulkLabels, clientsRoutes } from './clients-paths.ts';

export {
  BOOKKEEPER_MINE,
  BOOKKEEPER_NONE,
  CLIENT_SORTS,
  DEFAULT_CLIENT_SORT,
  INSIGHT_MONTHS_SHOWN,
  clientsRoutes,
  type ClientSort,
} from './clients-paths.ts';
import { clientFields } from './clients-fields.ts';

const ClientStatusSchema = Type.Enum(CLIENT_STATUSES, { title: clientFields.status.label });
const DocumentKindSchema = Type.Enum(CLIENT_DOCUMENT_KINDS, { title: 'Document kind' });
const ContentTypeSchema = Type.Enum(DOCUMENT_CONTENT_TYPES, { title: 'Content type' });
const DeadlineKindSchema = Type.Enum(DEADLINE_KINDS);
const ReportStateSchema = Type.Enum(REPORT_STATES, { title: 'State' });
const VatPeriodSchema = Type.Enum(VAT_PERIODS, { title: clientFields.vatPeriod.label });
const Month = (title = 'Month') => Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$', maxLength: 7, errorMessage: 'must be a month written YYYY-MM', title });
const MonthNumber = (title: string) => Type.Integer({ minimum: 1, maximum: 12, title });
const Fils = (title: string, minimum = -MAX_INSIGHT_FILS) => Type.Integer({ minimum, maximum: MAX_INSIGHT_FILS, title });

/** A plan as a subscription names it. */
export const PlanRef = Type.Object({ id: Type.Integer(), code: Type.String(), name: Type.String(), monthly_price_fils: Type.Integer() });
export type PlanRef = Static<typeof PlanRef>;

/** The nearest open deadline of a client, as the list and the header show it. */
export const NextDeadline = Type.Object({ key: Type.String(), kind: DeadlineKindSchema, title: Type.String(), due_on: Type.String(), days_left: Type.Integer() });
export type NextDeadline = Static<typeof NextDeadline>;

// ------------------------------------------------------------------------------------------------ list

const listFilters = {
  /** Case-insensitive, literal contains match on legal name, trade licence number or TRN. */
  search: Type.Optional(Search),
  plan: Type.Optional(Id(clientFields.plan.label)),
  /** A staff id, 'none' or 'mine' (the caller is the bookkeeper or the reviewer). */
  bookkeeper: Type.Optional(Type.String({ pattern: BOOKKEEPER_FILTER_PATTERN, maxLength: 10, errorMessage: "must be a staff id, 'mine' or 'none'", title: clientFields.bookkeeper.label })),
  vat_registered: Type.Optional(Type.Boolean({ title: clientFields.vatRegistered.label })),
  /** Licences expiring within this many days (already expired ones included). */
  licence_expiring: Type.Optional(Type.Enum(LICENCE_EXPIRY_WINDOWS, { title: 'Licence expiring' })),
  status: Type.Optional(ClientStatusSchema),
  /** not_ready: no e-invoicing ASP while the client's appointment deadline is within 90 days or past. */
  einvoicing: Type.Optional(Type.Enum(EINVOICING_CLIENT_FILTERS, { title: clientFields.einvoicing.label })),
  sort: Type.Optional(Type.Enum(CLIENT_SORTS, { title: 'Sort' })),
};

/** GET clients/ */
export const ClientQuery = Closed({ ...listFilters, ...PageQuery });
export type ClientQuery = Static<typeof ClientQuery>;

/** GET clients/export/: the list's filters, every page. */
export const ClientExportQuery = Closed(listFilters);
export type ClientExportQuery = Static<typeof ClientExportQuery>;

export const ClientListItem = Type.Object({
  id: Type.Integer(),
  legal_name: Type.String(),
  trade_licence_number: Type.String(),
  trn: Nullable(Type.String()),
  vat_registered: Type.Boolean(),
  status: ClientStatusSchema,
  /** The subscription in force (or the last one of a cancelled client). */
  plan: Nullable(PlanRef),
  cycle: Nullable(BillingCycleSchema),
  bookkeeper: Nullable(PersonRef),
  next_deadline: Nullable(NextDeadline),
  licence_expires_on: Type.String(),
  /** Negative once expired. */
  licence_days_left: Type.Integer(),
  /** Frozen by a confirmed sanctions match: every write for it is refused until the freeze is lifted. */
  frozen: Type.Boolean(),
});
export type ClientListItem = Static<typeof ClientListItem>;

/** GET clients/team-choices/ */
export const TeamChoices = Type.Object({ bookkeepers: Type.Array(PersonRef), reviewers: Type.Array(PersonRef) });
export type TeamChoices = Static<typeof TeamChoices>;

// --------------------------------------------------------------------------------------------- subscription

export const SubscriptionPrice = Type.Object({ net_fils: Type.Integer(), vat_fils: Type.Integer(), total_fils: Type.Integer() });

export const Subscription = Type.Object({
  id: Type.Integer(),
  client_id: Type.Integer(),
  version: Type.Integer(),
  status: ClientStatusSchema,
  plan: PlanRef,
  cycle: BillingCycleSchema,
  /** A negotiated discount on top of the cycle's own, basis points. */
  discount_bp: Type.Integer(),
  /** Why the negotiated discount was given, carried from Plan Approval; null without one. */
  discount_note: Nullable(Type.String()),
  /** What each cycle costs: net, 5 % VAT and total, fils. */
  price: SubscriptionPrice,
  starts_on: Type.String(),
  next_renewal_on: Type.String(),
  paused_on: Nullable(Type.String()),
  cancelled_on: Nullable(Type.String()),
  cancel_reason: Nullable(Type.Enum(CANCEL_REASONS)),
  cancel_note: Nullable(Type.String()),
  /** A plan or cycle change waiting for the next renewal, priced as it will be. */
  scheduled: Nullable(Type.Object({ plan: PlanRef, cycle: BillingCycleSchema, effective_on: Type.String(), price: SubscriptionPrice })),
  created_at: Instant,
});
export type Subscription = Static<typeof Subscription>;

/** GET subscriptions/?client=&status= */
export const SubscriptionQuery = Closed({ client: Type.Optional(Id('Client')), status: Type.Optional(ClientStatusSchema), ...PageQuery });
export type SubscriptionQuery = Static<typeof SubscriptionQuery>;

/** POST subscriptions/: a new subscription for a client with none in force (a cancelled client coming back). */
export const NewSubscriptionBody = Closed({
  client_id: Id('Client'),
  plan_id: Id(clientFields.plan.label),
  cycle: BillingCycleSchema,
  discount_bp: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000, title: 'Discount' })),
  starts_on: CalendarDate('Start date'),
});
export type NewSubscriptionBody = Static<typeof NewSubscriptionBody>;

/** POST subscriptions/{id}/change */
export const ChangeSubscriptionBody = Closed({ plan_id: Id(clientFields.plan.label), cycle: BillingCycleSchema, version: Version });
export type ChangeSubscriptionBody = Static<typeof ChangeSubscriptionBody>;

/** POST subscriptions/{id}/pause and /resume; monthly-reports/{id}/submit, /approve, /publish */
export const VersionBody = Closed({ version: Version });
export type VersionBody = Static<typeof VersionBody>;

/** POST subscriptions/{id}/cancel */
export const CancelSubscriptionBody = Closed({
  reason: Type.Enum(CANCEL_REASONS, { title: clientFields.cancelReason.label }),
  note: Paragraphs(clientFields.cancelNote.max, { title: clientFields.cancelNote.label }),
  version: Version,
});
export type CancelSubscriptionBody = Static<typeof CancelSubscriptionBody>;

// ------------------------------------------------------------------------------------------------ client

/** What the caller may do on this client (the console shows only those buttons; the back end checks again). */
export const ClientPermissions = Type.Object({
  /** Profile, documents, reports, insights, deadlines, subscription: ADMIN and the assigned bookkeeper. */
  edit: Type.Boolean(),
  /** Change the bookkeeper or reviewer: ADMIN. */
  reassign: Type.Boolean(),
  /** Approve or return reports in review: REVIEWER and ADMIN (never one's own submission). */
  review: Type.Boolean(),
});
export type ClientPermissions = Static<typeof ClientPermissions>;

export const ClientDetail = Type.Object({
  id: Type.Integer(),
  version: Type.Integer(),
  status: ClientStatusSchema,
  legal_name: Type.String(),
  trade_licence_number: Type.String(),
  licensing_authority: Type.String(),
  legal_form: Type.String(),
  licence_expires_on: Type.String(),
  licence_days_left: Type.Integer(),
  vat_registered: Type.Boolean(),
  trn: Nullable(Type.String()),
  /** The TIN its e-invoices are addressed to: the one recorded, else its TRN's first 10 digits. */
  tin: Nullable(Type.String()),
  vat_period: Nullable(VatPeriodSchema),
  vat_first_period_end_month: Nullable(Type.Integer()),
  corporate_tax_number: Nullable(Type.String()),
  financial_year_end_month: Type.Integer(),
  email: Type.String(),
  phone: Type.String(),
  address: Type.String(),
  activated_at: Instant,
  /** The onboarding registration it came from (its client user's id keys the registration pages). */
  registration: Nullable(Type.Object({ user_id: Type.Integer(), registration_id: Type.String() })),
  /** The client's users (their sign-in accounts). */
  contacts: Type.Array(PersonRef),
  bookkeeper: Nullable(PersonRef),
  reviewer: Nullable(PersonRef),
  subscription: Nullable(Subscription),
  next_deadline: Nullable(NextDeadline),
  open_document_requests: Type.Integer(),
  can: ClientPermissions,
  /** The freeze a confirmed sanctions match put on it (null: none); staff only. */
  frozen: Nullable(ClientFreeze),
});
export type ClientDetail = Static<typeof ClientDetail>;

/** PATCH clients/{id}: any profile field and, for ADMIN, the team; with the version the user saw. */
export const UpdateClientBody = Closed({
  version: Version,
  legal_name: Type.Optional(Line(MAX_LEGAL_NAME_LENGTH, { minLength: 1, title: clientFields.legalName.label })),
  trade_licence_number: Type.Optional(Line(MAX_LICENCE_NUMBER_LENGTH, { minLength: 1, title: clientFields.tradeLicenceNumber.label })),
  licensing_authority: Type.Optional(Line(MAX_AUTHORITY_LENGTH, { minLength: 1, title: clientFields.licensingAuthority.label })),
  legal_form: Type.Optional(Line(MAX_AUTHORITY_LENGTH, { minLength: 1, title: clientFields.legalForm.label })),
  licence_expires_on: Type.Optional(CalendarDate(clientFields.licenceExpiry.label)),
  vat_registered: Type.Optional(Type.Boolean({ title: clientFields.vatRegistered.label })),
  trn: Type.Optional(Nullable(Type.String({ pattern: TRN_PATTERN, maxLength: clientFields.trn.max, errorMessage: 'must be the 15 digits of the tax registration number', title: clientFields.trn.label }))),
  vat_period: Type.Optional(Nullable(VatPeriodSchema)),
  /** The TIN its e-invoices are addressed to; with a TRN, the TRN's first 10 digits. */
  tin: Type.Optional(Nullable(Tin)),
  vat_first_period_end_month: Type.Optional(Nullable(MonthNumber('First VAT period end month'))),
  corporate_tax_number: Type.Optional(Nullable(Line(MAX_CORPORATE_TAX_NUMBER_LENGTH, { minLength: 1, title: clientFields.corporateTaxNumber.label }))),
  financial_year_end_month: Type.Optional(MonthNumber('Financial year end month')),
  email: Type.Optional(Email),
  phone: Type.Optional(Line(MAX_PHONE_LENGTH, { minLength: 5, title: clientFields.phone.label })),
  address: Type.Optional(Line(MAX_ADDRESS_LENGTH, { minLength: 1, title: clientFields.address.label })),
  bookkeeper_id: Type.Optional(Nullable(Id(clientFields.bookkeeper.label))),
  reviewer_id: Type.Optional(Nullable(Id(clientFields.reviewer.label))),
});
export type UpdateClientBody = Static<typeof UpdateClientBody>;

// ------------------------------------------------------------------------------------------------ timeline

/** One event of the client's timeline: a sentence for people, and the event's own data. */
export const ClientTimelineEvent = Type.Object({
  id: Type.Integer(),
  kind: Type.Enum(CLIENT_EVENT_KINDS),
  entity: Type.Enum(AUDIT_ENTITIES),
  group: Type.Enum(CLIENT_TIMELINE_GROUPS),
  summary: Type.String(),
  actor: Nullable(PersonRef),
  created_at: Instant,
  data: Type.Record(Type.String(), Type.Unknown()),
});
export type ClientTimelineEvent = Static<typeof ClientTimelineEvent>;
export const ClientTimeline = Type.Array(ClientTimelineEvent);

/** GET clients/{id}/events?group=: one group of news, or all. */
export const ClientTimelineQuery = Closed({ group: Type.Optional(Type.Enum(CLIENT_TIMELINE_GROUPS, { title: 'Group' })) });
export type ClientTimelineQuery = Static<typeof ClientTimelineQuery>;

// ----------------------------------------------------------------------------------------------- documents

/** Base64 grows a file by a third. */
export const MAX_DOCUMENT_BASE64 = Math.ceil(MAX_DOCUMENT_BYTES / 3) * 4;
const FileName = Type.String({ minLength: 1, maxLength: MAX_FILE_NAME_LENGTH, title: 'File name' });
const Base64File = Type.String({ minLength: 1, maxLength: MAX_DOCUMENT_BASE64, pattern: '^[A-Za-z0-9+/]*={0,2}$', errorMessage: 'must be base64', title: 'File' });

export const ClientDocument = Type.Object({
  id: Type.Integer(),
  /** 'onboarding': uploaded during onboarding (its bytes are at clientsEndpoints.onboardingDocument). */
  source: Type.Enum(['client', 'onboarding']),
  kind: DocumentKindSchema,
  file_name: Type.String(),
  content_type: ContentTypeSchema,
  size_bytes: Type.Integer(),
  expires_on: Nullable(Type.String()),
  expiry_days_left: Nullable(Type.Integer()),
  uploaded_at: Instant,
  uploaded_by: Nullable(PersonRef),
  /** The request this upload answered. */
  request_id: Nullable(Type.Integer()),
});
export type ClientDocument = Static<typeof ClientDocument>;

export const DocumentRequest = Type.Object({
  id: Type.Integer(),
  kind: DocumentKindSchema,
  note: Type.String(),
  due_on: Nullable(Type.String()),
  status: Type.Enum(['open', 'fulfilled', 'cancelled']),
  requested_at: Instant,
  requested_by: Nullable(PersonRef),
  closed_at: Nullable(Instant),
  document_id: Nullable(Type.Integer()),
});
export type DocumentRequest = Static<typeof DocumentRequest>;

/** GET clients/{id}/documents: newest first; open requests first, then the closed ones. */
export const ClientDocuments = Type.Object({ documents: Type.Array(ClientDocument), requests: Type.Array(DocumentRequest) });
export type ClientDocuments = Static<typeof ClientDocuments>;

/** POST clients/{id}/documents: a PDF, PNG or JPEG up to 5 MB; trade licence, passport and Emirates ID need their expiry. */
export const ClientDocumentUploadBody = Closed({
  kind: DocumentKindSchema,
  file_name: FileName,
  content_type: ContentTypeSchema,
  content_base64: Base64File,
  expires_on: Type.Optional(CalendarDate(clientFields.documentExpiry.label)),
  /** An open request this upload answers (it is then fulfilled). */
  request_id: Type.Optional(Id('Request')),
});
export type ClientDocumentUploadBody = Static<typeof ClientDocumentUploadBody>;

/** POST clients/{id}/document-requests */
export const DocumentRequestBody = Closed({
  kind: DocumentKindSchema,
  note: Paragraphs(MAX_NOTE_LENGTH, { minLength: 1, title: 'What is asked' }),
  due_on: Type.Optional(CalendarDate('Due date')),
});
export type DocumentRequestBody = Static<typeof DocumentRequestBody>;

export const FileQuery = Closed({ download: Type.Optional(Type.Boolean({ title: 'Download' })) });

// ----------------------------------------------------------------------------------------------- deadlines

export const OpenDeadline = Type.Object({
  key: Type.String(),
  kind: DeadlineKindSchema,
  title: Type.String(),
  period_start: Nullable(Type.String()),
  period_end: Nullable(Type.String()),
  due_on: Type.String(),
  /** The rule's own date when the due date moved off a weekend or holiday. */
  moved_from: Nullable(Type.String()),
  /** Negative once overdue. */
  days_left: Type.Integer(),
});
export type OpenDeadline = Static<typeof OpenDeadline>;

export const FiledDeadline = Type.Object({
  key: Type.String(),
  kind: DeadlineKindSchema,
  title: Type.String(),
  due_on: Type.String(),
  reference: Type.String(),
  filed_at: Instant,
  filed_by: Nullable(PersonRef),
});
export type FiledDeadline = Static<typeof FiledDeadline>;

/** GET clients/{id}/deadlines: open ones by due date (overdue first), filed ones newest first (the last 12 months). */
export const ClientDeadlines = Type.Object({ today: Type.String(), open: Type.Array(OpenDeadline), filed: Type.Array(FiledDeadline) });
export type ClientDeadlines = Static<typeof ClientDeadlines>;

/** POST clients/{id}/deadlines/file */
export const FileDeadlineBody = Closed({
  key: Type.String({ pattern: '^[a-z_]{1,40}:[0-9]{4}-[0-9]{2}(-[0-9]{2})?$', maxLength: 60, errorMessage: 'must be the key of one of the client’s deadlines', title: 'Deadline' }),
  reference: Line(MAX_REFERENCE_LENGTH, { minLength: 1, title: 'Reference' }),
});
export type FileDeadlineBody = Static<typeof FileDeadlineBody>;

// ------------------------------------------------------------------------------------------------- reports

export const MonthlyReport = Type.Object({
  id: Type.Integer(),
  client_id: Type.Integer(),
  client_name: Type.String(),
  month: Type.String(),
  /** 1 for the month's first report; a new version of a published month counts on. */
  revision: Type.Integer(),
  state: ReportStateSchema,
  summary: Type.String(),
  file: Nullable(Type.Object({ file_name: Type.String(), size_bytes: Type.Integer(), uploaded_at: Instant })),
  /** Why a reviewer returned it (kept while it is worked on again). */
  return_reason: Nullable(Type.String()),
  created_by: Nullable(PersonRef),
  created_at: Instant,
  submitted_by: Nullable(PersonRef),
  submitted_at: Nullable(Instant),
  reviewed_by: Nullable(PersonRef),
  reviewed_at: Nullable(Instant),
  published_by: Nullable(PersonRef),
  published_at: Nullable(Instant),
  version: Type.Integer(),
  /** What the caller may do with it now. */
  can: Type.Object({ edit: Type.Boolean(), submit: Type.Boolean(), review: Type.Boolean(), publish: Type.Boolean(), new_version: Type.Boolean() }),
});
export type MonthlyReport = Static<typeof MonthlyReport>;

/** GET monthly-reports/?client=&month=&state=&review=: newest month first, then newest revision. */
export const ReportQuery = Closed({
  client: Type.Optional(Id('Client')),
  month: Type.Optional(Month()),
  state: Type.Optional(ReportStateSchema),
  /** mine: submitted, waiting for the caller's decision (see addWaitingForMyReview in the clients module). */
  review: Type.Optional(Type.Enum(REPORT_REVIEW_FILTERS, { title: 'Review' })),
  ...PageQuery,
});
export type ReportQuery = Static<typeof ReportQuery>;

/** POST monthly-reports/ */
export const NewReportBody = Closed({ client_id: Id('Client'), month: Month(), summary: Type.Optional(Paragraphs(MAX_SUMMARY_LENGTH, { title: 'Summary' })) });
export type NewReportBody = Static<typeof NewReportBody>;

/** PATCH monthly-reports/{id} */
export const UpdateReportBody = Closed({ summary: Paragraphs(MAX_SUMMARY_LENGTH, { title: 'Summary' }), version: Version });
export type UpdateReportBody = Static<typeof UpdateReportBody>;

/** PUT monthly-reports/{id}/file: the report's PDF, up to 5 MB. */
export const ReportFileBody = Closed({ file_name: FileName, content_base64: Base64File, version: Version });
export type ReportFileBody = Static<typeof ReportFileBody>;

/** POST monthly-reports/{id}/return */
export const ReturnReportBody = Closed({ reason: Paragraphs(MAX_REASON_LENGTH, { minLength: 1, title: 'Reason' }), version: Version });
export type ReturnReportBody = Static<typeof ReturnReportBody>;

// ------------------------------------------------------------------------------------------------ insights

const figures = {
  revenue_fils: Fils('Revenue', 0),
  expenses_fils: Fils('Expenses', 0),
  net_profit_fils: Fils('Net profit'),
  cash_at_bank_fils: Fils('Cash at bank'),
  vat_payable_fils: Fils('VAT payable'),
};

export const MonthlyInsight = Type.Object({
  month: Type.String(),
  revenue_fils: Type.Integer(),
  expenses_fils: Type.Integer(),
  net_profit_fils: Type.Integer(),
  cash_at_bank_fils: Type.Integer(),
  vat_payable_fils: Type.Integer(),
  version: Type.Integer(),
  updated_at: Instant,
  updated_by: Nullable(PersonRef),
});
export type MonthlyInsight = Static<typeof MonthlyInsight>;

/** GET monthly-insights/?client=&from=&to=: months without figures are absent. */
export const InsightsQuery = Closed({ client: Id('Client'), from: Type.Optional(Month('From')), to: Type.Optional(Month('To')) });
export type InsightsQuery = Static<typeof InsightsQuery>;

export const ClientInsights = Type.Object({ client_id: Type.Integer(), from: Type.String(), to: Type.String(), months: Type.Array(MonthlyInsight) });
export type ClientInsights = Static<typeof ClientInsights>;

/** PUT monthly-insights/{clientId}/{month}: version null for a month without figures yet. */
export const PutInsightBody = Closed({ ...figures, version: Nullable(Version) });
export type PutInsightBody = Static<typeof PutInsightBody>;

export const InsightMonthParams = Closed({ clientId: Id('Client'), month: Month() });

/** POST monthly-insights/import */
export const ImportInsightsBody = Closed({ client_id: Id('Client'), csv: Paragraphs(MAX_INSIGHTS_CSV_LENGTH, { minLength: 1, title: 'CSV file' }) });
export type ImportInsightsBody = Static<typeof ImportInsightsBody>;

export const ImportInsightsResult = Type.Object({ created: Type.Integer(), updated: Type.Integer(), months: Type.Array(MonthlyInsight) });
export type ImportInsightsResult = Static<typeof ImportInsightsResult>;

// ---------------------------------------------------------------------------------------------- the client

/** GET me/monthly-reports: the caller's published reports (and the versions they superseded), newest month first. */
export const MyReport = Type.Object({
  id: Type.Integer(),
  month: Type.String(),
  revision: Type.Integer(),
  summary: Type.String(),
  file_name: Type.String(),
  published_at: Instant,
  /** A newer version of the month was published since. */
  superseded: Type.Boolean(),
});
export type MyReport = Static<typeof MyReport>;
export const MyReports = Type.Array(MyReport);

export const MyInsight = Type.Omit(MonthlyInsight, ['version', 'updated_at', 'updated_by']);
export type MyInsight = Static<typeof MyInsight>;
export const MyInsights = Type.Array(MyInsight);

export const MyDocumentRequest = Type.Pick(DocumentRequest, ['id', 'kind', 'note', 'due_on', 'status', 'requested_at']);
export type MyDocumentRequest = Static<typeof MyDocumentRequest>;
export const MyDocumentRequests = Type.Array(MyDocumentRequest);

/** POST me/document-requests/{id}/upload: the document asked for. */
export const MyDocumentUploadBody = Closed({
  file_name: FileName,
  content_type: ContentTypeSchema,
  content_base64: Base64File,
  expires_on: Type.Optional(CalendarDate(clientFields.documentExpiry.label)),
});
export type MyDocumentUploadBody = Static<typeof MyDocumentUploadBody>;

// ------------------------------------------------------------------------------------- the endpoint table

/** The Clients page's roles; which clients and what they may do there is the stores' rule. */
const clientsPage = access.page('clients');
const visible = 'Only clients the caller sees (another\'s answers 404); changing one is ADMIN\'s and its bookkeeper\'s, reviewing a report its reviewer\'s (the stores decide, 403).';
const own = 'The caller\'s own client only, found by the caller, never by a parameter.';
/** A document upload: the base64 file and the small envelope around it. */
const UPLOAD_BODY_LIMIT = MAX_DOCUMENT_BASE64 + 4096;
const read = { access: clientsPage, ownership: visible };
const write = { access: clientsPage, ownership: visible, headers: IdempotencyHeaders };
const clientParams = IdParams('clientId');
const subscriptionParams = IdParams('subscriptionId');
const reportParams = IdParams('reportId');
const file = (description: string) => ({ contentTypes: DOCUMENT_CONTENT_TYPES, description });
const pdf = { contentTypes: ['application/pdf'], description: 'The PDF, inline (?download=true: as an attachment)' };

export const clientsEndpoints = endpoints('clients', clientsRoutes, {
  list: { summary: 'The Clients list', ...read, query: ClientQuery, response: { 200: Page(ClientListItem) } },
  export: { summary: 'Every matching client as a streamed CSV file', ...read, query: ClientExportQuery, raw: { contentTypes: ['text/csv'], description: 'The CSV file, as an attachment' } },
  teamChoices: { summary: 'Who may be a client\'s bookkeeper or reviewer', access: clientsPage, response: { 200: TeamChoices } },
  client: { summary: 'One client', ...read, params: clientParams, response: { 200: ClientDetail } },
  updateClient: { summary: 'Change a client\'s profile or team', ...write, params: clientParams, body: UpdateClientBody, response: { 200: ClientDetail } },
  events: { summary: 'The client\'s timeline, newest first', ...read, params: clientParams, query: ClientTimelineQuery, response: { 200: ClientTimeline } },
  documents: { summary: 'The client\'s documents and document requests', ...read, params: clientParams, response: { 200: ClientDocuments } },
  uploadDocument: { summary: 'Upload a document of the client', ...write, params: clientParams, body: ClientDocumentUploadBody, response: { 201: ClientDocuments }, bodyLimit: UPLOAD_BODY_LIMIT, fileLimit: MAX_DOCUMENT_BYTES },
  document: { summary: 'A document\'s bytes', ...read, params: IdParams('clientId', 'documentId'), query: FileQuery, raw: file('The file, inline (?download=true: as an attachment)') },
  onboardingDocument: { summary: 'The bytes of a document uploaded during onboarding', ...read, params: IdParams('clientId', 'documentId'), query: FileQuery, raw: file('The file, inline (?download=true: as an attachment)') },
  requestDocument: { summary: 'Ask the client for a document', ...write, params: clientParams, body: DocumentRequestBody, response: { 201: ClientDocuments } },
  cancelDocumentRequest: { summary: 'Withdraw an open document request', ...write, params: IdParams('clientId', 'requestId'), body: NoBody, response: { 200: ClientDocuments } },
  deadlines: { summary: 'The compliance calendar', ...read, params: clientParams, response: { 200: ClientDeadlines } },
  fileDeadline: { summary: 'Mark a deadline filed', ...write, params: clientParams, body: FileDeadlineBody, response: { 200: ClientDeadlines }, errors: [409] },
  subscriptions: { summary: 'Subscriptions', ...read, query: SubscriptionQuery, response: { 200: Page(Subscription) } },
  startSubscription: { summary: 'Start a subscription for a client with none in force', ...write, body: NewSubscriptionBody, response: { 201: Subscription } },
  subscription: { summary: 'One subscription', ...read, params: subscriptionParams, response: { 200: Subscription } },
  changeSubscription: { summary: 'Change plan or cycle from the next renewal', ...write, params: subscriptionParams, body: ChangeSubscriptionBody, response: { 200: Subscription } },
  pauseSubscription: { summary: 'Pause a subscription', ...write, params: subscriptionParams, body: VersionBody, response: { 200: Subscription } },
  resumeSubscription: { summary: 'Resume a subscription', ...write, params: subscriptionParams, body: VersionBody, response: { 200: Subscription } },
  cancelSubscription: { summary: 'Cancel a subscription', ...write, params: subscriptionParams, body: CancelSubscriptionBody, response: { 200: Subscription } },
  reports: { summary: 'Monthly reports, newest month first', ...read, query: ReportQuery, response: { 200: Page(MonthlyReport) } },
  createReport: { summary: 'Start a monthly report (or the next revision of a published month)', ...write, body: NewReportBody, response: { 201: MonthlyReport } },
  report: { summary: 'One monthly report', ...read, params: reportParams, response: { 200: MonthlyReport } },
  updateReport: { summary: 'Change a report\'s summary', ...write, params: reportParams, body: UpdateReportBody, response: { 200: MonthlyReport } },
  reportFile: { summary: 'A report\'s PDF', ...read, params: reportParams, query: FileQuery, raw: pdf },
  uploadReportFile: { summary: 'Replace a report\'s PDF', ...write, params: reportParams, body: ReportFileBody, response: { 200: MonthlyReport }, bodyLimit: UPLOAD_BODY_LIMIT, fileLimit: MAX_DOCUMENT_BYTES },
  submitReport: { summary: 'Submit a report for review', ...write, params: reportParams, body: VersionBody, response: { 200: MonthlyReport } },
  approveReport: { summary: 'Approve a report (never who submitted it)', ...write, params: reportParams, body: VersionBody, response: { 200: MonthlyReport } },
  returnReport: { summary: 'Return a report with a reason', ...write, params: reportParams, body: ReturnReportBody, response: { 200: MonthlyReport } },
  publishReport: { summary: 'Publish an approved report to the client', ...write, params: reportParams, body: VersionBody, response: { 200: MonthlyReport } },
  insights: { summary: 'A client\'s monthly figures, oldest month first', ...read, query: InsightsQuery, response: { 200: ClientInsights } },
  putInsight: { summary: 'Set the figures of one month', ...write, params: InsightMonthParams, body: PutInsightBody, response: { 200: MonthlyInsight } },
  importInsights: {
    summary: 'Import monthly figures from CSV: every row or none',
    ...write,
    body: ImportInsightsBody,
    response: { 200: ImportInsightsResult },
    // A CSV's line breaks are escaped in JSON, so the body is up to about twice the file.
    bodyLimit: 256 * 1024,
  },
  myReports: { summary: 'The client\'s published reports', access: access.client, ownership: own, response: { 200: MyReports } },
  myReportFile: { summary: 'One of the client\'s report PDFs', access: access.client, ownership: own, params: reportParams, query: FileQuery, raw: pdf },
  myInsights: { summary: 'The client\'s last 12 months of figures', access: access.client, ownership: own, response: { 200: MyInsights } },
  myDocumentRequests: { summary: 'The documents asked of the client', access: access.client, ownership: own, response: { 200: MyDocumentRequests } },
  myDocumentUpload: {
    summary: 'The client uploads the document a request asks for',
    access: access.client,
    ownership: own,
    params: IdParams('requestId'),
    headers: IdempotencyHeaders,
    body: MyDocumentUploadBody,
    response: { 201: MyDocumentRequests },
    bodyLimit: UPLOAD_BODY_LIMIT,
    fileLimit: MAX_DOCUMENT_BYTES,
  },
});

/** The Clients list's bulk 'Assign bookkeeper' (null: none). */
export const clientsBulkActions = bulkActions('clients', clientsBulkLabels, { assign_bookkeeper: Closed({ bookkeeper_id: Nullable(Id(clientFields.bookkeeper.label)) }) });
