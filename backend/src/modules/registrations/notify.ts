/**
 * Who hears of a registration event. The assignee hears about their registration: assigned to them,
 * resubmitted by the client, documents received, returned or approved by someone else. A registration
 * reaching due diligence is news for the roles that work that queue. Along the pipeline, whoever works the
 * next step hears of it (a verified profile: the Registration page's team, who book the call; a call: its
 * host; a payment: the Activation page's team; an activated account: its bookkeeper), and the client hears
 * of what it must do or what was decided (reminders, its call, the documents to upload, the payment
 * request, its activation). Nobody is notified of their own action. A staff notification links the page
 * the registration now waits on; a client's has no link (the client app is not this console).
 */
import { rolesThat } from '../../../../common/access.ts';
import type { RegistrationEventKind } from '../../../../common/events.ts';
import { clientListPath, registrationPath } from '../../../../common/links.ts';
import { formatDubaiDateTime } from '../../../../common/dubai-time.ts';
import { formatFils } from '../../../../common/money.ts';
import type { QueuePosition } from '../../../../common/onboarding.ts';
import { MEETING_MODE_LABELS, actionRoles, type MeetingMode, type Phase } from '../../../../common/pipeline.ts';
import { DOCUMENT_KIND_LABELS, type DocumentKind } from '../../../../common/review.ts';
import type { Role } from '../../../../common/roles.ts';
import type { Stage } from '../../../../common/stages.ts';
import type { Queryable } from '../../db/database.ts';
import type { NotificationRecord } from '../../../../common/contract/notifications.ts';
import { notifyRoles, notifyUsers } from '../notifications/index.ts';

/** The roles that work the due-diligence queue: whoever may open its page. */

/** What a pipeline notification says beyond the registration itself. */
export interface NotifyDetail {
  /** reminded: the phase the client is reminded of */
  phase?: Phase;
  /** A call: its host (and the host it had before a reschedule), its start and how it is held. */
  hostId?: number;
  previousHostId?: number | null;
  startsAt?: Date;
  mode?: MeetingMode;
  linkOrLocation?: string;
  /** meeting_held: what the client must upload */
  documents?: readonly DocumentKind[];
  /** plan_approved, payment_recorded: the amount */
  totalFils?: number;
  /** activated: the account's bookkeeper */
  bookkeeperId?: number;
}

export interface RegistrationEvent {
  kind: RegistrationEventKind;
  /** Who acted (staff or the client); never notified of their own action. */
  actorId: number | null;
  /** For stage_reached: the stage reached. */
  stage?: Stage;
  detail?: NotifyDetail;
}

/** The registration as the event left it (the locked row of the action, updated). */
export interface NotifiedRegistration extends QueuePosition {
  user_id: number;
  legal_name: string;
  assignee_id: number | null;
}

const REMINDERS: Partial<Record<Phase, string>> = {
  signed_up: 'Please complete your registration form so we can start your onboarding.',
  completed_registration: 'Your registration is with our onboarding team; please keep your trade licence and TRN details at hand.',
  awaiting_documents: 'Please upload the documents requested after your onboarding call and submit them.',
  returned: 'Please correct your registration as requested and resubmit it.',
};

const when = (at: Date) => `${formatDubaiDateTime(at)} (Dubai time)`;

/** Writes the notifications the event causes; answers them (tests read who heard what). */
export async function notifyRegistrationEvent(tx: Queryable, event: RegistrationEvent, registration: NotifiedRegistration): Promise<NotificationRecord[]> {
  const name = registration.legal_name;
  const link = registrationPath(registration);
  const detail = event.detail ?? {};
  const others = (ids: readonly (number | null | undefined)[]) => ids.filter((id): id is number => typeof id === 'number' && id !== event.actorId);
  const toStaff = (ids: readonly (number | null | undefined)[], title: string, body: string) => notifyUsers(tx, others(ids), { kind: event.kind, title, body, link });
  const toAssignee = (title: string, body: string) => toStaff([registration.assignee_id], title, body);
  // The client's app shows its own screens: no console link.
  const toClient = (title: string, body: string) => notifyUsers(tx, others([registration.user_id]), { kind: event.kind, title, body, link: null });
  const toPageTeam = (roles: readonly Role[], title: string, body: string) => notifyRoles(tx, roles, { kind: event.kind, title, body, link }, event.actorId);
  const call = () => (detail.startsAt ? `${when(detail.startsAt)}, ${detail.mode ? MEETING_MODE_LABELS[detail.mode].toLowerCase() : 'call'}${detail.linkOrLocation ? ` (${detail.linkOrLocation})` : ''}` : 'the booked time');

  switch (event.kind) {
    case 'assigned':
      return toAssignee('Registration assigned to you', `${name} is now on your list.`);
    case 'resubmitted':
      return toAssignee('Registration resubmitted', `${name} was corrected and resubmitted.`);
    case 'document_uploaded':
      return toAssignee('Documents received', `New documents arrived for ${name}.`);
    case 'returned':
      return toAssignee('Registration returned', `${name} was returned to the client for correction.`);
    case 'approved':
      return toAssignee('Registration approved', `${name} passed due diligence.`);
    case 'stage_reached':
      if (event.stage !== 'documents_submitted') return [];
      return notifyRoles(tx, rolesThat('be-assigned-registrations'), { kind: event.kind, title: 'New registration for due diligence', body: `${name} is waiting for due diligence.`, link }, event.actorId);
    case 'reminded':
      return toClient('A reminder from our onboarding team', REMINDERS[detail.phase ?? 'signed_up'] ?? REMINDERS.signed_up!);
    case 'verified':
      return [
        ...(await toPageTeam(actionRoles('book_meeting'), 'Profile verified: book the call', `${name} is verified and waits for its onboarding call.`)),
        ...(await toClient('Your company profile is verified', 'Our onboarding team will book your onboarding call shortly.')),
      ];
    case 'meeting_booked':
    case 'meeting_rescheduled': {
      const moved = event.kind === 'meeting_rescheduled';
      const previousHost = detail.previousHostId !== undefined && detail.previousHostId !== detail.hostId ? detail.previousHostId : null;
      return [
        ...(await toStaff([detail.hostId], moved ? 'Onboarding call rescheduled' : 'Onboarding call booked with you', `${name}: ${call()}.`)),
        ...(await toStaff([previousHost], 'Onboarding call moved to another host', `The call with ${name} is no longer yours.`)),
        ...(await toClient(moved ? 'Your onboarding call was rescheduled' : 'Your onboarding call is booked', `We will meet you on ${call()}.`)),
      ];
    }
    case 'meeting_cancelled':
      return [
        ...(await toStaff([detail.hostId], 'Onboarding call cancelled', `The call with ${name} was cancelled.`)),
        ...(await toClient('Your onboarding call was cancelled', 'Our onboarding team will contact you to book another time.')),
      ];
    case 'meeting_held': {
      const documents = (detail.documents ?? []).map((kind) => DOCUMENT_KIND_LABELS[kind]).join(', ');
      return toClient('Please upload your documents', `Thank you for the onboarding call. Please upload: ${documents}, then submit them.`);
    }
    case 'meeting_no_show':
      return toClient('We missed you on the onboarding call', 'Our onboarding team will contact you to book another time.');
    case 'plan_approved':
      if (detail.totalFils === 0) {
        // A zero total skips payment (common/pipeline.ts NO_PAYMENT_DUE): no payment request, straight to activation.
        return [
          ...(await toPageTeam(actionRoles('activate'), 'No payment due: activate the account', `${name}'s plan has nothing to pay and waits for activation.`)),
          ...(await toClient('Your plan is approved', 'Your plan is approved and no payment is due. Your account will be activated shortly.')),
        ];
      }
      return toClient('Your payment request', `Your plan is approved. Amount due: ${formatFils(detail.totalFils)} including 5 % VAT.`);
    case 'payment_recorded':
      return [
        ...(await toPageTeam(actionRoles('activate'), 'Payment received: activate the account', `${name} paid ${formatFils(detail.totalFils)} and waits for activation.`)),
        ...(await toClient('Payment received', `We received your payment of ${formatFils(detail.totalFils)}. Your account will be activated shortly.`)),
      ];
    case 'activated':
      return [
        ...(await notifyUsers(tx, others([detail.bookkeeperId]), { kind: event.kind, title: 'New client assigned to you', body: `${name} is now an active client on your list.`, link: clientListPath() })),
        ...(await toClient('Your account is active', 'Welcome aboard: your account is active and your bookkeeper is assigned.')),
      ];
    case 'withdrawn':
      return [
        ...(await toStaff([detail.hostId], 'Onboarding call cancelled', `${name} was withdrawn, so its call is cancelled.`)),
        ...(await toAssignee('Registration withdrawn', `${name} was withdrawn from onboarding.`)),
      ];
    case 'unassigned':
    case 'comment_added':
    case 'reinstated':
    case 'submitted':
    case 'plan_set':
    case 'frozen':
    case 'freeze_lift_requested':
    case 'freeze_lifted':
      // The freeze's events are written and notified by the aml module, never through the pipeline.
      return [];
  }
}
