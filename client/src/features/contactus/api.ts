/** Website Enquiries' calls (common/contract/enquiries.ts) and cache keys; every key starts with 'enquiries', which every write invalidates. */
import { clientEndpoints } from '../../lib/endpoints.ts';
import type { enquiriesEndpoints, EnquiryCounts, EnquiryQuery, EnquiryStatus } from '../../../../common/contract/enquiries.ts';
import { enquiriesChanges, enquiriesRoutes } from '../../../../common/contract/enquiries-paths.ts';
import { call } from '../../lib/call.ts';
import { refreshOnNotifications, refreshOnRecordChange } from '../../lib/notification-events.ts';
import { saveFile } from '../../lib/save-file.ts';
import { useQuery } from '../../lib/use-query.ts';

export const enquiries = clientEndpoints<typeof enquiriesEndpoints>('enquiries', enquiriesRoutes, enquiriesChanges);

export const enquiryKeys = {
  all: ['enquiries'] as const,
  list: (query: EnquiryQuery) => ['enquiries', 'list', query] as const,
  counts: ['enquiries', 'counts'] as const,
  detail: (id: number) => ['enquiries', 'detail', id] as const,
  assignees: ['enquiries', 'assignees'] as const,
};

// An open enquiry follows a change someone else made to it.
refreshOnRecordChange('enquiry', ({ id }) => [enquiryKeys.detail(id), ['enquiries', 'list'], enquiryKeys.counts]);

// A new website enquiry reads the inbox and its nav count again.
refreshOnNotifications(['enquiry_received'], enquiryKeys.all);

type Headers = Record<string, string>;

export const fetchEnquiries = (query: EnquiryQuery, signal: AbortSignal) => call(enquiries.list, { query, signal });

export async function downloadEnquiriesCsv(query: Omit<EnquiryQuery, 'page' | 'page_size'>): Promise<void> {
  saveFile(await call(enquiries.export, { query, responseType: 'blob' }), `website-enquiries-${new Date().toISOString().slice(0, 10)}.csv`);
}

/** New enquiries per kind, for the tabs and the navigation's badge; the live stream invalidates it on each arrival. */
export function useEnquiryCounts(enabled: boolean): EnquiryCounts | undefined {
  return useQuery(enquiryKeys.counts, (signal) => call(enquiries.counts, { signal }), { enabled, notify: false, refetchOnFocus: true }).data;
}

export const useEnquiry = (id: number) =>
  useQuery(enquiryKeys.detail(id), (signal) => call(enquiries.enquiry, { params: { id }, signal }), { notify: (error) => (error as { status?: number }).status !== 404 });

export const useAssignees = () => useQuery(enquiryKeys.assignees, (signal) => call(enquiries.assignees, { signal }));

export const changeStatus = (id: number, body: { version: number; status: EnquiryStatus; reason?: string }, headers: Headers) =>
  call(enquiries.status, { params: { id }, body, headers });
export const assign = (id: number, body: { version: number; assignee_id: number | null }, headers: Headers) => call(enquiries.assign, { params: { id }, body, headers });
export const addNote = (id: number, text: string, headers: Headers) => call(enquiries.notes, { params: { id }, body: { text }, headers });
export const merge = (id: number, body: { version: number; into_id: number }, headers: Headers) => call(enquiries.merge, { params: { id }, body, headers });
export const convert = (id: number, version: number, headers: Headers) => call(enquiries.convert, { params: { id }, body: { version }, headers });
