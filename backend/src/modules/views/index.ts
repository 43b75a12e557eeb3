/** Saved views (issue 22): GET/POST views/?list=, PATCH/DELETE views/{id}; rules in store.ts. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { canSee, ROUTES, type RouteKey } from '../../../../common/access.ts';
import { NewView, SavedView, SavedViews, ViewDelete, ViewPatch, ViewsQuery } from '../../../../common/contract/work.ts';
import { IdempotencyHeaders, IdParams } from '../../../../common/contract/shared.ts';
import { isStaffRole } from '../../../../common/roles.ts';
import type { BackendModule } from '../../lib/module.ts';
import { actionContext } from '../../lib/action.ts';
import { forbidden, invalidInput } from '../../lib/http-error.ts';
import { access, signedInUser, type CurrentUser } from '../../plugins/auth.ts';
import { navEntries, NAV_TABLE } from '../../../../common/access.ts';
import { createView, deleteView, listViews, updateView } from './store.ts';

const anyStaffPage = { access: access.anyPage(...navEntries(NAV_TABLE).map((entry) => entry.id)) };

/** The list must be a page the caller's role opens. */
function listUser(request: FastifyRequest, list: string): CurrentUser {
  const user = signedInUser(request);
  if (!ROUTES.some((route) => route.id === list)) throw invalidInput('list', 'must be the key of a list page');
  if (!isStaffRole(user.role) || !canSee(user.role, list as RouteKey)) throw forbidden();
  return user;
}

async function routes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const params = IdParams('viewId');

  api.get('/views/', { config: anyStaffPage, schema: { querystring: ViewsQuery, response: { 200: SavedViews } } }, async (request) =>
    listViews(app.db, listUser(request, request.query.list), request.query.list),
  );

  api.post('/views/', { config: anyStaffPage, schema: { headers: IdempotencyHeaders, body: NewView, response: { 201: SavedView } } }, async (request, reply) => {
    const user = listUser(request, request.body.list);
    return reply.code(201).send(await createView(app.db, user, request.body, actionContext(request, user.id)));
  });

  api.patch('/views/:viewId', { config: anyStaffPage, schema: { headers: IdempotencyHeaders, params, body: ViewPatch, response: { 200: SavedView } } }, async (request) => {
    const user = signedInUser(request);
    return updateView(app.db, user, request.params.viewId, request.body, actionContext(request, user.id));
  });

  api.delete(
    '/views/:viewId',
    { config: anyStaffPage, schema: { headers: IdempotencyHeaders, params, body: ViewDelete, response: { 200: Type.Object({ id: Type.Integer(), deleted: Type.Literal(true) }) } } },
    async (request) => {
      const user = signedInUser(request);
      return deleteView(app.db, user, request.params.viewId, request.body.version, actionContext(request, user.id));
    },
  );
}

export const viewsModule: BackendModule = { name: 'views', routes };
