/**
 * The registrations area: the onboarding lists, the due-diligence review and its timeline, the spec's
 * stepper call, and the client's own registration. Schemas here are the routes' validation and
 * serialisation; the types are derived from them.
 */
import { Type, type Static, type TProperties } from 'typebox';
import type { REGISTRATION_EVENT_KINDS } from '../events.ts';
import { ONBOARDING_PAGES, REVIEW_STATES } from '../onboarding.ts';
import { DOCUMENT_CONTENT_TYPES, DOCUMENT_KINDS, MAX_COMMENT_LENGTH, MAX_DOCUMENT_BYTES, MAX_FILE_NAME_LENGTH, RETURN_REASONS } from '../review.ts';
import { STAGES } from '../stages.ts';
import { Closed, Instant, Nullable, PageQuery, Paragraphs, PersonRef, Search, Version } from './shared.ts';

import { REGISTRATION_SORTS } from './registrations-paths.ts';

export { DEFAULT_REGISTRATION_SORT, REGISTRATION_SORTS, registrationPaths, type RegistrationSort } from './registrations-paths.ts';

export const StageSchema = Type.Enum(STAGES, { title: 'Stage' });
const ReviewStateSchema = Type.Enum(REVIEW_STATES);
const OnboardingPageSchema = Type.Enum(ONBOARDING_PAGES, { title: 'Queue' });
const RegistrationStatus = Type.Enum(['active', 'inactive'], { title: 'Status' });

const filters = {
  stage: Type.Optional(StageSchema),
  status: Type.Optional(RegistrationStatus),
  /** An onboarding page key, ANDed with stage and status (common/onboarding.ts). */
  queue: Type.Optional(OnboardingPageSchema),
  /** Case-insensitive, literal contains match on the company's legal name. */
  search: Type.Optional(Search),
  sort: Type.Optional(Type.Enum(REGISTRATION_SORTS, { title: 'Sort' })),
};

/** GET registrations/?stage=&status=&queue=&search=&sort=&page=&page_size= */
export const RegistrationQuery = Closed({ ...filters, ...PageQuery });
export type RegistrationQuery = Static<typeof RegistrationQuery>;

/** GET registrations/export/: the list's filters, every page. */
export const RegistrationExportQuery = Closed(filters);
export type RegistrationExportQuery = Static<typeof RegistrationExportQuery>;

/** GET registrations/counts/: only the pages the caller may open are present. */
export const RegistrationCounts = Type.Object({
  counts: Type.Object(Object.fromEntries(ONBOARDING_PAGES.map((page) => [page, Type.Optional(Type.Integer())])) as { [P in (typeof ONBOARDING_PAGES)[number]]: ReturnType<typeof Type.Optional<ReturnType<typeof Type.Integer>>> }),
});
export type RegistrationCounts = Static<typeof RegistrationCounts>;

/** A registration list item as the back end sends it; recieved_on is spelt so in the contract. */
export const RegistrationListItem = Type.Object({
  /** The client's user id: the key of users/{userId}/status and of the verification and detail pages. */
  id: Type.Integer(),
  legal_name: Type.String(),
  date_joined: Instant,
  registration_id: Type.String(),
  requested_on: Nullable(Instant),
  recieved_on: Nullable(Instant),
  /** The status label, e.g. 'Awaiting Documents', 'Pending Due Diligence'. */
  status: Type.String(),
  /** The last step reached; the verification page of the Registration list opens on it. */
  stage: StageSchema,
  review_state: Nullable(ReviewStateSchema),
  /** The onboarding call (Call Schedule) and the name of who booked it. */
  meeting_at: Nullable(Instant),
  meeting_booked_by: Nullable(Type.String()),
  /** The chosen plan (Plan Approval) and its amount in AED as a decimal string ('1250.00'). */
  plan_name: Nullable(Type.String()),
  plan_amount_aed: Nullable(Type.String()),
  /** When the plan payment arrived (Activation). */
  payment_date: Nullable(Instant),
});
export type RegistrationListItem = Static<typeof RegistrationListItem>;

/** GET users/{userId}/status */
export const StatusStep = Type.Object({
  field_name: StageSchema,
  status_text: Type.String(),
  status: Type.Enum(['completed', 'active', 'pending']),
});
export type StatusStep = Static<typeof StatusStep>;

export const CurrentStatusEntry = Type.Object({ status_text: Type.String(), created_at: Instant });
export type CurrentStatusEntry = Static<typeof CurrentStatusEntry>;

export const UserStatusResponse = Type.Object({ status: Type.Array(StatusStep), current_status: Type.Array(CurrentStatusEntry) });
export type UserStatusResponse = Static<typeof UserStatusResponse>;

/** The company profile the client submitted at completed_registration. Dates are calendar dates (YYYY-MM-DD). */
export const CompanyProfile = Type.Object({
  legal_name: Type.String(),
  trade_licence_number: Type.String(),
  /** Mainland (DET) or a free zone (DMCC, DIFC, ...) */
  licensing_authority: Type.String(),
  legal_form: Type.String(),
  licence_issued_on: Type.String(),
  licence_expires_on: Type.String(),
  vat_registered: Type.Boolean(),
  /** The VAT tax registration number when VAT registered */
  trn: Nullable(Type.String()),
  contact_person: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  address: Type.String(),
  submitted_at: Instant,
});
export type CompanyProfile = Static<typeof CompanyProfile>;

const DocumentKindSchema = Type.Enum(DOCUMENT_KINDS, { title: 'Document kind' });
const ContentTypeSchema = Type.Enum(DOCUMENT_CONTENT_TYPES, { title: 'Content type' });

/** One uploaded document (its bytes are at registrationPaths.document). */
export const RegistrationDocument = Type.Object({
  id: Type.Integer(),
  kind: DocumentKindSchema,
  file_name: Type.String(),
  content_type: ContentTypeSchema,
  size_bytes: Type.Integer(),
  uploaded_at: Instant,
  uploaded_by: Nullable(PersonRef),
});
export type RegistrationDocument = Static<typeof RegistrationDocument>;

/** GET registrations/{userId}/review; the meeting, plan and payment fields are the onboarding lists' own. */
export const RegistrationReview = Type.Object({
  /** The client's user id (the key of every review path) */
  user_id: Type.Integer(),
  registration_id: Type.String(),
  legal_name: Type.String(),
  stage: StageSchema,
  status: RegistrationStatus,
  status_label: Type.String(),
  review_state: Nullable(ReviewStateSchema),
  /** The onboarding page the registration waits on now, or null (activated or withdrawn) */
  queue: Nullable(OnboardingPageSchema),
  /** Optimistic concurrency: every review action sends the version it was decided on. */
  version: Type.Integer(),
  assignee: Nullable(PersonRef),
  client: PersonRef,
  joined_at: Instant,
  requested_on: Nullable(Instant),
  recieved_on: Nullable(Instant),
  /** When it last entered the due-diligence queue (documents received or resubmitted); null before. */
  review_since: Nullable(Instant),
  meeting_at: Nullable(Instant),
  meeting_booked_by: Nullable(Type.String()),
  plan_name: Nullable(Type.String()),
  plan_amount_aed: Nullable(Type.String()),
  payment_date: Nullable(Instant),
  /** When each reached step was reached (from the timeline); absent for steps not reached. */
  reached_at: Type.Object(Object.fromEntries(STAGES.map((stage) => [stage, Type.Optional(Instant)])) as { [S in (typeof STAGES)[number]]: ReturnType<typeof Type.Optional<typeof Instant>> }),
  profile: Nullable(CompanyProfile),
  /** Newest first */
  documents: Type.Array(RegistrationDocument),
});
export type RegistrationReview = Static<typeof RegistrationReview>;

/** One timeline event: its kind decides what `data` holds. */
const timelineEvent = <K extends (typeof REGISTRATION_EVENT_KINDS)[number], D extends TProperties>(kind: K, data: D) =>
  Type.Object({
    id: Type.Integer(),
    kind: Type.Literal(kind),
    actor: Nullable(PersonRef),
    created_at: Instant,
    data: Type.Object(data),
  });

const DocumentMention = Type.Object({ id: Type.Integer(), kind: DocumentKindSchema, file_name: Type.String() });

/** GET registrations/{userId}/events: every event of the registration, oldest first, one shape per kind. */
export const TimelineEvent = Type.Union([
  timelineEvent('stage_reached', { stage: StageSchema }),
  timelineEvent('assigned', { assignee: Nullable(PersonRef) }),
  timelineEvent('unassigned', { assignee: Nullable(PersonRef) }),
  timelineEvent('comment_added', { comment: Type.String() }),
  timelineEvent('document_uploaded', { document: DocumentMention }),
  timelineEvent('returned', { reason: Type.Enum(RETURN_REASONS), comment: Type.String() }),
  timelineEvent('resubmitted', {}),
  timelineEvent('approved', {}),
]);
export type TimelineEvent = Static<typeof TimelineEvent>;
export const Timeline = Type.Array(TimelineEvent);

/** POST registrations/{userId}/comments */
export const CommentBody = Closed({ text: Paragraphs(MAX_COMMENT_LENGTH, { minLength: 1, title: 'Comment' }) });
export type CommentBody = Static<typeof CommentBody>;

/** POST registrations/{userId}/assign: assignee_id null unassigns. */
export const AssignBody = Closed({ assignee_id: Nullable(Type.Integer({ minimum: 1, maximum: 2_147_483_647, title: 'Assignee' })), version: Version });
export type AssignBody = Static<typeof AssignBody>;

/** POST registrations/{userId}/approve */
export const ApproveBody = Closed({ version: Version });
export type ApproveBody = Static<typeof ApproveBody>;

/** POST registrations/{userId}/return */
export const ReturnBody = Closed({
  reason: Type.Enum(RETURN_REASONS, { title: 'Reason' }),
  comment: Paragraphs(MAX_COMMENT_LENGTH, { minLength: 1, title: 'Comment' }),
  version: Version,
});
export type ReturnBody = Static<typeof ReturnBody>;

/** Base64 grows a file by a third. */
export const MAX_DOCUMENT_BASE64_LENGTH = Math.ceil(MAX_DOCUMENT_BYTES / 3) * 4;

/** POST me/registration/documents: a corrected or missing document, base64-encoded. */
export const DocumentUploadBody = Closed({
  kind: DocumentKindSchema,
  /** The name is cleaned (control and bidi characters, path separators) and its extension matched to the type on store. */
  file_name: Type.String({ minLength: 1, maxLength: MAX_FILE_NAME_LENGTH, title: 'File name' }),
  content_type: ContentTypeSchema,
  content_base64: Type.String({ minLength: 1, maxLength: MAX_DOCUMENT_BASE64_LENGTH, pattern: '^[A-Za-z0-9+/]*={0,2}$', errorMessage: 'must be base64', title: 'File' }),
});
export type DocumentUploadBody = Static<typeof DocumentUploadBody>;

/** POST me/registration/resubmit: version optional (a client app may not track it). */
export const ResubmitBody = Closed({ version: Type.Optional(Version) });
export type ResubmitBody = Static<typeof ResubmitBody>;

/** GET me/registration: the client's own registration, as the client app needs it for the correction loop. */
export const MyRegistration = Type.Object({
  registration_id: Type.String(),
  legal_name: Type.String(),
  stage: StageSchema,
  status_label: Type.String(),
  review_state: Nullable(ReviewStateSchema),
  version: Type.Integer(),
  documents: Type.Array(RegistrationDocument),
});
export type MyRegistration = Static<typeof MyRegistration>;

/** GET registrations/{userId}/documents/{documentId}?download=true */
export const DocumentFileQuery = Closed({ download: Type.Optional(Type.Boolean({ title: 'download' })) });
