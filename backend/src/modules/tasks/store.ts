/**
 * Tasks below HTTP: the list ('Mine' by default), the board, one task with its checklist, comments and
 * timeline, and every change through writeRecord (locked row, idempotency, version, audit, notifications in
 * one transaction). Who sees a task is who sees its client (a bookkeeper's guess at another's task is 404);
 * anyone who sees it may work it. Maker-checker: 'done' set by anyone but the task's reviewer on a task with
 * a reviewer sends it to 'in_review'; only the reviewer (or an ADMIN) approves or returns it.
 */
import { dubaiDate } from '../../../../common/calendar.ts';
import { DATE_RULES, inThePast } from '../../../../common/date-rules.ts';
import type { PersonRef } from '../../../../common/contract/shared.ts';
import type {
  ChecklistItem,
  NewTaskBody,
  ReturnTaskBody,
  TaskBoard,
  TaskChoices,
  TaskDetail,
  TaskListItem,
  TaskQuery,
  UpdateTaskBody,
} from '../../../../common/contract/tasks.ts';
import { dueMark, TASK_STATUSES, type TaskStatus } from '../../../../common/service-desk.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { writeRecord, type ActionContext } from '../../lib/action.ts';
import { refuseWhenFrozen } from '../../lib/aml-freeze.ts';
import { createdWithKey, writeAudit } from '../../lib/audit.ts';
import { forbidden, HttpError, invalidInput, notFound } from '../../lib/http-error.ts';
import { containsPattern, type PageWindow } from '../../lib/pagination.ts';
import { SqlFilter } from '../../lib/sql-filter.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { addClientVisibility, isVisibleTo, requireVisibleClient } from '../clients/index.ts';
import { insertList, selectList } from '../../lib/table.ts';
import { NEW_TASK_FIELDS, TASK_ROW_FIELDS, tasksTable, type NEW_TASK_OPTIONAL, type TaskColumns } from './table.ts';
import { COMMENT_ROW_FIELDS, NEW_COMMENT_FIELDS, taskCommentsTable, type TaskCommentColumns } from './comment-table.ts';
import { notifyTaskAssigned, notifyTaskReviewed, notifyTaskSentForReview } from './notify.ts';
import { may, rolesThat } from '../../../../common/access.ts';
import { personJson } from '../../lib/person-sql.ts';

export type Caller = Pick<CurrentUser, 'id' | 'role'>;

export const TASK_CONFLICT = 'This task was changed by someone else. Reload it and try again.';

const SELECT = `SELECT ${selectList(tasksTable, 't', TASK_ROW_FIELDS)}, c.legal_name AS client_name, c.bookkeeper_id,
    ${personJson('a')} AS assignee, ${personJson('r')} AS reviewer
  FROM tasks t JOIN clients c ON c.id = t.client_id LEFT JOIN users a ON a.id = t.assignee_id LEFT JOIN users r ON r.id = t.reviewer_id`;

/** A task as the list, the board and its page read it, with its client's name and bookkeeper (who may see it). */
export type TaskRow = Pick<TaskColumns, (typeof TASK_ROW_FIELDS)[number]> & {
  client_name: string;
  bookkeeper_id: number | null;
  assignee: PersonRef | null;
  reviewer: PersonRef | null;
};

export function toListItem(row: TaskRow, today = dubaiDate()): TaskListItem {
  const checklist = row.checklist;
  return {
    id: row.id,
    version: row.version,
    title: row.title,
    client: { id: row.client_id, legal_name: row.client_name },
    assignee: row.assignee,
    reviewer: row.reviewer,
    due_on: row.due_on,
    priority: row.priority,
    status: row.status,
    due_mark: dueMark(row.due_on, today, row.status === 'done'),
    checklist_done: checklist.filter((item) => item.done).length,
    checklist_total: checklist.length,
    request_id: row.request_id,
    template_id: row.template_id,
    estimate_minutes: row.estimate_minutes,
  };
}

const SORTS: Record<NonNullable<TaskQuery['sort']>, string> = {
  due_on: 't.due_on, t.id',
  '-due_on': 't.due_on DESC, t.id DESC',
  priority: "array_position(ARRAY['urgent','high','normal','low'], t.priority), t.due_on, t.id",
  '-created_at': 't.created_at DESC, t.id DESC',
  title: 'lower(t.title), t.id',
};

function listFilter(user: Caller, query: { assignee?: string; client?: number; search?: string }): SqlFilter {
  const filter = new SqlFilter();
  // The clients rule (addClientVisibility) said on the task's own column: the planner then walks the
  // covering (assignee, due date) index in order and stops at the page, instead of joining every task first
  // (bench:service-desk: 'Mine' at 200,000 tasks).
  if (may(user.role, 'see-own-clients-only')) filter.add((p) => `t.client_id = ANY(ARRAY(SELECT id FROM clients WHERE bookkeeper_id = ${p}))`, user.id);
  const assignee = query.assignee ?? 'mine';
  if (assignee === 'mine') filter.add((p) => `t.assignee_id = ${p}`, user.id);
  else if (assignee === 'none') filter.addClause('t.assignee_id IS NULL');
  else if (assignee !== 'all') filter.add((p) => `t.assignee_id = ${p}`, Number(assignee));
  if (query.client !== undefined) filter.add((p) => `t.client_id = ${p}`, query.client);
  if (query.search) filter.add((p) => `(lower(t.title) LIKE ${p} ESCAPE '\\' OR lower(c.legal_name) LIKE ${p} ESCAPE '\\')`, containsPattern(query.search));
  return filter;
}

/** 'Waiting for my review': tasks in review whose reviewer is the caller (the list's review=mine and the Home block). */
export function addWaitingForMyReview(filter: SqlFilter, user: Caller, alias = 't'): void {
  filter.add((p) => `${alias}.status = 'in_review' AND ${alias}.reviewer_id = ${p}`, user.id);
}

export async function listTasks(db: Queryable, user: Caller, query: TaskQuery, window: PageWindow, today = dubaiDate()): Promise<{ count: number; results: TaskListItem[] }> {
  const filter = listFilter(user, query);
  if (query.status) filter.add((p) => `t.status = ${p}`, query.status);
  if (query.priority) filter.add((p) => `t.priority = ${p}`, query.priority);
  if (query.review === 'mine') addWaitingForMyReview(filter, user);
  if (query.due === 'overdue') filter.add((p) => `t.status <> 'done' AND t.due_on < ${p}::date`, today);
  if (query.due === 'today') filter.add((p) => `t.status <> 'done' AND t.due_on = ${p}::date`, today);
  if (query.due === 'week') filter.add((p) => `t.status <> 'done' AND t.due_on <= (${p}::date + 7)`, today);
  const from = query.search ? 'tasks t JOIN clients c ON c.id = t.client_id' : 'tasks t';
  const [counted] = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${from} ${filter.where}`, filter.params);
  const limit = filter.bind(window.size);
  const offset = filter.bind(window.offset);
  const rows = await db.query<TaskRow>(`${SELECT} ${filter.where} ORDER BY ${SORTS[query.sort ?? 'due_on']} LIMIT ${limit} OFFSET ${offset}`, filter.params);
  return { count: counted!.count, results: rows.map((row) => toListItem(row, today)) };
}

/** The board: every open task of the filter by status, and the 50 most recently completed. */
export async function taskBoard(db: Queryable, user: Caller, query: { assignee?: string; client?: number; search?: string }, today = dubaiDate()): Promise<TaskBoard> {
  const open = listFilter(user, query);
  open.addClause("t.status <> 'done'");
  const rows = await db.query<TaskRow>(`${SELECT} ${open.where} ORDER BY t.due_on, t.id LIMIT 1000`, open.params);
  const done = listFilter(user, query);
  done.addClause("t.status = 'done'");
  rows.push(...(await db.query<TaskRow>(`${SELECT} ${done.where} ORDER BY t.completed_at DESC NULLS LAST, t.id DESC LIMIT 50`, done.params)));
  return { columns: TASK_STATUSES.map((status) => ({ status, tasks: rows.filter((row) => row.status === status).map((row) => toListItem(row, today)) })) };
}

async function findTask(db: Queryable, user: Caller, taskId: number, lock = false): Promise<TaskRow> {
  const [row] = await db.query<TaskRow>(`${SELECT} WHERE t.id = $1${lock ? ' FOR UPDATE OF t' : ''}`, [taskId]);
  if (!row || !isVisibleTo(user, row)) throw notFound('Task');
  return row;
}

const canReview = (user: Caller, row: TaskRow) => may(user.role, 'decide-any-task') || (row.reviewer_id !== null && row.reviewer_id === user.id);

export async function readTask(db: Queryable, user: Caller, taskId: number, today = dubaiDate()): Promise<TaskDetail> {
  const row = await findTask(db, user, taskId);
  const comments = await db.query<Pick<TaskCommentColumns, (typeof COMMENT_ROW_FIELDS)[number]> & { author: PersonRef | null }>(
    `SELECT ${selectList(taskCommentsTable, 'm', COMMENT_ROW_FIELDS)}, ${personJson('u')} AS author FROM task_comments m LEFT JOIN users u ON u.id = m.author_id WHERE m.task_id = $1 ORDER BY m.id`,
    [taskId],
  );
  const events = await db.query<{ id: number; kind: string; data: Record<string, unknown>; created_at: Date; actor: PersonRef | null }>(
    `SELECT e.id, e.kind, e.data, e.created_at, ${personJson('u')} AS actor FROM audit_events e LEFT JOIN users u ON u.id = e.actor_id
     WHERE e.entity = 'task' AND e.entity_id = $1 ORDER BY e.id DESC LIMIT 200`,
    [taskId],
  );
  return {
    ...toListItem(row, today),
    description: row.description,
    checklist: row.checklist,
    review_note: row.review_note,
    comments: comments.map((comment) => ({ id: comment.id, author: comment.author, body: comment.body, created_at: comment.created_at.toISOString() })),
    timeline: events.map((event) => ({ id: event.id, kind: event.kind, actor: event.actor, data: event.data, created_at: event.created_at.toISOString() })),
    can_edit: true,
    can_review: row.status === 'in_review' && canReview(user, row),
    created_at: row.created_at.toISOString(),
  };
}

/** A staff member who may hold a task (rolesThat('be-assigned-tasks')); 400 naming the field otherwise. */
export async function requireWorker(db: Queryable, userId: number | null | undefined, field: string): Promise<void> {
  if (userId === null || userId === undefined) return;
  const [row] = await db.query<{ role: string; deactivated_at: Date | null }>('SELECT role, deactivated_at FROM users WHERE id = $1', [userId]);
  if (!row || !may(row.role, 'be-assigned-tasks') || row.deactivated_at) throw invalidInput(field, 'must be an active bookkeeper, reviewer or administrator');
}

type NewTaskField = keyof typeof NEW_TASK_FIELDS;
type OptionalField = (typeof NEW_TASK_OPTIONAL)[number];

/** A new task as its makers give it (the form, a template's schedule, a request): its columns (tasks/table.ts) by their NewTask names. */
export type NewTask = { [F in Exclude<NewTaskField, OptionalField>]: TaskColumns[(typeof NEW_TASK_FIELDS)[F]] } & {
  [F in OptionalField]?: TaskColumns[(typeof NEW_TASK_FIELDS)[F]];
} & { idempotencyKey?: string | null };

const NEW_TASK_KEYS = Object.keys(NEW_TASK_FIELDS) as NewTaskField[];
const NEW_TASK_INSERT = insertList(NEW_TASK_KEYS.map((key) => NEW_TASK_FIELDS[key]));

/** Inserts a task, its creation event and the assignee's notice; answers its id (null: the occurrence existed). */
export async function insertTask(tx: Queryable, task: NewTask): Promise<number | null> {
  const values = { ...task, description: task.description ?? '', checklist: JSON.stringify(task.checklist) };
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO tasks ${NEW_TASK_INSERT.columns} VALUES ${NEW_TASK_INSERT.values} ON CONFLICT (template_id, occurrence_on) DO NOTHING RETURNING id`,
    NEW_TASK_KEYS.map((key) => values[key] ?? null),
  );
  if (!row) return null;
  await writeAudit(tx, {
    entity: 'task',
    entityId: row.id,
    kind: 'task_created',
    actorId: task.createdBy,
    data: { title: task.title, client_id: task.clientId, template_id: task.templateId ?? null, request_id: task.requestId ?? null },
    idempotencyKey: task.idempotencyKey ?? null,
  });
  if (task.assigneeId !== null) {
    const [client] = await tx.query<{ legal_name: string }>('SELECT legal_name FROM clients WHERE id = $1', [task.clientId]);
    await notifyTaskAssigned(tx, { id: row.id, title: task.title, due_on: task.dueOn, client_name: client?.legal_name ?? '' }, task.assigneeId, task.createdBy);
  }
  return row.id;
}

function cleanTitle(title: string, field = 'title'): string {
  const clean = title.trim();
  if (clean === '') throw invalidInput(field, 'must not be blank');
  return clean;
}

const cleanChecklist = (items: readonly ChecklistItem[] | undefined) =>
  (items ?? []).map((item) => ({ text: item.text.trim(), done: item.done })).filter((item) => {
    if (item.text === '') throw invalidInput('checklist', 'items must not be blank');
    return true;
  });

export async function createTask(db: Database, user: Caller, body: NewTaskBody, context: ActionContext, today = dubaiDate()): Promise<TaskDetail> {
  const title = cleanTitle(body.title);
  const checklist = cleanChecklist(body.checklist);
  const id = await db.transaction(async (tx) => {
    const seen = await createdWithKey(tx, 'task', 'task_created', user.id, context.idempotencyKey);
    if (seen !== null) return seen;
    if (inThePast(body.due_on, today)) throw new HttpError(400, 'INVALID_INPUT', `Due date ${DATE_RULES.due.refusal}.`, 'due_on');
    await requireVisibleClient(tx, user, body.client_id);
    await refuseWhenFrozen(tx, { clientId: body.client_id });
    await requireWorker(tx, body.assignee_id, 'assignee_id');
    await requireWorker(tx, body.reviewer_id, 'reviewer_id');
    return (await insertTask(tx, {
      clientId: body.client_id,
      title,
      description: body.description ?? '',
      assigneeId: body.assignee_id ?? null,
      reviewerId: body.reviewer_id ?? null,
      dueOn: body.due_on,
      priority: body.priority ?? 'normal',
      checklist,
      estimateMinutes: body.estimate_minutes ?? null,
      createdBy: context.actorId,
      idempotencyKey: context.idempotencyKey,
    }))!;
  });
  return readTask(db, user, id, today);
}

function taskWrite(db: Database, user: Caller, taskId: number, version: number | null, context: ActionContext, act: (tx: Queryable, row: TaskRow) => Promise<void>, today = dubaiDate()) {
  return writeRecord(db, {
    entity: 'task',
    context,
    version,
    conflictMessage: TASK_CONFLICT,
    lock: (tx) => findTask(tx, user, taskId, true),
    // A comment changes nothing of the task (no version): staff keep notes on a frozen client's work.
    frozenClient: (row) => (version === null ? null : row.client_id),
    act,
    read: (tx, row) => readTask(tx, user, row.id, today),
  });
}

const bump = (tx: Queryable, id: number, sets: string, params: unknown[]) =>
  tx.query(`UPDATE tasks SET ${sets}${sets ? ', ' : ''}version = version + 1, updated_at = CURRENT_TIMESTAMP WHERE id = $1`, [id, ...params]);

export function updateTask(db: Database, user: Caller, taskId: number, body: UpdateTaskBody, context: ActionContext, today = dubaiDate()): Promise<TaskDetail> {
  return taskWrite(db, user, taskId, body.version, context, async (tx, row) => {
    const sets: string[] = [];
    const params: unknown[] = [];
    const set = (column: string, value: unknown) => {
      params.push(value);
      sets.push(`${column} = $${params.length + 1}`);
    };
    const changes: Record<string, unknown> = {};
    if (body.title !== undefined) set('title', (changes.title = cleanTitle(body.title)));
    if (body.description !== undefined) set('description', (changes.description = body.description));
    // A due date set now is not in the past (common/date-rules.ts); one already passed may stay as it is.
    if (body.due_on !== undefined && body.due_on !== row.due_on && inThePast(body.due_on, today)) throw new HttpError(400, 'INVALID_INPUT', `Due date ${DATE_RULES.due.refusal}.`, 'due_on');
    if (body.due_on !== undefined) set('due_on', (changes.due_on = body.due_on));
    if (body.due_on !== undefined && body.due_on !== row.due_on) set('due_notice_at', null);
    if (body.priority !== undefined) set('priority', (changes.priority = body.priority));
    if (body.estimate_minutes !== undefined) set('estimate_minutes', (changes.estimate_minutes = body.estimate_minutes));
    if (body.checklist !== undefined) set('checklist', JSON.stringify((changes.checklist = cleanChecklist(body.checklist))));
    if (body.reviewer_id !== undefined) {
      await requireWorker(tx, body.reviewer_id, 'reviewer_id');
      set('reviewer_id', (changes.reviewer_id = body.reviewer_id));
    }
    const reassigned = body.assignee_id !== undefined && body.assignee_id !== row.assignee_id;
    if (body.assignee_id !== undefined) {
      await requireWorker(tx, body.assignee_id, 'assignee_id');
      set('assignee_id', body.assignee_id);
    }
    await bump(tx, row.id, sets.join(', '), params);
    if (Object.keys(changes).length > 0) await writeAudit(tx, { entity: 'task', entityId: row.id, kind: 'task_updated', actorId: context.actorId, data: { fields: Object.keys(changes) }, idempotencyKey: context.idempotencyKey });
    if (reassigned) await recordAssignment(tx, row, body.assignee_id ?? null, context, Object.keys(changes).length === 0);
  }, today);
}

async function recordAssignment(tx: Queryable, row: TaskRow, assigneeId: number | null, context: ActionContext, keyed = true): Promise<void> {
  await writeAudit(tx, { entity: 'task', entityId: row.id, kind: 'task_assigned', actorId: context.actorId, data: { from: row.assignee_id, to: assigneeId }, idempotencyKey: keyed ? context.idempotencyKey : null });
  if (assigneeId !== null) await notifyTaskAssigned(tx, { id: row.id, title: row.title, due_on: row.due_on, client_name: row.client_name }, assigneeId, context.actorId);
}

/**
 * The Capacity view's one action on a task: moves an open task to another person who may hold tasks. Its
 * planners may (the endpoint table's capability), whether or not they work on the Tasks page, so the task is
 * found by id alone; a done task is not the view's (404). The same assignment as the task's own edit: version,
 * audit event, the new assignee's notice. Answers the task's id, new version and assignee.
 */
export function reassignTask(db: Database, taskId: number, body: { version: number; assignee_id: number }, context: ActionContext): Promise<{ id: number; version: number; assignee: PersonRef }> {
  return writeRecord(db, {
    entity: 'task',
    context,
    version: body.version,
    conflictMessage: TASK_CONFLICT,
    lock: async (tx) => {
      const [row] = await tx.query<TaskRow>(`${SELECT} WHERE t.id = $1 AND t.status <> 'done' FOR UPDATE OF t`, [taskId]);
      if (!row) throw notFound('Task');
      return row;
    },
    frozenClient: (row) => row.client_id,
    act: async (tx, row) => {
      await requireWorker(tx, body.assignee_id, 'assignee_id');
      if (body.assignee_id === row.assignee_id) return;
      await bump(tx, row.id, 'assignee_id = $2', [body.assignee_id]);
      await recordAssignment(tx, row, body.assignee_id, context);
    },
    read: async (tx, row) => {
      const [task] = await tx.query<{ id: number; version: number; assignee: PersonRef }>(
        `SELECT t.id, t.version, ${personJson('a')} AS assignee FROM tasks t JOIN users a ON a.id = t.assignee_id WHERE t.id = $1`,
        [row.id],
      );
      return task!;
    },
  });
}

/** Moves a task; 'done' on a reviewed task by anyone but its reviewer goes to 'in_review' instead. 'in_review' is only reached that way. */
async function applyStatus(tx: Queryable, user: Caller, row: TaskRow, status: TaskStatus, context: ActionContext): Promise<TaskStatus> {
  if (status === 'in_review') throw invalidInput('status', "cannot be set to 'in_review': mark the task done to send it to its reviewer");
  if (row.status === 'in_review' && status === 'done') throw forbidden('Only the reviewer approves a task in review.');
  let next: TaskStatus = status;
  if (status === 'done' && row.reviewer_id !== null && row.reviewer_id !== user.id) next = 'in_review';
  if (next === row.status) return next;
  await bump(tx, row.id, `status = $2, completed_at = ${next === 'done' ? 'CURRENT_TIMESTAMP' : 'NULL'}`, [next]);
  if (next === 'in_review') {
    await writeAudit(tx, { entity: 'task', entityId: row.id, kind: 'task_sent_for_review', actorId: context.actorId, data: { from: row.status }, idempotencyKey: context.idempotencyKey });
    await notifyTaskSentForReview(tx, { id: row.id, title: row.title, client_name: row.client_name }, row.reviewer_id!, context.actorId);
  } else {
    await writeAudit(tx, { entity: 'task', entityId: row.id, kind: 'task_status_changed', actorId: context.actorId, data: { from: row.status, to: next }, idempotencyKey: context.idempotencyKey });
  }
  return next;
}

export function setTaskStatus(db: Database, user: Caller, taskId: number, status: TaskStatus, version: number, context: ActionContext, today = dubaiDate()): Promise<TaskDetail> {
  return taskWrite(db, user, taskId, version, context, async (tx, row) => void (await applyStatus(tx, user, row, status, context)), today);
}

export function approveTask(db: Database, user: Caller, taskId: number, version: number, context: ActionContext, today = dubaiDate()): Promise<TaskDetail> {
  return taskWrite(db, user, taskId, version, context, async (tx, row) => {
    if (row.status !== 'in_review') throw new HttpError(409, 'CONFLICT', 'This task is not waiting for review.');
    if (!canReview(user, row)) throw forbidden("Only the task's reviewer or an administrator approves it.");
    await bump(tx, row.id, "status = 'done', completed_at = CURRENT_TIMESTAMP, review_note = NULL", []);
    await writeAudit(tx, { entity: 'task', entityId: row.id, kind: 'task_approved', actorId: context.actorId, idempotencyKey: context.idempotencyKey });
    await notifyTaskReviewed(tx, { id: row.id, title: row.title, client_name: row.client_name }, row.assignee_id, 'approved', null, context.actorId);
  }, today);
}

export function returnTask(db: Database, user: Caller, taskId: number, body: ReturnTaskBody, context: ActionContext, today = dubaiDate()): Promise<TaskDetail> {
  const note = body.note.trim();
  if (note === '') return Promise.reject(invalidInput('note', 'must not be blank'));
  return taskWrite(db, user, taskId, body.version, context, async (tx, row) => {
    if (row.status !== 'in_review') throw new HttpError(409, 'CONFLICT', 'This task is not waiting for review.');
    if (!canReview(user, row)) throw forbidden("Only the task's reviewer or an administrator returns it.");
    await bump(tx, row.id, "status = 'in_progress', review_note = $2", [note]);
    await writeAudit(tx, { entity: 'task', entityId: row.id, kind: 'task_returned', actorId: context.actorId, data: { note }, idempotencyKey: context.idempotencyKey });
    await notifyTaskReviewed(tx, { id: row.id, title: row.title, client_name: row.client_name }, row.assignee_id, 'returned', note, context.actorId);
  }, today);
}

const NEW_COMMENT_INSERT = insertList(NEW_COMMENT_FIELDS);

export function commentOnTask(db: Database, user: Caller, taskId: number, body: string, context: ActionContext, today = dubaiDate()): Promise<TaskDetail> {
  const text = body.trim();
  if (text === '') return Promise.reject(invalidInput('body', 'must not be blank'));
  return taskWrite(db, user, taskId, null, context, async (tx, row) => {
    await tx.query(`INSERT INTO task_comments ${NEW_COMMENT_INSERT.columns} VALUES ${NEW_COMMENT_INSERT.values}`, [row.id, context.actorId, text]);
    await writeAudit(tx, { entity: 'task', entityId: row.id, kind: 'task_commented', actorId: context.actorId, data: { comment: text.slice(0, 200) }, idempotencyKey: context.idempotencyKey });
  }, today);
}

export async function taskChoices(db: Queryable, user: Caller): Promise<TaskChoices> {
  const staff = await db.query<PersonRef & { role: string }>(
    "SELECT id, display_name, email, role FROM users WHERE role = ANY($1::text[]) AND deactivated_at IS NULL ORDER BY lower(coalesce(display_name, email)), id LIMIT 500",
    [rolesThat('be-assigned-tasks')],
  );
  const filter = new SqlFilter();
  addClientVisibility(filter, user, 'c');
  const clients = await db.query<{ id: number; legal_name: string }>(`SELECT c.id, c.legal_name FROM clients c ${filter.where} ORDER BY lower(c.legal_name), c.id LIMIT 1000`, filter.params);
  return { staff, clients };
}
