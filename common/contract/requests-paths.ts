/** The on-demand requests area's paths (relative to API_BASE), importable by the console at runtime. */
import type { AreaChanges } from './endpoint.ts';

export const REQUEST_VIEWS = ['open', 'new', 'in_progress', 'waiting_on_client', 'completed', 'declined', 'all'] as const;
export type RequestView = (typeof REQUEST_VIEWS)[number];
export const REQUEST_ASSIGNEE_PATTERN = '^(mine|all|none|[1-9][0-9]{0,9})$';

export const requestsRoutes = {
  /** ?view=&assignee=&client=&search=&page=: breached first, then by time left. */
  list: 'GET /requests/',
  /** The catalogue of request types with their targets in working days. */
  types: 'GET /request-types/',
  request: 'GET /requests/:requestId',
  attachment: 'GET /requests/:requestId/attachments/:attachmentId',
  /** { assignee_id, version } */
  assign: 'POST /requests/:requestId/assign',
  /** { status, version }: in_progress, waiting_on_client (pauses the clock), completed. */
  status: 'POST /requests/:requestId/status',
  /** { net_fils, note, version }: the client accepts it through acceptQuote. */
  quote: 'POST /requests/:requestId/quote',
  /** { tasks: [{ title, due_on, assignee_id }], version } */
  convert: 'POST /requests/:requestId/convert',
  /** { reason, version } */
  decline: 'POST /requests/:requestId/decline',
  /** The client's side (CLIENT role): its requests, and a new one. */
  mine: 'GET /me/requests',
  create: 'POST /me/requests',
  acceptQuote: 'POST /me/requests/:requestId/accept-quote',
} as const;

/** The On-demand Requests inbox's bulk actions and their labels (params schemas: requestsBulkActions in requests.ts). */
export const requestsBulkLabels = { assign: 'Assign' } as const;

/** Besides the requests: an assignee is what My work lists, and a converted request makes tasks. */
export const requestsChanges = {
  // The request dialog shows the tasks a request became; each of its writes reads them again.
  assign: ['tasks', 'work'],
  status: ['tasks'],
  quote: ['tasks'],
  convert: ['tasks', 'work'],
  decline: ['tasks'],
} as const satisfies AreaChanges<typeof requestsRoutes>;
