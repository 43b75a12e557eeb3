/**
 * /api/monthly-reports/... and /api/monthly-insights/...: a client's monthly reports with their review
 * workflow and PDF, and its monthly figures (per month, and a CSV import). The Clients page's roles; the
 * stores apply who sees which client and who may act.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ClientInsights,
  FileQuery,
  ImportInsightsBody,
  ImportInsightsResult,
  InsightMonthParams,
  InsightsQuery,
  MonthlyInsight,
  MonthlyReport,
  NewReportBody,
  PutInsightBody,
  ReportFileBody,
  ReportQuery,
  ReturnReportBody,
  UpdateReportBody,
  VersionBody,
} from '../../../../common/contract/clients.ts';
import { IdempotencyHeaders, IdParams, Page } from '../../../../common/contract/shared.ts';
import { sendFile } from '../../lib/documents.ts';
import { pageWindow, toPage } from '../../lib/pagination.ts';
import { signedInUser } from '../../plugins/auth.ts';
import * as insights from './insight-store.ts';
import * as reports from './report-store.ts';
import { actor, clientsPage, UPLOAD_BODY_LIMIT } from './routes.ts';

export async function workRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const config = clientsPage;
  const reportParams = IdParams('reportId');

  api.get('/monthly-reports/', { config, schema: { querystring: ReportQuery, response: { 200: Page(MonthlyReport) } } }, async (request) => {
    const window = pageWindow(request.query);
    const { count, results } = await reports.listReports(app.db, signedInUser(request), request.query, window);
    return toPage(request, window, count, results);
  });

  api.post('/monthly-reports/', { config, schema: { headers: IdempotencyHeaders, body: NewReportBody, response: { 201: MonthlyReport } } }, async (request, reply) =>
    reply.code(201).send(await reports.createReport(app.db, signedInUser(request), request.body, actor(request))),
  );

  api.get('/monthly-reports/:reportId', { config, schema: { params: reportParams, response: { 200: MonthlyReport } } }, async (request) =>
    reports.readReport(app.db, signedInUser(request), request.params.reportId),
  );

  const action = { params: reportParams, headers: IdempotencyHeaders };
  const answer = { response: { 200: MonthlyReport } };

  api.patch('/monthly-reports/:reportId', { config, schema: { ...action, body: UpdateReportBody, ...answer } }, async (request) =>
    reports.updateReport(app.db, signedInUser(request), request.params.reportId, request.body, actor(request)),
  );

  api.get('/monthly-reports/:reportId/file', { config: { ...config, rawResponse: true }, schema: { params: reportParams, querystring: FileQuery } }, async (request, reply) =>
    sendFile(reply, await reports.readReportFile(app.db, signedInUser(request), request.params.reportId), request.query.download === true),
  );

  api.put('/monthly-reports/:reportId/file', { config, bodyLimit: UPLOAD_BODY_LIMIT, schema: { ...action, body: ReportFileBody, ...answer } }, async (request) =>
    reports.uploadReportFile(app.db, signedInUser(request), request.params.reportId, request.body, actor(request)),
  );

  api.post('/monthly-reports/:reportId/submit', { config, schema: { ...action, body: VersionBody, ...answer } }, async (request) =>
    reports.submitReport(app.db, signedInUser(request), request.params.reportId, request.body.version, actor(request)),
  );

  api.post('/monthly-reports/:reportId/approve', { config, schema: { ...action, body: VersionBody, ...answer } }, async (request) =>
    reports.approveReport(app.db, signedInUser(request), request.params.reportId, request.body.version, actor(request)),
  );

  api.post('/monthly-reports/:reportId/return', { config, schema: { ...action, body: ReturnReportBody, ...answer } }, async (request) =>
    reports.returnReport(app.db, signedInUser(request), request.params.reportId, request.body, actor(request)),
  );

  api.post('/monthly-reports/:reportId/publish', { config, schema: { ...action, body: VersionBody, ...answer } }, async (request) =>
    reports.publishReport(app.db, signedInUser(request), request.params.reportId, request.body.version, actor(request)),
  );

  // -------------------------------------------------------------------------------------------- insights

  api.get('/monthly-insights/', { config, schema: { querystring: InsightsQuery, response: { 200: ClientInsights } } }, async (request) =>
    insights.readInsights(app.db, signedInUser(request), request.query.client, { ...(request.query.from ? { from: request.query.from } : {}), ...(request.query.to ? { to: request.query.to } : {}) }),
  );

  api.put(
    '/monthly-insights/:clientId/:month',
    { config, schema: { params: InsightMonthParams, headers: IdempotencyHeaders, body: PutInsightBody, response: { 200: MonthlyInsight } } },
    async (request) => insights.putInsight(app.db, signedInUser(request), request.params.clientId, request.params.month, request.body, actor(request)),
  );

  // A CSV's line breaks are escaped in JSON, so the body is up to about twice the file.
  api.post('/monthly-insights/import', { config, bodyLimit: 256 * 1024, schema: { headers: IdempotencyHeaders, body: ImportInsightsBody, response: { 200: ImportInsightsResult } } }, async (request) =>
    insights.importInsights(app.db, signedInUser(request), request.body.client_id, request.body.csv, actor(request)),
  );
}
