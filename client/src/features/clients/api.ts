/**
 * The clients area's calls (common/contract/clients.ts) and its cache keys. Every key starts with 'clients',
 * so a write invalidating ['clients'] refreshes the list, the client, its tabs and the timeline at once.
 */
import type {
  CancelSubscriptionBody,
  ChangeSubscriptionBody,
  ClientDeadlines,
  ClientDetail,
  ClientDocumentUploadBody,
  ClientDocuments,
  ClientExportQuery,
  ClientInsights,
  ClientListItem,
  ClientQuery,
  ClientTimelineEvent,
  DocumentRequestBody,
  FileDeadlineBody,
  ImportInsightsResult,
  MonthlyInsight,
  MonthlyReport,
  PutInsightBody,
  ReportFileBody,
  Subscription,
  TeamChoices,
  UpdateClientBody,
} from '../../../../common/contract/clients.ts';
import { clientPaths } from '../../../../common/contract/clients-paths.ts';
import type { plansEndpoints } from '../../../../common/contract/plans.ts';
import { plansRoutes } from '../../../../common/contract/plans-paths.ts';
import { clientEndpoints } from '../../../../common/contract/endpoint.ts';
import type { Page } from '../../../../common/contract/shared.ts';
import type { ClientTimelineGroup } from '../../../../common/clients.ts';
import { api } from '../../lib/api.ts';
import { call } from '../../lib/call.ts';
import { saveFile } from '../../lib/save-file.ts';
import { useQuery, type QueryOptions } from '../../lib/use-query.ts';

const plans = clientEndpoints<typeof plansEndpoints>(plansRoutes);

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
  timeline: (clientId: string | number, group: ClientTimelineGroup | null) => ['clients', 'of', String(clientId), 'timeline', group ?? 'all'] as const,
  teamChoices: ['clients', 'team-choices'] as const,
  plans: ['clients', 'plans'] as const,
  cycles: ['clients', 'cycles'] as const,
};

/** The keys a write on one client changes: its record, its tabs and the list (the next deadline, status, plan). */
export const clientWrites = (clientId: number) => [clientKeys.client(clientId), clientKeys.of(clientId), ['clients', 'list'] as const];

type Headers = Record<string, string>;

/** A missing client is shown by the page itself (not found, with the list linked), not as a toast. */
const notFoundIsShown: QueryOptions['notify'] = (error) => (error as { status?: number }).status !== 404;

export const fetchClients = (query: ClientQuery, signal: AbortSignal) => api<Page<ClientListItem>>(clientPaths.list, { query, signal });

/** Every client matching the list's filters as CSV (streamed by the back end), saved under the server's dated name. */
export async function downloadClientsCsv(query: ClientExportQuery, fileName: string): Promise<void> {
  saveFile(await api<Blob>(clientPaths.export, { query, responseType: 'blob' }), fileName);
}

export const useClient = (clientId: string, enabled = true) =>
  useQuery(clientKeys.client(clientId), (signal) => api<ClientDetail>(clientPaths.client(clientId), { signal }), { enabled, notify: notFoundIsShown });

export const useTeamChoices = () => useQuery(clientKeys.teamChoices, (signal) => api<TeamChoices>(clientPaths.teamChoices, { signal }));
export const usePlans = () => useQuery(clientKeys.plans, (signal) => call(plans.list, { signal }));
export const useCycles = () => useQuery(clientKeys.cycles, (signal) => call(plans.cycles, { signal }));

export const useDocuments = (clientId: number) => useQuery(clientKeys.documents(clientId), (signal) => api<ClientDocuments>(clientPaths.documents(clientId), { signal }));
export const useDeadlines = (clientId: number) => useQuery(clientKeys.deadlines(clientId), (signal) => api<ClientDeadlines>(clientPaths.deadlines(clientId), { signal }));
/** The figures of the months shown (the server's default ends with the current month, the page's with the last one). */
export const useInsights = (clientId: number, from: string, to: string) =>
  useQuery([...clientKeys.insights(clientId), from, to], (signal) => api<ClientInsights>(clientPaths.insights, { query: { client: clientId, from, to }, signal }));
export const useTimeline = (clientId: number, group: ClientTimelineGroup | null) =>
  useQuery(clientKeys.timeline(clientId, group), (signal) => api<ClientTimelineEvent[]>(clientPaths.events(clientId), { query: group ? { group } : {}, signal }), { keepPrevious: true });

/** A client's reports: at most one open and one published revision a month, so 60 cover far more than the 12 months shown. */
export const useReports = (clientId: number) =>
  useQuery(clientKeys.reports(clientId), (signal) => api<Page<MonthlyReport>>(clientPaths.reports, { query: { client: clientId, page_size: 60 }, signal }));

export const fetchDocumentFile = (clientId: number, source: 'client' | 'onboarding', documentId: number, signal?: AbortSignal) =>
  api<Blob>(source === 'onboarding' ? clientPaths.onboardingDocument(clientId, documentId) : clientPaths.document(clientId, documentId), { responseType: 'blob', signal });

export const fetchReportFile = (reportId: number, signal?: AbortSignal) => api<Blob>(clientPaths.reportFile(reportId), { responseType: 'blob', signal });

// ------------------------------------------------------------------------------------------------- writes

export const updateClient = (clientId: number, body: UpdateClientBody, headers: Headers) => api<ClientDetail>(clientPaths.client(clientId), { method: 'PATCH', body, headers });

export const changeSubscription = (subscriptionId: number, body: ChangeSubscriptionBody, headers: Headers) =>
  api<Subscription>(clientPaths.changeSubscription(subscriptionId), { method: 'POST', body, headers });
export const pauseSubscription = (subscriptionId: number, version: number, headers: Headers) =>
  api<Subscription>(clientPaths.pauseSubscription(subscriptionId), { method: 'POST', body: { version }, headers });
export const resumeSubscription = (subscriptionId: number, version: number, headers: Headers) =>
  api<Subscription>(clientPaths.resumeSubscription(subscriptionId), { method: 'POST', body: { version }, headers });
export const cancelSubscription = (subscriptionId: number, body: CancelSubscriptionBody, headers: Headers) =>
  api<Subscription>(clientPaths.cancelSubscription(subscriptionId), { method: 'POST', body, headers });

export const uploadDocument = (clientId: number, body: ClientDocumentUploadBody, headers: Headers) =>
  api<ClientDocuments>(clientPaths.documents(clientId), { method: 'POST', body, headers });
export const requestDocument = (clientId: number, body: DocumentRequestBody, headers: Headers) =>
  api<ClientDocuments>(clientPaths.documentRequests(clientId), { method: 'POST', body, headers });
export const cancelDocumentRequest = (clientId: number, requestId: number, headers: Headers) =>
  api<ClientDocuments>(clientPaths.cancelDocumentRequest(clientId, requestId), { method: 'POST', headers });

export const fileDeadline = (clientId: number, body: FileDeadlineBody, headers: Headers) => api<ClientDeadlines>(clientPaths.fileDeadline(clientId), { method: 'POST', body, headers });

export const createReport = (body: { client_id: number; month: string; summary?: string }, headers: Headers) =>
  api<MonthlyReport>(clientPaths.reports, { method: 'POST', body, headers });
export const updateReport = (reportId: number, body: { summary: string; version: number }, headers: Headers) =>
  api<MonthlyReport>(clientPaths.report(reportId), { method: 'PATCH', body, headers });
export const uploadReportFile = (reportId: number, body: ReportFileBody, headers: Headers) =>
  api<MonthlyReport>(clientPaths.reportFile(reportId), { method: 'PUT', body, headers });

export type ReportStep = 'submit' | 'approve' | 'publish';
const STEP_PATHS = { submit: clientPaths.submitReport, approve: clientPaths.approveReport, publish: clientPaths.publishReport };
export const reportStep = (step: ReportStep, reportId: number, version: number, headers: Headers) =>
  api<MonthlyReport>(STEP_PATHS[step](reportId), { method: 'POST', body: { version }, headers });
export const returnReport = (reportId: number, body: { reason: string; version: number }, headers: Headers) =>
  api<MonthlyReport>(clientPaths.returnReport(reportId), { method: 'POST', body, headers });

export const putInsight = (clientId: number, month: string, body: PutInsightBody, headers: Headers) =>
  api<MonthlyInsight>(clientPaths.insightMonth(clientId, month), { method: 'PUT', body, headers });
export const importInsights = (clientId: number, csv: string, headers: Headers) =>
  api<ImportInsightsResult>(clientPaths.importInsights, { method: 'POST', body: { client_id: clientId, csv }, headers });
