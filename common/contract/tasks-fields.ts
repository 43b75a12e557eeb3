/** The tasks area's fields: each one's label (its schemas' title), limits and option labels, for the contract and the console. */
import { MAX_CHECKLIST_TEXT, MAX_COMMENT, MAX_LEAD_DAYS, MAX_REASON, MAX_TASK_DESCRIPTION, MAX_TASK_TITLE, TASK_STATUS_LABELS, type TaskPriority, type TemplateFrequency } from '../service-desk.ts';
import { fieldSheet } from './field.ts';

export const PRIORITY_LABELS: Record<TaskPriority, string> = { low: 'Low', normal: 'Normal', high: 'High', urgent: 'Urgent' };
export const FREQUENCY_LABELS: Record<TemplateFrequency, string> = { monthly: 'Monthly', quarterly: 'Quarterly', yearly: 'Yearly' };

export const taskFields = fieldSheet({
  title: { label: 'Title', min: 1, max: MAX_TASK_TITLE },
  description: { label: 'Description', max: MAX_TASK_DESCRIPTION },
  client: { label: 'Client' },
  assignee: { label: 'Assignee' },
  reviewer: { label: 'Reviewer' },
  dueOn: { label: 'Due date' },
  status: { label: 'Status', options: TASK_STATUS_LABELS },
  priority: { label: 'Priority', options: PRIORITY_LABELS },
  /** The list's due filter. */
  due: { label: 'Due' },
  checklistItem: { label: 'Checklist item', min: 1, max: MAX_CHECKLIST_TEXT },
  note: { label: 'Note', min: 1, max: MAX_REASON },
  comment: { label: 'Comment', min: 1, max: MAX_COMMENT },
  /** A recurring task's: titled as the Recurring form labels them, so a refusal names the field the person sees. */
  frequency: { label: 'Frequency', options: FREQUENCY_LABELS },
  leadDays: { label: 'Created days before', min: 1, max: MAX_LEAD_DAYS },
  dayOfMonth: { label: 'Due on day', min: 1, max: 31 },
  active: { label: 'Active' },
  moveTo: { label: 'Move to' },
});
