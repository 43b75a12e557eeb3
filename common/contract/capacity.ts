/**
 * Budgets and capacity: a client's month budget (its plan's hours against the time logged), each staff member's
 * weekly capacity less the UAE holidays and their leave, the planned work (open tasks' estimates) and the time
 * logged per ISO week, and the leave days ADMIN records. Time in whole minutes, dates 'YYYY-MM-DD' (Dubai).
 */
import { Type, type Static } from 'typebox';
import { CAPACITY_VIEW_WEEKS, MAX_CAPACITY_WEEKS, MAX_WEEKLY_CAPACITY_MINUTES } from '../capacity.ts';
import { rolesThat } from '../access.ts';
import { capacityRoutes, MAX_LEAVE_NOTE_LENGTH } from './capacity-paths.ts';
import { access, endpoints } from './endpoint.ts';
import { leaveFields } from './capacity-fields.ts';
import { taskFields } from './tasks-fields.ts';
import { CalendarDate, Closed, Id, IdempotencyHeaders, IdParams, Line, Nullable, PersonRef, Version } from './shared.ts';

export * from './capacity-paths.ts';

const Month = Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$', maxLength: 7, errorMessage: 'must be a month written YYYY-MM', title: 'Month' });
const Minutes = Type.Integer({ minimum: 0 });

export const CapacityQuery = Closed({
  from: Type.Optional(CalendarDate('From')),
  weeks: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_CAPACITY_WEEKS, default: CAPACITY_VIEW_WEEKS, title: 'Weeks' })),
});
export type CapacityQuery = Static<typeof CapacityQuery>;

export const CapacityWeek = Type.Object({
  /** '2026-W49' */
  week: Type.String(),
  /** Its Monday. */
  starts_on: Type.String(),
  capacity_minutes: Minutes,
  planned_minutes: Minutes,
  logged_minutes: Minutes,
  /** Open tasks due that week assigned to the person, and how many of them have no estimate (planned counts none). */
  tasks: Type.Integer(),
  unestimated_tasks: Type.Integer(),
  leave_days: Type.Array(Type.String()),
  overbooked: Type.Boolean(),
});
export type CapacityWeek = Static<typeof CapacityWeek>;

export const CapacityPerson = Type.Object({
  user: PersonRef,
  role: Type.String(),
  weekly_capacity_minutes: Minutes,
  /** What a change of the weekly capacity sends back. */
  capacity_version: Type.Integer(),
  weeks: Type.Array(CapacityWeek),
});
export type CapacityPerson = Static<typeof CapacityPerson>;

export const CapacityHoliday = Type.Object({ date: Type.String(), name: Type.String() });

export const CapacityView = Type.Object({
  from: Type.String(),
  weeks: Type.Array(Type.Object({ week: Type.String(), starts_on: Type.String() })),
  /** The public holidays on working days of the weeks shown. */
  holidays: Type.Array(CapacityHoliday),
  people: Type.Array(CapacityPerson),
  /** Whether the caller may change capacity and leave. */
  can_edit: Type.Boolean(),
});
export type CapacityView = Static<typeof CapacityView>;

export const PersonTasksQuery = Closed({ week: CalendarDate('Week') });
export const CapacityTask = Type.Object({
  id: Type.Integer(),
  version: Type.Integer(),
  title: Type.String(),
  client: Type.Object({ id: Type.Integer(), legal_name: Type.String() }),
  due_on: Type.String(),
  status: Type.String(),
  estimate_minutes: Nullable(Type.Integer()),
});
export type CapacityTask = Static<typeof CapacityTask>;
export const PersonTasks = Type.Object({ user: PersonRef, starts_on: Type.String(), week: Type.String(), tasks: Type.Array(CapacityTask) });
export type PersonTasks = Static<typeof PersonTasks>;

/** The view's one action on a task: its new assignee (a person the view plans), with the task's version. Named as the task's own field. */
export const ReassignTaskBody = Closed({ version: Version, assignee_id: Id(taskFields.assignee.label) });
export type ReassignTaskBody = Static<typeof ReassignTaskBody>;
export const ReassignedTask = Type.Object({ id: Type.Integer(), version: Type.Integer(), assignee: PersonRef });
export type ReassignedTask = Static<typeof ReassignedTask>;

export const WeeklyCapacityBody = Closed({
  version: Version,
  weekly_capacity_minutes: Type.Integer({ minimum: 1, maximum: MAX_WEEKLY_CAPACITY_MINUTES, title: 'Weekly capacity' }),
});
export type WeeklyCapacityBody = Static<typeof WeeklyCapacityBody>;
export const WeeklyCapacity = Type.Object({ user_id: Type.Integer(), weekly_capacity_minutes: Minutes, capacity_version: Type.Integer() });
export type WeeklyCapacity = Static<typeof WeeklyCapacity>;

export const LeaveQuery = Closed({ from: Type.Optional(CalendarDate('From')), to: Type.Optional(CalendarDate('To')), user: Type.Optional(Id(leaveFields.staffMember.label)) });
export type LeaveQuery = Static<typeof LeaveQuery>;
export const LeaveDay = Type.Object({ user: PersonRef, day: Type.String(), note: Type.String() });
export type LeaveDay = Static<typeof LeaveDay>;
export const LeaveList = Type.Object({ results: Type.Array(LeaveDay) });
export type LeaveList = Static<typeof LeaveList>;

export const NewLeaveBody = Closed({
  user_id: Id(leaveFields.staffMember.label),
  from: CalendarDate(leaveFields.from.label),
  to: CalendarDate(leaveFields.to.label),
  note: Type.Optional(Line(MAX_LEAVE_NOTE_LENGTH, { title: 'Note' })),
});
export type NewLeaveBody = Static<typeof NewLeaveBody>;
/** The days a leave write changed: the working days recorded (weekends and public holidays in a span are not leave), or the day removed. */
export const LeaveDaysChanged = Type.Object({ user_id: Type.Integer(), days: Type.Array(Type.String()) });
export type LeaveDaysChanged = Static<typeof LeaveDaysChanged>;
export const LeaveDayParams = Closed({ userId: Id(leaveFields.staffMember.label), day: CalendarDate('Day') });
/** A leave day has no version: removing it says nothing more than its path. */
export const RemoveLeaveBody = Closed({});

export const BudgetQuery = Closed({ month: Type.Optional(Month) });
export type BudgetQuery = Static<typeof BudgetQuery>;
export const ClientBudget = Type.Object({
  client_id: Type.Integer(),
  month: Type.String(),
  /** The plan whose hours the budget is; null when the client has no current subscription. */
  plan: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  included_minutes: Minutes,
  logged_minutes: Minutes,
  /** Whole percent used, rounded down; null when the plan includes no hours. */
  percent_used: Nullable(Type.Integer()),
  /** The thresholds (80, 100) reached this month. */
  thresholds_reached: Type.Array(Type.Integer()),
  by_staff: Type.Array(Type.Object({ user: PersonRef, minutes: Minutes })),
});
export type ClientBudget = Static<typeof ClientBudget>;

const planners = access.page('capacity');
const editors = access.roles(...rolesThat('edit-staff-capacity'));
const write = { access: editors, headers: IdempotencyHeaders };
const reassigners = access.roles(...rolesThat('reassign-tasks-from-capacity'));

export const capacityEndpoints = endpoints('capacity', capacityRoutes, {
  weeks: { summary: 'Per staff member and ISO week: capacity (less holidays and leave), planned work and time logged', access: planners, query: CapacityQuery, response: { 200: CapacityView } },
  personTasks: { summary: "A staff member's open tasks due in a week, with their estimates", access: planners, params: IdParams('userId'), query: PersonTasksQuery, response: { 200: PersonTasks } },
  reassign: {
    summary: 'Move an open task to another staff member (the Capacity view: ADMIN and the managers who plan the weeks)',
    access: reassigners,
    headers: IdempotencyHeaders,
    params: IdParams('taskId'),
    body: ReassignTaskBody,
    response: { 200: ReassignedTask },
    errors: [409],
  },
  setWeekly: { summary: "Set a staff member's weekly capacity", ...write, params: IdParams('userId'), body: WeeklyCapacityBody, response: { 200: WeeklyCapacity }, errors: [409] },
  leave: { summary: 'Recorded leave days', access: planners, query: LeaveQuery, response: { 200: LeaveList } },
  addLeave: { summary: "Record the working days of a span as a staff member's leave", ...write, body: NewLeaveBody, response: { 201: LeaveDaysChanged } },
  removeLeave: { summary: 'Remove one recorded leave day', ...write, params: LeaveDayParams, body: RemoveLeaveBody, response: { 200: LeaveDaysChanged } },
  clientBudget: {
    summary: "A client's month budget: its plan's hours against the time logged, by staff member",
    access: access.page('clients'),
    ownership: 'a BOOKKEEPER sees only the clients assigned to them (another is 404)',
    params: IdParams('id'),
    query: BudgetQuery,
    response: { 200: ClientBudget },
  },
});
