/** Saved views: GET/POST views/?list=, PATCH/DELETE views/{id}; rules in store.ts. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { canSee, ROUTES, type RouteKey } from '../../../../common/access.ts';
import { workEndpoints as endpoints } from '../../../../common/contract/work.ts';
import { isStaffRole } from '../../../../common/roles.ts';
import type { BackendModule } from '../../lib/module.ts';
import { actionContext } from '../../lib/action.ts';
import { forbidden, invalidInput } from '../../lib/http-error.ts';
import { route } from '../../lib/routes.ts';
import { signedInUser, type CurrentUser } from '../../plugins/auth.ts';
import { createView, deleteView, listViews, updateView } from './store.ts';

/** The list must be a page the caller's role opens. */
function listUser(request: FastifyRequest, list: string): CurrentUser {
  const user = signedInUser(request);
  if (!ROUTES.some((route) => route.id === list)) throw invalidInput('list', 'must be the key of a list page');
  if (!isStaffRole(user.role) || !canSee(user.role, list as RouteKey)) throw forbidden();
  return user;
}

async function routes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.views, async (request) =>
    listViews(app.db, listUser(request, request.query.list), request.query.list),
  );

  route(app, endpoints.createView, async (request, reply) => {
    const user = listUser(request, request.body.list);
    return reply.code(201).send(await createView(app.db, user, request.body, actionContext(request, user.id)));
  });

  route(app, endpoints.updateView, async (request) => {
    const user = signedInUser(request);
    return updateView(app.db, user, request.params.viewId, request.body, actionContext(request, user.id));
  });

  route(app, endpoints.deleteView, async (request) => {
    const user = signedInUser(request);
    return deleteView(app.db, user, request.params.viewId, request.body.version, actionContext(request, user.id));
  });
}

export const viewsModule: BackendModule = { name: 'views', routes };
