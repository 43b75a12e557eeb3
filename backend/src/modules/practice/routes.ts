/** /api/staff/cost-rates, /api/staff/{userId}/cost-rate, /api/reports/...: the firm's own numbers (ADMIN). Reads and rules: the stores. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { practiceEndpoints as endpoints, profitabilityFileName } from '../../../../common/contract/practice.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { actionContext } from '../../lib/action.ts';
import { csvHeader, csvLine } from '../../lib/csv.ts';
import { route } from '../../lib/routes.ts';
import { dashboard } from './dashboard-store.ts';
import { profitability } from './profitability-store.ts';
import { PROFITABILITY_COLUMNS } from './profitability-csv.ts';
import { listCostRates, setCostRate } from './rates-store.ts';

export async function practiceRoutes(app: FastifyInstance): Promise<void> {
  const context = (request: FastifyRequest) => actionContext(request, signedInUser(request).id);

  route(app, endpoints.costRates, async () => ({ results: await listCostRates(app.db) }));
  route(app, endpoints.setCostRate, async (request) => setCostRate(app.db, request.params.userId, request.body, context(request)));
  route(app, endpoints.profitability, async (request) => profitability(app.db, request.query));
  route(app, endpoints.profitabilityExport, async (request, reply) => {
    const report = await profitability(app.db, request.query);
    const columns = PROFITABILITY_COLUMNS(report.group);
    const body = csvHeader(columns) + report.results.map((row) => csvLine(columns, row)).join('');
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${profitabilityFileName(report.from, report.to, report.group)}"`)
      .header('cache-control', 'no-store')
      .send(body);
  });
  route(app, endpoints.dashboard, async (request) => dashboard(app.db, request.query.month));
}
