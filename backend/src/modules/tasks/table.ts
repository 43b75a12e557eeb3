/**
 * The tasks table's row, declared once (lib/table.ts): the store's column lists (the list's and the lock's
 * SELECT, the insert) and its row types (TaskRow, NewTask) derive from it. The columns were made by
 * migration 0040 (the estimate by 0110).
 */
import type { ChecklistItem } from '../../../../common/contract/tasks.ts';
import type { TaskPriority, TaskStatus } from '../../../../common/service-desk.ts';
import { column, table, type RowOf } from '../../lib/table.ts';

export const tasksTable = table('tasks', {
  id: column<number>(),
  version: column<number>(),
  client_id: column<number>(),
  title: column<string>(),
  description: column<string>(),
  assignee_id: column<number | null>(),
  reviewer_id: column<number | null>(),
  due_on: column<string>('date'),
  priority: column<TaskPriority>(),
  status: column<TaskStatus>(),
  checklist: column<ChecklistItem[]>(),
  review_note: column<string | null>(),
  template_id: column<number | null>(),
  occurrence_on: column<string | null>('date'),
  request_id: column<number | null>(),
  due_notice_at: column<Date | null>(),
  created_by: column<number | null>(),
  created_at: column<Date>(),
  updated_at: column<Date>(),
  completed_at: column<Date | null>(),
  estimate_minutes: column<number | null>(),
});

export type TaskColumns = RowOf<typeof tasksTable.columns>;
export type TaskColumn = keyof TaskColumns & string;

/** The columns a task's list row, board card and page read (and a write locks). */
export const TASK_ROW_FIELDS = [
  'id',
  'version',
  'title',
  'description',
  'status',
  'priority',
  'due_on',
  'checklist',
  'review_note',
  'request_id',
  'template_id',
  'created_at',
  'assignee_id',
  'reviewer_id',
  'client_id',
  'estimate_minutes',
] as const satisfies readonly TaskColumn[];

/** The columns a new task is made with (the rest take their defaults), and the NewTask field each comes from. */
export const NEW_TASK_FIELDS = {
  clientId: 'client_id',
  title: 'title',
  description: 'description',
  assigneeId: 'assignee_id',
  reviewerId: 'reviewer_id',
  dueOn: 'due_on',
  priority: 'priority',
  checklist: 'checklist',
  templateId: 'template_id',
  occurrenceOn: 'occurrence_on',
  requestId: 'request_id',
  createdBy: 'created_by',
  estimateMinutes: 'estimate_minutes',
} as const satisfies Record<string, TaskColumn>;

/** The NewTask fields a caller may leave out: the insert writes their column's default ('' or null). */
export const NEW_TASK_OPTIONAL = ['description', 'templateId', 'occurrenceOn', 'requestId', 'estimateMinutes'] as const satisfies readonly (keyof typeof NEW_TASK_FIELDS)[];
