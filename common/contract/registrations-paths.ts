/**
 * The registrations area's paths (relative to API_BASE) and the list's query vocabulary: plain code, so the
 * console imports them without the schema library (it imports registrations.ts for types only).
 */
const segment = (value: string | number) => encodeURIComponent(String(value));

export const registrationPaths = {
  /** GET: the onboarding lists (spec: ?stage=documents_submitted&status=active), paginated. */
  list: 'registrations/',
  /** GET: how many registrations wait on each onboarding page the caller may open (nav badges). */
  counts: 'registrations/counts/',
  /** GET with the list's filters: every matching row as a streamed CSV file. */
  export: 'registrations/export/',
  /** GET: the spec's stepper call, users/{userId}/status. */
  status: (userId: string | number) => `users/${segment(userId)}/status`,
  /** Staff a registration may be assigned to: the roles that see Due Diligence. */
  assignees: 'registrations/assignees/',
  /** One registration as the review and the stepper show it, keyed by the client's user id. */
  review: (userId: string | number) => `registrations/${segment(userId)}/review`,
  /** The registration's timeline, oldest first. */
  events: (userId: string | number) => `registrations/${segment(userId)}/events`,
  /** The bytes of one document; ?download=true asks for an attachment. */
  document: (userId: string | number, documentId: string | number) => `registrations/${segment(userId)}/documents/${segment(documentId)}`,
  comments: (userId: string | number) => `registrations/${segment(userId)}/comments`,
  assign: (userId: string | number) => `registrations/${segment(userId)}/assign`,
  approve: (userId: string | number) => `registrations/${segment(userId)}/approve`,
  return: (userId: string | number) => `registrations/${segment(userId)}/return`,
  /** The pipeline's actions (common/pipeline.ts), one path each. */
  remind: (userId: string | number) => `registrations/${segment(userId)}/remind`,
  /** POST: reminders to several registrations, a result per row. */
  remindMany: 'registrations/remind/',
  verifyProfile: (userId: string | number) => `registrations/${segment(userId)}/verify-profile`,
  withdraw: (userId: string | number) => `registrations/${segment(userId)}/withdraw`,
  reinstate: (userId: string | number) => `registrations/${segment(userId)}/reinstate`,
  /** PUT books or reschedules the call, DELETE cancels it. */
  meeting: (userId: string | number) => `registrations/${segment(userId)}/meeting`,
  meetingOutcome: (userId: string | number) => `registrations/${segment(userId)}/meeting/outcome`,
  /** GET: the call as an .ics file. */
  meetingCalendar: (userId: string | number) => `registrations/${segment(userId)}/meeting/calendar`,
  /** PUT sets the plan. */
  plan: (userId: string | number) => `registrations/${segment(userId)}/plan`,
  approvePlan: (userId: string | number) => `registrations/${segment(userId)}/plan/approve`,
  payment: (userId: string | number) => `registrations/${segment(userId)}/payment`,
  activate: (userId: string | number) => `registrations/${segment(userId)}/activate`,
  /** Staff who may host an onboarding call. */
  hosts: 'registrations/hosts/',
  /** The bookkeepers and reviewers an activation may assign. */
  accountTeam: 'registrations/account-team/',
  /** The signed-in client's own registration (CLIENT role only). */
  mine: 'me/registration',
  myDocuments: 'me/registration/documents',
  myResubmit: 'me/registration/resubmit',
  mySubmit: 'me/registration/submit',
} as const;

/** The list's date orders; '-' first is newest first. Default '-date_joined'. */
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
