/**
 * /api/registrations/...: the onboarding lists, their CSV export and the per-page counts. A list is
 * guarded by the pages its rows can fall on (pagesOfScope, from the queue table in common/onboarding.ts).
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ONBOARDING_PAGES, exportFileName, pagesOfScope } from '../../../common/onboarding.ts';
import { REGISTRATION_SORTS, type RegistrationCounts, type RegistrationExportQuery, type RegistrationQuery } from '../../../common/api-contract.ts';
import { canSee } from '../../../common/access.ts';
import { isStaffRole } from '../../../common/roles.ts';
import { STAGES } from '../../../common/stages.ts';
import { authorize, signedInUser } from '../plugins/auth.ts';
import { HttpError } from '../lib/http-error.ts';
import { csvRow } from '../lib/csv.ts';
import { plainText } from '../lib/schemas.ts';
import { pageQuerySchema, pageWindow, toPage } from '../lib/pagination.ts';
import { EXPORT_COLUMNS, exportRegistrations, listRegistrations, queueCounts } from './registrations-store.ts';

const filterSchema = {
  stage: { type: 'string', enum: STAGES },
  status: { type: 'string', enum: ['active', 'inactive'] },
  queue: { type: 'string', enum: ONBOARDING_PAGES },
  search: plainText(200),
  sort: { type: 'string', enum: REGISTRATION_SORTS },
} as const;

/** The role must be allowed on every page the list's rows can be on. */
function authorizeScope(request: FastifyRequest<{ Querystring: RegistrationExportQuery }>): void {
  const { stage, status, queue } = request.query;
  for (const page of pagesOfScope({ stage, status, queue })) authorize(request, page);
}

export async function registrationRoutes(app: FastifyInstance) {
  app.get<{ Querystring: RegistrationQuery }>(
    '/registrations/',
    { schema: { querystring: { type: 'object', properties: { ...pageQuerySchema, ...filterSchema } } } },
    async (request) => {
      authorizeScope(request);
      const window = pageWindow(request.query);
      const { count, results } = await listRegistrations(app.db, request.query, request.query.sort, window);
      return toPage(request, window, count, results);
    },
  );

  app.get<{ Querystring: RegistrationExportQuery }>(
    '/registrations/export/',
    { schema: { querystring: { type: 'object', properties: filterSchema } } },
    async (request, reply) => {
      authorizeScope(request);
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
    },
  );

  app.get('/registrations/counts/', async (request): Promise<RegistrationCounts> => {
    const { role } = signedInUser(request);
    const visible = isStaffRole(role) ? ONBOARDING_PAGES.filter((page) => canSee(role, page)) : [];
    if (visible.length === 0) throw new HttpError(403, 'FORBIDDEN', 'Your role may not access this resource.');
    const counts = await queueCounts(app.db);
    return { counts: Object.fromEntries(visible.map((page) => [page, counts[page]])) };
  });
}
