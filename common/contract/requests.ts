/**
 * On-demand requests: a client asks for a service outside its subscription (a type of the catalogue, with
 * its target in Dubai working days); staff work it from an inbox with an SLA clock, quote a fee the client
 * accepts, convert it to tasks, complete or decline it. The client's side is me/requests.
 */
import { Type, type Static } from 'typebox';
import { DOCUMENT_CONTENT_TYPES, MAX_DOCUMENT_BYTES, MAX_FILE_NAME_LENGTH } from '../review.ts';
import { MAX_QUOTE_FILS, MAX_REASON, MAX_REQUEST_DETAILS, REQUEST_STATUSES } from '../service-desk.ts';
import { MAX_DOCUMENT_BASE64 } from './clients.ts';
import { bulkActions } from './bulk.ts';
import { access, endpoints } from './endpoint.ts';
import { CalendarDate, Closed, Id, IdempotencyHeaders, IdParams, Instant, Line, NoBody, Nullable, Page, PageQuery, Paragraphs, PersonRef, Search, Version } from './shared.ts';
import { REQUEST_ASSIGNEE_PATTERN, REQUEST_VIEWS, requestsBulkLabels, requestsRoutes } from './requests-paths.ts';
import { requestFields } from './requests-fields.ts';

export { REQUEST_VIEWS, requestsRoutes, type RequestView } from './requests-paths.ts';

const StatusSchema = Type.Enum(REQUEST_STATUSES, { title: requestFields.status.label });

export const RequestType = Type.Object({ id: Type.Integer(), code: Type.String(), name: Type.String(), target_working_days: Type.Integer() });
export type RequestType = Static<typeof RequestType>;
export const RequestTypes = Type.Object({ results: Type.Array(RequestType) });
export type RequestTypes = Static<typeof RequestTypes>;

export const SlaClockSchema = Type.Object({
  target_ms: Type.Integer(),
  used_ms: Type.Integer(),
  left_ms: Type.Integer(),
  breached: Type.Boolean(),
  paused: Type.Boolean(),
  due_at: Nullable(Instant),
});

export const Quote = Type.Object({ net_fils: Type.Integer(), vat_fils: Type.Integer(), total_fils: Type.Integer(), status: Type.Enum(['pending', 'accepted'] as const), note: Nullable(Type.String()) });
export type Quote = Static<typeof Quote>;

export const RequestAttachment = Type.Object({ id: Type.Integer(), file_name: Type.String(), content_type: Type.String(), size_bytes: Type.Integer() });

export const RequestListItem = Type.Object({
  id: Type.Integer(),
  version: Type.Integer(),
  client: Type.Object({ id: Type.Integer(), legal_name: Type.String() }),
  type: RequestType,
  status: StatusSchema,
  assignee: Nullable(PersonRef),
  details: Type.String(),
  quote: Nullable(Quote),
  sla: SlaClockSchema,
  created_at: Instant,
});
export type RequestListItem = Static<typeof RequestListItem>;

export const RequestDetail = Type.Object({
  ...RequestListItem.properties,
  decline_reason: Nullable(Type.String()),
  attachments: Type.Array(RequestAttachment),
  tasks: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String(), status: Type.String(), due_on: Type.String() })),
  timeline: Type.Array(Type.Object({ id: Type.Integer(), kind: Type.String(), actor: Nullable(PersonRef), data: Type.Record(Type.String(), Type.Unknown()), created_at: Instant })),
});
export type RequestDetail = Static<typeof RequestDetail>;

export const RequestQuery = Closed({
  view: Type.Optional(Type.Enum(REQUEST_VIEWS, { title: 'View' })),
  assignee: Type.Optional(Type.String({ pattern: REQUEST_ASSIGNEE_PATTERN, maxLength: 10, errorMessage: "must be a staff id, 'mine', 'all' or 'none'", title: requestFields.assignee.label })),
  client: Type.Optional(Id(requestFields.client.label)),
  search: Type.Optional(Search),
  ...PageQuery,
});
export type RequestQuery = Static<typeof RequestQuery>;

export const AssignRequestBody = Closed({ version: Version, assignee_id: Nullable(Id(requestFields.assignee.label)) });
export type AssignRequestBody = Static<typeof AssignRequestBody>;
export const RequestStatusBody = Closed({ version: Version, status: Type.Enum(['in_progress', 'waiting_on_client', 'completed'] as const, { title: requestFields.status.label }) });
export type RequestStatusBody = Static<typeof RequestStatusBody>;
export const QuoteBody = Closed({ version: Version, net_fils: Type.Integer({ minimum: 1, maximum: MAX_QUOTE_FILS, title: 'Fee' }), note: Type.Optional(Paragraphs(MAX_REASON, { title: 'Note' })) });
export type QuoteBody = Static<typeof QuoteBody>;
export const ConvertRequestBody = Closed({
  version: Version,
  tasks: Type.Array(
    Closed({ title: Line(requestFields.taskTitle.max, { minLength: requestFields.taskTitle.min, title: requestFields.taskTitle.label }), due_on: CalendarDate('Due date'), assignee_id: Type.Optional(Nullable(Id(requestFields.assignee.label))) }),
    { minItems: 1, maxItems: 20, title: 'Tasks' },
  ),
});
export type ConvertRequestBody = Static<typeof ConvertRequestBody>;
export const DeclineRequestBody = Closed({ version: Version, reason: Paragraphs(requestFields.declineReason.max, { minLength: requestFields.declineReason.min, title: requestFields.declineReason.label }) });
export type DeclineRequestBody = Static<typeof DeclineRequestBody>;

export const AttachmentInput = Closed({
  file_name: Line(MAX_FILE_NAME_LENGTH, { minLength: 1, title: 'File name' }),
  content_type: Type.Enum(DOCUMENT_CONTENT_TYPES, { title: 'Content type' }),
  content_base64: Type.String({ minLength: 1, maxLength: MAX_DOCUMENT_BASE64, pattern: '^[A-Za-z0-9+/]*={0,2}$', errorMessage: 'must be base64', title: 'File' }),
});
export type AttachmentInput = Static<typeof AttachmentInput>;

/** POST me/requests (CLIENT) */
export const NewMyRequestBody = Closed({
  type: Line(40, { minLength: 1, title: 'Type' }),
  details: Paragraphs(MAX_REQUEST_DETAILS, { minLength: 1, title: 'Details' }),
  attachments: Type.Optional(Type.Array(AttachmentInput, { maxItems: 3, title: 'Attachments' })),
});
export type NewMyRequestBody = Static<typeof NewMyRequestBody>;

export const MyRequest = Type.Object({
  id: Type.Integer(),
  type: RequestType,
  status: StatusSchema,
  details: Type.String(),
  quote: Nullable(Quote),
  decline_reason: Nullable(Type.String()),
  created_at: Instant,
});
export type MyRequest = Static<typeof MyRequest>;
export const MyRequests = Type.Object({ results: Type.Array(MyRequest) });
export type MyRequests = Static<typeof MyRequests>;

const desk = access.page('on-demand-requests');
const visible = 'Only requests of clients the caller sees (another\'s answer 404).';
const own = 'The caller\'s own client only, found by the caller, never by a parameter.';
const params = IdParams('requestId');
const action = { access: desk, ownership: visible, params, headers: IdempotencyHeaders, response: { 200: RequestDetail } };

export const requestsEndpoints = endpoints('requests', requestsRoutes, {
  list: { summary: 'Requests, breached first, then by time left', access: desk, ownership: visible, query: RequestQuery, response: { 200: Page(RequestListItem) } },
  types: { summary: 'The request types with their targets in working days', access: access.signedIn, response: { 200: RequestTypes } },
  request: { summary: 'One request', access: desk, ownership: visible, params, response: { 200: RequestDetail } },
  attachment: {
    summary: 'A request\'s attachment',
    access: desk,
    ownership: visible,
    params: IdParams('requestId', 'attachmentId'),
    raw: { contentTypes: DOCUMENT_CONTENT_TYPES, description: 'The file, inline' },
  },
  assign: { summary: 'Assign a request', ...action, body: AssignRequestBody },
  status: { summary: 'Move a request to another status (waiting on the client pauses the clock)', ...action, body: RequestStatusBody },
  quote: { summary: 'Quote a price for the request', ...action, body: QuoteBody },
  convert: { summary: 'Convert the request into tasks', ...action, body: ConvertRequestBody },
  decline: { summary: 'Decline the request', ...action, body: DeclineRequestBody },
  mine: { summary: 'The client\'s own requests', access: access.client, ownership: own, response: { 200: MyRequests } },
  create: {
    summary: 'The client asks for a service (with up to three files)',
    access: access.client,
    ownership: own,
    headers: IdempotencyHeaders,
    body: NewMyRequestBody,
    response: { 201: MyRequest },
    bodyLimit: 3 * MAX_DOCUMENT_BASE64 + 16_384,
    fileLimit: MAX_DOCUMENT_BYTES,
  },
  acceptQuote: { summary: 'The client accepts the quote', access: access.client, ownership: own, params, headers: IdempotencyHeaders, body: NoBody, response: { 200: MyRequest } },
});

/** The inbox's bulk assign (null unassigns). */
export const requestsBulkActions = bulkActions('on-demand-requests', requestsBulkLabels, { assign: Closed({ assignee_id: Nullable(Id('Assign to')) }) });
