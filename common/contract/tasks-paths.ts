/** The tasks area's paths (relative to API_BASE) and list vocabulary, importable by the console at runtime. */
const segment = (value: string | number) => encodeURIComponent(String(value));

export const TASK_SORTS = ['due_on', '-due_on', 'priority', '-created_at', 'title'] as const;
export type TaskSort = (typeof TASK_SORTS)[number];
export const DEFAULT_TASK_SORT: TaskSort = 'due_on';
/** The list's assignee filter: a staff id, 'mine' (the default view) or 'all'. */
/** The list's review filter: 'mine' is the tasks in review whose reviewer is the caller ('Waiting for my review'). */
export const TASK_REVIEW_FILTERS = ['mine'] as const;
export const TASK_ASSIGNEE_PATTERN = '^(mine|all|none|[1-9][0-9]{0,9})$';

export const taskPaths = {
  /** GET ?assignee=&status=&client=&priority=&due=&search=&sort=&page=; POST creates a task. */
  list: 'tasks/',
  /** GET ?assignee=&client=&search=: every open task and the last 50 done, grouped by status (the board). */
  board: 'tasks/board/',
  /** GET one task (with checklist, comments, timeline); PATCH its fields with its version. */
  task: (taskId: number | string) => `tasks/${segment(taskId)}`,
  /** POST { status, version }: moves it (done by the assignee of a reviewed task sends it for review). */
  status: (taskId: number | string) => `tasks/${segment(taskId)}/status`,
  approve: (taskId: number | string) => `tasks/${segment(taskId)}/approve`,
  /** POST { note, version } */
  returnTask: (taskId: number | string) => `tasks/${segment(taskId)}/return`,
  comments: (taskId: number | string) => `tasks/${segment(taskId)}/comments`,
  /** GET ?client=; POST creates a recurring template. */
  templates: 'task-templates/',
  template: (templateId: number | string) => `task-templates/${segment(templateId)}`,
  /** GET: staff who may be assignees or reviewers, and the visible clients (the pickers). */
  choices: 'tasks/choices/',
} as const;
