/**
 * On-demand requests below HTTP. A client (CLIENT role, its own client only) asks for a service of the
 * catalogue (request_types, each with its target in working days); staff who see the client work it from an
 * inbox: assign, move (waiting_on_client pauses the SLA clock, anything else resumes it), quote a fee that
 * the client accepts before work starts, convert it into tasks (linked both ways), complete or decline it
 * with a reason. Every change is audited (entity service_request) and tells the client.
 */
import { dubaiDate, formatIsoDate } from '../../../../common/calendar.ts';
import { vatOf } from '../../../../common/money.ts';
import type {
  AssignRequestBody,
  AttachmentInput,
  ConvertRequestBody,
  DeclineRequestBody,
  MyRequest,
  NewMyRequestBody,
  QuoteBody,
  Quote,
  RequestDetail,
  RequestListItem,
  RequestQuery,
  RequestStatusBody,
  RequestType,
} from '../../../../common/contract/requests.ts';
import { MAX_DOCUMENT_BYTES } from '../../../../common/review.ts';
import { slaClock, workingMsBetween, type RequestStatus } from '../../../../common/service-desk.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { writeRecord, type ActionContext } from '../../lib/action.ts';
import { createdWithKey, writeAudit } from '../../lib/audit.ts';
import { cleanFileName, decodeDocument } from '../../lib/documents.ts';
import { conflict, invalidInput, notFound } from '../../lib/http-error.ts';
import { containsPattern, type PageWindow } from '../../lib/pagination.ts';
import { SqlFilter } from '../../lib/sql-filter.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { addClientVisibility, isVisibleTo, myClientId } from '../clients/index.ts';
import { insertTask, requireWorker } from '../tasks/index.ts';
import { assignList, insertList, selectList } from '../../lib/table.ts';
import { MOVE_FIELDS, NEW_REQUEST_FIELDS, REQUEST_ROW_FIELDS, serviceRequestsTable, type RequestColumns } from './table.ts';
import { ATTACHMENT_FILE_FIELDS, ATTACHMENT_ROW_FIELDS, NEW_ATTACHMENT_FIELDS, requestAttachmentsTable, type RequestAttachmentColumns } from './attachment-table.ts';
import { REQUEST_TYPE_FIELDS, requestTypesTable, type RequestTypeColumns } from './type-table.ts';
import { notifyRequestClient, notifyRequestStaff } from './notify.ts';
import { personJson } from '../../lib/person-sql.ts';
import { type PersonRef } from '../../../../common/contract/shared.ts';

type Caller = Pick<CurrentUser, 'id' | 'role'>;

export const REQUEST_CONFLICT = 'This request was changed by someone else. Reload it and try again.';

/** A request with its client's name, owner and bookkeeper (who may see it), its type and its assignee. */
type RequestRow = Pick<RequestColumns, (typeof REQUEST_ROW_FIELDS)[number]> & {
  client_name: string;
  client_user_id: number | null;
  bookkeeper_id: number | null;
  type_code: string;
  type_name: string;
  target_working_days: number;
  assignee: PersonRef | null;
};

const SELECT = `SELECT ${selectList(serviceRequestsTable, 'r', REQUEST_ROW_FIELDS)}, c.legal_name AS client_name, c.user_id AS client_user_id, c.bookkeeper_id,
    t.code AS type_code, t.name AS type_name, t.target_working_days, ${personJson('a')} AS assignee
  FROM service_requests r JOIN clients c ON c.id = r.client_id JOIN request_types t ON t.id = r.type_id LEFT JOIN users a ON a.id = r.assignee_id`;

const MOVE_ASSIGNMENTS = assignList(MOVE_FIELDS, 2);
const NEW_REQUEST_INSERT = insertList(NEW_REQUEST_FIELDS);
const NEW_ATTACHMENT_INSERT = insertList(NEW_ATTACHMENT_FIELDS);

const typeOf = (row: RequestRow): RequestType => ({ id: row.type_id, code: row.type_code, name: row.type_name, target_working_days: row.target_working_days });

function quoteOf(row: RequestRow): Quote | null {
  if (row.quote_net_fils === null || row.quote_status === null) return null;
  const net = Number(row.quote_net_fils);
  const vat = vatOf(net);
  return { net_fils: net, vat_fils: vat, total_fils: net + vat, status: row.quote_status, note: row.quote_note };
}

const clockOf = (row: RequestRow, now: Date) =>
  slaClock({ created_at: row.created_at, target_working_days: row.target_working_days, paused_ms: Number(row.paused_ms), paused_since: row.paused_since, closed_at: row.closed_at }, now);

function toItem(row: RequestRow, now: Date): RequestListItem {
  return {
    id: row.id,
    version: row.version,
    client: { id: row.client_id, legal_name: row.client_name },
    type: typeOf(row),
    status: row.status,
    assignee: row.assignee,
    details: row.details,
    quote: quoteOf(row),
    sla: clockOf(row, now),
    created_at: row.created_at.toISOString(),
  };
}

export async function requestTypes(db: Queryable): Promise<RequestType[]> {
  return db.query<Pick<RequestTypeColumns, (typeof REQUEST_TYPE_FIELDS)[number]>>(`SELECT ${selectList(requestTypesTable, null, REQUEST_TYPE_FIELDS)} FROM request_types ORDER BY position, id`);
}

const OPEN: RequestStatus[] = ['new', 'in_progress', 'waiting_on_client'];

/**
 * The inbox: breached first, then by time left (the clock is computed per row in working time, so the open
 * requests of the filter are read whole; closed views are newest first and paged in SQL).
 */
export async function listRequests(db: Queryable, user: Caller, query: RequestQuery, window: PageWindow, now = new Date()): Promise<{ count: number; results: RequestListItem[] }> {
  const filter = new SqlFilter();
  addClientVisibility(filter, user, 'c');
  const view = query.view ?? 'open';
  if (view === 'open') filter.add((p) => `r.status = ANY(${p}::text[])`, OPEN);
  else if (view !== 'all') filter.add((p) => `r.status = ${p}`, view);
  const assignee = query.assignee ?? 'all';
  if (assignee === 'mine') filter.add((p) => `r.assignee_id = ${p}`, user.id);
  else if (assignee === 'none') filter.addClause('r.assignee_id IS NULL');
  else if (assignee !== 'all') filter.add((p) => `r.assignee_id = ${p}`, Number(assignee));
  if (query.client !== undefined) filter.add((p) => `r.client_id = ${p}`, query.client);
  if (query.search) filter.add((p) => `(lower(c.legal_name) LIKE ${p} ESCAPE '\\' OR lower(r.details) LIKE ${p} ESCAPE '\\' OR lower(t.name) LIKE ${p} ESCAPE '\\')`, containsPattern(query.search));
  const from = 'FROM service_requests r JOIN clients c ON c.id = r.client_id JOIN request_types t ON t.id = r.type_id';
  const [counted] = await db.query<{ count: number }>(`SELECT count(*)::int AS count ${from} ${filter.where}`, filter.params);
  if (view === 'completed' || view === 'declined') {
    const rows = await db.query<RequestRow>(`${SELECT} ${filter.where} ORDER BY r.closed_at DESC NULLS LAST, r.id DESC LIMIT ${filter.bind(window.size)} OFFSET ${filter.bind(window.offset)}`, filter.params);
    return { count: counted!.count, results: rows.map((row) => toItem(row, now)) };
  }
  const rows = await db.query<RequestRow>(`${SELECT} ${filter.where} ORDER BY r.id LIMIT 5000`, filter.params);
  const items = rows.map((row) => toItem(row, now));
  const rank = (item: RequestListItem) => (item.status === 'completed' || item.status === 'declined' ? 2 : item.sla.breached ? 0 : 1);
  items.sort((a, b) => rank(a) - rank(b) || a.sla.left_ms - b.sla.left_ms || a.id - b.id);
  return { count: counted!.count, results: items.slice(window.offset, window.offset + window.size) };
}

async function findRequest(db: Queryable, user: Caller, id: number, lock = false): Promise<RequestRow> {
  const [row] = await db.query<RequestRow>(`${SELECT} WHERE r.id = $1${lock ? ' FOR UPDATE OF r' : ''}`, [id]);
  if (!row || !isVisibleTo(user, row)) throw notFound('Request');
  return row;
}

export async function readRequest(db: Queryable, user: Caller, id: number, now = new Date()): Promise<RequestDetail> {
  const row = await findRequest(db, user, id);
  return detailOf(db, row, now);
}

async function detailOf(db: Queryable, row: RequestRow, now: Date): Promise<RequestDetail> {
  const attachments = await db.query<Pick<RequestAttachmentColumns, (typeof ATTACHMENT_ROW_FIELDS)[number]>>(
    `SELECT ${selectList(requestAttachmentsTable, null, ATTACHMENT_ROW_FIELDS)} FROM request_attachments WHERE request_id = $1 ORDER BY id`,
    [row.id],
  );
  const tasks = await db.query<{ id: number; title: string; status: string; due_on: string }>(
    "SELECT id, title, status, to_char(due_on, 'YYYY-MM-DD') AS due_on FROM tasks WHERE request_id = $1 ORDER BY id",
    [row.id],
  );
  const events = await db.query<{ id: number; kind: string; data: Record<string, unknown>; created_at: Date; actor: PersonRef | null }>(
    `SELECT e.id, e.kind, e.data, e.created_at, ${personJson('u')} AS actor FROM audit_events e LEFT JOIN users u ON u.id = e.actor_id
     WHERE e.entity = 'service_request' AND e.entity_id = $1 ORDER BY e.id DESC LIMIT 200`,
    [row.id],
  );
  return {
    ...toItem(row, now),
    decline_reason: row.decline_reason,
    attachments,
    tasks,
    timeline: events.map((event) => ({ id: event.id, kind: event.kind, actor: event.actor, data: event.data, created_at: event.created_at.toISOString() })),
  };
}

type AttachmentFile = Pick<RequestAttachmentColumns, (typeof ATTACHMENT_FILE_FIELDS)[number]>;

export async function requestAttachment(db: Queryable, user: Caller, requestId: number, attachmentId: number): Promise<AttachmentFile> {
  await findRequest(db, user, requestId);
  const [file] = await db.query<AttachmentFile>(
    `SELECT ${selectList(requestAttachmentsTable, null, ATTACHMENT_FILE_FIELDS)} FROM request_attachments WHERE id = $1 AND request_id = $2`,
    [attachmentId, requestId],
  );
  if (!file) throw notFound('Attachment');
  return file;
}

function requestWrite(db: Database, user: Caller, id: number, version: number, context: ActionContext, act: (tx: Queryable, row: RequestRow) => Promise<void>, now = new Date()) {
  return writeRecord(db, {
    entity: 'service_request',
    context,
    version,
    conflictMessage: REQUEST_CONFLICT,
    lock: (tx) => findRequest(tx, user, id, true),
    frozenClient: (row) => row.client_id,
    act,
    read: async (tx, row) => detailOf(tx, await findRequest(tx, user, row.id), now),
  });
}

const closedStatus = (status: RequestStatus) => status === 'completed' || status === 'declined';

function refuseClosed(row: RequestRow): void {
  if (closedStatus(row.status)) throw conflict(`This request is already ${row.status}.`);
}

/** The SQL that moves a request to `status` with its clock: paused while waiting, stopped when closed. */
async function moveTo(tx: Queryable, row: RequestRow, status: RequestStatus, now: Date, extra = '', params: unknown[] = []): Promise<void> {
  const resumedMs = row.paused_since ? workingMsBetween(row.paused_since, now) : 0;
  const waiting = status === 'waiting_on_client';
  const pausedSince = waiting ? (row.paused_since ?? now) : null;
  const pausedMs = Number(row.paused_ms) + (waiting ? 0 : resumedMs);
  await tx.query(
    `UPDATE service_requests SET ${MOVE_ASSIGNMENTS}, version = version + 1${extra} WHERE id = $1`,
    [row.id, status, pausedSince, pausedMs, closedStatus(status) ? now : null, ...params],
  );
}

export function assignRequest(db: Database, user: Caller, id: number, body: AssignRequestBody, context: ActionContext, now = new Date()): Promise<RequestDetail> {
  return requestWrite(db, user, id, body.version, context, async (tx, row) => {
    refuseClosed(row);
    await requireWorker(tx, body.assignee_id, 'assignee_id');
    await tx.query('UPDATE service_requests SET assignee_id = $2, version = version + 1 WHERE id = $1', [row.id, body.assignee_id]);
    await writeAudit(tx, { entity: 'service_request', entityId: row.id, kind: 'request_assigned', actorId: context.actorId, data: { from: row.assignee_id, to: body.assignee_id }, idempotencyKey: context.idempotencyKey });
    if (body.assignee_id !== null && body.assignee_id !== context.actorId) await notifyRequestStaff(tx, row, [body.assignee_id], 'request_assigned', 'Request assigned to you', `${row.type_name} for ${row.client_name}.`);
    await notifyRequestClient(tx, row, 'request_assigned', 'Your request has an owner', `Your ${row.type_name} request was assigned to our team.`);
  }, now);
}

export function setRequestStatus(db: Database, user: Caller, id: number, body: RequestStatusBody, context: ActionContext, now = new Date()): Promise<RequestDetail> {
  return requestWrite(db, user, id, body.version, context, async (tx, row) => {
    refuseClosed(row);
    if (row.status === body.status) return;
    if (body.status !== 'waiting_on_client' && row.quote_status === 'pending') throw conflict('The client has not accepted the quote yet: work starts once it is accepted.');
    if (body.status === 'completed') {
      // A request is done when its work is: every task made from it closed.
      const [open] = await tx.query<{ count: number }>("SELECT count(*)::integer AS count FROM tasks WHERE request_id = $1 AND status <> 'done'", [row.id]);
      if (open!.count > 0) throw conflict(`This request still has ${open!.count} open task${open!.count === 1 ? '' : 's'}: complete ${open!.count === 1 ? 'it' : 'them'} first.`);
    }
    await moveTo(tx, row, body.status, now);
    await writeAudit(tx, { entity: 'service_request', entityId: row.id, kind: 'request_status_changed', actorId: context.actorId, data: { from: row.status, to: body.status }, idempotencyKey: context.idempotencyKey });
    const words = { in_progress: 'is in progress', waiting_on_client: 'waits on you: see the team\u2019s message', completed: 'is completed' }[body.status];
    await notifyRequestClient(tx, row, 'request_status_changed', 'Request updated', `Your ${row.type_name} request ${words}.`);
  }, now);
}

export function quoteRequest(db: Database, user: Caller, id: number, body: QuoteBody, context: ActionContext, now = new Date()): Promise<RequestDetail> {
  return requestWrite(db, user, id, body.version, context, async (tx, row) => {
    refuseClosed(row);
    if (row.quote_status === 'accepted') throw conflict('The client already accepted a quote for this request.');
    const note = body.note?.trim() || null;
    await tx.query("UPDATE service_requests SET quote_net_fils = $2, quote_status = 'pending', quote_note = $3 WHERE id = $1", [row.id, body.net_fils, note]);
    // A quote waits for the client: the request waits on the client and the SLA clock stops until it is accepted.
    await moveTo(tx, row, 'waiting_on_client', now);
    const vat = vatOf(body.net_fils);
    await writeAudit(tx, { entity: 'service_request', entityId: row.id, kind: 'request_quoted', actorId: context.actorId, data: { net_fils: body.net_fils, vat_fils: vat, total_fils: body.net_fils + vat }, idempotencyKey: context.idempotencyKey });
    await notifyRequestClient(tx, row, 'request_quoted', 'A quote for your request', `Your ${row.type_name} request was quoted at AED ${((body.net_fils + vat) / 100).toFixed(2)} including VAT. Accept it to start the work.`);
  }, now);
}

export function convertRequest(db: Database, user: Caller, id: number, body: ConvertRequestBody, context: ActionContext, now = new Date()): Promise<RequestDetail> {
  return requestWrite(db, user, id, body.version, context, async (tx, row) => {
    refuseClosed(row);
    if (row.quote_status === 'pending') throw conflict('The client has not accepted the quote yet: work starts once it is accepted.');
    const created: number[] = [];
    // The tasks are due by the request's SLA, and someone does them: the request's assignee, else the client's bookkeeper.
    const slaDue = clockOf(row, now).due_at;
    const latest = slaDue ? dubaiDate(new Date(slaDue)) : null;
    for (const [index, task] of body.tasks.entries()) {
      const title = task.title.trim();
      if (title === '') throw invalidInput(`tasks.${index}.title`, 'must not be blank');
      if (task.due_on < dubaiDate(now)) throw invalidInput(`tasks.${index}.due_on`, 'must not be in the past');
      if (latest && task.due_on > latest) throw invalidInput(`tasks.${index}.due_on`, `must be on or before the request's SLA due date, ${formatIsoDate(latest)}`);
      await requireWorker(tx, task.assignee_id, `tasks.${index}.assignee_id`);
      if ((task.assignee_id ?? row.assignee_id ?? row.bookkeeper_id) === null) throw invalidInput(`tasks.${index}.assignee_id`, 'must be chosen: the request has no assignee and the client no bookkeeper');
      created.push(
        (await insertTask(tx, {
          clientId: row.client_id,
          title,
          description: row.details,
          assigneeId: task.assignee_id ?? row.assignee_id ?? row.bookkeeper_id,
          reviewerId: null,
          dueOn: task.due_on,
          priority: 'normal',
          checklist: [],
          requestId: row.id,
          createdBy: context.actorId,
        }))!,
      );
    }
    if (row.status !== 'in_progress') await moveTo(tx, row, 'in_progress', now);
    else await tx.query('UPDATE service_requests SET version = version + 1 WHERE id = $1', [row.id]);
    await writeAudit(tx, { entity: 'service_request', entityId: row.id, kind: 'request_converted', actorId: context.actorId, data: { task_ids: created }, idempotencyKey: context.idempotencyKey });
    await notifyRequestClient(tx, row, 'request_converted', 'Work started on your request', `Work on your ${row.type_name} request has started.`);
  }, now);
}

export function declineRequest(db: Database, user: Caller, id: number, body: DeclineRequestBody, context: ActionContext, now = new Date()): Promise<RequestDetail> {
  const reason = body.reason.trim();
  if (reason === '') return Promise.reject(invalidInput('reason', 'must not be blank'));
  return requestWrite(db, user, id, body.version, context, async (tx, row) => {
    refuseClosed(row);
    await moveTo(tx, row, 'declined', now, `, decline_reason = $${MOVE_FIELDS.length + 2}`, [reason]);
    await writeAudit(tx, { entity: 'service_request', entityId: row.id, kind: 'request_declined', actorId: context.actorId, data: { reason }, idempotencyKey: context.idempotencyKey });
    await notifyRequestClient(tx, row, 'request_declined', 'Request declined', `Your ${row.type_name} request was declined: ${reason}`);
  }, now);
}

// ------------------------------------------------------------------------------------------- client side

function toMine(row: RequestRow): MyRequest {
  return { id: row.id, type: typeOf(row), status: row.status, details: row.details, quote: quoteOf(row), decline_reason: row.decline_reason, created_at: row.created_at.toISOString() };
}

export async function myRequests(db: Queryable, userId: number): Promise<{ results: MyRequest[] }> {
  const clientId = await myClientId(db, userId);
  const rows = await db.query<RequestRow>(`${SELECT} WHERE r.client_id = $1 ORDER BY r.id DESC LIMIT 200`, [clientId]);
  return { results: rows.map(toMine) };
}

function decodeAttachment(attachment: AttachmentInput, index: number) {
  const content = decodeDocument(attachment.content_base64, attachment.content_type, MAX_DOCUMENT_BYTES, `attachments.${index}.content_base64`);
  return { content, file_name: cleanFileName(attachment.file_name, attachment.content_type), content_type: attachment.content_type };
}

export async function createMyRequest(db: Database, userId: number, body: NewMyRequestBody, context: ActionContext): Promise<MyRequest> {
  const details = body.details.trim();
  if (details === '') throw invalidInput('details', 'must not be blank');
  const files = (body.attachments ?? []).map(decodeAttachment);
  const id = await db.transaction(async (tx) => {
    const clientId = await myClientId(tx, userId);
    const seen = await createdWithKey(tx, 'service_request', 'request_created', userId, context.idempotencyKey);
    if (seen !== null) return seen;
    const [type] = await tx.query<{ id: number }>('SELECT id FROM request_types WHERE code = $1', [body.type]);
    if (!type) throw invalidInput('type', 'must be one of the request types');
    const [row] = await tx.query<{ id: number }>(`INSERT INTO service_requests ${NEW_REQUEST_INSERT.columns} VALUES ${NEW_REQUEST_INSERT.values} RETURNING id`, [clientId, type.id, details, userId]);
    const requestId = row!.id;
    for (const file of files) {
      await tx.query(`INSERT INTO request_attachments ${NEW_ATTACHMENT_INSERT.columns} VALUES ${NEW_ATTACHMENT_INSERT.values}`, [
        requestId,
        file.file_name,
        file.content_type,
        file.content.length,
        file.content,
        userId,
      ]);
    }
    await writeAudit(tx, { entity: 'service_request', entityId: requestId, kind: 'request_created', actorId: userId, data: { type: body.type, attachments: files.length }, idempotencyKey: context.idempotencyKey });
    const [created] = await tx.query<RequestRow>(`${SELECT} WHERE r.id = $1`, [requestId]);
    await notifyRequestStaff(tx, created!, [created!.bookkeeper_id], 'request_created', 'New client request', `${created!.client_name} asked for: ${created!.type_name}.`);
    return requestId;
  });
  const [row] = await db.query<RequestRow>(`${SELECT} WHERE r.id = $1`, [id]);
  return toMine(row!);
}

export async function acceptMyQuote(db: Database, userId: number, requestId: number, context: ActionContext): Promise<MyRequest> {
  const clientId = await myClientId(db, userId);
  return writeRecord(db, {
    entity: 'service_request',
    context,
    version: null,
    conflictMessage: REQUEST_CONFLICT,
    lock: async (tx) => {
      const [row] = await tx.query<RequestRow>(`${SELECT} WHERE r.id = $1 AND r.client_id = $2 FOR UPDATE OF r`, [requestId, clientId]);
      if (!row) throw notFound('Request');
      return row;
    },
    act: async (tx, row) => {
      if (row.quote_status !== 'pending') throw conflict(row.quote_status === 'accepted' ? 'This quote is already accepted.' : 'This request has no quote to accept.');
      refuseClosed(row);
      await tx.query("UPDATE service_requests SET quote_status = 'accepted' WHERE id = $1", [row.id]);
      // Accepted: the work starts and the SLA clock runs again.
      await moveTo(tx, row, 'in_progress', new Date());
      await writeAudit(tx, { entity: 'service_request', entityId: row.id, kind: 'request_quote_accepted', actorId: userId, data: { net_fils: Number(row.quote_net_fils) }, idempotencyKey: context.idempotencyKey });
      await notifyRequestStaff(tx, row, [row.assignee_id ?? row.bookkeeper_id], 'request_quote_accepted', 'Quote accepted', `${row.client_name} accepted the quote for ${row.type_name}.`);
    },
    read: async (tx, row) => toMine((await tx.query<RequestRow>(`${SELECT} WHERE r.id = $1`, [row.id]))[0]!),
  });
}
