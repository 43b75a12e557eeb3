/**
 * The onboarding stage machine: the one table of which action moves a registration from which phase to
 * which state, who may take it, and what its timeline says. The back end checks every action against it
 * (409 when the registration is not in a phase the action starts from, 403 for a role outside it), the
 * console shows exactly the buttons it allows, and the tests walk it. A new action is a row here plus its
 * handler (backend/src/modules/registrations/), not a new pattern.
 *
 * A phase is where a registration stands within its stage: a stage alone does not say whether a booked call
 * was held, whether due diligence approved it or whether its plan was approved. The onboarding page a
 * registration waits on follows from the same state (common/onboarding.ts).
 */
import { routeByKey } from './access.ts';
import { addDays, dubaiDate } from './calendar.ts';
import { dubaiInstant, formatDubaiDay } from './dubai-time.ts';
import { nextWorkingDay, publicHoliday } from './uae-holidays.ts';
import type { RegistrationEventKind } from './events.ts';
import type { OnboardingPage, ReviewState } from './onboarding.ts';
import { APPROVED_STATUS_TEXT, RESUBMITTED_STATUS_TEXT, type DocumentKind } from './review.ts';
import type { Role } from './roles.ts';
import type { Stage } from './stages.ts';

export const MEETING_OUTCOMES = ['held', 'no_show'] as const;
export type MeetingOutcome = (typeof MEETING_OUTCOMES)[number];

export const PHASES = [
  'signed_up',
  'completed_registration',
  'profile_verified',
  /** A call is booked and has no outcome yet (upcoming, or past and 'Needs outcome'). */
  'call_booked',
  /** The client missed the call: it stays on Call Schedule to be rescheduled. */
  'no_show',
  /** The call was held: the client uploads the documents and submits them (still on Call Schedule, 'Awaiting Documents'). */
  'awaiting_documents',
  'due_diligence',
  'returned',
  /** Due diligence approved: a plan is set and approved here. */
  'plan_approval',
  /** The plan is approved and the client was sent the payment request. */
  'awaiting_payment',
  /** Paid: the account waits to be activated. */
  'activation',
  'activated',
  'withdrawn',
] as const;
export type Phase = (typeof PHASES)[number];

/** What decides a registration's phase. */
export interface PipelineState {
  stage: Stage;
  status: 'active' | 'inactive';
  review_state: ReviewState | null;
  meeting_outcome: MeetingOutcome | null;
  plan_approved: boolean;
}

export function phaseOf(state: PipelineState): Phase {
  if (state.status !== 'active') return 'withdrawn';
  switch (state.stage) {
    case 'signed_up':
    case 'completed_registration':
    case 'profile_verified':
      return state.stage;
    case 'meeting_scheduled':
      return state.meeting_outcome === 'held' ? 'awaiting_documents' : state.meeting_outcome === 'no_show' ? 'no_show' : 'call_booked';
    case 'documents_submitted':
      if (state.review_state === 'returned') return 'returned';
      if (state.review_state === 'approved') return state.plan_approved ? 'awaiting_payment' : 'plan_approval';
      return 'due_diligence';
    case 'payment_completed':
      return 'activation';
    case 'account_activated':
      return 'activated';
  }
}

/** The status label the lists show in each phase (the column `status` of a registration list item). */
export const PHASE_LABELS: Record<Phase, string> = {
  signed_up: 'Registration Incomplete',
  completed_registration: 'Pending Verification',
  profile_verified: 'Awaiting Meeting',
  call_booked: 'Meeting Scheduled',
  no_show: 'No Show',
  awaiting_documents: 'Awaiting Documents',
  due_diligence: 'Pending Due Diligence',
  returned: 'Returned for Correction',
  plan_approval: 'Pending Plan Approval',
  awaiting_payment: 'Awaiting Payment',
  activation: 'Pending Activation',
  activated: 'Active',
  withdrawn: 'Withdrawn',
};

/** Every phase a registration can be withdrawn from: all but the end states. */
const OPEN_PHASES = PHASES.filter((phase) => phase !== 'activated' && phase !== 'withdrawn');

export interface PipelineAction {
  /** The button's text. */
  label: string;
  /** The phases it starts from; anywhere else it answers 409 with `notNow`. */
  from: readonly Phase[];
  /** Who may take it: the staff roles of this console page, or the client on its own registration. */
  by: OnboardingPage | 'client';
  /** The state it leaves (phaseOf reads it); fields not named keep their value. */
  to: Partial<PipelineState>;
  /** The timeline event it writes (common/events.ts). */
  event: RegistrationEventKind;
  /** The current_status line it adds (the stepper's history), if any. */
  statusLine?: string;
  /** Asked before it runs, when it cannot simply be undone. */
  confirm?: string;
  /** The 409 answer when the registration is in another phase. */
  notNow: string;
  /**
   * Taken even while the client is frozen by a confirmed sanctions match (every other action is refused with
   * the freeze): who on staff handles the file is not an act for the client.
   */
  whileFrozen?: true;
}

export const PIPELINE_ACTIONS = {
  remind: {
    label: 'Send reminder',
    // The two phases, and the two others where the next move is the client's.
    from: ['signed_up', 'completed_registration', 'awaiting_documents', 'returned'],
    by: 'registrations',
    to: {},
    event: 'reminded',
    notNow: 'A reminder goes only to a client who has something to do: finish the registration, upload documents or correct them.',
  },
  verify_profile: {
    label: 'Verify profile',
    from: ['completed_registration'],
    by: 'registrations',
    to: { stage: 'profile_verified' },
    event: 'verified',
    statusLine: 'Profile verified by the onboarding team',
    notNow: 'Only a completed registration waiting for verification can be verified.',
  },
  withdraw: {
    label: 'Withdraw',
    from: OPEN_PHASES,
    by: 'registrations',
    // A booked call is cancelled with it (the host's time is freed) and the registration falls back to
    // profile_verified, where a reinstated one waits for a new booking.
    to: { status: 'inactive' },
    event: 'withdrawn',
    statusLine: 'Registration withdrawn',
    confirm: 'Withdraw this registration? It leaves every onboarding queue until it is reinstated.',
    notNow: 'Only a registration that is still in onboarding can be withdrawn.',
  },
  reinstate: {
    label: 'Reinstate',
    from: ['withdrawn'],
    by: 'registrations',
    to: { status: 'active' },
    event: 'reinstated',
    statusLine: 'Registration reinstated',
    notNow: 'Only a withdrawn registration can be reinstated.',
  },
  book_meeting: {
    label: 'Book call',
    from: ['profile_verified'],
    by: 'registrations',
    to: { stage: 'meeting_scheduled', meeting_outcome: null },
    event: 'meeting_booked',
    statusLine: 'Onboarding call scheduled',
    notNow: 'A call can be booked only for a verified profile.',
  },
  reschedule_meeting: {
    label: 'Reschedule',
    from: ['call_booked', 'no_show'],
    by: 'registrations',
    to: { meeting_outcome: null },
    event: 'meeting_rescheduled',
    statusLine: 'Onboarding call rescheduled',
    notNow: 'Only a booked call without an outcome, or a missed one, can be rescheduled.',
  },
  cancel_meeting: {
    label: 'Cancel call',
    from: ['call_booked', 'no_show'],
    by: 'registrations',
    to: { stage: 'profile_verified', meeting_outcome: null },
    event: 'meeting_cancelled',
    statusLine: 'Onboarding call cancelled',
    confirm: 'Cancel this call? The registration goes back to the Registration page to be booked again.',
    notNow: 'Only a booked call without an outcome, or a missed one, can be cancelled.',
  },
  mark_held: {
    label: 'Mark held',
    from: ['call_booked'],
    by: 'registrations',
    to: { meeting_outcome: 'held' },
    event: 'meeting_held',
    statusLine: 'Onboarding call held, documents requested',
    confirm: 'Mark this call held? The client is asked for the documents.',
    notNow: 'Only a booked call without an outcome can be marked.',
  },
  mark_no_show: {
    label: 'No show',
    from: ['call_booked'],
    by: 'registrations',
    to: { meeting_outcome: 'no_show' },
    event: 'meeting_no_show',
    statusLine: 'Client missed the onboarding call',
    notNow: 'Only a booked call without an outcome can be marked.',
  },
  upload_document: {
    label: 'Upload document',
    from: ['awaiting_documents', 'due_diligence', 'returned'],
    by: 'client',
    to: {},
    event: 'document_uploaded',
    notNow: 'Documents can be uploaded only while the registration waits for its documents or their correction.',
  },
  submit_documents: {
    label: 'Submit documents',
    from: ['awaiting_documents'],
    by: 'client',
    to: { stage: 'documents_submitted', review_state: null },
    event: 'submitted',
    statusLine: 'Documents received, pending due diligence',
    notNow: 'Documents can be submitted only after the onboarding call was held, once.',
  },
  assign: {
    label: 'Assign',
    from: ['due_diligence'],
    by: 'due-diligence',
    to: {},
    event: 'assigned',
    whileFrozen: true,
    notNow: 'This registration is not waiting for due diligence any more. The page now shows the latest version.',
  },
  approve: {
    label: 'Approve due diligence',
    from: ['due_diligence'],
    by: 'due-diligence',
    to: { review_state: 'approved' },
    event: 'approved',
    statusLine: APPROVED_STATUS_TEXT,
    confirm: 'Approve due diligence? The registration moves on to Plan Approval.',
    notNow: 'This registration is not waiting for due diligence any more. The page now shows the latest version.',
  },
  return: {
    label: 'Return for correction',
    from: ['due_diligence'],
    by: 'due-diligence',
    to: { review_state: 'returned' },
    event: 'returned',
    notNow: 'This registration is not waiting for due diligence any more. The page now shows the latest version.',
  },
  resubmit: {
    label: 'Resubmit',
    from: ['returned'],
    by: 'client',
    to: { review_state: null },
    event: 'resubmitted',
    statusLine: RESUBMITTED_STATUS_TEXT,
    notNow: 'Only a registration returned for correction can be resubmitted.',
  },
  set_plan: {
    label: 'Set plan',
    // Changing the plan of an approved one withdraws the payment request: it must be approved again.
    from: ['plan_approval', 'awaiting_payment'],
    by: 'pending-payments',
    to: { plan_approved: false },
    event: 'plan_set',
    notNow: 'A plan can be set only after due diligence and before the payment is recorded.',
  },
  approve_plan: {
    label: 'Approve plan',
    from: ['plan_approval'],
    by: 'pending-payments',
    to: { plan_approved: true },
    event: 'plan_approved',
    statusLine: 'Plan approved, payment requested',
    confirm: 'Approve this plan? The client is sent the payment request for the total.',
    notNow: 'Only a registration waiting for plan approval can have its plan approved.',
  },
  record_payment: {
    label: 'Record payment',
    from: ['awaiting_payment'],
    by: 'pending-payments',
    to: { stage: 'payment_completed' },
    event: 'payment_recorded',
    statusLine: 'Plan payment received',
    confirm: 'Record this payment? The registration moves on to Activation.',
    notNow: 'A payment can be recorded only against an approved plan that is not paid yet.',
  },
  activate: {
    label: 'Activate account',
    from: ['activation'],
    by: 'pending-activation',
    to: { stage: 'account_activated' },
    event: 'activated',
    statusLine: 'Account activated',
    confirm: 'Activate this account? The client record and its subscription are created; this cannot be undone here.',
    notNow: 'Only a paid registration waiting for activation can be activated.',
  },
} as const satisfies Record<string, PipelineAction>;

export type PipelineActionKey = keyof typeof PIPELINE_ACTIONS;
export const PIPELINE_ACTION_KEYS = Object.keys(PIPELINE_ACTIONS) as PipelineActionKey[];

export const pipelineAction = (key: PipelineActionKey): PipelineAction => PIPELINE_ACTIONS[key];

/**
 * The current_status line a registration's history shows on reaching each stage: the moving action's own line
 * where one action moves it there, else the sign-up's and the form's (the client's app writes those) and
 * the one the call's outcome starts the documents stage with.
 */
export const STAGE_STATUS_LINES: Record<Stage, string> = {
  signed_up: 'Signed up',
  completed_registration: 'Registration form completed',
  profile_verified: PIPELINE_ACTIONS.verify_profile.statusLine,
  meeting_scheduled: PIPELINE_ACTIONS.book_meeting.statusLine,
  documents_submitted: 'Documents requested',
  payment_completed: PIPELINE_ACTIONS.record_payment.statusLine,
  account_activated: PIPELINE_ACTIONS.activate.statusLine,
};

/**
 * A call's outcome (held or no-show) can be recorded only once the call has started: before, the timeline
 * would say it was held before its time. A call brought forward is rescheduled to its real time first.
 */
export const callStarted = (startsAt: string | number, now = Date.now()): boolean => (typeof startsAt === 'number' ? startsAt : Date.parse(startsAt)) <= now;

/**
 * A plan whose total is zero (a fully waived first period, e.g. a 100 % discount) asks the client for
 * nothing: approving it moves the registration straight past payment to Activation, recorded as 'no payment
 * due'; there is no payment to record (the back end refuses an amount of zero).
 */
export const NO_PAYMENT_DUE = {
  label: 'No payment due',
  statusLine: 'Plan approved, no payment due',
  confirm: 'Approve this plan? Its total is AED 0.00, so no payment is due: the registration moves straight on to Activation.',
  done: 'Plan approved: no payment due, moved on to Activation',
} as const;

/** Whether approving a plan of this total skips payment (see NO_PAYMENT_DUE). */
export const skipsPayment = (totalFils: number): boolean => totalFils === 0;

/** The roles that may take an action: the page's (common/access.ts), or CLIENT. */
export function actionRoles(key: PipelineActionKey): readonly Role[] {
  const { by } = pipelineAction(key);
  return by === 'client' ? ['CLIENT'] : routeByKey(by).permission;
}

export const actionStartsFrom = (key: PipelineActionKey, phase: Phase) => pipelineAction(key).from.includes(phase);

/** Whether `role` may take the action on a registration in `phase`. */
export function canAct(key: PipelineActionKey, phase: Phase, role: Role): boolean {
  return actionStartsFrom(key, phase) && actionRoles(key).includes(role);
}

/** The actions `role` may take on a registration in `phase`, in table order (the buttons it sees). */
export function actionsFor(phase: Phase, role: Role): PipelineActionKey[] {
  return PIPELINE_ACTION_KEYS.filter((key) => canAct(key, phase, role));
}

/** The state an action leaves. */
export function stateAfter<S extends PipelineState>(key: PipelineActionKey, state: S): S {
  return { ...state, ...pipelineAction(key).to };
}

// ------------------------------------------------------------------------------- the actions' own rules

/** One reminder per registration per this long. */
export const REMINDER_INTERVAL_MS = 24 * 3_600_000;
/** The most registrations one bulk reminder takes. */
export const MAX_BULK_REMINDERS = 100;

export const MEETING_MODES = ['video', 'phone', 'office'] as const;
export type MeetingMode = (typeof MEETING_MODES)[number];
export const MEETING_MODE_LABELS: Record<MeetingMode, string> = { video: 'Video', phone: 'Phone', office: 'Office' };
export const MEETING_OUTCOME_LABELS: Record<MeetingOutcome, string> = { held: 'Held', no_show: 'No show' };
export const MEETING_DURATION = { min: 15, max: 120, default: 30, step: 15 } as const;
/** Calls are booked Monday to Friday between these Dubai times (minutes after midnight), at most this far ahead. */
export const MEETING_HOURS = { from: 8 * 60, to: 20 * 60 } as const;
export const MAX_BOOKING_DAYS_AHEAD = 90;
/** The time of day the booking form starts at: 10:00 Dubai. */
export const DEFAULT_CALL_TIME = '10:00';

/** The first working day (Monday-Friday, not a UAE public holiday, Dubai) after today: the booking form's default date. */
export function nextBookingDay(now = Date.now()): string {
  return nextWorkingDay(addDays(dubaiDate(now), 1));
}

/**
 * Why a call or a subscription's start may not be on `date` when it is a UAE public holiday
 * (common/uae-holidays.ts), naming it and offering the next working day; null on any other day.
 */
export function holidayRefusal(date: string): string | null {
  const holiday = publicHoliday(date);
  if (!holiday) return null;
  return `must not be on ${holiday.name} (${formatDubaiDay(date)}), a UAE public holiday; the next working day is ${formatDubaiDay(nextWorkingDay(date))}`;
}

/** What the call's place is called in each mode, as the booking form labels it (its errors name it so). */
export const MEETING_PLACE_LABELS: Record<MeetingMode, string> = { video: 'Video link (https)', phone: 'Phone number', office: 'Office location' };

/** A time booking accepts (future, a working day, within office hours): what a message suggests a call be moved to. */
export function suggestedCallTime(now = Date.now()): Date {
  const [hours, minutes] = DEFAULT_CALL_TIME.split(':').map(Number);
  return dubaiInstant(nextBookingDay(now), (hours ?? 10) * 60 + (minutes ?? 0));
}
/** What the held call asks the client to upload; the submit needs each of them. */
export const REQUIRED_DOCUMENTS: readonly DocumentKind[] = ['trade_licence', 'passport', 'emirates_id'];

/** A negotiated discount above this (basis points) needs an ADMIN. */
export const MAX_DISCOUNT_BP_WITHOUT_ADMIN = 1_500;

/**
 * A negotiated discount above this (basis points: 10 %) needs a second person: whoever set the plan may not
 * approve it too, so one person cannot both grant a large discount and send its payment request.
 */
export const SECOND_APPROVER_DISCOUNT_BP = 1_000;

/** What the plan dialog says of a discount needing a second person. */
export const secondApproverNotice = (discountBp: number) =>
  `A negotiated discount of ${discountBp / 100} % is above ${SECOND_APPROVER_DISCOUNT_BP / 100} %: someone other than you approves this plan.`;

/** Why the person who set a plan may not approve it (null: they may). */
export const selfApprovalRefusal = (discountBp: number): string | null =>
  discountBp > SECOND_APPROVER_DISCOUNT_BP
    ? `You set this plan with a negotiated discount of ${discountBp / 100} %, above ${SECOND_APPROVER_DISCOUNT_BP / 100} %: a second person (another BD manager or an administrator) approves it.`
    : null;

/** A discount in percent (12.5) as basis points (1250); null for more than two decimals or outside 0-100. */
export function percentToBp(percent: number): number | null {
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) return null;
  const bp = Math.round(percent * 100);
  return Math.abs(percent * 100 - bp) < 1e-6 ? bp : null;
}

export const PAYMENT_METHODS = ['bank_transfer', 'card', 'cheque'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = { bank_transfer: 'Bank transfer', card: 'Card', cheque: 'Cheque' };
/**
 * What becomes of a recorded payment when its registration is withdrawn: a refund the business owes the
 * client, or a credit kept on the client's account. Recorded with the withdrawal, which names the payment.
 */
export const PAYMENT_FATES = ['refund', 'credit'] as const;
export type PaymentFate = (typeof PAYMENT_FATES)[number];
export const PAYMENT_FATE_LABELS: Record<PaymentFate, string> = { refund: 'Refund to be made', credit: 'Credit kept on account' };
export const PAID_WITHDRAWAL_REFUSED = 'A payment is recorded on this registration: only a BD manager or an administrator may withdraw it, saying what becomes of the payment.';

/** An account's subscription starts no later than this many days after activation. */
export const MAX_START_DAYS_AHEAD = 90;

/** The longest free text of an action (reasons, notes). */
export const MAX_REASON_LENGTH = 1_000;

// ------------------------------------------------------------------------------------- Call Schedule

/**
 * Call Schedule's groups, in the order the page shows them: past calls still waiting for their outcome first
 * (the work to do), then upcoming ones, missed ones and held ones.
 */
export const CALL_GROUPS = ['needs_outcome', 'today', 'tomorrow', 'later', 'no_show', 'awaiting_documents'] as const;
export type CallGroup = (typeof CALL_GROUPS)[number];
export const CALL_GROUP_LABELS: Record<CallGroup, string> = {
  today: 'Today',
  tomorrow: 'Tomorrow',
  later: 'Later',
  needs_outcome: 'Needs outcome',
  no_show: 'No show',
  awaiting_documents: 'Held: awaiting documents',
};

/**
 * The group of a call at `now`: a call without an outcome is upcoming (by its Dubai day) until it ends, then
 * it needs an outcome; marked calls go by their outcome.
 */
export function callGroupOf(call: { starts_at: string; ends_at: string; outcome: MeetingOutcome | null }, now: Date | number): CallGroup {
  if (call.outcome === 'held') return 'awaiting_documents';
  if (call.outcome === 'no_show') return 'no_show';
  const at = typeof now === 'number' ? now : now.getTime();
  if (Date.parse(call.ends_at) <= at) return 'needs_outcome';
  const today = dubaiDate(at);
  const day = dubaiDate(Date.parse(call.starts_at));
  if (day <= today) return 'today';
  return day === addDays(today, 1) ? 'tomorrow' : 'later';
}
