/**
 * The console's own addresses, built once: the router's patterns, the console's links and the back end's
 * notification links all come from here, so a page's URL is written in one place.
 */
import { onboardingPageOf, type QueuePosition } from './onboarding.ts';
import type { Stage } from './stages.ts';

const segment = (value: string | number) => encodeURIComponent(String(value));

/** The due-diligence detail of one registration, keyed by the client's user id. */
export const DUE_DILIGENCE_DETAIL_PATTERN = '/due-diligence/details/:id';
export const dueDiligenceDetailPath = (userId: string | number) => `/due-diligence/details/${segment(userId)}`;

/** The verification page (spec: /registrations/{userId}/verification/?step={key}, optional return=true or resubmitted). */
export const VERIFICATION_PATTERN = /^\/registrations\/(?<userId>[^/]+)\/verification\/?$/;

export function verificationPath(userId: string | number, step: Stage, returned = false): string {
  const query = new URLSearchParams({ step });
  if (returned) query.set('return', 'true');
  return `/registrations/${segment(userId)}/verification/?${query}`;
}

/**
 * Where a registration's record is worked on now: its due-diligence detail while it waits there, else its
 * verification page on its current step (a registration returned for correction is back at the form).
 */
export function registrationPath(registration: QueuePosition & { user_id: number }): string {
  if (onboardingPageOf(registration) === 'due-diligence') return dueDiligenceDetailPath(registration.user_id);
  return registration.review_state === 'returned' && registration.status === 'active'
    ? verificationPath(registration.user_id, 'completed_registration', true)
    : verificationPath(registration.user_id, registration.stage);
}

/** One client's page; the tab is kept in the query (?tab=), the overview without one. */
export const CLIENT_DETAIL_PATTERN = '/clients/:id';
export function clientPath(clientId: string | number, tab?: string): string {
  return `/clients/${segment(clientId)}${tab && tab !== 'overview' ? `?tab=${encodeURIComponent(tab)}` : ''}`;
}

/** One client's monthly reports tab on the month ('YYYY-MM'). */
export const clientReportPath = (clientId: string | number, month: string) => `${clientPath(clientId, 'reports')}&month=${encodeURIComponent(month)}`;
