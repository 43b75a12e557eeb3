/** The Tasks page's calls (common/contract/tasks.ts) and cache keys; every key starts with 'tasks', which every write invalidates. */
import { clientEndpoints } from '../../../../common/contract/endpoint.ts';
import type { NewTaskBody, TaskQuery, tasksEndpoints, UpdateTaskBody } from '../../../../common/contract/tasks.ts';
import { tasksRoutes } from '../../../../common/contract/tasks-paths.ts';
import type { TaskStatus } from '../../../../common/service-desk.ts';
import { refreshOnRecordChange } from '../../lib/notification-events.ts';
import { call } from '../../lib/call.ts';

const tasks = clientEndpoints<typeof tasksEndpoints>(tasksRoutes);

type Headers = Record<string, string>;

export const taskKeys = {
  all: ['tasks'] as const,
  list: (query: TaskQuery) => ['tasks', 'list', query] as const,
  board: (query: { assignee?: string; search?: string }) => ['tasks', 'board', query] as const,
  task: (taskId: number) => ['tasks', 'task', taskId] as const,
  choices: ['tasks', 'choices'] as const,
};

// A task open in its drawer (or its row on the board) follows a change someone else made to it.
refreshOnRecordChange('task', ({ id }) => [taskKeys.task(id), ['tasks', 'list'], ['tasks', 'board']]);

export const fetchTasks = (query: TaskQuery, signal: AbortSignal) => call(tasks.list, { query, signal });
export const fetchBoard = (query: { assignee?: string; search?: string }, signal: AbortSignal) => call(tasks.board, { query, signal });
export const fetchTask = (taskId: number, signal: AbortSignal) => call(tasks.task, { params: { taskId }, signal });
export const fetchChoices = (signal: AbortSignal) => call(tasks.choices, { signal });

export const createTask = (body: NewTaskBody, headers: Headers) => call(tasks.create, { body, headers });
export const updateTask = (taskId: number, body: UpdateTaskBody, headers: Headers) => call(tasks.update, { params: { taskId }, body, headers });
export const setStatus = (taskId: number, status: TaskStatus, version: number, headers: Headers) => call(tasks.status, { params: { taskId }, body: { status, version }, headers });
export const approveTask = (taskId: number, version: number, headers: Headers) => call(tasks.approve, { params: { taskId }, body: { version }, headers });
export const returnTask = (taskId: number, note: string, version: number, headers: Headers) => call(tasks.returnTask, { params: { taskId }, body: { note, version }, headers });
export const commentOnTask = (taskId: number, body: string, headers: Headers) => call(tasks.comment, { params: { taskId }, body: { body }, headers });
