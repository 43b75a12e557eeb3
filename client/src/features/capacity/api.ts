/**
 * The Capacity view's calls (common/contract/capacity.ts, the reassignment among them; the plans' hours are the
 * plans area's) and its cache keys, every one starting with 'capacity', which every write here changes (its own
 * area, or as plansChanges declares).
 */
import type { capacityEndpoints, CapacityQuery, LeaveQuery, NewLeaveBody, ReassignTaskBody } from '../../../../common/contract/capacity.ts';
import { capacityChanges, capacityRoutes } from '../../../../common/contract/capacity-paths.ts';
import type { plansEndpoints } from '../../../../common/contract/plans.ts';
import { plansChanges, plansRoutes } from '../../../../common/contract/plans-paths.ts';
import { call } from '../../lib/call.ts';
import { clientEndpoints } from '../../lib/endpoints.ts';
import { useQuery } from '../../lib/use-query.ts';

export const capacity = clientEndpoints<typeof capacityEndpoints>('capacity', capacityRoutes, capacityChanges);
export const plans = clientEndpoints<typeof plansEndpoints>('plans', plansRoutes, plansChanges);

type Headers = Record<string, string>;

export const capacityKeys = {
  all: ['capacity'] as const,
  weeks: (query: CapacityQuery) => ['capacity', 'weeks', query] as const,
  personTasks: (userId: number, week: string) => ['capacity', 'person', userId, week] as const,
  leave: (query: LeaveQuery) => ['capacity', 'leave', query] as const,
  plans: ['capacity', 'plans'] as const,
};

export const useCapacity = (query: CapacityQuery) => useQuery(capacityKeys.weeks(query), (signal) => call(capacity.weeks, { query, signal }), { keepPrevious: true });
export const usePersonTasks = (userId: number, week: string) =>
  useQuery(capacityKeys.personTasks(userId, week), (signal) => call(capacity.personTasks, { params: { userId }, query: { week }, signal }));
export const useLeave = (query: LeaveQuery) => useQuery(capacityKeys.leave(query), (signal) => call(capacity.leave, { query, signal }));
export const usePlanHours = (enabled: boolean) => useQuery(capacityKeys.plans, (signal) => call(plans.list, { signal }), { enabled });

export const setWeeklyCapacity = (userId: number, body: { version: number; weekly_capacity_minutes: number }, headers: Headers) => call(capacity.setWeekly, { params: { userId }, body, headers });
export const addLeave = (body: NewLeaveBody, headers: Headers) => call(capacity.addLeave, { body, headers });
export const removeLeave = (userId: number, day: string, headers: Headers) => call(capacity.removeLeave, { params: { userId, day }, body: {}, headers });
export const setPlanHours = (planId: number, body: { version: number; monthly_minutes: number }, headers: Headers) => call(plans.updateHours, { params: { planId }, body, headers });
/** The one action of reassigning a task from the view (its own write, for everyone who plans here), with the task's version. */
export const reassignTask = (taskId: number, body: ReassignTaskBody, headers: Headers) => call(capacity.reassign, { params: { taskId }, body, headers });
