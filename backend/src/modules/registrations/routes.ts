/**
 * /api/registrations/...: the onboarding lists, their CSV export, the per-page counts, and the spec's
 * stepper call (users/{userId}/status). A list is guarded by the pages its rows can fall on (pagesOfScope,
 * from the queue table in common/onboarding.ts).
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { canSee } from '../../../../common/access.ts';
import { ONBOARDING_PAGES, exportFileName, pagesOfScope } from '../../../../common/onboarding.ts';
import { RegistrationCounts, RegistrationExportQuery, RegistrationListItem, RegistrationQuery, UserStatusResponse } from '../../../../common/contract/registrations.ts';
import { IdParams, Page } from '../../../../common/contract/shared.ts';
import { isStaffRole } from '../../../../common/roles.ts';
import { access, authorize, signedInUser } from '../../plugins/auth.ts';
import { csvRow } from '../../lib/csv.ts';
import { pageWindow, toPage } from '../../lib/pagination.ts';
import { EXPORT_COLUMNS, exportRegistrations, listRegistrations, queueCounts } from './list-store.ts';
import { readStatus } from './review-store.ts';

/** Any onboarding page lets a list through the route's rule; the rows asked for decide (authorizeScope). */
const onboarding = { access: access.anyPage(...ONBOARDING_PAGES) };

/** The role must be allowed on every page the list's rows can be on. */
function authorizeScope(request: FastifyRequest, query: RegistrationExportQuery): void {
  for (const page of pagesOfScope({ stage: query.stage, status: query.status, queue: query.queue })) authorize(request, page);
}

export async function registrationRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get('/registrations/', { config: onboarding, schema: { querystring: RegistrationQuery, response: { 200: Page(RegistrationListItem) } } }, async (request) => {
    authorizeScope(request, request.query);
    const window = pageWindow(request.query);
    const { count, results } = await listRegistrations(app.db, request.query, request.query.sort, window);
    return toPage(request, window, count, results);
  });

  api.get('/registrations/export/', { config: { ...onboarding, rawResponse: true }, schema: { querystring: RegistrationExportQuery } }, async (request, reply) => {
    authorizeScope(request, request.query);
    const batches = exportRegistrations(app.db, request.query, request.query.sort);
    async function* lines() {
      yield csvRow(EXPORT_COLUMNS.map((column) => column.header));
      for await (const batch of batches) yield batch.map((item) => csvRow(EXPORT_COLUMNS.map((column) => column.value(item)))).join('');
    }
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${exportFileName(request.query.queue)}"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(lines()));
  });

  api.get('/registrations/counts/', { config: onboarding, schema: { response: { 200: RegistrationCounts } } }, async (request) => {
    const { role } = signedInUser(request);
    const visible = ONBOARDING_PAGES.filter((page) => isStaffRole(role) && canSee(role, page));
    const counts = await queueCounts(app.db);
    return { counts: Object.fromEntries(visible.map((page) => [page, counts[page]])) };
  });

  // The stepper belongs to the Registration page, whose rows link to it.
  api.get('/users/:userId/status', { config: { access: access.page('registrations') }, schema: { params: IdParams('userId'), response: { 200: UserStatusResponse } } }, async (request) =>
    readStatus(app.db, request.params.userId),
  );
}
