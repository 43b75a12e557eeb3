/**
 * The registrations area's calls (common/contract/registrations.ts) and its cache keys. Every key starts
 * with 'registrations', so a review action invalidating ['registrations'] refreshes the lists, the
 * navigation's counts, the record and its timeline at once.
 */
import { clientEndpoints } from '../../lib/endpoints.ts';
import type {
  ActivateBody,
  AssignBody,
  MeetingBody,
  MeetingOutcomeBody,
  PaymentBody,
  PlanBody,
  RegistrationCounts,
  RegistrationExportQuery,
  registrationsEndpoints,
  ReturnBody,
  WithdrawBody,
} from '../../../../common/contract/registrations.ts';
import { registrationsChanges, registrationsRoutes } from '../../../../common/contract/registrations-paths.ts';
import type { plansEndpoints } from '../../../../common/contract/plans.ts';
import { plansRoutes } from '../../../../common/contract/plans-paths.ts';
import { exportFileName } from '../../../../common/onboarding.ts';
import { call } from '../../lib/call.ts';
import { refreshOnRecordChange } from '../../lib/notification-events.ts';
import { saveFile } from '../../lib/save-file.ts';
import { useQuery, type QueryOptions } from '../../lib/use-query.ts';

export const registrations = clientEndpoints<typeof registrationsEndpoints>('registrations', registrationsRoutes, registrationsChanges);
const plans = clientEndpoints<typeof plansEndpoints>('plans', plansRoutes);

export const registrationKeys = {
  all: ['registrations'] as const,
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

/**
 * A registration's pages are keyed by its client's user, while the stream names the registration by its own
 * id: a change to any registration reads again whichever registration is open (one page at a time is on
 * screen; the rest are only marked stale) and the lists and counts that show its stage.
 */
const registrationViews = [['registrations', 'review'], ['registrations', 'timeline'], ['registrations', 'status'], ['registrations', 'list'], registrationKeys.counts] as const;
refreshOnRecordChange('registration', () => registrationViews);

/** Downloads every row matching the list's filters as CSV (the back end streams it) and saves it. */
export async function downloadRegistrationsCsv(query: RegistrationExportQuery): Promise<void> {
  saveFile(await call(registrations.export, { query, responseType: 'blob' }), exportFileName(query.queue));
}

/**
 * How many registrations wait on each onboarding page the user may open, for the navigation's badges: read
 * again after every review action (they invalidate ['registrations']) and when the user comes back to the
 * tab. A failure leaves the badges out (no toast: they are a hint, and the page itself reports its own failures).
 */
export function useRegistrationCounts(enabled: boolean): RegistrationCounts['counts'] {
  const { data } = useQuery(registrationKeys.counts, (signal) => call(registrations.counts, { signal }), {
    enabled,
    notify: false,
    refetchOnFocus: true,
  });
  return data?.counts ?? {};
}

/** A missing registration is shown by the page itself (a page with the list linked), not as a toast. */
const notFoundIsShown: QueryOptions['notify'] = (error) => (error as { status?: number }).status !== 404;

export const useReview = (userId: string, enabled = true) =>
  useQuery(registrationKeys.review(userId), (signal) => call(registrations.review, { params: { userId }, signal }), { enabled, notify: notFoundIsShown });

export const useTimeline = (userId: string, enabled = true) =>
  useQuery(registrationKeys.timeline(userId), (signal) => call(registrations.events, { params: { userId }, signal }), { enabled, notify: notFoundIsShown });

/** The spec's stepper call; the stepper and the verification page share its one answer. */
export const useStatus = (userId: string, enabled = true) =>
  useQuery(registrationKeys.status(userId), (signal) => call(registrations.status, { params: { userId }, signal }), { enabled, notify: notFoundIsShown });

export const useAssignees = () => useQuery(registrationKeys.assignees, (signal) => call(registrations.assignees, { signal }));

export const fetchDocumentFile = (userId: string | number, documentId: number, signal?: AbortSignal) =>
  call(registrations.document, { params: { userId, documentId }, responseType: 'blob', signal });

type Headers = Record<string, string>;

export const assign = (userId: number, body: AssignBody, headers: Headers) =>
  call(registrations.assign, { params: { userId }, body, headers });

export const approve = (userId: number, version: number, headers: Headers) =>
  call(registrations.approve, { params: { userId }, body: { version }, headers });

export const returnForCorrection = (userId: number, body: ReturnBody, headers: Headers) =>
  call(registrations.return, { params: { userId }, body, headers });

export const addComment = (userId: number, text: string, headers: Headers) =>
  call(registrations.comment, { params: { userId }, body: { text }, headers });

// ------------------------------------------------------------------- the pipeline (common/pipeline.ts)

/** Staff who may host an onboarding call; also tells the Call Schedule who 'me' is. */
export const useHosts = (enabled = true) => useQuery(registrationKeys.hosts, (signal) => call(registrations.hosts, { signal }), { enabled });

export const useAccountTeam = (enabled = true) =>
  useQuery(registrationKeys.accountTeam, (signal) => call(registrations.accountTeam, { signal }), { enabled });

export const usePlans = (enabled = true) => useQuery(registrationKeys.plans, (signal) => call(plans.list, { signal }), { enabled });

export const useCycles = (enabled = true) => useQuery(registrationKeys.cycles, (signal) => call(plans.cycles, { signal }), { enabled });

export const remind = (userId: number, headers: Headers) => call(registrations.remind, { params: { userId }, body: {}, headers });

export const remindMany = (userIds: number[], headers: Headers) => call(registrations.remindMany, { body: { user_ids: userIds }, headers });

export const verifyProfile = (userId: number, version: number, overrideReason: string | null, headers: Headers) =>
  call(registrations.verifyProfile, { params: { userId }, body: overrideReason === null ? { version } : { version, override_reason: overrideReason }, headers });

export const withdraw = (userId: number, body: WithdrawBody, headers: Headers) => call(registrations.withdraw, { params: { userId }, body, headers });

export const reinstate = (userId: number, version: number, headers: Headers) => call(registrations.reinstate, { params: { userId }, body: { version }, headers });

export const bookMeeting = (userId: number, body: MeetingBody, headers: Headers) => call(registrations.bookMeeting, { params: { userId }, body, headers });

export const cancelMeeting = (userId: number, version: number, reason: string, headers: Headers) =>
  call(registrations.cancelMeeting, { params: { userId }, body: { version, reason }, headers });

export const recordOutcome = (userId: number, body: MeetingOutcomeBody, headers: Headers) => call(registrations.meetingOutcome, { params: { userId }, body, headers });

export const setPlan = (userId: number, body: PlanBody, headers: Headers) => call(registrations.setPlan, { params: { userId }, body, headers });

export const approvePlan = (userId: number, version: number, headers: Headers, tin?: string | null) =>
  call(registrations.approvePlan, { params: { userId }, body: { version, ...(tin !== undefined ? { tin } : {}) }, headers });

export const recordPayment = (userId: number, body: PaymentBody, headers: Headers) => call(registrations.payment, { params: { userId }, body, headers });

export const activate = (userId: number, body: ActivateBody, headers: Headers) => call(registrations.activate, { params: { userId }, body, headers });

/** The call as an .ics file, saved under the name the back end gives it. */
export async function downloadCalendar(userId: number, registrationId: string): Promise<void> {
  saveFile(await call(registrations.meetingCalendar, { params: { userId }, responseType: 'blob' }), `onboarding-call-${registrationId}.ics`);
}
