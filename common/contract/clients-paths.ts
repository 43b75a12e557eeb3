/**
 * The clients area's paths (relative to API_BASE) and the list's query vocabulary: plain code, so the console
 * imports them without the schema library (it imports clients.ts for types only). Covers clients, their
 * subscriptions, documents, monthly reports, monthly insights and compliance deadlines, and the client's own
 * me/ reads.
 */
import type { AreaChanges } from './endpoint.ts';

export const clientsRoutes = {
  /** The Clients list (?search=&plan=&bookkeeper=&vat_registered=&licence_expiring=&status=&einvoicing=&sort=&page=&page_size=). */
  list: 'GET /clients/',
  /** With the list's filters: every matching client as a streamed CSV file. */
  export: 'GET /clients/export/',
  /** Who may be a client's bookkeeper or reviewer (the team pickers and the list's bookkeeper filter). */
  teamChoices: 'GET /clients/team-choices/',
  client: 'GET /clients/:clientId',
  /** Its profile or team, with its version. */
  updateClient: 'PATCH /clients/:clientId',
  /** The client's timeline, newest first. */
  events: 'GET /clients/:clientId/events',
  /** The client's documents (onboarding ones included) and document requests. */
  documents: 'GET /clients/:clientId/documents',
  uploadDocument: 'POST /clients/:clientId/documents',
  /** A document's bytes (?download=true for an attachment). */
  document: 'GET /clients/:clientId/documents/:documentId',
  /** The bytes of a document uploaded during onboarding. */
  onboardingDocument: 'GET /clients/:clientId/onboarding-documents/:documentId',
  /** Asks the client for a document (the client is notified). */
  requestDocument: 'POST /clients/:clientId/document-requests',
  cancelDocumentRequest: 'POST /clients/:clientId/document-requests/:requestId/cancel',
  /** The compliance calendar: open deadlines (with days left) and the ones filed. */
  deadlines: 'GET /clients/:clientId/deadlines',
  /** { key, reference }: marks a deadline filed. */
  fileDeadline: 'POST /clients/:clientId/deadlines/file',

  /** ?client=&status= */
  subscriptions: 'GET /subscriptions/',
  /** Starts one for a client with none in force. */
  startSubscription: 'POST /subscriptions/',
  subscription: 'GET /subscriptions/:subscriptionId',
  /** { plan_id, cycle, version }: the change takes effect at the next renewal (the current plan and cycle withdraw it). */
  changeSubscription: 'POST /subscriptions/:subscriptionId/change',
  pauseSubscription: 'POST /subscriptions/:subscriptionId/pause',
  resumeSubscription: 'POST /subscriptions/:subscriptionId/resume',
  cancelSubscription: 'POST /subscriptions/:subscriptionId/cancel',

  /** ?client=&month=&state= */
  reports: 'GET /monthly-reports/',
  /** { client_id, month, summary }: a draft (or a new version of a published month). */
  createReport: 'POST /monthly-reports/',
  report: 'GET /monthly-reports/:reportId',
  /** { summary, version } */
  updateReport: 'PATCH /monthly-reports/:reportId',
  /** The PDF (?download=true). */
  reportFile: 'GET /monthly-reports/:reportId/file',
  /** { file_name, content_base64, version }: replaces a draft's PDF. */
  uploadReportFile: 'PUT /monthly-reports/:reportId/file',
  submitReport: 'POST /monthly-reports/:reportId/submit',
  approveReport: 'POST /monthly-reports/:reportId/approve',
  returnReport: 'POST /monthly-reports/:reportId/return',
  publishReport: 'POST /monthly-reports/:reportId/publish',

  /** ?client=&from=&to=: a client's monthly figures, oldest month first (the last 12 months by default). */
  insights: 'GET /monthly-insights/',
  /** The figures of one month ('YYYY-MM'). */
  putInsight: 'PUT /monthly-insights/:clientId/:month',
  /** { client_id, csv }: all rows or none. */
  importInsights: 'POST /monthly-insights/import',

  /** The signed-in client's own published reports, insights and document requests (CLIENT role only). */
  myReports: 'GET /me/monthly-reports',
  myReportFile: 'GET /me/monthly-reports/:reportId/file',
  myInsights: 'GET /me/monthly-insights',
  myDocumentRequests: 'GET /me/document-requests',
  myDocumentUpload: 'POST /me/document-requests/:requestId/upload',
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

/** The Clients list's bulk actions and their labels (params schemas: clientsBulkActions in clients.ts). */
export const clientsBulkLabels = { assign_bookkeeper: 'Assign bookkeeper' } as const;

/** The Clients list's e-invoicing filter (?einvoicing=not_ready): no ASP while its deadline is within 90 days or past (common/einvoicing-readiness.ts). */
export const EINVOICING_CLIENT_FILTERS = ['not_ready'] as const;
export type EinvoicingClientFilter = (typeof EINVOICING_CLIENT_FILTERS)[number];

/** Besides the clients: a client's bookkeeper is what My work lists. */
export const clientsChanges = {
  updateClient: ['work'],
} as const satisfies AreaChanges<typeof clientsRoutes>;
