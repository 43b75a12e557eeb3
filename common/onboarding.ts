/**
 * Which onboarding page a registration waits on: the one table the back end's list queries, its role guard
 * and the console all read. A registration is on exactly one page at a time, the one for the step it waits
 * on, or on none once it is activated or withdrawn (status inactive).
 */
import { canSee, type RouteKey } from './access.ts';
import { isStaffRole, type Role } from './roles.ts';
import { STAGES, type Stage } from './stages.ts';

/**
 * The due-diligence outcome of a registration at documents_submitted; null (stored as NULL) while it waits
 * for review. Returned registrations wait on the client's correction; approved ones on plan approval.
 */
export const REVIEW_STATES = ['returned', 'approved'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

/** A review state as the table matches it: 'none' stands for NULL, so the table reads as plain values. */
export type ReviewMatch = ReviewState | 'none';

export const ONBOARDING_PAGES = ['registrations', 'call-schedules', 'due-diligence', 'pending-payments', 'pending-activation'] as const satisfies readonly RouteKey[];
export type OnboardingPage = (typeof ONBOARDING_PAGES)[number];

export interface QueueRule {
  page: OnboardingPage;
  stages: readonly Stage[];
  /** The review states this rule takes; absent means any. */
  review?: readonly ReviewMatch[];
}

/** Active registrations only; checked in order, the first rule that matches decides. */
export const ONBOARDING_QUEUES: readonly QueueRule[] = [
  { page: 'registrations', stages: ['signed_up', 'completed_registration', 'profile_verified'] },
  // Returned for correction: it waits on the client, who corrects the registration and resubmits.
  { page: 'registrations', stages: ['documents_submitted'], review: ['returned'] },
  { page: 'call-schedules', stages: ['meeting_scheduled'] },
  { page: 'due-diligence', stages: ['documents_submitted'], review: ['none'] },
  { page: 'pending-payments', stages: ['documents_submitted'], review: ['approved'] },
  { page: 'pending-activation', stages: ['payment_completed'] },
];

export interface QueuePosition {
  stage: Stage;
  status: 'active' | 'inactive';
  review_state: ReviewState | null;
}

/** The page a registration waits on, or null when it waits on none (activated or withdrawn). */
export function onboardingPageOf(registration: QueuePosition): OnboardingPage | null {
  if (registration.status !== 'active') return null;
  const review: ReviewMatch = registration.review_state ?? 'none';
  const rule = ONBOARDING_QUEUES.find((candidate) => candidate.stages.includes(registration.stage) && (!candidate.review || candidate.review.includes(review)));
  return rule?.page ?? null;
}

/**
 * The page whose roles may open one registration's record (its review, documents, timeline, stepper, and the
 * actions on it): the page it waits on; a withdrawn one, the page it was withdrawn from; an activated one,
 * Activation, the last page that held it. The same table as the lists, so a role reads a registration's KYC
 * files only at the stages its pages list; anyone else is answered as for another's record (404).
 */
export function recordPageOf(registration: Omit<QueuePosition, 'status'>): OnboardingPage {
  return onboardingPageOf({ ...registration, status: 'active' }) ?? 'pending-activation';
}

/** Whether `role` may open the record of a registration standing where `registration` stands (see recordPageOf). */
export function mayOpenRecord(role: Role | null, registration: Omit<QueuePosition, 'status'>): boolean {
  return isStaffRole(role) && canSee(role, recordPageOf(registration));
}

/** The rules of one page (a page may take registrations from several stages). */
export function queueRules(page: OnboardingPage): QueueRule[] {
  return ONBOARDING_QUEUES.filter((rule) => rule.page === page);
}

export function isOnboardingPage(value: unknown): value is OnboardingPage {
  return typeof value === 'string' && (ONBOARDING_PAGES as readonly string[]).includes(value);
}

/** What a registration list asks for: the spec's stage and status, and the page's queue ANDed with them. */
export interface ListScope {
  stage?: Stage;
  status?: 'active' | 'inactive';
  queue?: OnboardingPage;
}

/**
 * The pages whose registrations a list can return, read from the table: the role guard lets a list through
 * only when the role may open every one of them. Registrations on no page (activated or withdrawn) are the
 * Registration page's records. So the spec's due-diligence call (stage documents_submitted, status active,
 * no queue) needs Due Diligence, Plan Approval and Registration; with queue=due-diligence, Due Diligence.
 */
export function pagesOfScope(scope: ListScope): OnboardingPage[] {
  const pages = new Set<OnboardingPage>();
  for (const stage of scope.stage ? [scope.stage] : STAGES) {
    for (const status of scope.status ? [scope.status] : (['active', 'inactive'] as const)) {
      for (const review_state of [null, ...REVIEW_STATES]) {
        const page = onboardingPageOf({ stage, status, review_state }) ?? 'registrations';
        if (!scope.queue || page === scope.queue) pages.add(page);
      }
    }
  }
  if (scope.queue) pages.add(scope.queue);
  return ONBOARDING_PAGES.filter((page) => pages.has(page));
}

const DUBAI_DAY = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Dubai', year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * The CSV export's file name, 'due-diligence-2026-11-23.csv': the page (or 'registrations' for a list
 * without a queue) and the Dubai date. The back end sends it in Content-Disposition and the console saves
 * the download under it.
 */
export function exportFileName(queue: OnboardingPage | undefined, now: Date = new Date()): string {
  return `${queue ?? 'registrations'}-${DUBAI_DAY.format(now)}.csv`;
}
