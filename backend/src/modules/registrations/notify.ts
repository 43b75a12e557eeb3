/**
 * Who hears of a registration event. The assignee hears about their registration: assigned to them,
 * resubmitted by the client, documents received, returned or approved by someone else. A registration
 * reaching due diligence is news for the roles that work that queue. Nobody is notified of their own action.
 * The link opens the page the registration now waits on.
 */
import { canSee } from '../../../../common/access.ts';
import type { RegistrationEventKind } from '../../../../common/events.ts';
import { registrationPath } from '../../../../common/links.ts';
import type { QueuePosition } from '../../../../common/onboarding.ts';
import { STAFF_ROLES, type Role } from '../../../../common/roles.ts';
import type { Stage } from '../../../../common/stages.ts';
import type { Queryable } from '../../db/database.ts';
import type { NotificationRecord } from '../../../../common/contract/notifications.ts';
import { notifyRoles, notifyUsers } from '../notifications/index.ts';

/** The roles that work the due-diligence queue: whoever may open its page. */
export const DUE_DILIGENCE_ROLES: readonly Role[] = STAFF_ROLES.filter((role) => canSee(role, 'due-diligence'));

export interface RegistrationEvent {
  kind: RegistrationEventKind;
  /** Who acted (staff or the client); never notified of their own action. */
  actorId: number | null;
  /** For stage_reached: the stage reached. */
  stage?: Stage;
}

/** The registration as the event left it (the locked row of the action, updated). */
export interface NotifiedRegistration extends QueuePosition {
  user_id: number;
  legal_name: string;
  assignee_id: number | null;
}

/** Writes the notifications the event causes; answers them (tests read who heard what). */
export async function notifyRegistrationEvent(tx: Queryable, event: RegistrationEvent, registration: NotifiedRegistration): Promise<NotificationRecord[]> {
  const name = registration.legal_name;
  const link = registrationPath(registration);
  const toAssignee = async (title: string, body: string) => {
    if (registration.assignee_id === null || registration.assignee_id === event.actorId) return [];
    return notifyUsers(tx, [registration.assignee_id], { kind: event.kind, title, body, link });
  };

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
      return notifyRoles(tx, DUE_DILIGENCE_ROLES, { kind: event.kind, title: 'New registration for due diligence', body: `${name} is waiting for due diligence.`, link }, event.actorId);
    case 'unassigned':
    case 'comment_added':
      return [];
  }
}
