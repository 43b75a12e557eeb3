/**
 * The console's own addresses, built once: the router's patterns, the console's links and every link the
 * back end hands out (notifications, Home blocks and their items, search hits, next unassigned, bulk results)
 * come from here, so a page's URL and the query its list reads are written in one place.
 */
import { onboardingPageOf, type OnboardingPage, type QueuePosition } from './onboarding.ts';
import type { Stage } from './stages.ts';
import type { RegistrationAssigneeFilter } from './contract/registrations-paths.ts';
import type { AuditEntity } from './events.ts';


const segment = (value: string | number) => encodeURIComponent(String(value));

type QueryValue = string | number | undefined;

/**
 * A console address with its query in the order given (absent values left out), as the lists' URL state reads
 * it. The growth areas' page paths sit in their -paths.ts files (crmPagePath, enquiryPagePath, careerPagePath),
 * which this file does not import: every console page importing links.ts would carry their vocabularies.
 */
export function withQuery(path: string, query: Record<string, QueryValue>): string {
  const pairs = Object.entries(query)
    .filter((pair): pair is [string, string | number] => pair[1] !== undefined)
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`);
  return pairs.length === 0 ? path : `${path}?${pairs.join('&')}`;
}

export const HOME_PATH = '/';
export const SETTINGS_PATH = '/settings';

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

/**
 * The page of an AML record's client (a goAML register entry's): the client's page once the registration
 * became a client, else its Due Diligence page, where its AML file is.
 */
export const amlClientPath = (client: { user_id: number; client_id: number | null }): string => (client.client_id !== null ? clientPath(client.client_id) : dueDiligenceDetailPath(client.user_id));

/** One client's monthly reports tab on the month ('YYYY-MM'). */
export const clientReportPath = (clientId: string | number, month: string) => `${clientPath(clientId, 'reports')}&month=${encodeURIComponent(month)}`;
/** The Clients list; `bookkeeper` 'mine' keeps the signed-in bookkeeper's, `licence` the days to licence expiry, `einvoicing` the e-invoicing readiness. */
export const clientListPath = (query: { bookkeeper?: 'mine'; review?: 'mine'; licence?: number; einvoicing?: 'not_ready'; status?: 'active' | 'paused' | 'cancelled'; sort?: 'next_deadline' | 'licence_expires_on' } = {}) =>
  withQuery('/clients', query);

/** An onboarding page's list, searched for one company (its name in lower case, as the search box keeps it). */
export const onboardingListPath = (page: OnboardingPage, query: { search?: string; assignee?: RegistrationAssigneeFilter } = {}) => withQuery(`/${page}`, query);

/** Call Schedule: `calls` 'mine' keeps the calls the signed-in user hosts, `when` 'today' the calls of today (Dubai). */
export const callScheduleListPath = (query: { calls?: 'mine'; when?: 'today' } = {}) => withQuery('/call-schedules', query);

/** The Tasks list; `task` opens one task's drawer over it. */
export const taskListPath = (query: { assignee?: 'all' | 'mine'; due?: 'overdue' | 'today'; review?: 'mine'; task?: number } = {}) => withQuery('/tasks', query);

/** The Capacity view from a Monday (`from`, 'YYYY-MM-DD'; this week without it); `person` opens one person's week of tasks (`week`, its Monday). */
export const CAPACITY_PATH = '/capacity';
export const capacityPath = (query: { from?: string; person?: number; week?: string } = {}) => withQuery(CAPACITY_PATH, query);

/** A client's Budget tab on the month ('YYYY-MM'). */
export const clientBudgetPath = (clientId: string | number, month?: string) => (month ? `${clientPath(clientId, 'budget')}&month=${encodeURIComponent(month)}` : clientPath(clientId, 'budget'));

/** The Chats list; `conversation` opens one conversation. */
export const chatListPath = (query: { filter?: 'mine'; conversation?: number } = {}) => withQuery('/chats', query);

/** The On-demand Requests list; `request` opens one request. */
export const requestListPath = (query: { assignee?: 'mine'; request?: number } = {}) => withQuery('/on-demand-requests', query);

/** The Unsynced Inv list; `invoice` opens one invoice's drawer. */
export const invoiceListPath = (query: { state?: 'needs_attention'; invoice?: number } = {}) => withQuery('/unsynced-inv', query);

/** The FAQs page. */
export const faqListPath = () => '/faqs';

/** The Timesheet page: the signed-in user's current week by default, or one user's week; `status` lists the weeks in that state. */
export const TIMESHEET_PATH = '/timesheet';
export const timesheetPath = (query: { user?: number; week?: string; status?: 'submitted' } = {}) => withQuery(TIMESHEET_PATH, query);

/** The Users list searched for one user. */
export const userListPath = (query: { search?: string } = {}) => withQuery('/users', query);


/** The Practice page (ADMIN): the dashboard of a month, the profitability tab with its filters, or the cost rates tab. */
export const PRACTICE_PATH = '/practice';
export const practicePath = (query: { tab?: 'profitability' | 'rates'; month?: string; from?: string; to?: string; group?: string; sort?: string; losing?: 'true'; search?: string } = {}) =>
  withQuery(PRACTICE_PATH, query);

/** The Sanctions lists page, opened on one list's versions (its URL state: `list`, `version`). */
export const SANCTIONS_LISTS_PATH = '/sanctions-lists';
export const sanctionsListsPath = (list?: string, version?: number) => withQuery(SANCTIONS_LISTS_PATH, { list, version });

/** The goAML register (compliance officers). */
export const AML_REGISTER_PATH = '/goaml';

/**
 * The Audit page (ADMIN) narrowed to one record's events, or one person's: a record's page links here, and
 * each of the page's rows links back to its record.
 */
export const auditListPath = (query: { entity?: AuditEntity; record?: number; actor?: number } = {}) => withQuery('/audit', query);
