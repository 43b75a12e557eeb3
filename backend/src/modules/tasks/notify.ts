/**
 * Who hears of what on tasks (never the person who acted): the assignee when a task is assigned to them;
 * the reviewer when a task is sent for review; the assignee when it is approved or returned; the assignee
 * once when it comes due within 24 h (jobs.ts). Links open the task on the Tasks page.
 */
import { formatIsoDate } from '../../../../common/calendar.ts';
import type { Queryable } from '../../db/database.ts';
import { notifyUsers } from '../notifications/index.ts';
import { taskListPath } from '../../../../common/links.ts';

export const taskLink = (taskId: number) => taskListPath({ task: taskId });

interface NotifiedTask {
  id: number;
  title: string;
  client_name: string;
}

export async function notifyTaskAssigned(tx: Queryable, task: NotifiedTask & { due_on: string }, assigneeId: number, actorId: number | null): Promise<void> {
  if (assigneeId === actorId) return;
  await notifyUsers(tx, [assigneeId], { kind: 'task_assigned', title: 'Task assigned to you', body: `${task.title} (${task.client_name}), due ${formatIsoDate(task.due_on)}.`, link: taskLink(task.id) });
}

export async function notifyTaskSentForReview(tx: Queryable, task: NotifiedTask, reviewerId: number, actorId: number | null): Promise<void> {
  if (reviewerId === actorId) return;
  await notifyUsers(tx, [reviewerId], { kind: 'task_sent_for_review', title: 'Task to review', body: `${task.title} (${task.client_name}) is done and waits for your review.`, link: taskLink(task.id) });
}

export async function notifyTaskReviewed(tx: Queryable, task: NotifiedTask, assigneeId: number | null, outcome: 'approved' | 'returned', note: string | null, actorId: number | null): Promise<void> {
  if (assigneeId === null || assigneeId === actorId) return;
  const approved = outcome === 'approved';
  await notifyUsers(tx, [assigneeId], {
    kind: approved ? 'task_approved' : 'task_returned',
    title: approved ? 'Task approved' : 'Task returned',
    body: approved ? `${task.title} (${task.client_name}) was approved.` : `${task.title} (${task.client_name}) was returned: ${note ?? ''}`,
    link: taskLink(task.id),
  });
}

export async function notifyTaskDueSoon(tx: Queryable, task: NotifiedTask & { due_on: string }, assigneeId: number): Promise<void> {
  await notifyUsers(tx, [assigneeId], { kind: 'task_due_soon', title: 'Task due within 24 hours', body: `${task.title} (${task.client_name}) is due ${formatIsoDate(task.due_on)}.`, link: taskLink(task.id) });
}
