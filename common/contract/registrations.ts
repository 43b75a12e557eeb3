/**
 * The registrations area: the onboarding lists, the due-diligence review and its timeline, the spec's
 * stepper call, and the client's own registration. Schemas here are the routes' validation and
 * serialisation; the types are derived from them.
 */
import { Type, type Static, type TProperties } from 'typebox';
import type { AmlTimelineKind, REGISTRATION_EVENT_KINDS } from '../events.ts';
import { ClientFreeze } from './aml-freeze.ts';
import { ONBOARDING_PAGES, REVIEW_STATES } from '../onboarding.ts';
import {
  pipelineAction,
  type PipelineActionKey,
  MAX_BULK_REMINDERS,
  MAX_REASON_LENGTH,
  MEETING_MODES,
  MEETING_OUTCOMES,
  PAYMENT_FATES,
  PAYMENT_METHODS,
  PHASES,
} from '../pipeline.ts';
import { PROFILE_CHECK_KEYS, type ProfileCheck as ProfileCheckType } from '../profile-checks.ts';
import { DOCUMENT_CONTENT_TYPES, DOCUMENT_KINDS, MAX_COMMENT_LENGTH, MAX_DOCUMENT_BYTES, MAX_FILE_NAME_LENGTH, RETURN_REASONS } from '../review.ts';
import { STAGES } from '../stages.ts';
import { BillingCycleSchema } from './plans.ts';
import { bulkActions } from './bulk.ts';
import { Tin } from './einvoicing.ts';
import { access, endpoints, type Access } from './endpoint.ts';
import { registrationFields } from './registrations-fields.ts';
import { CalendarDate, Closed, Id, IdempotencyHeaders, IdParams, type Agrees, Instant, Line, NoBody, Nullable, Page, PageQuery, Paragraphs, PersonRef, Search, Version } from './shared.ts';

import { dueDiligenceBulkLabels, MAX_CALL_PLACE_LENGTH, REGISTRATION_ASSIGNEE_FILTERS, REGISTRATION_SORTS, registrationsRoutes } from './registrations-paths.ts';

export { DEFAULT_REGISTRATION_SORT, REGISTRATION_ASSIGNEE_FILTERS, REGISTRATION_SORTS, registrationsRoutes, type RegistrationSort } from './registrations-paths.ts';

export const StageSchema = Type.Enum(STAGES, { title: registrationFields.stage.label });
const ReviewStateSchema = Type.Enum(REVIEW_STATES);
const OnboardingPageSchema = Type.Enum(ONBOARDING_PAGES, { title: 'Queue' });
const RegistrationStatus = Type.Enum(['active', 'inactive'], { title: registrationFields.status.label });
export const PhaseSchema = Type.Enum(PHASES, { title: 'Phase' });
const MeetingModeSchema = Type.Enum(MEETING_MODES, { title: registrationFields.mode.label });
const MeetingOutcomeSchema = Type.Enum(MEETING_OUTCOMES, { title: registrationFields.outcome.label });
const PaymentMethodSchema = Type.Enum(PAYMENT_METHODS, { title: registrationFields.method.label });
/** A reason or a note of an action: several lines, bounded. */
const Reason = (title: string, minLength = 1) => Paragraphs(MAX_REASON_LENGTH, { minLength, title });

const filters = {
  stage: Type.Optional(StageSchema),
  status: Type.Optional(RegistrationStatus),
  /** An onboarding page key, ANDed with stage and status (common/onboarding.ts). */
  queue: Type.Optional(OnboardingPageSchema),
  /** Case-insensitive, literal contains match on the company's legal name. */
  search: Type.Optional(Search),
  sort: Type.Optional(Type.Enum(REGISTRATION_SORTS, { title: 'Sort' })),
  /** Call Schedule's 'My calls': the registrations whose current call this staff member hosts. */
  host_id: Type.Optional(Id(registrationFields.host.label)),
  /** Due Diligence's 'Assigned to me' and 'Nobody' (Home's blocks open the list so). */
  assignee: Type.Optional(Type.Enum(REGISTRATION_ASSIGNEE_FILTERS, { title: registrationFields.assignee.label })),
  /** Call Schedule's 'Today' (Home's 'My calls today'): the registrations whose current call is on this Dubai day. */
  call_on: Type.Optional(CalendarDate('Call on')),
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
  /** Where it stands within its stage (common/pipeline.ts): the actions a row offers follow from it. */
  phase: PhaseSchema,
  /** The version the row's actions send. */
  version: Type.Integer(),
  /** The current call (Call Schedule): its end, host, mode and outcome. */
  meeting_ends_at: Nullable(Instant),
  meeting_host_id: Nullable(Type.Integer()),
  meeting_host: Nullable(Type.String()),
  meeting_mode: Nullable(MeetingModeSchema),
  meeting_outcome: Nullable(MeetingOutcomeSchema),
  /** The plan's billing cycle and its total per cycle including VAT, in fils (Plan Approval). */
  plan_cycle: Nullable(BillingCycleSchema),
  plan_total_fils: Nullable(Type.Integer()),
  /** The recorded payment (Activation). */
  payment_method: Nullable(PaymentMethodSchema),
  payment_reference: Nullable(Type.String()),
  /** The last reminder sent to the client (Registration). */
  last_reminded_at: Nullable(Instant),
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
  /** The Tax Identification Number recorded at plan approval (null: none yet, or the TRN's first 10 digits stand). */
  tin: Nullable(Type.String()),
  contact_person: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  address: Type.String(),
  submitted_at: Instant,
});
export type CompanyProfile = Static<typeof CompanyProfile>;

const DocumentKindSchema = Type.Enum(DOCUMENT_KINDS, { title: 'Document kind' });
const ContentTypeSchema = Type.Enum(DOCUMENT_CONTENT_TYPES, { title: 'Content type' });

/** One uploaded document (its bytes are at registrationsEndpoints.document). */
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

/** One of the checks a reviewer makes on the company profile: common/profile-checks.ts's ProfileCheck. */
export const ProfileCheck = Type.Object({
  key: Type.Enum(PROFILE_CHECK_KEYS),
  label: Type.String(),
  passed: Type.Boolean(),
  detail: Type.String(),
});
export type ProfileCheck = ProfileCheckType;
const _profileCheckAgrees: Agrees<Static<typeof ProfileCheck>, ProfileCheck> = true;

/** Who verified the profile, when, what the checks said then and any override. */
export const VerificationRecord = Type.Object({
  verified_by: Nullable(PersonRef),
  verified_at: Instant,
  checks: Type.Array(ProfileCheck),
  override_reason: Nullable(Type.String()),
});
export type VerificationRecord = Static<typeof VerificationRecord>;

/** The onboarding call: the current one, or the last one held or missed. */
export const MeetingRecord = Type.Object({
  id: Type.Integer(),
  starts_at: Instant,
  ends_at: Instant,
  duration_minutes: Type.Integer(),
  host: PersonRef,
  mode: MeetingModeSchema,
  link_or_location: Type.String(),
  status: Type.Enum(['scheduled', 'held', 'no_show', 'cancelled']),
  booked_by: Nullable(PersonRef),
  booked_at: Instant,
  /** How many times it was rescheduled (the .ics SEQUENCE). */
  sequence: Type.Integer(),
  outcome_notes: Nullable(Type.String()),
  outcome_by: Nullable(PersonRef),
  outcome_at: Nullable(Instant),
});
export type MeetingRecord = Static<typeof MeetingRecord>;

/** The plan set at Plan Approval; amounts in fils per cycle (common/pricing.ts). */
export const PlanRecord = Type.Object({
  plan_id: Type.Integer(),
  plan_name: Type.String(),
  monthly_price_fils: Type.Integer(),
  cycle: BillingCycleSchema,
  /** The negotiated discount on top of the cycle's, basis points. */
  discount_bp: Type.Integer(),
  list_fils: Type.Integer(),
  discount_fils: Type.Integer(),
  net_fils: Type.Integer(),
  vat_fils: Type.Integer(),
  total_fils: Type.Integer(),
  note: Type.String(),
  set_by: Nullable(PersonRef),
  set_at: Instant,
  approved_by: Nullable(PersonRef),
  approved_at: Nullable(Instant),
});
export type PlanRecord = Static<typeof PlanRecord>;

export const PaymentRecord = Type.Object({
  amount_fils: Type.Integer(),
  method: PaymentMethodSchema,
  reference: Type.String(),
  /** YYYY-MM-DD */
  paid_on: Type.String(),
  recorded_by: Nullable(PersonRef),
  recorded_at: Instant,
});
export type PaymentRecord = Static<typeof PaymentRecord>;

export const ActivationRecord = Type.Object({
  /** The client record (clients/) and its subscription (subscriptions/) the activation created. */
  client_id: Type.Integer(),
  subscription_id: Type.Integer(),
  bookkeeper: Nullable(PersonRef),
  reviewer: Nullable(PersonRef),
  /** YYYY-MM-DD */
  starts_on: Type.String(),
  activated_by: Nullable(PersonRef),
  activated_at: Instant,
});
export type ActivationRecord = Static<typeof ActivationRecord>;

const PaymentFateSchema = Type.Enum(PAYMENT_FATES, { title: registrationFields.paymentFate.label });
/** A recorded payment as a withdrawal names it. */
export const PaymentMentionSchema = Type.Object({ amount_fils: Type.Integer(), method: PaymentMethodSchema, reference: Type.String(), paid_on: Type.String() });
export type PaymentMention = Static<typeof PaymentMentionSchema>;

export const WithdrawalRecord = Type.Object({
  reason: Type.String(),
  withdrawn_by: Nullable(PersonRef),
  withdrawn_at: Instant,
  /** The payment received before the withdrawal and what becomes of it; null when none was recorded. */
  payment: Nullable(PaymentMentionSchema),
  payment_fate: Nullable(PaymentFateSchema),
});
export type WithdrawalRecord = Static<typeof WithdrawalRecord>;

/** GET registrations/{userId}/review; the meeting, plan and payment fields are the onboarding lists' own. */
export const RegistrationReview = Type.Object({
  /** The registration's own id: its audit events' record (the Audit page's filter). */
  id: Type.Integer(),
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
  phase: PhaseSchema,
  /** The profile checks as of today (Dubai date). */
  profile_checks: Type.Array(ProfileCheck),
  last_reminded_at: Nullable(Instant),
  /** When the next reminder may be sent; null when one may be sent now. */
  next_reminder_at: Nullable(Instant),
  /** Each completed step's record (the verification page of that step shows it); null before it. */
  verification: Nullable(VerificationRecord),
  meeting: Nullable(MeetingRecord),
  plan: Nullable(PlanRecord),
  payment: Nullable(PaymentRecord),
  activation: Nullable(ActivationRecord),
  /** Set while the registration is withdrawn. */
  withdrawal: Nullable(WithdrawalRecord),
  /** The freeze a confirmed sanctions match put on it (null: none); staff only. */
  frozen: Nullable(ClientFreeze),
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
/** A call as the timeline tells it. */
export const MeetingMention = Type.Object({
  id: Type.Integer(),
  starts_at: Instant,
  duration_minutes: Type.Integer(),
  host: PersonRef,
  mode: MeetingModeSchema,
  link_or_location: Type.String(),
});
export const PlanMention = Type.Object({
  plan_id: Type.Integer(),
  plan_name: Type.String(),
  cycle: BillingCycleSchema,
  discount_bp: Type.Integer(),
  net_fils: Type.Integer(),
  vat_fils: Type.Integer(),
  total_fils: Type.Integer(),
  note: Type.String(),
});
export type MeetingMention = Static<typeof MeetingMention>;
export type PlanMention = Static<typeof PlanMention>;

/** GET registrations/{userId}/events: every event of the registration, oldest first, one shape per kind. */
/** A screening decision on the registration's AML file, as its timeline shows it (the subject: the party's or the company's name). */
const amlTimelineEvent = <K extends AmlTimelineKind>(kind: K) =>
  Type.Object({
    id: Type.Integer(),
    kind: Type.Literal(kind),
    actor: Nullable(PersonRef),
    created_at: Instant,
    data: Type.Object({ subject: Type.String(), list: Type.String(), reference: Type.String(), reason: Type.String(), awaiting_second_review: Type.Optional(Type.Boolean()) }),
  });

export const TimelineEvent = Type.Union([
  timelineEvent('stage_reached', { stage: StageSchema }),
  timelineEvent('assigned', { assignee: Nullable(PersonRef) }),
  timelineEvent('unassigned', { assignee: Nullable(PersonRef) }),
  timelineEvent('comment_added', { comment: Type.String() }),
  timelineEvent('document_uploaded', { document: DocumentMention }),
  timelineEvent('returned', { reason: Type.Enum(RETURN_REASONS), comment: Type.String() }),
  timelineEvent('resubmitted', {}),
  timelineEvent('approved', {}),
  timelineEvent('reminded', { phase: PhaseSchema }),
  timelineEvent('verified', { checks: Type.Array(ProfileCheck), override_reason: Nullable(Type.String()) }),
  timelineEvent('withdrawn', {
    reason: Type.String(),
    cancelled_meeting_id: Nullable(Type.Integer()),
    payment: Type.Optional(Nullable(PaymentMentionSchema)),
    payment_fate: Type.Optional(Nullable(PaymentFateSchema)),
  }),
  timelineEvent('reinstated', {}),
  timelineEvent('meeting_booked', { meeting: MeetingMention }),
  timelineEvent('meeting_rescheduled', { meeting: MeetingMention, previous: Nullable(MeetingMention) }),
  timelineEvent('meeting_cancelled', { meeting: MeetingMention, reason: Type.String() }),
  timelineEvent('meeting_held', { meeting_id: Type.Integer(), notes: Type.String() }),
  timelineEvent('meeting_no_show', { meeting_id: Type.Integer(), notes: Type.String() }),
  timelineEvent('submitted', { documents: Type.Array(DocumentMention) }),
  timelineEvent('plan_set', { plan: PlanMention }),
  timelineEvent('plan_approved', { total_fils: Type.Integer(), no_payment_due: Type.Optional(Type.Boolean()) }),
  timelineEvent('payment_recorded', { amount_fils: Type.Integer(), method: PaymentMethodSchema, reference: Type.String(), paid_on: Type.String() }),
  timelineEvent('activated', { client_id: Type.Integer(), subscription_id: Type.Integer(), bookkeeper: Nullable(PersonRef), reviewer: Nullable(PersonRef), starts_on: Type.String() }),
  amlTimelineEvent('match_false_positive'),
  amlTimelineEvent('match_confirmed'),
  amlTimelineEvent('match_countersigned'),
  amlTimelineEvent('match_sent_back'),
  amlTimelineEvent('match_reopened'),
  timelineEvent('frozen', { reason: Type.String() }),
  timelineEvent('freeze_lift_requested', { reason: Type.String() }),
  timelineEvent('freeze_lifted', { reason: Type.String(), requested_by: Nullable(PersonRef) }),
]);
export type TimelineEvent = Static<typeof TimelineEvent>;
export const Timeline = Type.Array(TimelineEvent);

/** POST registrations/{userId}/comments */
export const CommentBody = Closed({ text: Paragraphs(MAX_COMMENT_LENGTH, { minLength: 1, title: 'Comment' }) });
export type CommentBody = Static<typeof CommentBody>;

/** POST registrations/{userId}/assign: assignee_id null unassigns. */
export const AssignBody = Closed({ assignee_id: Nullable(Type.Integer({ minimum: 1, maximum: 2_147_483_647, title: registrationFields.assignee.label })), version: Version });
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
  phase: PhaseSchema,
  /** The onboarding call as the client sees it. */
  meeting: Nullable(
    Type.Object({ starts_at: Instant, ends_at: Instant, mode: MeetingModeSchema, link_or_location: Type.String(), host_name: Nullable(Type.String()), status: Type.String() }),
  ),
  /** The documents the held call asked for, and those of them not uploaded yet. */
  required_documents: Type.Array(DocumentKindSchema),
  missing_documents: Type.Array(DocumentKindSchema),
  /** The approved plan's payment request; null before approval. */
  payment_request: Nullable(Type.Object({ plan_name: Type.String(), cycle: BillingCycleSchema, total_fils: Type.Integer(), vat_fils: Type.Integer() })),
});
export type MyRegistration = Static<typeof MyRegistration>;

// ------------------------------------------------------------------------ the pipeline's actions

/** POST registrations/{userId}/remind: no version (a reminder changes no decision); once per 24 h. */
export const RemindBody = Closed({});
export type RemindBody = Static<typeof RemindBody>;

/** POST registrations/remind/: the same reminder to several registrations, each its own transaction. */
export const BulkRemindBody = Closed({
  user_ids: Type.Array(Id('user_ids'), { minItems: 1, maxItems: MAX_BULK_REMINDERS, uniqueItems: true, title: 'Registrations' }),
});
export type BulkRemindBody = Static<typeof BulkRemindBody>;

export const BulkRemindResult = Type.Object({
  results: Type.Array(
    Type.Object({
      id: Type.Integer(),
      /** 200 sent, 404, 409 (too soon, or nothing for the client to do) */
      status: Type.Integer(),
      message: Type.String(),
      last_reminded_at: Nullable(Instant),
    }),
  ),
});
export type BulkRemindResult = Static<typeof BulkRemindResult>;

/** POST registrations/{userId}/verify-profile: override_reason is required when a check fails. */
export const VerifyProfileBody = Closed({
  version: Version,
  override_reason: Type.Optional(Nullable(Reason('Override reason', 0))),
});
export type VerifyProfileBody = Static<typeof VerifyProfileBody>;

/** POST registrations/{userId}/withdraw */
export const WithdrawBody = Closed({
  version: Version,
  reason: Reason('Reason'),
  /** Once a payment is recorded: its reference, naming the payment the decision is about, and its fate. */
  payment_reference: Type.Optional(Line(100, { minLength: 1, title: 'Payment' })),
  payment_fate: Type.Optional(PaymentFateSchema),
});
export type WithdrawBody = Static<typeof WithdrawBody>;

/** POST registrations/{userId}/reinstate */
export const ReinstateBody = Closed({ version: Version });
export type ReinstateBody = Static<typeof ReinstateBody>;

/** PUT registrations/{userId}/meeting: books the call, or reschedules it. starts_at carries its offset (+04:00). */
export const MeetingBody = Closed({
  version: Version,
  starts_at: Type.String({ format: 'date-time', maxLength: 40, title: 'Date and time' }),
  duration_minutes: Type.Integer({ minimum: registrationFields.duration.min, maximum: registrationFields.duration.max, title: registrationFields.duration.label }),
  host_id: Id(registrationFields.host.label),
  mode: MeetingModeSchema,
  link_or_location: Line(MAX_CALL_PLACE_LENGTH, { minLength: 1, title: 'Link or location' }),
});
export type MeetingBody = Static<typeof MeetingBody>;

/** DELETE registrations/{userId}/meeting */
export const CancelMeetingBody = Closed({ version: Version, reason: Reason('Reason') });
export type CancelMeetingBody = Static<typeof CancelMeetingBody>;

/** POST registrations/{userId}/meeting/outcome */
export const MeetingOutcomeBody = Closed({ version: Version, outcome: MeetingOutcomeSchema, notes: Paragraphs(registrationFields.outcomeNotes.max, { title: registrationFields.outcomeNotes.label }) });
export type MeetingOutcomeBody = Static<typeof MeetingOutcomeBody>;

/** PUT registrations/{userId}/plan: discount_percent is the negotiated discount on top of the cycle's (two decimals at most). */
export const PlanBody = Closed({
  version: Version,
  plan_id: Id(registrationFields.plan.label),
  cycle: BillingCycleSchema,
  discount_percent: Type.Number({ minimum: 0, maximum: 100, title: 'Discount' }),
  note: Reason(registrationFields.planNote.label, 0),
});
export type PlanBody = Static<typeof PlanBody>;

/** POST registrations/{userId}/plan/approve */
export const ApprovePlanBody = Closed({
  version: Version,
  /** The company's TIN, addressed on its e-invoices; with a TRN it must be the TRN's first 10 digits (left out or null: derived from the TRN). */
  tin: Type.Optional(Nullable(Tin)),
});
export type ApprovePlanBody = Static<typeof ApprovePlanBody>;

/** POST registrations/{userId}/payment: amount_aed a decimal string ('1312.50'), never a float. */
export const PaymentBody = Closed({
  version: Version,
  // Grouped as the form's hint shows it ('1,115.63') or plain; a sign is let through so a negative amount is told it must be more than zero.
  amount_aed: Type.String({ maxLength: 20, pattern: '^\\s*-?(\\d{1,3}(,\\d{3})+|\\d{1,12})(\\.\\d{1,2})?\\s*$', errorMessage: 'must be an amount in AED such as 1,115.63', title: registrationFields.amount.label }),
  method: PaymentMethodSchema,
  reference: Line(registrationFields.reference.max, { minLength: registrationFields.reference.min, title: registrationFields.reference.label }),
  paid_on: CalendarDate(registrationFields.paidOn.label),
});
export type PaymentBody = Static<typeof PaymentBody>;

/** POST registrations/{userId}/activate */
export const ActivateBody = Closed({
  version: Version,
  bookkeeper_id: Id(registrationFields.bookkeeper.label),
  reviewer_id: Id(registrationFields.reviewer.label),
  starts_on: CalendarDate('Start date'),
});
export type ActivateBody = Static<typeof ActivateBody>;

/** GET registrations/account-team/: who an activation may assign. */
export const AccountTeam = Type.Object({ bookkeepers: Type.Array(PersonRef), reviewers: Type.Array(PersonRef) });
export type AccountTeam = Static<typeof AccountTeam>;

/** POST me/registration/submit: version optional (a client app may not track it). */
export const SubmitBody = Closed({ version: Type.Optional(Version) });
export type SubmitBody = Static<typeof SubmitBody>;

/** GET registrations/{userId}/documents/{documentId}?download=true */
export const DocumentFileQuery = Closed({ download: Type.Optional(Type.Boolean({ title: 'Download' })) });

// ------------------------------------------------------------------------------------- the endpoint table

/** The rule of a pipeline action: the roles of the page the machine (common/pipeline.ts) names, or the client. */
export function actionAccess(key: PipelineActionKey): Access {
  const { by } = pipelineAction(key);
  return by === 'client' ? access.client : access.page(by);
}

/** Any onboarding page lets a list through the route's rule; the rows asked for decide (the handler). */
const onboarding = access.anyPage(...ONBOARDING_PAGES);
const listOwnership = 'The role must see every onboarding page the rows asked for can be on (common/onboarding.ts pagesOfScope).';
/** Internal comments and the timeline are the reviewers' own: the Due Diligence page's roles (the decisions' too). */
const dueDiligence = access.page('due-diligence');
/** The stepper (Registration page) shows the same profile and documents, so those reads follow that page. */
const registration = access.page('registrations');
const userParams = IdParams('userId');
/**
 * The rule of every staff read and action on one registration (its KYC files among them): the role must see
 * the page the registration stands at (common/onboarding.ts recordPageOf), else 404 as for another's record.
 * The route sweep proves it stage by stage for every endpoint that declares it.
 */
export const STAGE_OWNERSHIP = 'Only at a stage one of the caller\'s onboarding pages lists (common/onboarding.ts recordPageOf); elsewhere 404, as for another\'s record.';
const stage = { ownership: STAGE_OWNERSHIP } as const;
/** A staff action on one registration: retry-safe, keyed by the client's user id, answering the review. */
const action = (key: PipelineActionKey, summary: string) => ({ summary, access: actionAccess(key), ...stage, headers: IdempotencyHeaders, params: userParams, response: { 200: RegistrationReview } });
const own = 'The caller\'s own registration, found by the caller, never by a parameter.';

export const registrationsEndpoints = endpoints('registrations', registrationsRoutes, {
  list: { summary: 'The onboarding lists, paginated', access: onboarding, ownership: listOwnership, query: RegistrationQuery, response: { 200: Page(RegistrationListItem) } },
  counts: { summary: 'How many registrations wait on each onboarding page the caller may open', access: onboarding, response: { 200: RegistrationCounts } },
  export: {
    summary: 'Every row matching the list\'s filters as a streamed CSV file',
    access: onboarding,
    ownership: listOwnership,
    query: RegistrationExportQuery,
    raw: { contentTypes: ['text/csv'], description: 'The CSV file, as an attachment' },
  },
  status: { summary: 'The spec\'s stepper: the seven stages and the status history', access: registration, ...stage, params: userParams, response: { 200: UserStatusResponse } },
  assignees: { summary: 'Staff a registration may be assigned to', access: dueDiligence, response: { 200: Type.Array(PersonRef) } },
  review: { summary: 'One registration as the review and the stepper show it', access: registration, ...stage, params: userParams, response: { 200: RegistrationReview } },
  events: { summary: 'The registration\'s timeline, oldest first', access: dueDiligence, ...stage, params: userParams, response: { 200: Timeline } },
  document: {
    summary: 'The bytes of one document of the registration',
    access: registration,
    ...stage,
    params: IdParams('userId', 'documentId'),
    query: DocumentFileQuery,
    raw: { contentTypes: DOCUMENT_CONTENT_TYPES, description: 'The file, inline (?download=true: as an attachment)' },
  },
  comment: { summary: 'Add an internal comment to the timeline', access: dueDiligence, headers: IdempotencyHeaders, params: userParams, body: CommentBody, response: { 201: Timeline } },
  assign: { ...action('assign', 'Assign the review (or unassign it)'), body: AssignBody },
  approve: { ...action('approve', 'Approve the due diligence'), body: ApproveBody },
  return: { ...action('return', 'Return the registration to the client for correction'), body: ReturnBody },
  remind: { ...action('remind', 'Remind the client of its next step (once per 24 hours)'), body: RemindBody, errors: [409] },
  remindMany: { summary: 'Remind several clients, a result per row', access: actionAccess('remind'), headers: IdempotencyHeaders, body: BulkRemindBody, response: { 200: BulkRemindResult } },
  verifyProfile: { ...action('verify_profile', 'Verify the company profile'), body: VerifyProfileBody },
  withdraw: { ...action('withdraw', 'Withdraw the registration'), body: WithdrawBody },
  reinstate: { ...action('reinstate', 'Reinstate a withdrawn registration'), body: ReinstateBody },
  bookMeeting: { ...action('book_meeting', 'Book or reschedule the onboarding call'), body: MeetingBody },
  cancelMeeting: { ...action('cancel_meeting', 'Cancel the onboarding call'), body: CancelMeetingBody },
  meetingOutcome: { ...action('mark_held', 'Record the call as held or missed'), body: MeetingOutcomeBody },
  meetingCalendar: {
    summary: 'The onboarding call as an .ics file',
    // Call Schedule's readers (REVIEWER) may download the call too.
    access: access.anyPage('registrations', 'call-schedules'),
    ...stage,
    params: userParams,
    query: NoBody,
    raw: { contentTypes: ['text/calendar'], description: 'The call as an iCalendar attachment' },
  },
  setPlan: { ...action('set_plan', 'Set the plan'), body: PlanBody },
  approvePlan: { ...action('approve_plan', 'Approve the plan'), body: ApprovePlanBody },
  payment: { ...action('record_payment', 'Record the payment'), body: PaymentBody },
  activate: { ...action('activate', 'Activate the client with its account team'), body: ActivateBody },
  hosts: { summary: 'Staff who may host an onboarding call', access: actionAccess('book_meeting'), response: { 200: Type.Array(PersonRef) } },
  accountTeam: { summary: 'The bookkeepers and reviewers an activation may assign', access: actionAccess('activate'), response: { 200: AccountTeam } },
  mine: { summary: 'The client\'s own registration', access: access.client, ownership: own, response: { 200: MyRegistration } },
  myDocuments: {
    summary: 'The client uploads a document',
    access: actionAccess('upload_document'),
    ownership: own,
    headers: IdempotencyHeaders,
    body: DocumentUploadBody,
    response: { 201: MyRegistration },
    // The base64 file and the small envelope around it.
    bodyLimit: MAX_DOCUMENT_BASE64_LENGTH + 4096,
    fileLimit: MAX_DOCUMENT_BYTES,
  },
  mySubmit: { summary: 'The client submits its documents after the held call', access: actionAccess('submit_documents'), ownership: own, headers: IdempotencyHeaders, body: SubmitBody, response: { 200: MyRegistration }, errors: [409] },
  myResubmit: { summary: 'The client resubmits after a return', access: actionAccess('resubmit'), ownership: own, headers: IdempotencyHeaders, body: ResubmitBody, response: { 200: MyRegistration }, errors: [409] },
});

/** The Due Diligence list's bulk assign (null unassigns). */
export const dueDiligenceBulkActions = bulkActions('due-diligence', dueDiligenceBulkLabels, { assign: Closed({ assignee_id: Nullable(Id('Assign to')) }) });
