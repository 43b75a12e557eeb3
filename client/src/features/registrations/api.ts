/**
 * The registrations area's calls (common/contract/registrations.ts) and its cache keys. Every key starts
 * with 'registrations', so a review action invalidating ['registrations'] refreshes the lists, the
 * navigation's counts, the record and its timeline at once.
 */
import type {
  AccountTeam,
  ActivateBody,
  AssignBody,
  BulkRemindResult,
  MeetingBody,
  MeetingOutcomeBody,
  PaymentBody,
  PlanBody,
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
import type { CycleChoice, Plan } from '../../../../common/contract/plans.ts';
import { planPaths } from '../../../../common/contract/plans-paths.ts';
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
  hosts: ['registrations', 'hosts'] as const,
  accountTeam: ['registrations', 'account-team'] as const,
  plans: ['registrations', 'plans'] as const,
  cycles: ['registrations', 'cycles'] as const,
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

// ------------------------------------------------------------------- the pipeline (common/pipeline.ts)

/** Staff who may host an onboarding call; also tells the Call Schedule who 'me' is. */
export const useHosts = (enabled = true) => useQuery(registrationKeys.hosts, (signal) => api<PersonRef[]>(registrationPaths.hosts, { signal }), { enabled });

export const useAccountTeam = (enabled = true) =>
  useQuery(registrationKeys.accountTeam, (signal) => api<AccountTeam>(registrationPaths.accountTeam, { signal }), { enabled });

export const usePlans = (enabled = true) => useQuery(registrationKeys.plans, (signal) => api<Plan[]>(planPaths.list, { signal }), { enabled });

export const useCycles = (enabled = true) => useQuery(registrationKeys.cycles, (signal) => api<CycleChoice[]>(planPaths.cycles, { signal }), { enabled });

const post = <B>(path: string, body: B, headers: Headers) => api<RegistrationReview>(path, { method: 'POST', body: body as Record<string, unknown>, headers });
const put = <B>(path: string, body: B, headers: Headers) => api<RegistrationReview>(path, { method: 'PUT', body: body as Record<string, unknown>, headers });

export const remind = (userId: number, headers: Headers) => post(registrationPaths.remind(userId), {}, headers);

export const remindMany = (userIds: number[], headers: Headers) =>
  api<BulkRemindResult>(registrationPaths.remindMany, { method: 'POST', body: { user_ids: userIds }, headers });

export const verifyProfile = (userId: number, version: number, overrideReason: string | null, headers: Headers) =>
  post(registrationPaths.verifyProfile(userId), overrideReason === null ? { version } : { version, override_reason: overrideReason }, headers);

export const withdraw = (userId: number, version: number, reason: string, headers: Headers) => post(registrationPaths.withdraw(userId), { version, reason }, headers);

export const reinstate = (userId: number, version: number, headers: Headers) => post(registrationPaths.reinstate(userId), { version }, headers);

export const bookMeeting = (userId: number, body: MeetingBody, headers: Headers) => put(registrationPaths.meeting(userId), body, headers);

export const cancelMeeting = (userId: number, version: number, reason: string, headers: Headers) =>
  api<RegistrationReview>(registrationPaths.meeting(userId), { method: 'DELETE', body: { version, reason }, headers });

export const recordOutcome = (userId: number, body: MeetingOutcomeBody, headers: Headers) => post(registrationPaths.meetingOutcome(userId), body, headers);

export const setPlan = (userId: number, body: PlanBody, headers: Headers) => put(registrationPaths.plan(userId), body, headers);

export const approvePlan = (userId: number, version: number, headers: Headers) => post(registrationPaths.approvePlan(userId), { version }, headers);

export const recordPayment = (userId: number, body: PaymentBody, headers: Headers) => post(registrationPaths.payment(userId), body, headers);

export const activate = (userId: number, body: ActivateBody, headers: Headers) => post(registrationPaths.activate(userId), body, headers);

/** The call as an .ics file, saved under the name the back end gives it. */
export async function downloadCalendar(userId: number, registrationId: string): Promise<void> {
  saveFile(await api<Blob>(registrationPaths.meetingCalendar(userId), { responseType: 'blob' }), `onboarding-call-${registrationId}.ics`);
}
