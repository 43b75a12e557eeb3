/** The tasks area's paths (relative to API_BASE) and list vocabulary, importable by the console at runtime. */
import type { AreaChanges } from './endpoint.ts';

export const TASK_SORTS = ['due_on', '-due_on', 'priority', '-created_at', 'title'] as const;
export type TaskSort = (typeof TASK_SORTS)[number];
export const DEFAULT_TASK_SORT: TaskSort = 'due_on';
/** The list's review filter: 'mine' is the tasks in review whose reviewer is the caller ('Waiting for my review'). */
export const TASK_REVIEW_FILTERS = ['mine'] as const;
/** The list's assignee filter: a staff id, 'mine' (the default view) or 'all'. */
export const TASK_ASSIGNEE_PATTERN = '^(mine|all|none|[1-9][0-9]{0,9})$';

export const tasksRoutes = {
  /** ?assignee=&status=&client=&priority=&due=&search=&sort=&page= */
  list: 'GET /tasks/',
  create: 'POST /tasks/',
  /** ?assignee=&client=&search=: every open task and the last 50 done, grouped by status (the board). */
  board: 'GET /tasks/board/',
  /** Staff who may be assignees or reviewers, and the visible clients (the pickers). */
  choices: 'GET /tasks/choices/',
  /** One task (with checklist, comments, timeline). */
  task: 'GET /tasks/:taskId',
  /** Its fields, with its version. */
  update: 'PATCH /tasks/:taskId',
  /** { status, version }: moves it (done by the assignee of a reviewed task sends it for review). */
  status: 'POST /tasks/:taskId/status',
  approve: 'POST /tasks/:taskId/approve',
  /** { note, version } */
  returnTask: 'POST /tasks/:taskId/return',
  comment: 'POST /tasks/:taskId/comments',
  /** ?client= */
  templates: 'GET /task-templates/',
  createTemplate: 'POST /task-templates/',
  updateTemplate: 'PATCH /task-templates/:templateId',
} as const;

/** Besides the tasks: a task's assignee, due date and status are what My work and Home count; its assignee and estimate, what Capacity plans. */
export const tasksChanges = {
  create: ['work'],
  update: ['work', 'capacity'],
  status: ['work'],
  approve: ['work'],
  returnTask: ['work'],
} as const satisfies AreaChanges<typeof tasksRoutes>;

/** The Tasks list's bulk actions and their labels (params schemas: tasksBulkActions in tasks.ts). */
export const tasksBulkLabels = { assign: 'Assign', status: 'Change status' } as const;
