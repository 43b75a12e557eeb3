/**
 * The registrations area's endpoints (method and path; their schemas and access: registrationsEndpoints in
 * registrations.ts) and the list's query vocabulary: plain code, so the console imports them without the
 * schema library (it imports registrations.ts for types only).
 */
import type { AreaChanges } from './endpoint.ts';

export const registrationsRoutes = {
  /** The onboarding lists (spec: ?stage=documents_submitted&status=active), paginated. */
  list: 'GET /registrations/',
  /** How many registrations wait on each onboarding page the caller may open (nav badges). */
  counts: 'GET /registrations/counts/',
  /** With the list's filters: every matching row as a streamed CSV file. */
  export: 'GET /registrations/export/',
  /** The spec's stepper call. */
  status: 'GET /users/:userId/status',
  /** Staff a registration may be assigned to: the roles that see Due Diligence. */
  assignees: 'GET /registrations/assignees/',
  /** One registration as the review and the stepper show it, keyed by the client's user id. */
  review: 'GET /registrations/:userId/review',
  /** The registration's timeline, oldest first. */
  events: 'GET /registrations/:userId/events',
  /** The bytes of one document; ?download=true asks for an attachment. */
  document: 'GET /registrations/:userId/documents/:documentId',
  comment: 'POST /registrations/:userId/comments',
  assign: 'POST /registrations/:userId/assign',
  approve: 'POST /registrations/:userId/approve',
  return: 'POST /registrations/:userId/return',
  /** The pipeline's actions (common/pipeline.ts), one path each. */
  remind: 'POST /registrations/:userId/remind',
  /** Reminders to several registrations, a result per row. */
  remindMany: 'POST /registrations/remind/',
  verifyProfile: 'POST /registrations/:userId/verify-profile',
  withdraw: 'POST /registrations/:userId/withdraw',
  reinstate: 'POST /registrations/:userId/reinstate',
  /** Books or reschedules the call. */
  bookMeeting: 'PUT /registrations/:userId/meeting',
  cancelMeeting: 'DELETE /registrations/:userId/meeting',
  meetingOutcome: 'POST /registrations/:userId/meeting/outcome',
  /** The call as an .ics file. */
  meetingCalendar: 'GET /registrations/:userId/meeting/calendar',
  setPlan: 'PUT /registrations/:userId/plan',
  approvePlan: 'POST /registrations/:userId/plan/approve',
  payment: 'POST /registrations/:userId/payment',
  activate: 'POST /registrations/:userId/activate',
  /** Staff who may host an onboarding call. */
  hosts: 'GET /registrations/hosts/',
  /** The bookkeepers and reviewers an activation may assign. */
  accountTeam: 'GET /registrations/account-team/',
  /** The signed-in client's own registration (CLIENT role only). */
  mine: 'GET /me/registration',
  myDocuments: 'POST /me/registration/documents',
  mySubmit: 'POST /me/registration/submit',
  myResubmit: 'POST /me/registration/resubmit',
} as const;

/** The areas besides its own a write changes (an assignment moves a registration in or out of someone's work). */
export const registrationsChanges = {
  assign: ['work'],
} as const satisfies AreaChanges<typeof registrationsRoutes>;

/** The list's date orders; '-' first is newest first. Default '-date_joined'. */
/** The onboarding lists' assignee filter: the caller's own registrations, or nobody's. */
export const REGISTRATION_ASSIGNEE_FILTERS = ['mine', 'none'] as const;
export type RegistrationAssigneeFilter = (typeof REGISTRATION_ASSIGNEE_FILTERS)[number];

export const REGISTRATION_SORTS = [
  'date_joined',
  '-date_joined',
  'requested_on',
  '-requested_on',
  'recieved_on',
  '-recieved_on',
  'meeting_at',
  '-meeting_at',
  'payment_date',
  '-payment_date',
  /** Call Schedule: upcoming calls first (soonest first), then past ones without an outcome, missed ones, held ones. */
  'call_schedule',
] as const;
export type RegistrationSort = (typeof REGISTRATION_SORTS)[number];
export const DEFAULT_REGISTRATION_SORT: RegistrationSort = '-date_joined';

/** A call's link (online) or place (in person). */
export const MAX_CALL_PLACE_LENGTH = 500;

/** The Due Diligence list's bulk actions and their labels (params schemas: dueDiligenceBulkActions in registrations.ts). */
export const dueDiligenceBulkLabels = { assign: 'Assign' } as const;
