/**
 * The registrations area's calls (common/contract/registrations.ts) and its cache keys. Every key starts
 * with 'registrations', so a review action invalidating ['registrations'] refreshes the lists, the
 * navigation's counts, the record and its timeline at once.
 */
import type {
  AssignBody,
  RegistrationCounts,
  RegistrationExportQuery,
  RegistrationListItem,
  RegistrationQuery,
  RegistrationReview,
  ReturnBody,
  TimelineEvent,
  UserStatusResponse,
} from '../../../../common/contract/registrations.ts';
import { registrationPaths } from '../../../../common/contract/registrations-paths.ts';
import type { Page, PersonRef } from '../../../../common/contract/shared.ts';
import { exportFileName } from '../../../../common/onboarding.ts';
import { api } from '../../lib/api.ts';
import { saveFile } from '../../lib/save-file.ts';
import { useQuery, type QueryOptions } from '../../lib/use-query.ts';

export const registrationKeys = {
  all: ['registrations'] as const,
  list: (query: RegistrationQuery) => ['registrations', 'list', query] as const,
  counts: ['registrations', 'counts'] as const,
  review: (userId: string | number) => ['registrations', 'review', String(userId)] as const,
  timeline: (userId: string | number) => ['registrations', 'timeline', String(userId)] as const,
  status: (userId: string | number) => ['registrations', 'status', String(userId)] as const,
  assignees: ['registrations', 'assignees'] as const,
};

export function fetchRegistrations(query: RegistrationQuery, signal: AbortSignal): Promise<Page<RegistrationListItem>> {
  return api<Page<RegistrationListItem>>(registrationPaths.list, { query, signal });
}

/** Downloads every row matching the list's filters as CSV (the back end streams it) and saves it. */
export async function downloadRegistrationsCsv(query: RegistrationExportQuery): Promise<void> {
  saveFile(await api<Blob>(registrationPaths.export, { query, responseType: 'blob' }), exportFileName(query.queue));
}

/**
 * How many registrations wait on each onboarding page the user may open, for the navigation's badges: read
 * again after every review action (they invalidate ['registrations']) and when the user comes back to the
 * tab. A failure leaves the badges out (no toast: they are a hint, and the page itself reports its own failures).
 */
export function useRegistrationCounts(enabled: boolean): RegistrationCounts['counts'] {
  const { data } = useQuery(registrationKeys.counts, (signal) => api<RegistrationCounts>(registrationPaths.counts, { signal }), {
    enabled,
    notify: false,
    refetchOnFocus: true,
  });
  return data?.counts ?? {};
}

/** A missing registration is shown by the page itself (a page with the list linked), not as a toast. */
const notFoundIsShown: QueryOptions['notify'] = (error) => (error as { status?: number }).status !== 404;

export const useReview = (userId: string, enabled = true) =>
  useQuery(registrationKeys.review(userId), (signal) => api<RegistrationReview>(registrationPaths.review(userId), { signal }), { enabled, notify: notFoundIsShown });

export const useTimeline = (userId: string, enabled = true) =>
  useQuery(registrationKeys.timeline(userId), (signal) => api<TimelineEvent[]>(registrationPaths.events(userId), { signal }), { enabled, notify: notFoundIsShown });

/** The spec's stepper call; the stepper and the verification page share its one answer. */
export const useStatus = (userId: string, enabled = true) =>
  useQuery(registrationKeys.status(userId), (signal) => api<UserStatusResponse>(registrationPaths.status(userId), { signal }), { enabled, notify: notFoundIsShown });

export const useAssignees = () => useQuery(registrationKeys.assignees, (signal) => api<PersonRef[]>(registrationPaths.assignees, { signal }));

export const fetchDocumentFile = (userId: string | number, documentId: number, signal?: AbortSignal) =>
  api<Blob>(registrationPaths.document(userId, documentId), { responseType: 'blob', signal });

type Headers = Record<string, string>;

export const assign = (userId: number, body: AssignBody, headers: Headers) =>
  api<RegistrationReview>(registrationPaths.assign(userId), { method: 'POST', body, headers });

export const approve = (userId: number, version: number, headers: Headers) =>
  api<RegistrationReview>(registrationPaths.approve(userId), { method: 'POST', body: { version }, headers });

export const returnForCorrection = (userId: number, body: ReturnBody, headers: Headers) =>
  api<RegistrationReview>(registrationPaths.return(userId), { method: 'POST', body, headers });

export const addComment = (userId: number, text: string, headers: Headers) =>
  api<TimelineEvent[]>(registrationPaths.comments(userId), { method: 'POST', body: { text }, headers });
