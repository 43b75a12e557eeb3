/** /api/crm/...: leads and deals (ADMIN, BD_MANAGER, MARKETING). Rules and SQL: store.ts, invite-store.ts. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ActivityBody, Board, InviteLeadBody, InviteLeadResponse, LeadDetail, LeadItem, LeadQuery, LeadStageBody, NewLeadBody, Owner, UpdateLeadBody } from '../../../../common/contract/crm.ts';
import { Closed, IdempotencyHeaders, IdParams, Id, Page, Search } from '../../../../common/contract/shared.ts';
import { LEAD_SOURCES } from '../../../../common/contract/crm-paths.ts';
import { access, signedInUser } from '../../plugins/auth.ts';
import { actionContext } from '../../lib/action.ts';
import { pageWindow, toPage } from '../../lib/pagination.ts';
import { publicOrigin } from '../../lib/public-url.ts';
import { inviteLead } from './invite-store.ts';
import { addActivity, createLead, leadBoard, leadDetail, leadOwners, listLeads, moveLead, updateLead } from './store.ts';

const crm = { access: access.page('crm') };
const params = IdParams('id');
const BoardQuery = Closed({ owner_id: Type.Optional(Id('owner_id')), source: Type.Optional(Type.Enum(LEAD_SOURCES, { title: 'Source' })), search: Type.Optional(Search) });

export async function crmRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const context = (request: FastifyRequest) => actionContext(request, signedInUser(request).id);

  api.get('/crm/leads/', { config: crm, schema: { querystring: LeadQuery, response: { 200: Page(LeadItem) } } }, async (request) => {
    const window = pageWindow(request.query);
    const { page: _page, page_size: _size, ...filters } = request.query;
    const { count, results } = await listLeads(app.db, filters, window);
    return toPage(request, window, count, results);
  });

  api.get('/crm/board/', { config: crm, schema: { querystring: BoardQuery, response: { 200: Board } } }, async (request) => leadBoard(app.db, request.query));

  api.get('/crm/owners/', { config: crm, schema: { response: { 200: Type.Array(Owner) } } }, async () => leadOwners(app.db));

  api.post('/crm/leads/', { config: crm, schema: { headers: IdempotencyHeaders, body: NewLeadBody, response: { 201: LeadItem } } }, async (request, reply) =>
    reply.code(201).send(await createLead(app.db, request.body, context(request))),
  );

  api.get('/crm/leads/:id', { config: crm, schema: { params, response: { 200: LeadDetail } } }, async (request) => leadDetail(app.db, request.params.id));

  api.put('/crm/leads/:id', { config: crm, schema: { params, headers: IdempotencyHeaders, body: UpdateLeadBody, response: { 200: LeadItem } } }, async (request) =>
    updateLead(app.db, request.params.id, request.body, context(request)),
  );

  api.post('/crm/leads/:id/stage', { config: crm, schema: { params, headers: IdempotencyHeaders, body: LeadStageBody, response: { 200: LeadItem } } }, async (request) =>
    moveLead(app.db, request.params.id, request.body.stage, request.body.reason, request.body.version, context(request)),
  );

  api.post('/crm/leads/:id/activities', { config: crm, schema: { params, headers: IdempotencyHeaders, body: ActivityBody, response: { 200: LeadDetail } } }, async (request) =>
    addActivity(app.db, request.params.id, request.body, context(request)),
  );

  api.post('/crm/leads/:id/invite', { config: crm, schema: { params, headers: IdempotencyHeaders, body: InviteLeadBody, response: { 200: InviteLeadResponse } } }, async (request) =>
    inviteLead({ db: app.db, identity: app.identity, log: request.log }, request.params.id, request.body.version, context(request), publicOrigin(request) ?? ''),
  );
}
