/**
 * The client's side (CLIENT role only, its own records only, found by the caller's user id, never by a
 * parameter): its published monthly reports and their PDFs, its monthly figures, and the documents asked of
 * it, with the upload that answers a request. The client app is not part of this console.
 */
import type { FastifyInstance } from 'fastify';
import { clientsEndpoints as endpoints } from '../../../../common/contract/clients.ts';
import { actionContext } from '../../lib/action.ts';
import { sendFile } from '../../lib/documents.ts';
import { route } from '../../lib/routes.ts';
import { signedInUser } from '../../plugins/auth.ts';
import * as documents from './document-store.ts';
import * as insights from './insight-store.ts';
import * as reports from './report-store.ts';

export async function myClientRoutes(app: FastifyInstance) {

  route(app, endpoints.myReports, async (request) => reports.myReports(app.db, signedInUser(request).id));

  route(app, endpoints.myReportFile, async (request, reply) =>
    sendFile(reply, await reports.myReportFile(app.db, signedInUser(request).id, request.params.reportId), request.query.download === true),
  );

  route(app, endpoints.myInsights, async (request) => insights.myInsights(app.db, signedInUser(request).id));

  route(app, endpoints.myDocumentRequests, async (request) => documents.myDocumentRequests(app.db, signedInUser(request).id));

  route(app, endpoints.myDocumentUpload, async (request, reply) => {
    const client = signedInUser(request);
    return reply.code(201).send(await documents.uploadMyDocument(app.db, client.id, request.params.requestId, request.body, actionContext(request, client.id)));
  });
}
