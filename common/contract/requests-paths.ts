/** The on-demand requests area's paths (relative to API_BASE), importable by the console at runtime. */
const segment = (value: string | number) => encodeURIComponent(String(value));

export const REQUEST_VIEWS = ['open', 'new', 'in_progress', 'waiting_on_client', 'completed', 'declined', 'all'] as const;
export type RequestView = (typeof REQUEST_VIEWS)[number];
export const REQUEST_ASSIGNEE_PATTERN = '^(mine|all|none|[1-9][0-9]{0,9})$';

export const requestPaths = {
  /** GET ?view=&assignee=&client=&search=&page=: breached first, then by time left. */
  list: 'requests/',
  /** GET: the catalogue of request types with their targets in working days. */
  types: 'request-types/',
  request: (requestId: number | string) => `requests/${segment(requestId)}`,
  /** POST { assignee_id, version } */
  assign: (requestId: number | string) => `requests/${segment(requestId)}/assign`,
  /** POST { status, version }: in_progress, waiting_on_client (pauses the clock), completed. */
  status: (requestId: number | string) => `requests/${segment(requestId)}/status`,
  /** POST { net_fils, note, version }: the client accepts it through me/requests/{id}/accept-quote. */
  quote: (requestId: number | string) => `requests/${segment(requestId)}/quote`,
  /** POST { tasks: [{ title, due_on, assignee_id }], version } */
  convert: (requestId: number | string) => `requests/${segment(requestId)}/convert`,
  /** POST { reason, version } */
  decline: (requestId: number | string) => `requests/${segment(requestId)}/decline`,
  attachment: (requestId: number | string, attachmentId: number | string) => `requests/${segment(requestId)}/attachments/${segment(attachmentId)}`,
  /** The client's side (CLIENT role): GET its requests, POST a new one. */
  mine: 'me/requests',
  acceptQuote: (requestId: number | string) => `me/requests/${segment(requestId)}/accept-quote`,
} as const;
