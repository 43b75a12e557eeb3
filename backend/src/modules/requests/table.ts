/**
 * The service_requests table's row, declared once (lib/table.ts): the store's column lists (the SELECT, the
 * insert, a move's clock update) and its row type (RequestRow) derive from it. The columns were made by
 * migration 0040.
 */
import type { RequestStatus } from '../../../../common/service-desk.ts';
import { column, table, type RowOf } from '../../lib/table.ts';

export const serviceRequestsTable = table('service_requests', {
  id: column<number>(),
  version: column<number>(),
  client_id: column<number>(),
  type_id: column<number>(),
  details: column<string>(),
  status: column<RequestStatus>(),
  assignee_id: column<number | null>(),
  requested_by: column<number | null>(),
  // bigint: the driver may answer text; the store reads it with Number().
  quote_net_fils: column<string | number | null>(),
  quote_status: column<'pending' | 'accepted' | null>(),
  quote_note: column<string | null>(),
  decline_reason: column<string | null>(),
  paused_since: column<Date | null>(),
  paused_ms: column<string | number>(),
  closed_at: column<Date | null>(),
  created_at: column<Date>(),
});

export type RequestColumns = RowOf<typeof serviceRequestsTable.columns>;
export type RequestColumn = keyof RequestColumns & string;

/** The columns the inbox, a request's page, the client's list and every write read. */
export const REQUEST_ROW_FIELDS = [
  'id',
  'version',
  'client_id',
  'type_id',
  'details',
  'status',
  'assignee_id',
  'quote_net_fils',
  'quote_status',
  'quote_note',
  'decline_reason',
  'paused_since',
  'paused_ms',
  'closed_at',
  'created_at',
] as const satisfies readonly RequestColumn[];

/** The columns a client's new request is made with (the rest take their defaults). */
export const NEW_REQUEST_FIELDS = ['client_id', 'type_id', 'details', 'requested_by'] as const satisfies readonly RequestColumn[];

/** What a move writes: the status and its SLA clock (paused while waiting on the client, stopped when closed). */
export const MOVE_FIELDS = ['status', 'paused_since', 'paused_ms', 'closed_at'] as const satisfies readonly RequestColumn[];
