/**
 * /api/clients/... and /api/subscriptions/...: the Clients list and export, one client (read, PATCH, timeline),
 * its documents and document requests, its compliance calendar, and subscriptions with their actions. Every
 * route follows the Clients page's roles (BOOKKEEPER, ADMIN, REVIEWER); the stores apply who sees which
 * client (a bookkeeper's guess at another's id answers 404) and who may change it (403).
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CancelSubscriptionBody,
  ChangeSubscriptionBody,
  ClientDeadlines,
  ClientDetail,
  ClientDocumentUploadBody,
  ClientDocuments,
  ClientExportQuery,
  ClientListItem,
  ClientQuery,
  ClientTimeline,
  ClientTimelineQuery,
  DocumentRequestBody,
  FileDeadlineBody,
  FileQuery,
  MAX_DOCUMENT_BASE64,
  NewSubscriptionBody,
  Subscription,
  SubscriptionQuery,
  TeamChoices,
  UpdateClientBody,
  VersionBody,
} from '../../../../common/contract/clients.ts';
import { IdempotencyHeaders, IdParams, NoBody, Page } from '../../../../common/contract/shared.ts';
import { actionContext } from '../../lib/action.ts';
import { csvRow } from '../../lib/csv.ts';
import { sendFile } from '../../lib/documents.ts';
import { pageWindow, toPage } from '../../lib/pagination.ts';
import { access, signedInUser } from '../../plugins/auth.ts';
import * as clients from './client-store.ts';
import * as deadlines from './deadline-store.ts';
import * as documents from './document-store.ts';
import { EXPORT_COLUMNS, exportClients, exportFileName, listClients } from './list-store.ts';
import * as subscriptions from './subscription-store.ts';

/** The Clients page's roles; which clients and what they may do there is the stores' rule. */
export const clientsPage = { access: access.page('clients') };

/** A document upload: the base64 file and the small envelope around it. */
export const UPLOAD_BODY_LIMIT = MAX_DOCUMENT_BASE64 + 4096;

export const actor = (request: FastifyRequest) => actionContext(request, signedInUser(request).id);

export async function clientRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const config = clientsPage;
  const clientParams = IdParams('clientId');

  api.get('/clients/', { config, schema: { querystring: ClientQuery, response: { 200: Page(ClientListItem) } } }, async (request) => {
    const window = pageWindow(request.query);
    const { count, results } = await listClients(app.db, signedInUser(request), request.query, window);
    return toPage(request, window, count, results);
  });

  api.get('/clients/export/', { config: { ...config, rawResponse: true }, schema: { querystring: ClientExportQuery } }, async (request, reply) => {
    const batches = exportClients(app.db, signedInUser(request), request.query);
    async function* lines() {
      yield csvRow(EXPORT_COLUMNS.map((column) => column.header));
      for await (const batch of batches) yield batch.map((row) => csvRow(EXPORT_COLUMNS.map((column) => column.value(row)))).join('');
    }
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${exportFileName()}"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(lines()));
  });

  api.get('/clients/team-choices/', { config, schema: { response: { 200: TeamChoices } } }, async () => clients.teamChoices(app.db));

  api.get('/clients/:clientId', { config, schema: { params: clientParams, response: { 200: ClientDetail } } }, async (request) =>
    clients.readClient(app.db, signedInUser(request), request.params.clientId),
  );

  api.patch('/clients/:clientId', { config, schema: { params: clientParams, headers: IdempotencyHeaders, body: UpdateClientBody, response: { 200: ClientDetail } } }, async (request) =>
    clients.updateClient(app.db, signedInUser(request), request.params.clientId, request.body, actor(request)),
  );

  api.get('/clients/:clientId/events', { config, schema: { params: clientParams, querystring: ClientTimelineQuery, response: { 200: ClientTimeline } } }, async (request) =>
    clients.readTimeline(app.db, signedInUser(request), request.params.clientId, request.query.group),
  );

  // ------------------------------------------------------------------------------------------- documents

  api.get('/clients/:clientId/documents', { config, schema: { params: clientParams, response: { 200: ClientDocuments } } }, async (request) =>
    documents.readDocuments(app.db, signedInUser(request), request.params.clientId),
  );

  api.post(
    '/clients/:clientId/documents',
    { config, bodyLimit: UPLOAD_BODY_LIMIT, schema: { params: clientParams, headers: IdempotencyHeaders, body: ClientDocumentUploadBody, response: { 201: ClientDocuments } } },
    async (request, reply) => reply.code(201).send(await documents.uploadDocument(app.db, signedInUser(request), request.params.clientId, request.body, actor(request))),
  );

  api.get(
    '/clients/:clientId/documents/:documentId',
    { config: { ...config, rawResponse: true }, schema: { params: IdParams('clientId', 'documentId'), querystring: FileQuery } },
    async (request, reply) => {
      const file = await documents.readDocumentFile(app.db, signedInUser(request), request.params.clientId, request.params.documentId);
      return sendFile(reply, file, request.query.download === true);
    },
  );

  api.get(
    '/clients/:clientId/onboarding-documents/:documentId',
    { config: { ...config, rawResponse: true }, schema: { params: IdParams('clientId', 'documentId'), querystring: FileQuery } },
    async (request, reply) => {
      const file = await documents.readOnboardingDocumentFile(app.db, signedInUser(request), request.params.clientId, request.params.documentId);
      return sendFile(reply, file, request.query.download === true);
    },
  );

  api.post(
    '/clients/:clientId/document-requests',
    { config, schema: { params: clientParams, headers: IdempotencyHeaders, body: DocumentRequestBody, response: { 201: ClientDocuments } } },
    async (request, reply) => reply.code(201).send(await documents.requestDocument(app.db, signedInUser(request), request.params.clientId, request.body, actor(request))),
  );

  api.post(
    '/clients/:clientId/document-requests/:requestId/cancel',
    { config, schema: { params: IdParams('clientId', 'requestId'), headers: IdempotencyHeaders, body: NoBody, response: { 200: ClientDocuments } } },
    async (request) => documents.cancelRequest(app.db, signedInUser(request), request.params.clientId, request.params.requestId, actor(request)),
  );

  // ------------------------------------------------------------------------------------------- deadlines

  api.get('/clients/:clientId/deadlines', { config, schema: { params: clientParams, response: { 200: ClientDeadlines } } }, async (request) =>
    deadlines.readDeadlines(app.db, signedInUser(request), request.params.clientId),
  );

  api.post(
    '/clients/:clientId/deadlines/file',
    { config, schema: { params: clientParams, headers: IdempotencyHeaders, body: FileDeadlineBody, response: { 200: ClientDeadlines } } },
    async (request) => deadlines.fileDeadline(app.db, signedInUser(request), request.params.clientId, request.body, actor(request)),
  );

  // --------------------------------------------------------------------------------------- subscriptions

  const subscriptionParams = IdParams('subscriptionId');

  api.get('/subscriptions/', { config, schema: { querystring: SubscriptionQuery, response: { 200: Page(Subscription) } } }, async (request) => {
    const window = pageWindow(request.query);
    const { count, results } = await subscriptions.listSubscriptions(app.db, signedInUser(request), request.query, window);
    return toPage(request, window, count, results);
  });

  api.post('/subscriptions/', { config, schema: { headers: IdempotencyHeaders, body: NewSubscriptionBody, response: { 201: Subscription } } }, async (request, reply) =>
    reply.code(201).send(await subscriptions.startSubscription(app.db, signedInUser(request), request.body, actor(request))),
  );

  api.get('/subscriptions/:subscriptionId', { config, schema: { params: subscriptionParams, response: { 200: Subscription } } }, async (request) =>
    subscriptions.readSubscription(app.db, signedInUser(request), request.params.subscriptionId),
  );

  const action = { params: subscriptionParams, headers: IdempotencyHeaders };
  const answer = { response: { 200: Subscription } };

  api.post('/subscriptions/:subscriptionId/change', { config, schema: { ...action, body: ChangeSubscriptionBody, ...answer } }, async (request) =>
    subscriptions.changeSubscription(app.db, signedInUser(request), request.params.subscriptionId, request.body, actor(request)),
  );

  api.post('/subscriptions/:subscriptionId/pause', { config, schema: { ...action, body: VersionBody, ...answer } }, async (request) =>
    subscriptions.pauseSubscription(app.db, signedInUser(request), request.params.subscriptionId, request.body.version, actor(request)),
  );

  api.post('/subscriptions/:subscriptionId/resume', { config, schema: { ...action, body: VersionBody, ...answer } }, async (request) =>
    subscriptions.resumeSubscription(app.db, signedInUser(request), request.params.subscriptionId, request.body.version, actor(request)),
  );

  api.post('/subscriptions/:subscriptionId/cancel', { config, schema: { ...action, body: CancelSubscriptionBody, ...answer } }, async (request) =>
    subscriptions.cancelSubscription(app.db, signedInUser(request), request.params.subscriptionId, request.body, actor(request)),
  );
}
