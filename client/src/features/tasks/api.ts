/**
 * The Tasks page's calls (common/contract/tasks.ts) through the area's endpoints: reads keyed by keyOf, writes
 * invalidating what `tasksChanges` declares (every key starts with 'tasks', which every write invalidates).
 */
import type { NewTaskBody, tasksEndpoints, UpdateTaskBody } from '../../../../common/contract/tasks.ts';
import { tasksChanges, tasksRoutes } from '../../../../common/contract/tasks-paths.ts';
import type { TaskStatus } from '../../../../common/service-desk.ts';
import { refreshOnRecordChange } from '../../lib/notification-events.ts';
import { call } from '../../lib/call.ts';
import { clientEndpoints, keyOf, useEndpoint } from '../../lib/endpoints.ts';
import type { QueryOptions } from '../../lib/use-query.ts';

export const tasks = clientEndpoints<typeof tasksEndpoints>('tasks', tasksRoutes, tasksChanges);

type Headers = Record<string, string>;

// A task open in its drawer (or its row on the board) follows a change someone else made to it.
refreshOnRecordChange('task', ({ id }) => [keyOf(tasks.task, { params: { taskId: id } }), keyOf(tasks.list), keyOf(tasks.board)]);

export const useTask = (taskId: number, options?: QueryOptions) => useEndpoint(tasks.task, { params: { taskId } }, options);
export const useTaskBoard = (query: { assignee?: string; search?: string }, options?: QueryOptions) => useEndpoint(tasks.board, { query }, options);
export const useTaskChoices = () => useEndpoint(tasks.choices);

export const createTask = (body: NewTaskBody, headers: Headers) => call(tasks.create, { body, headers });
export const updateTask = (taskId: number, body: UpdateTaskBody, headers: Headers) => call(tasks.update, { params: { taskId }, body, headers });
export const setStatus = (taskId: number, status: TaskStatus, version: number, headers: Headers) => call(tasks.status, { params: { taskId }, body: { status, version }, headers });
export const approveTask = (taskId: number, version: number, headers: Headers) => call(tasks.approve, { params: { taskId }, body: { version }, headers });
export const returnTask = (taskId: number, note: string, version: number, headers: Headers) => call(tasks.returnTask, { params: { taskId }, body: { note, version }, headers });
export const commentOnTask = (taskId: number, body: string, headers: Headers) => call(tasks.comment, { params: { taskId }, body: { body }, headers });
