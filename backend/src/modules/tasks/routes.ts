/**
 * /api/tasks/... and /api/task-templates/...: the Tasks page's roles (BOOKKEEPER, ADMIN, REVIEWER); the
 * stores apply who sees which client's tasks (another's answers 404) and the maker-checker rule.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tasksEndpoints as endpoints } from '../../../../common/contract/tasks.ts';
import { actionContext } from '../../lib/action.ts';
import { pageWindow, toPage } from '../../lib/pagination.ts';
import { route } from '../../lib/routes.ts';
import { signedInUser } from '../../plugins/auth.ts';
import * as tasks from './store.ts';
import * as templates from './template-store.ts';

const actor = (request: FastifyRequest) => actionContext(request, signedInUser(request).id);

export async function taskRoutes(app: FastifyInstance) {
  route(app, endpoints.list, async (request) => {
    const window = pageWindow(request.query);
    const { count, results } = await tasks.listTasks(app.db, signedInUser(request), request.query, window);
    return toPage(request, window, count, results);
  });

  route(app, endpoints.create, async (request, reply) =>
    reply.code(201).send(await tasks.createTask(app.db, signedInUser(request), request.body, actor(request))),
  );

  route(app, endpoints.board, async (request) => tasks.taskBoard(app.db, signedInUser(request), request.query));

  route(app, endpoints.choices, async (request) => tasks.taskChoices(app.db, signedInUser(request)));

  route(app, endpoints.task, async (request) => tasks.readTask(app.db, signedInUser(request), request.params.taskId));

  route(app, endpoints.update, async (request) =>
    tasks.updateTask(app.db, signedInUser(request), request.params.taskId, request.body, actor(request)),
  );

  route(app, endpoints.status, async (request) =>
    tasks.setTaskStatus(app.db, signedInUser(request), request.params.taskId, request.body.status, request.body.version, actor(request)),
  );

  route(app, endpoints.approve, async (request) =>
    tasks.approveTask(app.db, signedInUser(request), request.params.taskId, request.body.version, actor(request)),
  );

  route(app, endpoints.returnTask, async (request) =>
    tasks.returnTask(app.db, signedInUser(request), request.params.taskId, request.body, actor(request)),
  );

  route(app, endpoints.comment, async (request, reply) =>
    reply.code(201).send(await tasks.commentOnTask(app.db, signedInUser(request), request.params.taskId, request.body.body, actor(request))),
  );

  route(app, endpoints.templates, async (request) => {
    const window = pageWindow(request.query);
    const { count, results } = await templates.listTemplates(app.db, signedInUser(request), request.query, window);
    return toPage(request, window, count, results);
  });

  route(app, endpoints.createTemplate, async (request, reply) =>
    reply.code(201).send(await templates.createTemplate(app.db, signedInUser(request), request.body, actor(request))),
  );

  route(app, endpoints.updateTemplate, async (request) => templates.updateTemplate(app.db, signedInUser(request), request.params.templateId, request.body, actor(request)));
}
