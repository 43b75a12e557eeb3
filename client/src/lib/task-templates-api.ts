/**
 * Recurring task templates (task-templates/, common/contract/tasks.ts): their endpoints and writes. They sit
 * in lib/ because two areas show the same list, the Tasks page's Recurring view (every client the user sees)
 * and a client's Recurring tasks tab (components/recurring-templates.tsx). They are the tasks area's, so their
 * keys start with 'tasks': a template's write refreshes the templates and the tasks lists together, and the
 * pickers share the Tasks page's keyOf(tasks.choices) entry.
 */
import type { NewTemplateBody, tasksEndpoints, UpdateTemplateBody } from '../../../common/contract/tasks.ts';
import { tasksRoutes } from '../../../common/contract/tasks-paths.ts';
import { call } from './call.ts';
import { clientEndpoints } from './endpoints.ts';

type TemplateEndpoints = Pick<typeof tasksEndpoints, 'templates' | 'choices' | 'createTemplate' | 'updateTemplate'>;
export const taskTemplates = clientEndpoints<TemplateEndpoints>('tasks', {
  templates: tasksRoutes.templates,
  choices: tasksRoutes.choices,
  createTemplate: tasksRoutes.createTemplate,
  updateTemplate: tasksRoutes.updateTemplate,
});

type Headers = Record<string, string>;

export const createTemplate = (body: NewTemplateBody, headers: Headers) => call(taskTemplates.createTemplate, { body, headers });
export const updateTemplate = (templateId: number, body: UpdateTemplateBody, headers: Headers) => call(taskTemplates.updateTemplate, { params: { templateId }, body, headers });
