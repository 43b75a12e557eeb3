/**
 * The registrations area's rules, read from common/ (onboarding queues, stages, review vocabulary,
 * links): which page a row opens, what the verification page's flags mean, what a decision waits for,
 * and how the review's facts and events are worded. Components ask here instead of deciding themselves.
 */
import { MAX_ID } from '../../../../common/contract/http.ts';
import type { PaymentMention, RegistrationListItem, RegistrationReview, TimelineEvent } from '../../../../common/contract/registrations.ts';
import type { AmlTimelineKind, RegistrationEventKind } from '../../../../common/events.ts';
import { dueDiligenceDetailPath, verificationPath } from '../../../../common/links.ts';
import { formatFils } from '../../../../common/money.ts';
import { mayOpenRecord, type ReviewState } from '../../../../common/onboarding.ts';
import { dubaiDate } from '../../../../common/calendar.ts';
import {
  MEETING_MODE_LABELS,
  NO_PAYMENT_DUE,
  PAYMENT_FATE_LABELS,
  PAYMENT_METHOD_LABELS,
  PHASE_LABELS,
  actionStartsFrom,
  actionsFor,
  callStarted,
  callGroupOf,
  percentToBp,
  type CallGroup,
  type MeetingOutcome,
  type PaymentFate,
  type Phase,
  type PipelineActionKey,
} from '../../../../common/pipeline.ts';
import { CYCLE_TERMS, cyclePrice, type BillingCycle, type CyclePrice } from '../../../../common/pricing.ts';
import type { Role } from '../../../../common/roles.ts';
import { DOCUMENT_KIND_LABELS, RETURN_REASON_LABELS } from '../../../../common/review.ts';
import { STAGE_TITLES, type Stage } from '../../../../common/stages.ts';
import { formatDubaiDate, formatDubaiDateTime } from '../../lib/dates.ts';
import { personName } from '../../lib/user-name.ts';

/**
 * The verification page on the registration's current step. One returned for correction is back at the
 * registration form: its step is completed_registration with the return flag (spec section 2, stepper).
 */
export function verificationHref(item: Pick<RegistrationListItem, 'id' | 'stage' | 'review_state'>): string {
  return item.review_state === 'returned' ? verificationPath(item.id, 'completed_registration', true) : verificationPath(item.id, item.stage);
}

/** Rows of the due-diligence and plan-approval lists open the registration's review. */
export const detailHref = (item: Pick<RegistrationListItem, 'id'>) => dueDiligenceDetailPath(item.id);

export interface VerificationQuery {
  step: string | null;
  /** return=true or resubmitted (any value but 'false'): the stepper shows its return sub-entry. */
  showReturn: boolean;
}

export function readVerificationQuery(search: string): VerificationQuery {
  const query = new URLSearchParams(search);
  const flag = (name: string) => query.has(name) && query.get(name) !== 'false';
  return { step: query.get('step'), showReturn: flag('return') || flag('resubmitted') };
}

/**
 * A record id as the back end takes it (a positive whole number in the database's range): anything else in
 * the address is a record that cannot exist, shown as such without asking the server.
 */
export function isRecordId(value: string): boolean {
  return /^[1-9]\d{0,9}$/.test(value) && Number(value) <= MAX_ID;
}

/**
 * Whether the due-diligence page offers its review actions (assignment, return, approval) at all: only while
 * the registration waits on due diligence, the one phase the server accepts them in. Elsewhere (activated,
 * withdrawn, on to Plan Approval) they cannot apply, so they are not shown, rather than answering a 409.
 */
export const reviewActionsApply = (review: Pick<RegistrationReview, 'phase'>) => actionStartsFrom('assign', review.phase);

/**
 * The step the verification page shows after the registration's stage moved while it was open (an action
 * on the page, or someone else's): a page that showed the stage it was at follows it to the new one, so its
 * heading and the stepper agree; a page on any other step (an earlier record looked at) stays there.
 */
export function stepAfterStageMove(shown: Stage, before: Stage, now: Stage): Stage {
  return shown === before && now !== before ? now : shown;
}

/**
 * Why the due-diligence decisions cannot be taken now, per decision; null when they can. `amlMissing` is what
 * the AML file still lacks (the screening's `missing`: parties, screening, risk rating), said on the button's
 * note before it is pressed rather than in a toast after.
 */
export function decisionBlockers(
  review: Pick<RegistrationReview, 'queue' | 'documents' | 'requested_on'>,
  amlMissing: readonly string[] = [],
): { approve: string | null; return: string | null } {
  if (review.queue !== 'due-diligence') {
    const waiting = 'Decisions are open while the registration waits on due diligence.';
    return { approve: waiting, return: waiting };
  }
  if (review.documents.length === 0) {
    const since = review.requested_on ? ` (requested on ${formatDubaiDate(review.requested_on)})` : '';
    return { approve: `Approval waits for the client's documents${since}.`, return: null };
  }
  if (amlMissing.length > 0) return { approve: `Approval waits for: ${amlMissing.join('; ')}.`, return: null };
  return { approve: null, return: null };
}

/**
 * The plan columns of Plan Approval: the client chooses a plan after due diligence is approved, so a row
 * approved moments ago has none yet, which the page says rather than showing a dash.
 */
export const NO_PLAN_YET = 'Not chosen yet';

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** '3 days in due diligence', '5 hours in due diligence'; null when it has not entered the queue. */
export function waitingText(since: string | null, now = Date.now()): string | null {
  if (!since) return null;
  const hours = Math.max(0, Math.floor((now - Date.parse(since)) / 3_600_000));
  if (hours < 24) return `${hours === 1 ? '1 hour' : `${hours} hours`} in due diligence`;
  const days = Math.floor(hours / 24);
  return `${days === 1 ? '1 day' : `${days} days`} in due diligence`;
}

export const EVENT_KIND_LABELS: Record<RegistrationEventKind, string> = {
  stage_reached: 'Step reached',
  assigned: 'Assigned',
  unassigned: 'Unassigned',
  comment_added: 'Comment',
  document_uploaded: 'Document uploaded',
  returned: 'Returned',
  resubmitted: 'Resubmitted',
  approved: 'Approved',
  reminded: 'Reminder sent',
  verified: 'Profile verified',
  withdrawn: 'Withdrawn',
  reinstated: 'Reinstated',
  meeting_booked: 'Call booked',
  meeting_rescheduled: 'Call rescheduled',
  meeting_cancelled: 'Call cancelled',
  meeting_held: 'Call held',
  meeting_no_show: 'No show',
  submitted: 'Documents submitted',
  plan_set: 'Plan set',
  plan_approved: 'Plan approved',
  payment_recorded: 'Payment recorded',
  activated: 'Account activated',
  frozen: 'Frozen',
  freeze_lift_requested: 'Freeze lift requested',
  freeze_lifted: 'Freeze lifted',
};

export const AML_TIMELINE_LABELS: Record<AmlTimelineKind, string> = {
  match_false_positive: 'Screening: false positive',
  match_confirmed: 'Screening: match confirmed',
  match_countersigned: 'Screening: countersigned',
  match_sent_back: 'Screening: sent back',
  match_reopened: 'Screening: reopened',
};

const callText = (meeting: { starts_at: string; duration_minutes: number; host: { display_name: string | null; email: string }; mode: keyof typeof MEETING_MODE_LABELS }) =>
  `${formatDubaiDateTime(meeting.starts_at)}, ${meeting.duration_minutes} min, ${MEETING_MODE_LABELS[meeting.mode].toLowerCase()} with ${personName(meeting.host)}`;

/** 'Payment of AED 14,175.00 (cheque, reference CHQ-1) received: refund to be made.' */
export function paymentFateText(payment: PaymentMention, fate: PaymentFate): string {
  return `Payment of ${formatFils(payment.amount_fils)} (${PAYMENT_METHOD_LABELS[payment.method].toLowerCase()}, reference ${payment.reference}) received: ${PAYMENT_FATE_LABELS[fate].toLowerCase()}.`;
}

/** The sentence a timeline entry shows (the actor and time are shown beside it). */
export function eventSummary(event: TimelineEvent): string {
  switch (event.kind) {
    case 'stage_reached':
      return `Reached ${STAGE_TITLES[event.data.stage]}`;
    case 'assigned':
      return `Assigned to ${personName(event.data.assignee)}`;
    case 'unassigned':
      return `Unassigned from ${personName(event.data.assignee)}`;
    case 'comment_added':
      return 'Internal comment';
    case 'document_uploaded':
      return `Uploaded ${DOCUMENT_KIND_LABELS[event.data.document.kind]} (${event.data.document.file_name})`;
    case 'returned':
      return `Returned for correction: ${RETURN_REASON_LABELS[event.data.reason]}`;
    case 'resubmitted':
      return 'Resubmitted by the client';
    case 'approved':
      return 'Due diligence approved';
    case 'reminded':
      return `Reminder sent to the client (${PHASE_LABELS[event.data.phase]})`;
    case 'verified':
      return event.data.override_reason ? `Profile verified with an override: ${event.data.override_reason}` : 'Profile verified, every check passed';
    case 'withdrawn':
      return event.data.payment && event.data.payment_fate
        ? `Withdrawn: ${event.data.reason}. ${paymentFateText(event.data.payment, event.data.payment_fate)}`
        : `Withdrawn: ${event.data.reason}`;
    case 'reinstated':
      return 'Reinstated';
    case 'meeting_booked':
      return `Call booked for ${callText(event.data.meeting)}`;
    case 'meeting_rescheduled':
      return `Call rescheduled to ${callText(event.data.meeting)}`;
    case 'meeting_cancelled':
      return `Call cancelled: ${event.data.reason}`;
    case 'meeting_held':
      return event.data.notes ? `Call held: ${event.data.notes}` : 'Call held';
    case 'meeting_no_show':
      return event.data.notes ? `Client did not join the call: ${event.data.notes}` : 'Client did not join the call';
    case 'submitted':
      return `Documents submitted by the client (${event.data.documents.length})`;
    case 'plan_set':
      return `Plan set: ${event.data.plan.plan_name}, ${CYCLE_TERMS[event.data.plan.cycle].label.toLowerCase()}, ${formatFils(event.data.plan.total_fils)} incl. VAT`;
    case 'plan_approved':
      return event.data.no_payment_due ? `Plan approved, ${NO_PAYMENT_DUE.label.toLowerCase()} (total ${formatFils(event.data.total_fils)})` : `Plan approved, payment of ${formatFils(event.data.total_fils)} requested`;
    case 'payment_recorded':
      return `Payment of ${formatFils(event.data.amount_fils)} recorded (${PAYMENT_METHOD_LABELS[event.data.method]}, ${event.data.reference}, paid ${formatDubaiDate(`${event.data.paid_on}T00:00:00+04:00`)})`;
    case 'activated':
      return `Account activated, bookkeeper ${personName(event.data.bookkeeper)}`;
    case 'match_false_positive':
      return `Screening: ${event.data.subject} cleared as a false positive on ${event.data.reference}${event.data.awaiting_second_review ? ', awaiting second review' : ''}`;
    case 'match_confirmed':
      return `Screening: ${event.data.subject} confirmed as ${event.data.reference}`;
    case 'match_countersigned':
      return `Screening: the false positive of ${event.data.subject} on ${event.data.reference} countersigned`;
    case 'match_sent_back':
      return `Screening: the false positive of ${event.data.subject} on ${event.data.reference} sent back to be decided again`;
    case 'match_reopened':
      return `Screening: the decision on ${event.data.subject} (${event.data.reference}) reopened`;
    case 'frozen':
      return `Frozen: ${event.data.reason}`;
    case 'freeze_lift_requested':
      return `Lifting the freeze asked for: ${event.data.reason}`;
    case 'freeze_lifted':
      return `Freeze lifted (asked for by ${personName(event.data.requested_by)}): ${event.data.reason}`;
  }
}

// ------------------------------------------------------------------ the pipeline's buttons (common/pipeline.ts)

/** The staff actions a row or a verification page offers; the review's own (assign, approve, return) stay on the due-diligence detail. */
export const STAFF_ACTIONS = [
  'remind',
  'verify_profile',
  'book_meeting',
  'mark_held',
  'mark_no_show',
  'reschedule_meeting',
  'cancel_meeting',
  'set_plan',
  'approve_plan',
  'record_payment',
  'activate',
  'withdraw',
  'reinstate',
] as const satisfies readonly PipelineActionKey[];
export type StaffAction = (typeof STAFF_ACTIONS)[number];

/** The buttons `role` sees on a registration in `phase`: exactly what the machine allows, in the order above. */
export function staffActions(phase: Phase, role: Role | null): StaffAction[] {
  if (!role) return [];
  const allowed = new Set(actionsFor(phase, role));
  return STAFF_ACTIONS.filter((key) => allowed.has(key));
}

/**
 * The buttons of one registration: the machine's, less 'Mark held' and 'No show' before the call started
 * (the back end refuses them then) and 'Approve plan' before a plan is set. A list row keeps to its step's main actions
 * (withdraw, reinstate and cancel are on the record; a started call offers its outcome, not a reschedule),
 * so the table fits the window.
 */
export function visibleActions(
  target: { phase: Phase; meeting_at: string | null; plan_name: string | null; stage: Stage; review_state: ReviewState | null },
  role: Role | null,
  variant: 'row' | 'page',
  now = Date.now(),
): StaffAction[] {
  // A registration at a stage none of the role's pages lists offers it nothing (the back end answers 404).
  if (!mayOpenRecord(role, target)) return [];
  const started = target.meeting_at !== null && callStarted(target.meeting_at, now);
  return staffActions(target.phase, role).filter((key) => {
    if ((key === 'mark_held' || key === 'mark_no_show') && !started) return false;
    if (key === 'approve_plan' && target.plan_name === null) return false;
    if (variant === 'page') return true;
    if (key === 'withdraw' || key === 'reinstate' || key === 'cancel_meeting') return false;
    return !(key === 'reschedule_meeting' && target.phase === 'call_booked' && started);
  });
}

/** What an action needs of the registration: its key, its name for the dialogs, where it stands and the version shown. */
export interface ActionTarget {
  /** The client's user id. */
  id: number;
  registration_id: string;
  legal_name: string;
  phase: Phase;
  /** Where it stands: which page's roles may act on it (common/onboarding.ts recordPageOf). */
  stage: Stage;
  review_state: ReviewState | null;
  version: number;
  /** The plan set at Plan Approval: 'Approve plan' waits for one. */
  plan_name: string | null;
  /** The current call's start: 'No show' waits for it. */
  meeting_at: string | null;
}

export const targetOfReview = (review: RegistrationReview): ActionTarget => ({
  id: review.user_id,
  registration_id: review.registration_id,
  legal_name: review.legal_name,
  phase: review.phase,
  stage: review.stage,
  review_state: review.review_state,
  version: review.version,
  plan_name: review.plan?.plan_name ?? null,
  meeting_at: review.meeting?.status === 'scheduled' || review.meeting?.status === 'no_show' ? review.meeting.starts_at : null,
});

/** The dialogs: outcome carries the outcome its button asked for. */
export type OpenDialog = Exclude<StaffAction, 'remind' | 'mark_held' | 'mark_no_show'> | { outcome: MeetingOutcome };

/** Whether the phase has a booked call an .ics file can be made of. */
export const hasCall = (phase: Phase) => phase === 'call_booked' || phase === 'no_show';

/** The Call Schedule's group chip of a row (a call just after midnight Dubai is tomorrow's). */
export function callGroup(item: Pick<RegistrationListItem, 'meeting_at' | 'meeting_ends_at' | 'meeting_outcome'>, now = Date.now()): CallGroup | null {
  if (!item.meeting_at || !item.meeting_ends_at) return null;
  return callGroupOf({ starts_at: item.meeting_at, ends_at: item.meeting_ends_at, outcome: item.meeting_outcome }, now);
}

/** The booking form's default date: common/pipeline.ts's, which messages suggest too. */
export { nextBookingDay as nextWorkingDay } from '../../../../common/pipeline.ts';

/** Today's Dubai date, as a date input holds it. */
export const dubaiToday = (now = Date.now()) => dubaiDate(now);

/** The discount field as basis points, or why it cannot be read. */
export function readDiscount(text: string): { bp: number; error: null } | { bp: null; error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { bp: 0, error: null };
  const percent = Number(trimmed);
  const bp = /^\d+(\.\d+)?$/.test(trimmed) ? percentToBp(percent) : null;
  return bp === null ? { bp: null, error: 'Enter a percentage from 0 to 100 with at most two decimals.' } : { bp, error: null };
}

/** The price of the plan being set, as the dialog shows it while it is edited (the back end computes the same). */
export function planQuote(monthlyFils: number | null, cycle: BillingCycle, discountBp: number | null): CyclePrice | null {
  return monthlyFils === null || discountBp === null ? null : cyclePrice(monthlyFils, cycle, discountBp);
}

/**
 * The Book call dialog's host until one is chosen: the call's own host when rescheduling, else the signed-in
 * user when they may host (they are among the hosts the server offers), else nobody (a choice must be made).
 */
export function defaultMeetingHost(hosts: readonly { id: number; email: string }[], signedInEmail: string | null | undefined, rescheduled: { host: { id: number } } | null): number | null {
  if (rescheduled) return rescheduled.host.id;
  const email = signedInEmail?.toLowerCase() ?? '';
  return hosts.find((host) => host.email.toLowerCase() === email)?.id ?? null;
}
