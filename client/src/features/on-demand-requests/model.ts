/** How the inbox shows a request: status chips, the SLA clock's words and colour. */
import type { RequestDetail, RequestListItem } from '../../../../common/contract/requests.ts';
import { formatSlaLeft, REQUEST_STATUS_LABELS, type RequestStatus } from '../../../../common/service-desk.ts';
import type { ChipVariant } from '../../components/status-chip.tsx';
import { personName } from '../../lib/user-name.ts';

export { REQUEST_STATUS_LABELS };

export const REQUEST_STATUS_VARIANTS: Record<RequestStatus, ChipVariant> = { new: 'purple', in_progress: 'blue', waiting_on_client: 'amber', completed: 'green', declined: 'neutral' };

const closed = (status: RequestStatus) => status === 'completed' || status === 'declined';

/** '1 d 4 h left', 'Paused, 6 h left', 'Breached, 3 h over', or 'Met' / 'Missed' once closed. */
export function slaText(request: Pick<RequestListItem, 'sla' | 'status'>): string {
  if (closed(request.status)) return request.sla.breached ? 'Target missed' : 'Target met';
  if (request.sla.paused) return `Paused, ${formatSlaLeft(request.sla.left_ms)}`;
  return request.sla.breached ? `Breached, ${formatSlaLeft(request.sla.left_ms)}` : formatSlaLeft(request.sla.left_ms);
}

export function slaVariant(request: Pick<RequestListItem, 'sla' | 'status'>): ChipVariant {
  if (closed(request.status)) return request.sla.breached ? 'red' : 'green';
  if (request.sla.breached) return 'red';
  if (request.sla.paused) return 'neutral';
  return request.sla.left_ms < 8 * 3_600_000 ? 'amber' : 'blue';
}

const EVENT_LABELS: Record<string, string> = {
  request_created: 'Requested',
  request_assigned: 'Assigned',
  request_status_changed: 'Status changed',
  request_quoted: 'Quoted',
  request_quote_accepted: 'Quote accepted',
  request_converted: 'Converted to tasks',
  request_declined: 'Declined',
};

/**
 * A timeline line: what happened, to what for a status change, and who did it, once ('Requested by Layla
 * Mansour', not 'Requested by the client by Layla Mansour'; 'Status changed from New to In progress by ...').
 */
export function timelineText(event: Pick<RequestDetail['timeline'][number], 'kind' | 'actor' | 'data'>): string {
  let what = EVENT_LABELS[event.kind] ?? event.kind;
  if (event.kind === 'request_status_changed') {
    const from = REQUEST_STATUS_LABELS[event.data.from as RequestStatus] as string | undefined;
    const to = REQUEST_STATUS_LABELS[event.data.to as RequestStatus] as string | undefined;
    if (to) what = from ? `Status changed from ${from} to ${to}` : `Status changed to ${to}`;
  }
  return event.actor ? `${what} by ${personName(event.actor)}` : what;
}
