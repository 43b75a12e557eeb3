/**
 * The registrations area's rules, read from common/ (onboarding queues, stages, review vocabulary,
 * links): which page a row opens, what the verification page's flags mean, what a decision waits for,
 * and how the review's facts and events are worded. Components ask here instead of deciding themselves.
 */
import { MAX_ID } from '../../../../common/contract/http.ts';
import type { RegistrationListItem, RegistrationReview, TimelineEvent } from '../../../../common/contract/registrations.ts';
import type { RegistrationEventKind } from '../../../../common/events.ts';
import { dueDiligenceDetailPath, verificationPath } from '../../../../common/links.ts';
import { DOCUMENT_KIND_LABELS, RETURN_REASON_LABELS } from '../../../../common/review.ts';
import { STAGE_TITLES } from '../../../../common/stages.ts';
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

/** Why the due-diligence decisions cannot be taken now, per decision; null when they can. */
export function decisionBlockers(review: Pick<RegistrationReview, 'queue' | 'documents' | 'requested_on'>): { approve: string | null; return: string | null } {
  if (review.queue !== 'due-diligence') {
    const waiting = 'Decisions are open while the registration waits on due diligence.';
    return { approve: waiting, return: waiting };
  }
  if (review.documents.length === 0) {
    const since = review.requested_on ? ` (requested on ${formatDubaiDate(review.requested_on)})` : '';
    return { approve: `Approval waits for the client's documents${since}.`, return: null };
  }
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
};

export const personName = (person: { display_name: string | null; email: string } | null | undefined) => person?.display_name ?? person?.email ?? 'someone';

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
  }
}
