/**
 * The HTTP contract between the console and the back end (spec section 7), typed once for both sides.
 * Paths are relative to the API base '/api/'.
 */
import type { RegistrationEventKind, UserEventKind } from './events.ts';
import type { OnboardingPage, ReviewState } from './onboarding.ts';
import type { DocumentContentType, DocumentKind, ReturnReason } from './review.ts';
import type { Role, StaffRole } from './roles.ts';
import type { Stage, StepStatus } from './stages.ts';

export const API_BASE = '/api/';

/** The request time-out of every call (spec section 9). */
export const API_TIMEOUT_MS = 120_000;

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export const apiPaths = {
  registrations: 'registrations/',
  /** GET: how many registrations wait on each onboarding page the caller may open (nav badges). */
  registrationCounts: 'registrations/counts/',
  /** GET with the list's filters: every matching row as a streamed CSV file. */
  registrationExport: 'registrations/export/',
  userStatus: (userId: string | number) => `users/${encodeURIComponent(String(userId))}/status`,
  users: 'users/',
  me: 'users/me',
  roleChoices: 'users/user-role-choices/',
  /** PATCH { role }: changes a staff user's role (ADMIN). */
  user: (userId: number) => `users/${userId}`,
  /** POST: disables the sign-in account, revokes its sessions and marks the user inactive (ADMIN). */
  deactivateUser: (userId: number) => `users/${userId}/deactivate`,
  /** POST: enables the sign-in account and marks the user active again (ADMIN). */
  reactivateUser: (userId: number) => `users/${userId}/reactivate`,
  /** POST: a fresh set-password link for a user who lost or never used theirs (ADMIN). */
  setPasswordLink: (userId: number) => `users/${userId}/set-password-link`,
  /** GET ?user_id=&page=: the staff administration audit, newest first (ADMIN). */
  userAudit: 'users/audit/',
  device: (registrationId: string) => `devices/${encodeURIComponent(registrationId)}`,
  devices: 'devices/',
  /** The signed-in user's own web push token: GET to check it, PUT to register or refresh it. */
  pushToken: 'users/me/push-token',
  /** One registration as the review and the stepper show it (GET), keyed by the client's user id. */
  registrationReview: (userId: string | number) => `registrations/${encodeURIComponent(String(userId))}/review`,
  /** The registration's timeline, oldest first (GET). */
  registrationEvents: (userId: string | number) => `registrations/${encodeURIComponent(String(userId))}/events`,
  /** The bytes of one document (GET); ?download=true asks for an attachment. */
  registrationDocument: (userId: string | number, documentId: string | number) =>
    `registrations/${encodeURIComponent(String(userId))}/documents/${encodeURIComponent(String(documentId))}`,
  /** Review actions (POST), each with an optional Idempotency-Key header. */
  registrationComments: (userId: string | number) => `registrations/${encodeURIComponent(String(userId))}/comments`,
  registrationAssign: (userId: string | number) => `registrations/${encodeURIComponent(String(userId))}/assign`,
  registrationApprove: (userId: string | number) => `registrations/${encodeURIComponent(String(userId))}/approve`,
  registrationReturn: (userId: string | number) => `registrations/${encodeURIComponent(String(userId))}/return`,
  /** Staff a registration may be assigned to: the roles that see Due Diligence. */
  reviewAssignees: 'registrations/assignees/',
  /** The signed-in client's own registration (CLIENT role only). */
  myRegistration: 'me/registration',
  myDocuments: 'me/registration/documents',
  myResubmit: 'me/registration/resubmit',
  notifications: 'notifications/',
  unreadNotifications: 'notifications/unread-count',
  notificationRead: (id: number) => `notifications/${id}/read`,
  notificationsReadAll: 'notifications/read-all',
  /** Server-Sent Events: `notification` events (id = the notification's id) and `read` events. */
  notificationStream: 'notifications/stream',
  /** Demo only (emulator mode): sends the caller a notification; 404 in production. */
  testNotification: 'notifications/test',
} as const;

/** The header that makes a write safe to retry: the same key on the same registration acts once. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** The list envelope of every paginated call; next and previous are absolute URLs or null. */
export interface Page<T> {
  count: number;
  total_pages: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

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

/**
 * GET registrations/?stage=&status=&queue=&search=&sort=&page=&page_size= ; registrations/export/ takes the
 * same filters (no page). queue is an onboarding page key, ANDed with stage and status (common/onboarding.ts).
 */
export interface RegistrationQuery {
  stage?: Stage;
  /** 'active' or 'inactive' */
  status?: 'active' | 'inactive';
  queue?: OnboardingPage;
  /** Case-insensitive, literal contains match on the company's legal name. */
  search?: string;
  sort?: RegistrationSort;
  page?: number;
  page_size?: number;
}

export type RegistrationExportQuery = Omit<RegistrationQuery, 'page' | 'page_size'>;

/** GET registrations/counts/ : only the pages the caller may open are present. */
export interface RegistrationCounts {
  counts: Partial<Record<OnboardingPage, number>>;
}

/** A registration list item as the back end sends it; recieved_on is spelt so in the contract. */
export interface RegistrationListItem {
  /** The client's user id: the key of users/{userId}/status and of the verification and detail pages. */
  id: number;
  legal_name: string;
  /** ISO 8601 instant */
  date_joined: string;
  registration_id: string;
  /** ISO 8601 instant or null */
  requested_on: string | null;
  /** ISO 8601 instant, null, or an empty string when not received */
  recieved_on: string | null;
  /** Free text, e.g. 'Awaiting Documents', 'Pending Due Diligence' */
  status: string;
  /** The last step reached; the verification page of the Registration list opens on it. */
  stage: Stage;
  review_state: ReviewState | null;
  /** The onboarding call (Call Schedule): ISO 8601 instant and the name of who booked it, or null. */
  meeting_at: string | null;
  meeting_booked_by: string | null;
  /** The chosen plan (Plan Approval), its amount in AED as a decimal string ('1250.00'), or null. */
  plan_name: string | null;
  plan_amount_aed: string | null;
  /** ISO 8601 instant the plan payment arrived (Activation), or null. */
  payment_date: string | null;
}

/** GET users/{userId}/status */
export interface StatusStep {
  field_name: Stage;
  status_text: string;
  status: StepStatus;
}

export interface CurrentStatusEntry {
  status_text: string;
  /** ISO 8601 instant */
  created_at: string;
}

export interface UserStatusResponse {
  status: StatusStep[];
  current_status: CurrentStatusEntry[];
}

/** GET users/me */
export interface Me {
  display_name: string | null;
  email: string;
  id: number;
  role: Role;
  profile_picture: string | null;
  profile: { id: number } | null;
}

/** GET users/?role__not__in=&role__in=&search=&page=: roles comma-separated. */
export interface UserQuery {
  role__in?: string;
  role__not__in?: string;
  search?: string;
  page?: number;
  page_size?: number;
}

export interface StaffUser {
  id: number;
  display_name: string | null;
  email: string;
  role: Role;
  profile_picture: string | null;
  /** ISO 8601 instant */
  date_joined: string;
  /** false once an administrator deactivated the user: the account cannot sign in or call the API. */
  active: boolean;
}

/** POST users/: invites a staff member (ADMIN). */
export interface InviteUserBody {
  email: string;
  display_name: string;
  role: StaffRole;
}

/** The invited user and the link that lets them set a password (it opens the console's set-password page). */
export interface SetPasswordLinkResponse {
  user: StaffUser;
  set_password_link: string;
}

/** PATCH users/{userId} */
export interface ChangeRoleBody {
  role: StaffRole;
}

/** GET users/audit/?user_id=&page=&page_size= */
export interface UserAuditQuery {
  user_id?: number;
  page?: number;
  page_size?: number;
}

export interface UserRef {
  id: number;
  email: string;
  display_name: string | null;
}

/** One staff administration event: who did what to whom, when, and the record before and after. */
export interface UserAuditEvent {
  id: number;
  kind: UserEventKind;
  user: UserRef;
  /** null when the acting user has since been removed, or for system changes. */
  actor: UserRef | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** ISO 8601 instant */
  created_at: string;
}

/** GET users/user-role-choices/ */
export interface RoleChoice {
  value: Role;
  label: string;
}

/** POST devices/ ; GET devices/{registration_id} answers the same shape or 404. */
export interface DeviceRegistration {
  registration_id: string;
  device: string;
  active: boolean;
  type: 'web';
}

/** PUT users/me/push-token body; GET answers PushTokenRecord or 404. */
export interface PushTokenBody {
  token: string;
}

export interface PushTokenRecord {
  token: string;
  /** ISO 8601 instant of the last registration; the console refreshes it when older than 7 days. */
  updated_at: string;
}

/** What a notification is about: a registration event, or the Settings page's demo test. */
export type NotificationKind = RegistrationEventKind | 'test';

/** GET notifications/?page=&page_size= lists the caller's own, newest first; the stream sends the same shape. */
export interface NotificationRecord {
  id: number;
  kind: NotificationKind;
  title: string;
  body: string;
  /** A console path to open, e.g. '/due-diligence/details/12'; null when there is nothing to open. */
  link: string | null;
  /** ISO 8601 instant */
  created_at: string;
  /** ISO 8601 instant, or null while unread */
  read_at: string | null;
}

/** GET notifications/unread-count, and the answer of every mark-read call. */
export interface UnreadCount {
  unread: number;
}

/** The stream's `read` event: these ids (or every one up to `upTo`) were marked read, in any tab or device. */
export interface NotificationsReadEvent {
  ids: number[];
  upTo: number | null;
}

/** SSE event names of notifications/stream. */
export const NOTIFICATION_STREAM_EVENTS = { notification: 'notification', read: 'read' } as const;

/** The header every call carries: 'Firebase <ID token>'. */
export const AUTH_SCHEME = 'Firebase';

/** A staff member or client as a review shows them. */
export interface PersonRef {
  id: number;
  display_name: string | null;
  email: string;
}

/** The company profile the client submitted at completed_registration. Dates are calendar dates (YYYY-MM-DD). */
export interface CompanyProfile {
  legal_name: string;
  trade_licence_number: string;
  /** Mainland (DET) or a free zone (DMCC, DIFC, ...) */
  licensing_authority: string;
  legal_form: string;
  licence_issued_on: string;
  licence_expires_on: string;
  vat_registered: boolean;
  /** The VAT tax registration number when VAT registered */
  trn: string | null;
  contact_person: string;
  email: string;
  phone: string;
  address: string;
  /** ISO 8601 instant */
  submitted_at: string;
}

/** One uploaded document (the bytes are at apiPaths.registrationDocument). */
export interface RegistrationDocument {
  id: number;
  kind: DocumentKind;
  file_name: string;
  content_type: DocumentContentType;
  size_bytes: number;
  /** ISO 8601 instant */
  uploaded_at: string;
  uploaded_by: PersonRef | null;
}

/** GET registrations/{userId}/review; the meeting, plan and payment fields are the onboarding lists' own. */
export interface RegistrationReview extends Pick<RegistrationListItem, 'meeting_at' | 'meeting_booked_by' | 'plan_name' | 'plan_amount_aed' | 'payment_date'> {
  /** The client's user id (the key of every review path) */
  user_id: number;
  registration_id: string;
  legal_name: string;
  stage: Stage;
  status: 'active' | 'inactive';
  status_label: string;
  review_state: ReviewState | null;
  /** The onboarding page the registration waits on now, or null (activated or withdrawn) */
  queue: OnboardingPage | null;
  /** Optimistic concurrency: every review action sends the version it was decided on. */
  version: number;
  assignee: PersonRef | null;
  client: PersonRef;
  /** ISO 8601 instants */
  joined_at: string;
  requested_on: string | null;
  recieved_on: string | null;
  /** When it last entered the due-diligence queue (documents received or resubmitted); null before. */
  review_since: string | null;
  /** When each reached step was reached (from the timeline); absent for steps not reached. */
  reached_at: Partial<Record<Stage, string>>;
  profile: CompanyProfile | null;
  /** Newest first */
  documents: RegistrationDocument[];
}

/** What a timeline event says beyond its kind. */
export interface TimelineEventData {
  stage?: Stage;
  reason?: ReturnReason;
  /** The return comment or the internal comment's text */
  comment?: string;
  assignee?: PersonRef | null;
  document?: { id: number; kind: DocumentKind; file_name: string };
}

/** GET registrations/{userId}/events: every event of the registration, oldest first. */
export interface TimelineEvent {
  id: number;
  kind: RegistrationEventKind;
  actor: PersonRef | null;
  /** ISO 8601 instant */
  created_at: string;
  data: TimelineEventData;
}

/** POST registrations/{userId}/comments */
export interface CommentBody {
  text: string;
}

/** POST registrations/{userId}/assign: assignee_id null unassigns. */
export interface AssignBody {
  assignee_id: number | null;
  version: number;
}

/** POST registrations/{userId}/approve */
export interface ApproveBody {
  version: number;
}

/** POST registrations/{userId}/return */
export interface ReturnBody {
  reason: ReturnReason;
  comment: string;
  version: number;
}

/** POST me/registration/documents: a corrected or missing document, base64-encoded. */
export interface DocumentUploadBody {
  kind: DocumentKind;
  file_name: string;
  content_type: DocumentContentType;
  content_base64: string;
}

/** POST me/registration/resubmit: version optional (a client app may not track it). */
export interface ResubmitBody {
  version?: number;
}

/** GET me/registration: the client's own registration, as the client app needs it for the correction loop. */
export type MyRegistration = Pick<RegistrationReview, 'registration_id' | 'legal_name' | 'stage' | 'status_label' | 'review_state' | 'version' | 'documents'>;
