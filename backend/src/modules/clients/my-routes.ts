/**
 * The client's side (CLIENT role only, its own records only, found by the caller's user id, never by a
 * parameter): its published monthly reports and their PDFs, its monthly figures, and the documents asked of
 * it, with the upload that answers a request. The client app is not part of this console.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { FileQuery, MyDocumentRequests, MyDocumentUploadBody, MyInsights, MyReports } from '../../../../common/contract/clients.ts';
import { IdempotencyHeaders, IdParams } from '../../../../common/contract/shared.ts';
import { actionContext } from '../../lib/action.ts';
import { sendFile } from '../../lib/documents.ts';
import { access, signedInUser } from '../../plugins/auth.ts';
import * as documents from './document-store.ts';
import * as insights from './insight-store.ts';
import * as reports from './report-store.ts';
import { UPLOAD_BODY_LIMIT } from './routes.ts';

const config = { access: access.client };

export async function myClientRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get('/me/monthly-reports', { config, schema: { response: { 200: MyReports } } }, async (request) => reports.myReports(app.db, signedInUser(request).id));

  api.get('/me/monthly-reports/:reportId/file', { config: { ...config, rawResponse: true }, schema: { params: IdParams('reportId'), querystring: FileQuery } }, async (request, reply) =>
    sendFile(reply, await reports.myReportFile(app.db, signedInUser(request).id, request.params.reportId), request.query.download === true),
  );

  api.get('/me/monthly-insights', { config, schema: { response: { 200: MyInsights } } }, async (request) => insights.myInsights(app.db, signedInUser(request).id));

  api.get('/me/document-requests', { config, schema: { response: { 200: MyDocumentRequests } } }, async (request) => documents.myDocumentRequests(app.db, signedInUser(request).id));

  api.post(
    '/me/document-requests/:requestId/upload',
    { config, bodyLimit: UPLOAD_BODY_LIMIT, schema: { params: IdParams('requestId'), headers: IdempotencyHeaders, body: MyDocumentUploadBody, response: { 201: MyDocumentRequests } } },
    async (request, reply) => {
      const client = signedInUser(request);
      return reply.code(201).send(await documents.uploadMyDocument(app.db, client.id, request.params.requestId, request.body, actionContext(request, client.id)));
    },
  );
}
