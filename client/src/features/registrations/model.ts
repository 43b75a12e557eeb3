/**
 * The registrations area's rules, read from common/ (onboarding queues, stages, review vocabulary,
 * links): which page a row opens, what the verification page's flags mean, what a decision waits for,
 * and how the review's facts and events are worded. Components ask here instead of deciding themselves.
 */
import { MAX_ID } from '../../../../common/contract/http.ts';
import type { RegistrationListItem, RegistrationReview } from '../../../../common/contract/registrations.ts';
import { dueDiligenceDetailPath, verificationPath } from '../../../../common/links.ts';
import { mayOpenRecord, type ReviewState } from '../../../../common/onboarding.ts';
import { dubaiDate } from '../../../../common/calendar.ts';
import {
  actionStartsFrom,
  actionsFor,
  callStarted,
  callGroupOf,
  percentToBp,
  type CallGroup,
  type MeetingOutcome,
  type Phase,
  type PipelineActionKey,
} from '../../../../common/pipeline.ts';
import { cyclePrice, type BillingCycle, type CyclePrice } from '../../../../common/pricing.ts';
import type { Role } from '../../../../common/roles.ts';
import { type Stage } from '../../../../common/stages.ts';
import { formatDubaiDate } from '../../lib/dates.ts';

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

export { AML_TIMELINE_LABELS, EVENT_KIND_LABELS, eventSummary, paymentFateText } from './timeline-text.ts';

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
