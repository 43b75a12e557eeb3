/** The On-demand Requests page's calls (common/contract/requests.ts) and cache keys, all under 'requests'; converting also changes ['tasks']. */
import { clientEndpoints } from '../../lib/endpoints.ts';
import type { AssignRequestBody, ConvertRequestBody, DeclineRequestBody, QuoteBody, RequestQuery, requestsEndpoints, RequestStatusBody } from '../../../../common/contract/requests.ts';
import { requestsChanges, requestsRoutes } from '../../../../common/contract/requests-paths.ts';
import type { tasksEndpoints } from '../../../../common/contract/tasks.ts';
import { tasksRoutes } from '../../../../common/contract/tasks-paths.ts';
import { refreshOnRecordChange } from '../../lib/notification-events.ts';
import { call } from '../../lib/call.ts';
import { useQuery, type QueryOptions } from '../../lib/use-query.ts';

export const requests = clientEndpoints<typeof requestsEndpoints>('requests', requestsRoutes, requestsChanges);
const tasks = clientEndpoints<typeof tasksEndpoints>('tasks', tasksRoutes);

type Headers = Record<string, string>;

export const requestKeys = {
  all: ['requests'] as const,
  list: (query: RequestQuery) => ['requests', 'list', query] as const,
  request: (requestId: number) => ['requests', 'request', requestId] as const,
  staff: ['requests', 'staff'] as const,
};

// An open request or quote follows a change someone else (or the client) made to it.
refreshOnRecordChange('service_request', ({ id }) => [requestKeys.request(id), ['requests', 'list']]);

export const fetchRequests = (query: RequestQuery, signal: AbortSignal) => call(requests.list, { query, signal });
export const fetchRequest = (requestId: number, signal: AbortSignal) => call(requests.request, { params: { requestId }, signal });
/** The staff who may take a request: the tasks area's pickers answer them. */
export const fetchStaff = (signal: AbortSignal) => call(tasks.choices, { signal });

export const assignRequest = (requestId: number, body: AssignRequestBody, headers: Headers) => call(requests.assign, { params: { requestId }, body, headers });
export const setRequestStatus = (requestId: number, body: RequestStatusBody, headers: Headers) => call(requests.status, { params: { requestId }, body, headers });
export const quoteRequest = (requestId: number, body: QuoteBody, headers: Headers) => call(requests.quote, { params: { requestId }, body, headers });
export const convertRequest = (requestId: number, body: ConvertRequestBody, headers: Headers) => call(requests.convert, { params: { requestId }, body, headers });
export const declineRequest = (requestId: number, body: DeclineRequestBody, headers: Headers) => call(requests.decline, { params: { requestId }, body, headers });
export const fetchAttachment = (requestId: number, attachmentId: number, signal: AbortSignal) => call(requests.attachment, { params: { requestId, attachmentId }, responseType: 'blob', signal });

export const useRequest = (requestId: number, options?: QueryOptions) => useQuery(requestKeys.request(requestId), (signal) => fetchRequest(requestId, signal), options);
export const useStaffChoices = () => useQuery(requestKeys.staff, fetchStaff);
