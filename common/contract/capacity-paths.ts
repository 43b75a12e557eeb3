/** The budgets and capacity area's endpoints (method and path; schemas and access: capacityEndpoints in capacity.ts), plain code for the console. */
import type { AreaChanges } from './endpoint.ts';
export {
  BUDGET_THRESHOLDS,
  CAPACITY_VIEW_WEEKS,
  DEFAULT_WEEKLY_CAPACITY_MINUTES,
  MAX_CAPACITY_WEEKS,
  MAX_ESTIMATE_MINUTES,
  MAX_PLAN_MONTHLY_MINUTES,
  MAX_WEEKLY_CAPACITY_MINUTES,
} from '../capacity.ts';

/** The longest span one leave entry records (a person's annual leave in one go). */
export const MAX_LEAVE_SPAN_DAYS = 60;
export const MAX_LEAVE_NOTE_LENGTH = 200;

export const capacityRoutes = {
  /** ?from=YYYY-MM-DD&weeks=1..12: per person and ISO week, capacity, planned and logged minutes. */
  weeks: 'GET /capacity/',
  /** ?week=YYYY-MM-DD (any day of the week): a person's open tasks due that week, to reassign from the view. */
  personTasks: 'GET /capacity/:userId/tasks',
  /** Moves an open task to another person, in one action from the view (ADMIN and the managers who plan). */
  reassign: 'PUT /capacity/tasks/:taskId/assignee',
  /** A person's weekly capacity (ADMIN). */
  setWeekly: 'PUT /capacity/:userId/weekly',
  /** ?from=&to=&user=: recorded leave days. */
  leave: 'GET /capacity/leave/',
  /** Records the working days of a span as a person's leave (ADMIN). */
  addLeave: 'POST /capacity/leave/',
  /** Removes one recorded leave day (ADMIN). */
  removeLeave: 'DELETE /capacity/leave/:userId/:day',
  /** ?month=YYYY-MM: a client's month budget against the time logged (the client's visibility rule). */
  clientBudget: 'GET /clients/:id/budget',
} as const;

/** What a capacity write changes beyond the view: a reassignment is the task's assignee, seen on Tasks too. */
export const capacityChanges = {
  reassign: ['tasks'],
} as const satisfies AreaChanges<typeof capacityRoutes>;
