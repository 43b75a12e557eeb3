/** /api/audit/...: the Audit page's list and its CSV export (ADMIN). Reads: store.ts. */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { auditEndpoints as endpoints, auditExportFileName } from '../../../../common/contract/audit.ts';
import { dubaiDate } from '../../../../common/calendar.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { writeAudit } from '../../lib/audit.ts';
import { csvHeader, csvLine } from '../../lib/csv.ts';
import { pageWindow, toPage } from '../../lib/pagination.ts';
import { route } from '../../lib/routes.ts';
import { AUDIT_COLUMNS, checkAuditPeriod, exportAudit, listAudit } from './store.ts';

export async function auditRoutes(app: FastifyInstance) {
  route(app, endpoints.list, async (request) => {
    const window = pageWindow(request.query);
    const { page: _page, page_size: _size, ...filters } = request.query;
    const { count, results } = await listAudit(app.db, filters, window, signedInUser(request).compliance_officer);
    return toPage(request, window, count, results);
  });

  route(app, endpoints.export, async (request, reply) => {
    const actor = signedInUser(request);
    checkAuditPeriod(request.query);
    // Reading the whole trail out of the console is itself an event of the trail.
    await app.db.transaction((tx) => writeAudit(tx, { entity: 'user', entityId: actor.id, kind: 'audit_exported', actorId: actor.id, data: { filters: request.query } }));
    const batches = exportAudit(app.db, request.query, actor.compliance_officer);
    async function* lines() {
      yield csvHeader(AUDIT_COLUMNS);
      for await (const batch of batches) yield batch.map((entry) => csvLine(AUDIT_COLUMNS, entry)).join('');
    }
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${auditExportFileName(dubaiDate())}"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(lines()));
  });
}
