/** /api/crm/...: leads and deals (ADMIN, BD_MANAGER, MARKETING). Rules and SQL: store.ts, invite-store.ts. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { crmEndpoints as endpoints } from '../../../../common/contract/crm.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { actionContext } from '../../lib/action.ts';
import { pageWindow, toPage } from '../../lib/pagination.ts';
import { publicOrigin } from '../../lib/public-url.ts';
import { route } from '../../lib/routes.ts';
import { inviteLead } from './invite-store.ts';
import { addActivity, createLead, leadBoard, leadDetail, leadOwners, listLeads, moveLead, updateLead } from './store.ts';

export async function crmRoutes(app: FastifyInstance): Promise<void> {
  const context = (request: FastifyRequest) => actionContext(request, signedInUser(request).id);

  route(app, endpoints.leads, async (request) => {
    const window = pageWindow(request.query);
    const { page: _page, page_size: _size, ...filters } = request.query;
    const { count, results } = await listLeads(app.db, filters, window);
    return toPage(request, window, count, results);
  });

  route(app, endpoints.board, async (request) => leadBoard(app.db, request.query));

  route(app, endpoints.owners, async () => leadOwners(app.db));

  route(app, endpoints.createLead, async (request, reply) => reply.code(201).send(await createLead(app.db, request.body, context(request))));

  route(app, endpoints.lead, async (request) => leadDetail(app.db, request.params.id));

  route(app, endpoints.updateLead, async (request) =>
    updateLead(app.db, request.params.id, request.body, context(request)),
  );

  route(app, endpoints.stage, async (request) =>
    moveLead(app.db, request.params.id, request.body.stage, request.body.reason, request.body.version, context(request)),
  );

  route(app, endpoints.activities, async (request) =>
    addActivity(app.db, request.params.id, request.body, context(request)),
  );

  route(app, endpoints.invite, async (request) =>
    inviteLead({ db: app.db, identity: app.identity, log: request.log }, request.params.id, request.body.version, context(request), publicOrigin(request) ?? ''),
  );
}
