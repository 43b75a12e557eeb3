/**
 * /api/clients/... and /api/subscriptions/...: the Clients list and export, one client (read, PATCH, timeline),
 * its documents and document requests, its compliance calendar, and subscriptions with their actions. Every
 * route follows the Clients page's roles (BOOKKEEPER, ADMIN, REVIEWER); the stores apply who sees which
 * client (a bookkeeper's guess at another's id answers 404) and who may change it (403).
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientsEndpoints as endpoints } from '../../../../common/contract/clients.ts';
import { actionContext } from '../../lib/action.ts';
import { csvHeader, csvLine } from '../../lib/csv.ts';
import { sendFile } from '../../lib/documents.ts';
import { pageWindow, toPage } from '../../lib/pagination.ts';
import { route } from '../../lib/routes.ts';
import { signedInUser } from '../../plugins/auth.ts';
import * as clients from './client-store.ts';
import * as deadlines from './deadline-store.ts';
import * as documents from './document-store.ts';
import { EXPORT_COLUMNS, exportClients, exportFileName, listClients } from './list-store.ts';
import * as subscriptions from './subscription-store.ts';



export const actor = (request: FastifyRequest) => actionContext(request, signedInUser(request).id);

export async function clientRoutes(app: FastifyInstance) {

  route(app, endpoints.list, async (request) => {
    const window = pageWindow(request.query);
    const { count, results } = await listClients(app.db, signedInUser(request), request.query, window);
    return toPage(request, window, count, results);
  });

  route(app, endpoints.export, async (request, reply) => {
    const batches = exportClients(app.db, signedInUser(request), request.query);
    async function* lines() {
      yield csvHeader(EXPORT_COLUMNS);
      for await (const batch of batches) yield batch.map((row) => csvLine(EXPORT_COLUMNS, row)).join('');
    }
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${exportFileName()}"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(lines()));
  });

  route(app, endpoints.teamChoices, async () => clients.teamChoices(app.db));

  route(app, endpoints.client, async (request) =>
    clients.readClient(app.db, signedInUser(request), request.params.clientId),
  );

  route(app, endpoints.updateClient, async (request) =>
    clients.updateClient(app.db, signedInUser(request), request.params.clientId, request.body, actor(request)),
  );

  route(app, endpoints.events, async (request) =>
    clients.readTimeline(app.db, signedInUser(request), request.params.clientId, request.query.group),
  );

  // ------------------------------------------------------------------------------------------- documents

  route(app, endpoints.documents, async (request) =>
    documents.readDocuments(app.db, signedInUser(request), request.params.clientId),
  );

  route(app, endpoints.uploadDocument, async (request, reply) =>
    reply.code(201).send(await documents.uploadDocument(app.db, signedInUser(request), request.params.clientId, request.body, actor(request))),
  );

  route(app, endpoints.document, async (request, reply) => {
    const file = await documents.readDocumentFile(app.db, signedInUser(request), request.params.clientId, request.params.documentId);
    return sendFile(reply, file, request.query.download === true);
  });

  route(app, endpoints.onboardingDocument, async (request, reply) => {
    const file = await documents.readOnboardingDocumentFile(app.db, signedInUser(request), request.params.clientId, request.params.documentId);
    return sendFile(reply, file, request.query.download === true);
  });

  route(app, endpoints.requestDocument, async (request, reply) =>
    reply.code(201).send(await documents.requestDocument(app.db, signedInUser(request), request.params.clientId, request.body, actor(request))),
  );

  route(app, endpoints.cancelDocumentRequest, async (request) =>
    documents.cancelRequest(app.db, signedInUser(request), request.params.clientId, request.params.requestId, actor(request)),
  );

  // ------------------------------------------------------------------------------------------- deadlines

  route(app, endpoints.deadlines, async (request) =>
    deadlines.readDeadlines(app.db, signedInUser(request), request.params.clientId),
  );

  route(app, endpoints.fileDeadline, async (request) => deadlines.fileDeadline(app.db, signedInUser(request), request.params.clientId, request.body, actor(request)));

  // --------------------------------------------------------------------------------------- subscriptions


  route(app, endpoints.subscriptions, async (request) => {
    const window = pageWindow(request.query);
    const { count, results } = await subscriptions.listSubscriptions(app.db, signedInUser(request), request.query, window);
    return toPage(request, window, count, results);
  });

  route(app, endpoints.startSubscription, async (request, reply) =>
    reply.code(201).send(await subscriptions.startSubscription(app.db, signedInUser(request), request.body, actor(request))),
  );

  route(app, endpoints.subscription, async (request) =>
    subscriptions.readSubscription(app.db, signedInUser(request), request.params.subscriptionId),
  );


  route(app, endpoints.changeSubscription, async (request) =>
    subscriptions.changeSubscription(app.db, signedInUser(request), request.params.subscriptionId, request.body, actor(request)),
  );

  route(app, endpoints.pauseSubscription, async (request) =>
    subscriptions.pauseSubscription(app.db, signedInUser(request), request.params.subscriptionId, request.body.version, actor(request)),
  );

  route(app, endpoints.resumeSubscription, async (request) =>
    subscriptions.resumeSubscription(app.db, signedInUser(request), request.params.subscriptionId, request.body.version, actor(request)),
  );

  route(app, endpoints.cancelSubscription, async (request) =>
    subscriptions.cancelSubscription(app.db, signedInUser(request), request.params.subscriptionId, request.body, actor(request)),
  );
}
