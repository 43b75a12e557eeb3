/**
 * The clients area's calls (common/contract/clients.ts) and its cache keys. Every key starts with 'clients',
 * so a write invalidating ['clients'] refreshes the list, the client, its tabs and the timeline at once.
 */
import type {
  CancelSubscriptionBody,
  ChangeSubscriptionBody,
  ClientDocumentUploadBody,
  ClientExportQuery,
  ClientQuery,
  clientsEndpoints,
  DocumentRequestBody,
  FileDeadlineBody,
  PutInsightBody,
  ReportFileBody,
  UpdateClientBody,
} from '../../../../common/contract/clients.ts';
import { clientsChanges, clientsRoutes } from '../../../../common/contract/clients-paths.ts';
import type { ClientReadinessBody, einvoicingEndpoints } from '../../../../common/contract/einvoicing.ts';
import { einvoicingChanges, einvoicingRoutes } from '../../../../common/contract/einvoicing-paths.ts';
import type { amlEndpoints } from '../../../../common/contract/aml.ts';
import { amlChanges, amlRoutes } from '../../../../common/contract/aml-paths.ts';
import type { capacityEndpoints } from '../../../../common/contract/capacity.ts';
import { capacityRoutes } from '../../../../common/contract/capacity-paths.ts';
import type { plansEndpoints } from '../../../../common/contract/plans.ts';
import { plansRoutes } from '../../../../common/contract/plans-paths.ts';
import { clientEndpoints, useEndpoint } from '../../lib/endpoints.ts';
import { DEFAULT_PAGE_SIZE } from '../../../../common/contract/http.ts';
import type { ClientTimelineGroup } from '../../../../common/clients.ts';
import { refreshOnRecordChange } from '../../lib/notification-events.ts';
import { call } from '../../lib/call.ts';
import { saveFile } from '../../lib/save-file.ts';
import { useQuery, type QueryOptions } from '../../lib/use-query.ts';

export const clients = clientEndpoints<typeof clientsEndpoints>('clients', clientsRoutes, clientsChanges);
const plans = clientEndpoints<typeof plansEndpoints>('plans', plansRoutes);
export const einvoicing = clientEndpoints<typeof einvoicingEndpoints>('einvoicing', einvoicingRoutes, einvoicingChanges);
const aml = clientEndpoints<typeof amlEndpoints>('aml', amlRoutes, amlChanges);
const capacity = clientEndpoints<typeof capacityEndpoints>('capacity', capacityRoutes);

/** A client's month budget (its plan's hours against the time logged); the time entries' writes change it, so it is read fresh. */
export const useClientBudget = (id: number, month: string) => useEndpoint(capacity.clientBudget, { params: { id }, query: { month } }, { keepPrevious: true });

/** The freeze's lift on the client's registration (keyed by its client user's id, as the AML file is). */
export const requestFreezeLift = (userId: number, version: number, reason: string, headers: Record<string, string>) =>
  call(aml.requestFreezeLift, { params: { userId }, body: { version, reason }, headers });
export const approveFreezeLift = (userId: number, version: number, headers: Record<string, string>) =>
  call(aml.approveFreezeLift, { params: { userId }, body: { version }, headers });
/** The lift's two writes, for the banner's actions. */
export const freezeLift = { request: aml.requestFreezeLift, approve: aml.approveFreezeLift };

export const clientKeys = {
  all: ['clients'] as const,
  list: (query: ClientQuery) => ['clients', 'list', query] as const,
  client: (clientId: string | number) => ['clients', 'client', String(clientId)] as const,
  /** Everything of one client: its record and every tab. */
  of: (clientId: string | number) => ['clients', 'of', String(clientId)] as const,
  documents: (clientId: string | number) => ['clients', 'of', String(clientId), 'documents'] as const,
  reports: (clientId: string | number) => ['clients', 'of', String(clientId), 'reports'] as const,
  insights: (clientId: string | number) => ['clients', 'of', String(clientId), 'insights'] as const,
  deadlines: (clientId: string | number) => ['clients', 'of', String(clientId), 'deadlines'] as const,
  einvoicing: (clientId: string | number) => ['clients', 'of', String(clientId), 'einvoicing'] as const,
  timeline: (clientId: string | number, group: ClientTimelineGroup | null) => ['clients', 'of', String(clientId), 'timeline', group ?? 'all'] as const,
  /** Monthly reports submitted for the caller's decision ('Waiting for my review'), by page. */
  reviewQueue: (page: number) => ['clients', 'review-queue', page] as const,
  teamChoices: ['clients', 'team-choices'] as const,
  plans: ['clients', 'plans'] as const,
  cycles: ['clients', 'cycles'] as const,
};

/** The keys a write on one client changes: its record, its tabs and the list (the next deadline, status, plan). */
export const clientWrites = (clientId: number) => [clientKeys.client(clientId), clientKeys.of(clientId), ['clients', 'list'] as const];

// A client's page follows changes to the client and to what belongs to it (a report the reviewer approved).
refreshOnRecordChange('client', ({ id }) => clientWrites(id));
for (const entity of ['monthly_report', 'subscription'] as const) {
  refreshOnRecordChange(entity, ({ client_id }) => (client_id === null ? [] : [clientKeys.client(client_id), clientKeys.of(client_id), ['clients', 'review-queue']]));
}

type Headers = Record<string, string>;

/** A missing client is shown by the page itself (not found, with the list linked), not as a toast. */
const notFoundIsShown: QueryOptions['notify'] = (error) => (error as { status?: number }).status !== 404;

export const fetchClients = (query: ClientQuery, signal: AbortSignal) => call(clients.list, { query, signal });

/** Every client matching the list's filters as CSV (streamed by the back end), saved under the server's dated name. */
export async function downloadClientsCsv(query: ClientExportQuery, fileName: string): Promise<void> {
  saveFile(await call(clients.export, { query, responseType: 'blob' }), fileName);
}

export const useClient = (clientId: string, enabled = true) =>
  useQuery(clientKeys.client(clientId), (signal) => call(clients.client, { params: { clientId }, signal }), { enabled, notify: notFoundIsShown });

export const useTeamChoices = () => useQuery(clientKeys.teamChoices, (signal) => call(clients.teamChoices, { signal }));
export const usePlans = () => useQuery(clientKeys.plans, (signal) => call(plans.list, { signal }));
export const useCycles = () => useQuery(clientKeys.cycles, (signal) => call(plans.cycles, { signal }));

export const useDocuments = (clientId: number) => useQuery(clientKeys.documents(clientId), (signal) => call(clients.documents, { params: { clientId }, signal }));
export const useDeadlines = (clientId: number) => useQuery(clientKeys.deadlines(clientId), (signal) => call(clients.deadlines, { params: { clientId }, signal }));
/** Its readiness for the e-invoicing mandate (TIN, revenue band, ASP), served by the e-invoicing area. */
export const useEinvoicingReadiness = (clientId: number) =>
  useQuery(clientKeys.einvoicing(clientId), (signal) => call(einvoicing.clientReadiness, { params: { clientId }, signal }));
/** The figures of the months shown (the server's default ends with the current month, the page's with the last one). */
export const useInsights = (clientId: number, from: string, to: string) =>
  useQuery([...clientKeys.insights(clientId), from, to], (signal) => call(clients.insights, { query: { client: clientId, from, to }, signal }));
export const useTimeline = (clientId: number, group: ClientTimelineGroup | null) =>
  useQuery(clientKeys.timeline(clientId, group), (signal) => call(clients.events, { params: { clientId }, query: group ? { group } : {}, signal }), { keepPrevious: true });

/** A client's reports: at most one open and one published revision a month, so 60 cover far more than the 12 months shown. */
export const useReports = (clientId: number) =>
  useQuery(clientKeys.reports(clientId), (signal) => call(clients.reports, { query: { client: clientId, page_size: 60 }, signal }));

export const fetchReportsToReview = (page: number, signal: AbortSignal) =>
  call(clients.reports, { query: { review: 'mine', page, page_size: DEFAULT_PAGE_SIZE }, signal });

export const fetchDocumentFile = (clientId: number, source: 'client' | 'onboarding', documentId: number, signal?: AbortSignal) =>
  source === 'onboarding'
    ? call(clients.onboardingDocument, { params: { clientId, documentId }, responseType: 'blob', signal })
    : call(clients.document, { params: { clientId, documentId }, responseType: 'blob', signal });

export const fetchReportFile = (reportId: number, signal?: AbortSignal) => call(clients.reportFile, { params: { reportId }, responseType: 'blob', signal });

// ------------------------------------------------------------------------------------------------- writes

export const updateClient = (clientId: number, body: UpdateClientBody, headers: Headers) => call(clients.updateClient, { params: { clientId }, body, headers });

export const changeSubscription = (subscriptionId: number, body: ChangeSubscriptionBody, headers: Headers) =>
  call(clients.changeSubscription, { params: { subscriptionId }, body, headers });
export const pauseSubscription = (subscriptionId: number, version: number, headers: Headers) =>
  call(clients.pauseSubscription, { params: { subscriptionId }, body: { version }, headers });
export const resumeSubscription = (subscriptionId: number, version: number, headers: Headers) =>
  call(clients.resumeSubscription, { params: { subscriptionId }, body: { version }, headers });
export const cancelSubscription = (subscriptionId: number, body: CancelSubscriptionBody, headers: Headers) =>
  call(clients.cancelSubscription, { params: { subscriptionId }, body, headers });

export const uploadDocument = (clientId: number, body: ClientDocumentUploadBody, headers: Headers) =>
  call(clients.uploadDocument, { params: { clientId }, body, headers });
export const requestDocument = (clientId: number, body: DocumentRequestBody, headers: Headers) =>
  call(clients.requestDocument, { params: { clientId }, body, headers });
export const cancelDocumentRequest = (clientId: number, requestId: number, headers: Headers) =>
  call(clients.cancelDocumentRequest, { params: { clientId, requestId }, headers });

export const updateEinvoicingReadiness = (clientId: number, body: ClientReadinessBody, headers: Headers) =>
  call(einvoicing.updateClientReadiness, { params: { clientId }, body, headers });

export const fileDeadline = (clientId: number, body: FileDeadlineBody, headers: Headers) => call(clients.fileDeadline, { params: { clientId }, body, headers });

export const createReport = (body: { client_id: number; month: string; summary?: string }, headers: Headers) =>
  call(clients.createReport, { body, headers });
export const updateReport = (reportId: number, body: { summary: string; version: number }, headers: Headers) =>
  call(clients.updateReport, { params: { reportId }, body, headers });
export const uploadReportFile = (reportId: number, body: ReportFileBody, headers: Headers) =>
  call(clients.uploadReportFile, { params: { reportId }, body, headers });

export type ReportStep = 'submit' | 'approve' | 'publish';
export const reportStep = (step: ReportStep, reportId: number, version: number, headers: Headers) => {
  const options = { params: { reportId }, body: { version }, headers };
  return step === 'submit' ? call(clients.submitReport, options) : step === 'approve' ? call(clients.approveReport, options) : call(clients.publishReport, options);
};
export const returnReport = (reportId: number, body: { reason: string; version: number }, headers: Headers) =>
  call(clients.returnReport, { params: { reportId }, body, headers });

export const putInsight = (clientId: number, month: string, body: PutInsightBody, headers: Headers) =>
  call(clients.putInsight, { params: { clientId, month }, body, headers });
export const importInsights = (clientId: number, csv: string, headers: Headers) =>
  call(clients.importInsights, { body: { client_id: clientId, csv }, headers });

export const useReportsToReview = (page: number) => useQuery(clientKeys.reviewQueue(page), (signal) => fetchReportsToReview(page, signal), { keepPrevious: true });
