/** Display rules of the review feature: file sizes, waiting time, event wording. */
import type { TimelineEvent } from '../../../../common/contract/registrations.ts';
import type { RegistrationEventKind } from '../../../../common/events.ts';
import { DOCUMENT_KIND_LABELS, RETURN_REASON_LABELS } from '../../../../common/review.ts';
import { STAGE_TITLES } from '../../../../common/stages.ts';

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

const nameOf = (person: { display_name: string | null; email: string } | null | undefined) => person?.display_name ?? person?.email ?? 'someone';

/** The sentence a timeline entry shows (the actor and time are shown beside it). */
export function eventSummary(event: TimelineEvent): string {
  switch (event.kind) {
    case 'stage_reached':
      return `Reached ${STAGE_TITLES[event.data.stage]}`;
    case 'assigned':
      return `Assigned to ${nameOf(event.data.assignee)}`;
    case 'unassigned':
      return `Unassigned from ${nameOf(event.data.assignee)}`;
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
