/**
 * The clients area's paths (relative to API_BASE) and the list's query vocabulary: plain code, so the console
 * imports them without the schema library (it imports clients.ts for types only). Covers clients, their
 * subscriptions, documents, monthly reports, monthly insights and compliance deadlines, and the client's own
 * me/ reads.
 */
const segment = (value: string | number) => encodeURIComponent(String(value));

export const clientPaths = {
  /** GET: the Clients list (?search=&plan=&bookkeeper=&vat_registered=&licence_expiring=&status=&sort=&page=&page_size=). */
  list: 'clients/',
  /** GET with the list's filters: every matching client as a streamed CSV file. */
  export: 'clients/export/',
  /** GET: who may be a client's bookkeeper or reviewer (the team pickers and the list's bookkeeper filter). */
  teamChoices: 'clients/team-choices/',
  /** GET one client; PATCH its profile or team (with its version). */
  client: (clientId: number | string) => `clients/${segment(clientId)}`,
  /** GET: the client's timeline, newest first. */
  events: (clientId: number | string) => `clients/${segment(clientId)}/events`,
  /** GET: the client's documents (onboarding ones included) and document requests; POST uploads one. */
  documents: (clientId: number | string) => `clients/${segment(clientId)}/documents`,
  /** GET: a document's bytes (?download=true for an attachment). */
  document: (clientId: number | string, documentId: number | string) => `clients/${segment(clientId)}/documents/${segment(documentId)}`,
  /** GET: the bytes of a document uploaded during onboarding. */
  onboardingDocument: (clientId: number | string, documentId: number | string) => `clients/${segment(clientId)}/onboarding-documents/${segment(documentId)}`,
  /** POST: asks the client for a document (the client is notified). */
  documentRequests: (clientId: number | string) => `clients/${segment(clientId)}/document-requests`,
  cancelDocumentRequest: (clientId: number | string, requestId: number | string) => `clients/${segment(clientId)}/document-requests/${segment(requestId)}/cancel`,
  /** GET: the compliance calendar: open deadlines (with days left) and the ones filed. */
  deadlines: (clientId: number | string) => `clients/${segment(clientId)}/deadlines`,
  /** POST { key, reference }: marks a deadline filed. */
  fileDeadline: (clientId: number | string) => `clients/${segment(clientId)}/deadlines/file`,

  /** GET ?client=&status=: subscriptions; POST starts one for a client with none in force. */
  subscriptions: 'subscriptions/',
  subscription: (subscriptionId: number | string) => `subscriptions/${segment(subscriptionId)}`,
  /** POST { plan_id, cycle, version }: the change takes effect at the next renewal (the current plan and cycle withdraw it). */
  changeSubscription: (subscriptionId: number | string) => `subscriptions/${segment(subscriptionId)}/change`,
  pauseSubscription: (subscriptionId: number | string) => `subscriptions/${segment(subscriptionId)}/pause`,
  resumeSubscription: (subscriptionId: number | string) => `subscriptions/${segment(subscriptionId)}/resume`,
  cancelSubscription: (subscriptionId: number | string) => `subscriptions/${segment(subscriptionId)}/cancel`,

  /** GET ?client=&month=&state=: monthly reports; POST { client_id, month, summary } starts a draft (or a new version of a published month). */
  reports: 'monthly-reports/',
  /** GET one report; PATCH { summary, version }. */
  report: (reportId: number | string) => `monthly-reports/${segment(reportId)}`,
  /** GET the PDF (?download=true); PUT { file_name, content_base64, version } replaces a draft's PDF. */
  reportFile: (reportId: number | string) => `monthly-reports/${segment(reportId)}/file`,
  submitReport: (reportId: number | string) => `monthly-reports/${segment(reportId)}/submit`,
  approveReport: (reportId: number | string) => `monthly-reports/${segment(reportId)}/approve`,
  returnReport: (reportId: number | string) => `monthly-reports/${segment(reportId)}/return`,
  publishReport: (reportId: number | string) => `monthly-reports/${segment(reportId)}/publish`,

  /** GET ?client=&from=&to=: a client's monthly figures, oldest month first (the last 12 months by default). */
  insights: 'monthly-insights/',
  /** PUT the figures of one month ('YYYY-MM'). */
  insightMonth: (clientId: number | string, month: string) => `monthly-insights/${segment(clientId)}/${segment(month)}`,
  /** POST { client_id, csv }: all rows or none. */
  importInsights: 'monthly-insights/import',

  /** The signed-in client's own published reports, insights and document requests (CLIENT role only). */
  myReports: 'me/monthly-reports',
  myReportFile: (reportId: number | string) => `me/monthly-reports/${segment(reportId)}/file`,
  myInsights: 'me/monthly-insights',
  myDocumentRequests: 'me/document-requests',
  myDocumentUpload: (requestId: number | string) => `me/document-requests/${segment(requestId)}/upload`,
} as const;

/** The list's orders; '-' first is descending. Default: legal name A-Z. */
export const CLIENT_SORTS = [
  'legal_name',
  '-legal_name',
  'next_deadline',
  '-next_deadline',
  'licence_expires_on',
  '-licence_expires_on',
  'activated_at',
  '-activated_at',
] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];
export const DEFAULT_CLIENT_SORT: ClientSort = 'legal_name';

/**
 * The bookkeeper filter: a staff id, 'none' (no bookkeeper yet) or 'mine' (the caller is the client's
 * bookkeeper or reviewer; the console's default for a bookkeeper).
 */
/** The reports list's review filter: 'mine' is the reports submitted for the caller's review ('Waiting for my review'). */
export const REPORT_REVIEW_FILTERS = ['mine'] as const;
export const BOOKKEEPER_MINE = 'mine';
export const BOOKKEEPER_NONE = 'none';
export const BOOKKEEPER_FILTER_PATTERN = '^(mine|none|[1-9][0-9]{0,9})$';

/** How many months the insights chart and the reports' status strip show. */
export const INSIGHT_MONTHS_SHOWN = 12;
