/**
 * /api/monthly-reports/... and /api/monthly-insights/...: a client's monthly reports with their review
 * workflow and PDF, and its monthly figures (per month, and a CSV import). The Clients page's roles; the
 * stores apply who sees which client and who may act.
 */
import type { FastifyInstance } from 'fastify';
import { clientsEndpoints as endpoints } from '../../../../common/contract/clients.ts';
import { sendFile } from '../../lib/documents.ts';
import { pageWindow, toPage } from '../../lib/pagination.ts';
import { route } from '../../lib/routes.ts';
import { signedInUser } from '../../plugins/auth.ts';
import * as insights from './insight-store.ts';
import * as reports from './report-store.ts';
import { actor } from './routes.ts';

export async function workRoutes(app: FastifyInstance) {

  route(app, endpoints.reports, async (request) => {
    const window = pageWindow(request.query);
    const { count, results } = await reports.listReports(app.db, signedInUser(request), request.query, window);
    return toPage(request, window, count, results);
  });

  route(app, endpoints.createReport, async (request, reply) =>
    reply.code(201).send(await reports.createReport(app.db, signedInUser(request), request.body, actor(request))),
  );

  route(app, endpoints.report, async (request) =>
    reports.readReport(app.db, signedInUser(request), request.params.reportId),
  );


  route(app, endpoints.updateReport, async (request) =>
    reports.updateReport(app.db, signedInUser(request), request.params.reportId, request.body, actor(request)),
  );

  route(app, endpoints.reportFile, async (request, reply) =>
    sendFile(reply, await reports.readReportFile(app.db, signedInUser(request), request.params.reportId), request.query.download === true),
  );

  route(app, endpoints.uploadReportFile, async (request) =>
    reports.uploadReportFile(app.db, signedInUser(request), request.params.reportId, request.body, actor(request)),
  );

  route(app, endpoints.submitReport, async (request) =>
    reports.submitReport(app.db, signedInUser(request), request.params.reportId, request.body.version, actor(request)),
  );

  route(app, endpoints.approveReport, async (request) =>
    reports.approveReport(app.db, signedInUser(request), request.params.reportId, request.body.version, actor(request)),
  );

  route(app, endpoints.returnReport, async (request) =>
    reports.returnReport(app.db, signedInUser(request), request.params.reportId, request.body, actor(request)),
  );

  route(app, endpoints.publishReport, async (request) =>
    reports.publishReport(app.db, signedInUser(request), request.params.reportId, request.body.version, actor(request)),
  );

  // -------------------------------------------------------------------------------------------- insights

  route(app, endpoints.insights, async (request) =>
    insights.readInsights(app.db, signedInUser(request), request.query.client, { ...(request.query.from ? { from: request.query.from } : {}), ...(request.query.to ? { to: request.query.to } : {}) }),
  );

  route(app, endpoints.putInsight, async (request) => insights.putInsight(app.db, signedInUser(request), request.params.clientId, request.params.month, request.body, actor(request)));

  route(app, endpoints.importInsights, async (request) =>
    insights.importInsights(app.db, signedInUser(request), request.body.client_id, request.body.csv, actor(request)),
  );
}
