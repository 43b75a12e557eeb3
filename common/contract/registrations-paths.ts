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
  /** The signed-in client's own registration (CLIENT role only). */
  mine: 'me/registration',
  myDocuments: 'me/registration/documents',
  myResubmit: 'me/registration/resubmit',
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
] as const;
export type RegistrationSort = (typeof REGISTRATION_SORTS)[number];
export const DEFAULT_REGISTRATION_SORT: RegistrationSort = '-date_joined';
