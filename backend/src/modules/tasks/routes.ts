/**
 * /api/tasks/... and /api/task-templates/...: the Tasks page's roles (BOOKKEEPER, ADMIN, REVIEWER); the
 * stores apply who sees which client's tasks (another's answers 404) and the maker-checker rule.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  BoardQuery,
  NewTaskBody,
  NewTemplateBody,
  ReturnTaskBody,
  TaskBoard,
  TaskChoices,
  TaskCommentBody,
  TaskDetail,
  TaskListItem,
  TaskQuery,
  TaskStatusBody,
  TaskTemplate,
  TaskVersionBody,
  TemplateQuery,
  UpdateTaskBody,
  UpdateTemplateBody,
} from '../../../../common/contract/tasks.ts';
import { IdempotencyHeaders, IdParams, Page } from '../../../../common/contract/shared.ts';
import { actionContext } from '../../lib/action.ts';
import { pageWindow, toPage } from '../../lib/pagination.ts';
import { access, signedInUser } from '../../plugins/auth.ts';
import * as tasks from './store.ts';
import * as templates from './template-store.ts';

const config = { access: access.page('tasks') };
const actor = (request: FastifyRequest) => actionContext(request, signedInUser(request).id);

export async function taskRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const params = IdParams('taskId');
  const action = { params, headers: IdempotencyHeaders };
  const answer = { response: { 200: TaskDetail } };

  api.get('/tasks/', { config, schema: { querystring: TaskQuery, response: { 200: Page(TaskListItem) } } }, async (request) => {
    const window = pageWindow(request.query);
    const { count, results } = await tasks.listTasks(app.db, signedInUser(request), request.query, window);
    return toPage(request, window, count, results);
  });

  api.post('/tasks/', { config, schema: { headers: IdempotencyHeaders, body: NewTaskBody, response: { 201: TaskDetail } } }, async (request, reply) =>
    reply.code(201).send(await tasks.createTask(app.db, signedInUser(request), request.body, actor(request))),
  );

  api.get('/tasks/board/', { config, schema: { querystring: BoardQuery, response: { 200: TaskBoard } } }, async (request) => tasks.taskBoard(app.db, signedInUser(request), request.query));

  api.get('/tasks/choices/', { config, schema: { response: { 200: TaskChoices } } }, async (request) => tasks.taskChoices(app.db, signedInUser(request)));

  api.get('/tasks/:taskId', { config, schema: { params, ...answer } }, async (request) => tasks.readTask(app.db, signedInUser(request), request.params.taskId));

  api.patch('/tasks/:taskId', { config, schema: { ...action, body: UpdateTaskBody, ...answer } }, async (request) =>
    tasks.updateTask(app.db, signedInUser(request), request.params.taskId, request.body, actor(request)),
  );

  api.post('/tasks/:taskId/status', { config, schema: { ...action, body: TaskStatusBody, ...answer } }, async (request) =>
    tasks.setTaskStatus(app.db, signedInUser(request), request.params.taskId, request.body.status, request.body.version, actor(request)),
  );

  api.post('/tasks/:taskId/approve', { config, schema: { ...action, body: TaskVersionBody, ...answer } }, async (request) =>
    tasks.approveTask(app.db, signedInUser(request), request.params.taskId, request.body.version, actor(request)),
  );

  api.post('/tasks/:taskId/return', { config, schema: { ...action, body: ReturnTaskBody, ...answer } }, async (request) =>
    tasks.returnTask(app.db, signedInUser(request), request.params.taskId, request.body, actor(request)),
  );

  api.post('/tasks/:taskId/comments', { config, schema: { ...action, body: TaskCommentBody, response: { 201: TaskDetail } } }, async (request, reply) =>
    reply.code(201).send(await tasks.commentOnTask(app.db, signedInUser(request), request.params.taskId, request.body.body, actor(request))),
  );

  api.get('/task-templates/', { config, schema: { querystring: TemplateQuery, response: { 200: Page(TaskTemplate) } } }, async (request) => {
    const window = pageWindow(request.query);
    const { count, results } = await templates.listTemplates(app.db, signedInUser(request), request.query, window);
    return toPage(request, window, count, results);
  });

  api.post('/task-templates/', { config, schema: { headers: IdempotencyHeaders, body: NewTemplateBody, response: { 201: TaskTemplate } } }, async (request, reply) =>
    reply.code(201).send(await templates.createTemplate(app.db, signedInUser(request), request.body, actor(request))),
  );

  api.patch(
    '/task-templates/:templateId',
    { config, schema: { params: IdParams('templateId'), headers: IdempotencyHeaders, body: UpdateTemplateBody, response: { 200: TaskTemplate } } },
    async (request) => templates.updateTemplate(app.db, signedInUser(request), request.params.templateId, request.body, actor(request)),
  );
}
