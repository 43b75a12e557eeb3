/**
 * Tasks: a client's work items with assignee, maker-checker reviewer, due date (Dubai calendar date),
 * priority, status, checklist, comments and timeline; the list, the board and recurring
 * templates. Schemas validate and serialise the routes; types are derived from them.
 */
import { Type, type Static } from 'typebox';
import { MAX_CHECKLIST_ITEMS, BULK_TASK_STATUSES, TASK_PRIORITIES, TASK_STATUSES, TEMPLATE_FREQUENCIES } from '../service-desk.ts';
import { MAX_ESTIMATE_MINUTES } from '../capacity.ts';
import { bulkActions } from './bulk.ts';
import { access, endpoints } from './endpoint.ts';
import { CalendarDate, Closed, Id, IdempotencyHeaders, IdParams, Instant, Line, Nullable, Page, PageQuery, Paragraphs, PersonRef, Search, Version } from './shared.ts';
import { taskFields } from './tasks-fields.ts';
import { TASK_ASSIGNEE_PATTERN, TASK_REVIEW_FILTERS, TASK_SORTS, tasksBulkLabels, tasksRoutes } from './tasks-paths.ts';

export { DEFAULT_TASK_SORT, TASK_SORTS, tasksRoutes, type TaskSort } from './tasks-paths.ts';

const StatusSchema = Type.Enum(TASK_STATUSES, { title: taskFields.status.label });
const PrioritySchema = Type.Enum(TASK_PRIORITIES, { title: taskFields.priority.label });
const ClientRef = Type.Object({ id: Type.Integer(), legal_name: Type.String() });
export type ClientRef = Static<typeof ClientRef>;

export const ChecklistItem = Type.Object({ text: Type.String(), done: Type.Boolean() });
export type ChecklistItem = Static<typeof ChecklistItem>;
const ChecklistInput = Type.Array(Closed({ text: Line(taskFields.checklistItem.max, { minLength: taskFields.checklistItem.min, title: taskFields.checklistItem.label }), done: Type.Boolean({ title: 'Done' }) }), { maxItems: MAX_CHECKLIST_ITEMS, title: 'Checklist' });

export const TaskListItem = Type.Object({
  id: Type.Integer(),
  version: Type.Integer(),
  title: Type.String(),
  client: ClientRef,
  assignee: Nullable(PersonRef),
  reviewer: Nullable(PersonRef),
  due_on: Type.String(),
  priority: PrioritySchema,
  status: StatusSchema,
  /** 'overdue' or 'today' on the Dubai calendar; null otherwise or once done. */
  due_mark: Nullable(Type.Union([Type.Literal('overdue'), Type.Literal('today')])),
  checklist_done: Type.Integer(),
  checklist_total: Type.Integer(),
  request_id: Nullable(Type.Integer()),
  template_id: Nullable(Type.Integer()),
  /** The work it is expected to take, in minutes (shown h:mm); the Capacity view plans with it. */
  estimate_minutes: Nullable(Type.Integer()),
});
export type TaskListItem = Static<typeof TaskListItem>;

export const TaskComment = Type.Object({ id: Type.Integer(), author: Nullable(PersonRef), body: Type.String(), created_at: Instant });
export type TaskComment = Static<typeof TaskComment>;

export const TaskEvent = Type.Object({ id: Type.Integer(), kind: Type.String(), actor: Nullable(PersonRef), data: Type.Record(Type.String(), Type.Unknown()), created_at: Instant });
export type TaskEvent = Static<typeof TaskEvent>;

export const TaskDetail = Type.Object({
  ...TaskListItem.properties,
  description: Type.String(),
  checklist: Type.Array(ChecklistItem),
  review_note: Nullable(Type.String()),
  comments: Type.Array(TaskComment),
  timeline: Type.Array(TaskEvent),
  can_edit: Type.Boolean(),
  can_review: Type.Boolean(),
  created_at: Instant,
});
export type TaskDetail = Static<typeof TaskDetail>;

const listFilters = {
  assignee: Type.Optional(Type.String({ pattern: TASK_ASSIGNEE_PATTERN, maxLength: 10, errorMessage: "must be a staff id, 'mine', 'all' or 'none'", title: taskFields.assignee.label })),
  client: Type.Optional(Id(taskFields.client.label)),
  search: Type.Optional(Search),
};

export const TaskQuery = Closed({
  ...listFilters,
  status: Type.Optional(StatusSchema),
  priority: Type.Optional(PrioritySchema),
  /** overdue, today, or open (not done). */
  due: Type.Optional(Type.Enum(['overdue', 'today', 'week'] as const, { title: taskFields.due.label })),
  /** mine: in review with the caller as reviewer (whoever holds them). */
  review: Type.Optional(Type.Enum(TASK_REVIEW_FILTERS, { title: 'Review' })),
  sort: Type.Optional(Type.Enum(TASK_SORTS, { title: 'Sort' })),
  ...PageQuery,
});
export type TaskQuery = Static<typeof TaskQuery>;

export const BoardQuery = Closed(listFilters);
export type BoardQuery = Static<typeof BoardQuery>;
export const TaskBoard = Type.Object({ columns: Type.Array(Type.Object({ status: StatusSchema, tasks: Type.Array(TaskListItem) })) });
export type TaskBoard = Static<typeof TaskBoard>;

const Estimate = Type.Integer({ minimum: 1, maximum: MAX_ESTIMATE_MINUTES, title: 'Estimate' });

export const NewTaskBody = Closed({
  client_id: Id(taskFields.client.label),
  title: Line(taskFields.title.max, { minLength: taskFields.title.min, title: taskFields.title.label }),
  description: Type.Optional(Paragraphs(taskFields.description.max, { title: taskFields.description.label })),
  assignee_id: Type.Optional(Nullable(Id(taskFields.assignee.label))),
  reviewer_id: Type.Optional(Nullable(Id(taskFields.reviewer.label))),
  due_on: CalendarDate(taskFields.dueOn.label),
  priority: Type.Optional(PrioritySchema),
  checklist: Type.Optional(ChecklistInput),
  estimate_minutes: Type.Optional(Nullable(Estimate)),
});
export type NewTaskBody = Static<typeof NewTaskBody>;

export const UpdateTaskBody = Closed({
  version: Version,
  title: Type.Optional(Line(taskFields.title.max, { minLength: taskFields.title.min, title: taskFields.title.label })),
  description: Type.Optional(Paragraphs(taskFields.description.max, { title: taskFields.description.label })),
  assignee_id: Type.Optional(Nullable(Id(taskFields.assignee.label))),
  reviewer_id: Type.Optional(Nullable(Id(taskFields.reviewer.label))),
  due_on: Type.Optional(CalendarDate(taskFields.dueOn.label)),
  priority: Type.Optional(PrioritySchema),
  checklist: Type.Optional(ChecklistInput),
  estimate_minutes: Type.Optional(Nullable(Estimate)),
});
export type UpdateTaskBody = Static<typeof UpdateTaskBody>;

export const TaskStatusBody = Closed({ version: Version, status: StatusSchema });
export type TaskStatusBody = Static<typeof TaskStatusBody>;
export const TaskVersionBody = Closed({ version: Version });
export const ReturnTaskBody = Closed({ version: Version, note: Paragraphs(taskFields.note.max, { minLength: taskFields.note.min, title: taskFields.note.label }) });
export type ReturnTaskBody = Static<typeof ReturnTaskBody>;
export const TaskCommentBody = Closed({ body: Paragraphs(taskFields.comment.max, { minLength: taskFields.comment.min, title: taskFields.comment.label }) });
export type TaskCommentBody = Static<typeof TaskCommentBody>;

export const TaskChoices = Type.Object({ staff: Type.Array(Type.Object({ ...PersonRef.properties, role: Type.String() })), clients: Type.Array(ClientRef) });
export type TaskChoices = Static<typeof TaskChoices>;

export const TaskTemplate = Type.Object({
  id: Type.Integer(),
  version: Type.Integer(),
  client: ClientRef,
  title: Type.String(),
  assignee: Nullable(PersonRef),
  reviewer: Nullable(PersonRef),
  priority: PrioritySchema,
  frequency: Type.Enum(TEMPLATE_FREQUENCIES),
  day_of_month: Type.Integer(),
  lead_days: Type.Integer(),
  checklist: Type.Array(ChecklistItem),
  next_occurrence_on: Type.String(),
  /** The next task's due date (moved off weekends and UAE public holidays) and the day it is created. */
  next_due_on: Type.String(),
  next_created_on: Type.String(),
  /** The next few tasks it will make (UPCOMING_OCCURRENCES_SHOWN), while active: due date and creation day. */
  upcoming: Type.Array(Type.Object({ due_on: Type.String(), created_on: Type.String() })),
  active: Type.Boolean(),
});
export type TaskTemplate = Static<typeof TaskTemplate>;

export const TemplateQuery = Closed({ client: Type.Optional(Id(taskFields.client.label)), ...PageQuery });
// Titled as the Recurring form labels them, so a refusal names the field the person sees.
const LeadDays = Type.Integer({ minimum: taskFields.leadDays.min, maximum: taskFields.leadDays.max, title: taskFields.leadDays.label });
const DayOfMonth = Type.Integer({ minimum: taskFields.dayOfMonth.min, maximum: taskFields.dayOfMonth.max, title: taskFields.dayOfMonth.label });
export type TemplateQuery = Static<typeof TemplateQuery>;

export const NewTemplateBody = Closed({
  client_id: Id(taskFields.client.label),
  title: Line(taskFields.title.max, { minLength: taskFields.title.min, title: taskFields.title.label }),
  assignee_id: Type.Optional(Nullable(Id(taskFields.assignee.label))),
  reviewer_id: Type.Optional(Nullable(Id(taskFields.reviewer.label))),
  priority: Type.Optional(PrioritySchema),
  frequency: Type.Enum(TEMPLATE_FREQUENCIES, { title: taskFields.frequency.label }),
  day_of_month: DayOfMonth,
  lead_days: Type.Optional(LeadDays),
  /** The first month ('YYYY-MM-01') of the schedule; by default the first whose due date is today or later. */
  first_occurrence_on: Type.Optional(CalendarDate('First occurrence')),
  checklist: Type.Optional(ChecklistInput),
});
export type NewTemplateBody = Static<typeof NewTemplateBody>;

/** Pause (active false) or resume a template, or change what its coming tasks will be; tasks already made keep theirs. */
export const UpdateTemplateBody = Closed({
  version: Version,
  active: Type.Optional(Type.Boolean({ title: taskFields.active.label })),
  title: Type.Optional(Line(taskFields.title.max, { minLength: taskFields.title.min, title: taskFields.title.label })),
  assignee_id: Type.Optional(Nullable(Id(taskFields.assignee.label))),
  reviewer_id: Type.Optional(Nullable(Id(taskFields.reviewer.label))),
  priority: Type.Optional(PrioritySchema),
  frequency: Type.Optional(Type.Enum(TEMPLATE_FREQUENCIES, { title: taskFields.frequency.label })),
  day_of_month: Type.Optional(DayOfMonth),
  lead_days: Type.Optional(LeadDays),
  checklist: Type.Optional(ChecklistInput),
});
export type UpdateTemplateBody = Static<typeof UpdateTemplateBody>;

const tasksPage = access.page('tasks');
const visible = 'Only tasks of clients the caller sees (another\'s answer 404); approving and returning follow the maker-checker rule.';
const params = IdParams('taskId');
const action = { access: tasksPage, ownership: visible, params, headers: IdempotencyHeaders, response: { 200: TaskDetail } };

export const tasksEndpoints = endpoints('tasks', tasksRoutes, {
  list: { summary: 'Tasks', access: tasksPage, ownership: visible, query: TaskQuery, response: { 200: Page(TaskListItem) } },
  create: { summary: 'Create a task', access: tasksPage, ownership: visible, headers: IdempotencyHeaders, body: NewTaskBody, response: { 201: TaskDetail } },
  board: { summary: 'Open tasks and the last 50 done, by status', access: tasksPage, ownership: visible, query: BoardQuery, response: { 200: TaskBoard } },
  choices: { summary: 'Assignees, reviewers and visible clients for the pickers', access: tasksPage, response: { 200: TaskChoices } },
  task: { summary: 'One task with its checklist, comments and timeline', access: tasksPage, ownership: visible, params, response: { 200: TaskDetail } },
  update: { summary: 'Change a task', ...action, body: UpdateTaskBody },
  status: { summary: 'Move a task to another status', ...action, body: TaskStatusBody },
  approve: { summary: 'Approve a task sent for review', ...action, body: TaskVersionBody },
  returnTask: { summary: 'Return a task sent for review', ...action, body: ReturnTaskBody },
  comment: { summary: 'Comment on a task', ...action, body: TaskCommentBody, response: { 201: TaskDetail } },
  templates: { summary: 'Recurring task templates', access: tasksPage, ownership: visible, query: TemplateQuery, response: { 200: Page(TaskTemplate) } },
  createTemplate: { summary: 'Create a recurring task template', access: tasksPage, ownership: visible, headers: IdempotencyHeaders, body: NewTemplateBody, response: { 201: TaskTemplate } },
  updateTemplate: { summary: 'Change a recurring task template', access: tasksPage, ownership: visible, params: IdParams('templateId'), headers: IdempotencyHeaders, body: UpdateTemplateBody, response: { 200: TaskTemplate } },
});

/** The Tasks list's bulk actions: assign (null unassigns) and change status. */
export const tasksBulkActions = bulkActions('tasks', tasksBulkLabels, {
  assign: Closed({ assignee_id: Nullable(Id('Assign to')) }),
  status: Closed({ status: Type.Enum(BULK_TASK_STATUSES, { title: taskFields.moveTo.label }) }),
});
