/**
 * /api/registrations/...: the onboarding lists, their CSV export, the per-page counts, and the spec's
 * stepper call (users/{userId}/status). A list is guarded by the pages its rows can fall on (pagesOfScope,
 * from the queue table in common/onboarding.ts).
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { canSee } from '../../../../common/access.ts';
import { ONBOARDING_PAGES, exportFileName, pagesOfScope } from '../../../../common/onboarding.ts';
import { registrationsEndpoints as endpoints, type RegistrationExportQuery } from '../../../../common/contract/registrations.ts';
import { isStaffRole } from '../../../../common/roles.ts';
import { authorize, signedInUser } from '../../plugins/auth.ts';
import { csvHeader, csvLine } from '../../lib/csv.ts';
import { pageWindow, toPage } from '../../lib/pagination.ts';
import { route } from '../../lib/routes.ts';
import { assigneeOf, EXPORT_COLUMNS, exportRegistrations, listRegistrations, queueCounts } from './list-store.ts';
import { readStatus } from './review-store.ts';
import { requireRecordAccess } from './transition.ts';

/** The role must be allowed on every page the list's rows can be on. */
function authorizeScope(request: FastifyRequest, query: RegistrationExportQuery): void {
  for (const page of pagesOfScope({ stage: query.stage, status: query.status, queue: query.queue })) authorize(request, page);
}

export async function registrationRoutes(app: FastifyInstance) {
  route(app, endpoints.list, async (request) => {
    authorizeScope(request, request.query);
    const window = pageWindow(request.query);
    const { count, results } = await listRegistrations(app.db, { ...request.query, ...assigneeOf(request.query.assignee, signedInUser(request).id) }, request.query.sort, window);
    return toPage(request, window, count, results);
  });

  route(app, endpoints.export, async (request, reply) => {
    authorizeScope(request, request.query);
    const batches = exportRegistrations(app.db, { ...request.query, ...assigneeOf(request.query.assignee, signedInUser(request).id) }, request.query.sort);
    async function* lines() {
      yield csvHeader(EXPORT_COLUMNS);
      for await (const batch of batches) yield batch.map((item) => csvLine(EXPORT_COLUMNS, item)).join('');
    }
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${exportFileName(request.query.queue)}"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(lines()));
  });

  route(app, endpoints.counts, async (request) => {
    const { role } = signedInUser(request);
    const visible = ONBOARDING_PAGES.filter((page) => isStaffRole(role) && canSee(role, page));
    const counts = await queueCounts(app.db);
    return { counts: Object.fromEntries(visible.map((page) => [page, counts[page]])) };
  });

  // The stepper belongs to the Registration page, whose rows link to it.
  route(app, endpoints.status, async (request) => {
    await requireRecordAccess(app.db, request.params.userId, signedInUser(request).role);
    return readStatus(app.db, request.params.userId);
  });
}
