/** How the Tasks page shows a task: status and priority labels and chip colours, the due mark's words. */
import type { ChecklistItem, TaskDetail, TaskEvent, TaskListItem, UpdateTaskBody } from '../../../../common/contract/tasks.ts';
import { PRIORITY_LABELS } from '../../../../common/contract/tasks-fields.ts';
import { TASK_STATUS_LABELS, type TaskPriority, type TaskStatus } from '../../../../common/service-desk.ts';
import { MAX_ESTIMATE_MINUTES } from '../../../../common/capacity.ts';
import { DURATION_HINT, readDuration } from '../../../../common/duration.ts';
import type { ChipVariant } from '../../components/status-chip.tsx';
import { formatDubaiDate } from '../../lib/dates.ts';
import { personName } from '../../lib/user-name.ts';

export { PRIORITY_LABELS, TASK_STATUS_LABELS };

export const STATUS_VARIANTS: Record<TaskStatus, ChipVariant> = { to_do: 'neutral', in_progress: 'blue', waiting_on_client: 'amber', in_review: 'purple', done: 'green' };
export const PRIORITY_VARIANTS: Record<TaskPriority, ChipVariant> = { low: 'neutral', normal: 'neutral', high: 'amber', urgent: 'red' };

/** '12 Mar 2026', with 'Overdue' or 'Due today' when it applies. */
export function dueText(task: Pick<TaskListItem, 'due_on' | 'due_mark'>): string {
  const date = formatDubaiDate(task.due_on);
  if (task.due_mark === 'overdue') return `${date} · Overdue`;
  if (task.due_mark === 'today') return `${date} · Due today`;
  return date;
}

/** The fields of the form that differ from the task, as PATCH takes them (unchanged ones are left out). */
export function editChanges(
  task: Pick<TaskDetail, 'title' | 'due_on' | 'priority' | 'reviewer' | 'description' | 'checklist'> & { estimate_minutes?: number | null },
  form: { title: string; due_on: string; priority: TaskPriority; reviewer_id: number | null; description: string; checklist: readonly ChecklistItem[]; estimate_minutes?: number | null },
): Omit<UpdateTaskBody, 'version'> {
  const changes: Omit<UpdateTaskBody, 'version'> = {};
  if (form.title.trim() !== task.title) changes.title = form.title.trim();
  if (form.due_on !== task.due_on) changes.due_on = form.due_on;
  if (form.priority !== task.priority) changes.priority = form.priority;
  if (form.reviewer_id !== (task.reviewer?.id ?? null)) changes.reviewer_id = form.reviewer_id;
  if (form.description !== task.description) changes.description = form.description;
  if (form.estimate_minutes !== undefined && form.estimate_minutes !== (task.estimate_minutes ?? null)) changes.estimate_minutes = form.estimate_minutes;
  const checklist = form.checklist.map((item) => ({ text: item.text.trim(), done: item.done }));
  if (JSON.stringify(checklist) !== JSON.stringify(task.checklist)) changes.checklist = checklist;
  return changes;
}

const EVENT_LABELS: Record<string, string> = {
  task_created: 'Created',
  task_updated: 'Updated',
  task_assigned: 'Assigned',
  task_status_changed: 'Status changed',
  task_sent_for_review: 'Sent for review',
  task_approved: 'Approved',
  task_returned: 'Returned',
  task_commented: 'Commented',
};

/** A timeline line: what happened, to what for a status change, and who did it ('Status changed from To do to In progress by Omar Haddad'). */
export function timelineText(event: Pick<TaskEvent, 'kind' | 'actor' | 'data'>): string {
  let what = EVENT_LABELS[event.kind] ?? event.kind;
  if (event.kind === 'task_status_changed') {
    const from = TASK_STATUS_LABELS[event.data.from as TaskStatus] as string | undefined;
    const to = TASK_STATUS_LABELS[event.data.to as TaskStatus] as string | undefined;
    if (to) what = from ? `Status changed from ${from} to ${to}` : `Status changed to ${to}`;
  }
  return `${what} by ${personName(event.actor, 'the system')}`;
}

/**
 * The estimate field as typed (common/duration.ts: h:mm as shown, or with units, '1:30' or '1h 30m'; a bare
 * number is refused) read into minutes: null when left empty, or the sentence the field shows.
 */
export function readEstimate(text: string): { minutes: number | null } | { error: string } {
  if (text.trim() === '') return { minutes: null };
  return readDuration(text, { label: 'Estimate', max: MAX_ESTIMATE_MINUTES });
}

export const ESTIMATE_HINT = `${DURATION_HINT}; the Capacity view plans with it.`;
