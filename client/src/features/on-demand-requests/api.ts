/** The On-demand Requests page's calls (common/contract/requests.ts) and cache keys, all under 'requests'; converting also changes ['tasks']. */
import type { AssignRequestBody, ConvertRequestBody, DeclineRequestBody, QuoteBody, RequestDetail, RequestListItem, RequestQuery, RequestStatusBody } from '../../../../common/contract/requests.ts';
import { requestPaths } from '../../../../common/contract/requests-paths.ts';
import type { Page } from '../../../../common/contract/shared.ts';
import type { TaskChoices } from '../../../../common/contract/tasks.ts';
import { taskPaths } from '../../../../common/contract/tasks-paths.ts';
import { api } from '../../lib/api.ts';

type Headers = Record<string, string>;

export const requestKeys = {
  all: ['requests'] as const,
  list: (query: RequestQuery) => ['requests', 'list', query] as const,
  request: (requestId: number) => ['requests', 'request', requestId] as const,
  staff: ['requests', 'staff'] as const,
};

export const fetchRequests = (query: RequestQuery, signal: AbortSignal) => api<Page<RequestListItem>>(requestPaths.list, { query, signal });
export const fetchRequest = (requestId: number, signal: AbortSignal) => api<RequestDetail>(requestPaths.request(requestId), { signal });
/** The staff who may take a request: the tasks area's pickers answer them. */
export const fetchStaff = (signal: AbortSignal) => api<TaskChoices>(taskPaths.choices, { signal });

const write = <B extends object>(path: string, body: B, headers: Headers) => api<RequestDetail>(path, { method: 'POST', body, headers });
export const assignRequest = (id: number, body: AssignRequestBody, headers: Headers) => write(requestPaths.assign(id), body, headers);
export const setRequestStatus = (id: number, body: RequestStatusBody, headers: Headers) => write(requestPaths.status(id), body, headers);
export const quoteRequest = (id: number, body: QuoteBody, headers: Headers) => write(requestPaths.quote(id), body, headers);
export const convertRequest = (id: number, body: ConvertRequestBody, headers: Headers) => write(requestPaths.convert(id), body, headers);
export const declineRequest = (id: number, body: DeclineRequestBody, headers: Headers) => write(requestPaths.decline(id), body, headers);
export const attachmentUrl = (requestId: number, attachmentId: number) => requestPaths.attachment(requestId, attachmentId);
