/** The Tasks page's calls (common/contract/tasks.ts) and cache keys; every key starts with 'tasks', which every write invalidates. */
import type { Page } from '../../../../common/contract/shared.ts';
import type { NewTaskBody, TaskBoard, TaskChoices, TaskDetail, TaskListItem, TaskQuery, UpdateTaskBody } from '../../../../common/contract/tasks.ts';
import { taskPaths } from '../../../../common/contract/tasks-paths.ts';
import type { TaskStatus } from '../../../../common/service-desk.ts';
import { api } from '../../lib/api.ts';

type Headers = Record<string, string>;

export const taskKeys = {
  all: ['tasks'] as const,
  list: (query: TaskQuery) => ['tasks', 'list', query] as const,
  board: (query: { assignee?: string; search?: string }) => ['tasks', 'board', query] as const,
  task: (taskId: number) => ['tasks', 'task', taskId] as const,
  choices: ['tasks', 'choices'] as const,
};

export const fetchTasks = (query: TaskQuery, signal: AbortSignal) => api<Page<TaskListItem>>(taskPaths.list, { query, signal });
export const fetchBoard = (query: { assignee?: string; search?: string }, signal: AbortSignal) => api<TaskBoard>(taskPaths.board, { query, signal });
export const fetchTask = (taskId: number, signal: AbortSignal) => api<TaskDetail>(taskPaths.task(taskId), { signal });
export const fetchChoices = (signal: AbortSignal) => api<TaskChoices>(taskPaths.choices, { signal });

export const createTask = (body: NewTaskBody, headers: Headers) => api<TaskDetail>(taskPaths.list, { method: 'POST', body, headers });
export const updateTask = (taskId: number, body: UpdateTaskBody, headers: Headers) => api<TaskDetail>(taskPaths.task(taskId), { method: 'PATCH', body, headers });
export const setStatus = (taskId: number, status: TaskStatus, version: number, headers: Headers) => api<TaskDetail>(taskPaths.status(taskId), { method: 'POST', body: { status, version }, headers });
export const approveTask = (taskId: number, version: number, headers: Headers) => api<TaskDetail>(taskPaths.approve(taskId), { method: 'POST', body: { version }, headers });
export const returnTask = (taskId: number, note: string, version: number, headers: Headers) => api<TaskDetail>(taskPaths.returnTask(taskId), { method: 'POST', body: { note, version }, headers });
export const commentOnTask = (taskId: number, body: string, headers: Headers) => api<TaskDetail>(taskPaths.comments(taskId), { method: 'POST', body: { body }, headers });
