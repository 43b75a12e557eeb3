/**
 * Recurring task templates (task-templates/, common/contract/tasks.ts): their calls and cache keys. They sit in
 * lib/ because two areas show the same list, the Tasks page's Recurring view (every client the user sees) and
 * a client's Recurring tasks tab (components/recurring-templates.tsx). Keys start with 'tasks', so a write
 * invalidating ['tasks'] refreshes the templates and the tasks lists together; the pickers share the Tasks
 * page's ['tasks', 'choices'] entry.
 */
import { clientEndpoints } from '../../../common/contract/endpoint.ts';
import type { NewTemplateBody, tasksEndpoints, TemplateQuery, UpdateTemplateBody } from '../../../common/contract/tasks.ts';
import { tasksRoutes } from '../../../common/contract/tasks-paths.ts';
import { call } from './call.ts';

const tasks = clientEndpoints<typeof tasksEndpoints>(tasksRoutes);

type Headers = Record<string, string>;

export const templateKeys = {
  all: ['tasks'] as const,
  list: (query: TemplateQuery) => ['tasks', 'templates', query] as const,
  choices: ['tasks', 'choices'] as const,
};

export const fetchTemplates = (query: TemplateQuery, signal: AbortSignal) => call(tasks.templates, { query, signal });
export const fetchTaskChoices = (signal: AbortSignal) => call(tasks.choices, { signal });
export const createTemplate = (body: NewTemplateBody, headers: Headers) => call(tasks.createTemplate, { body, headers });
export const updateTemplate = (templateId: number, body: UpdateTemplateBody, headers: Headers) => call(tasks.updateTemplate, { params: { templateId }, body, headers });
