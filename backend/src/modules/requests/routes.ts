/**
 * /api/requests/... and /api/request-types/ (the On-demand Requests page's roles; the store applies who sees
 * which client: another's request answers 404), and the client's side, /api/me/requests (CLIENT role, its
 * own client only, found by the caller, never by a parameter).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestsEndpoints as endpoints } from '../../../../common/contract/requests.ts';
import { actionContext } from '../../lib/action.ts';
import { sendFile } from '../../lib/documents.ts';
import { pageWindow, toPage } from '../../lib/pagination.ts';
import { route } from '../../lib/routes.ts';
import { signedInUser } from '../../plugins/auth.ts';
import * as requests from './store.ts';

const actor = (request: FastifyRequest) => actionContext(request, signedInUser(request).id);

export async function requestRoutes(app: FastifyInstance) {
  route(app, endpoints.types, async () => ({ results: await requests.requestTypes(app.db) }));

  route(app, endpoints.list, async (request) => {
    const window = pageWindow(request.query);
    const { count, results } = await requests.listRequests(app.db, signedInUser(request), request.query, window);
    return toPage(request, window, count, results);
  });

  route(app, endpoints.request, async (request) => requests.readRequest(app.db, signedInUser(request), request.params.requestId));

  route(app, endpoints.attachment, async (request, reply) =>
    sendFile(reply, await requests.requestAttachment(app.db, signedInUser(request), request.params.requestId, request.params.attachmentId), false),
  );

  route(app, endpoints.assign, async (request) =>
    requests.assignRequest(app.db, signedInUser(request), request.params.requestId, request.body, actor(request)),
  );
  route(app, endpoints.status, async (request) =>
    requests.setRequestStatus(app.db, signedInUser(request), request.params.requestId, request.body, actor(request)),
  );
  route(app, endpoints.quote, async (request) =>
    requests.quoteRequest(app.db, signedInUser(request), request.params.requestId, request.body, actor(request)),
  );
  route(app, endpoints.convert, async (request) =>
    requests.convertRequest(app.db, signedInUser(request), request.params.requestId, request.body, actor(request)),
  );
  route(app, endpoints.decline, async (request) =>
    requests.declineRequest(app.db, signedInUser(request), request.params.requestId, request.body, actor(request)),
  );

  // ----------------------------------------------------------------------------------------- client side
  route(app, endpoints.mine, async (request) => requests.myRequests(app.db, signedInUser(request).id));

  route(app, endpoints.create, async (request, reply) => reply.code(201).send(await requests.createMyRequest(app.db, signedInUser(request).id, request.body, actor(request))));

  route(app, endpoints.acceptQuote, async (request) =>
    requests.acceptMyQuote(app.db, signedInUser(request).id, request.params.requestId, actor(request)),
  );
}
