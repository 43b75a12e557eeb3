/** An on-demand request's fields: each one's label (its schemas' title) and limits, for the contract and the console. */
import { MAX_REASON, MAX_TASK_TITLE, REQUEST_STATUS_LABELS } from '../service-desk.ts';
import { fieldSheet } from './field.ts';

export const requestFields = fieldSheet({
  status: { label: 'Status', options: REQUEST_STATUS_LABELS },
  assignee: { label: 'Assignee' },
  client: { label: 'Client' },
  /** A task the request is turned into: titled as a task is. */
  taskTitle: { label: 'Title', min: 1, max: MAX_TASK_TITLE },
  declineReason: { label: 'Reason', min: 1, max: MAX_REASON },
});
