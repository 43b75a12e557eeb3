/**
 * How a registration's timeline is worded: each event's label and the sentence it shows (the actor and time
 * are shown beside it), the payment's fate on a withdrawal among them.
 */
import type { PaymentMention, TimelineEvent } from '../../../../common/contract/registrations.ts';
import type { AmlTimelineKind, RegistrationEventKind } from '../../../../common/events.ts';
import { formatFils } from '../../../../common/money.ts';
import {
  MEETING_MODE_LABELS,
  NO_PAYMENT_DUE,
  PAYMENT_FATE_LABELS,
  PAYMENT_METHOD_LABELS,
  PHASE_LABELS,
  type PaymentFate,
} from '../../../../common/pipeline.ts';
import { CYCLE_TERMS } from '../../../../common/pricing.ts';
import { DOCUMENT_KIND_LABELS, RETURN_REASON_LABELS } from '../../../../common/review.ts';
import { STAGE_TITLES } from '../../../../common/stages.ts';
import { formatDubaiDate, formatDubaiDateTime } from '../../lib/dates.ts';
import { personName } from '../../lib/user-name.ts';

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
