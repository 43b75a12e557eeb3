/**
 * /api/requests/... and /api/request-types/ (the On-demand Requests page's roles; the store applies who sees
 * which client: another's request answers 404), and the client's side, /api/me/requests (CLIENT role, its
 * own client only, found by the caller, never by a parameter).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AssignRequestBody,
  ConvertRequestBody,
  DeclineRequestBody,
  MyRequest,
  MyRequests,
  NewMyRequestBody,
  QuoteBody,
  RequestDetail,
  RequestListItem,
  RequestQuery,
  RequestStatusBody,
  RequestTypes,
} from '../../../../common/contract/requests.ts';
import { MAX_DOCUMENT_BASE64 } from '../../../../common/contract/clients.ts';
import { IdempotencyHeaders, IdParams, NoBody, Page } from '../../../../common/contract/shared.ts';
import { actionContext } from '../../lib/action.ts';
import { sendFile } from '../../lib/documents.ts';
import { pageWindow, toPage } from '../../lib/pagination.ts';
import { access, signedInUser } from '../../plugins/auth.ts';
import * as requests from './store.ts';

const config = { access: access.page('on-demand-requests') };
const actor = (request: FastifyRequest) => actionContext(request, signedInUser(request).id);

export async function requestRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const params = IdParams('requestId');
  const action = { params, headers: IdempotencyHeaders };
  const answer = { response: { 200: RequestDetail } };

  api.get('/request-types/', { config: { access: access.signedIn }, schema: { response: { 200: RequestTypes } } }, async () => ({ results: await requests.requestTypes(app.db) }));

  api.get('/requests/', { config, schema: { querystring: RequestQuery, response: { 200: Page(RequestListItem) } } }, async (request) => {
    const window = pageWindow(request.query);
    const { count, results } = await requests.listRequests(app.db, signedInUser(request), request.query, window);
    return toPage(request, window, count, results);
  });

  api.get('/requests/:requestId', { config, schema: { params, ...answer } }, async (request) => requests.readRequest(app.db, signedInUser(request), request.params.requestId));

  api.get('/requests/:requestId/attachments/:attachmentId', { config: { ...config, rawResponse: true }, schema: { params: IdParams('requestId', 'attachmentId') } }, async (request, reply) =>
    sendFile(reply, await requests.requestAttachment(app.db, signedInUser(request), request.params.requestId, request.params.attachmentId), false),
  );

  api.post('/requests/:requestId/assign', { config, schema: { ...action, body: AssignRequestBody, ...answer } }, async (request) =>
    requests.assignRequest(app.db, signedInUser(request), request.params.requestId, request.body, actor(request)),
  );
  api.post('/requests/:requestId/status', { config, schema: { ...action, body: RequestStatusBody, ...answer } }, async (request) =>
    requests.setRequestStatus(app.db, signedInUser(request), request.params.requestId, request.body, actor(request)),
  );
  api.post('/requests/:requestId/quote', { config, schema: { ...action, body: QuoteBody, ...answer } }, async (request) =>
    requests.quoteRequest(app.db, signedInUser(request), request.params.requestId, request.body, actor(request)),
  );
  api.post('/requests/:requestId/convert', { config, schema: { ...action, body: ConvertRequestBody, ...answer } }, async (request) =>
    requests.convertRequest(app.db, signedInUser(request), request.params.requestId, request.body, actor(request)),
  );
  api.post('/requests/:requestId/decline', { config, schema: { ...action, body: DeclineRequestBody, ...answer } }, async (request) =>
    requests.declineRequest(app.db, signedInUser(request), request.params.requestId, request.body, actor(request)),
  );

  // ----------------------------------------------------------------------------------------- client side
  const client = { access: access.client };

  api.get('/me/requests', { config: client, schema: { response: { 200: MyRequests } } }, async (request) => requests.myRequests(app.db, signedInUser(request).id));

  api.post(
    '/me/requests',
    { config: client, bodyLimit: 3 * MAX_DOCUMENT_BASE64 + 16_384, schema: { headers: IdempotencyHeaders, body: NewMyRequestBody, response: { 201: MyRequest } } },
    async (request, reply) => reply.code(201).send(await requests.createMyRequest(app.db, signedInUser(request).id, request.body, actor(request))),
  );

  api.post('/me/requests/:requestId/accept-quote', { config: client, schema: { ...action, body: NoBody, response: { 200: MyRequest } } }, async (request) =>
    requests.acceptMyQuote(app.db, signedInUser(request).id, request.params.requestId, actor(request)),
  );
}
