/**
 * /api/enquiries/...: the Website Enquiries inbox (ADMIN, BD_EXEC, BD_MANAGER, MARKETING), and
 * /api/public/enquiries/{kind}: the website's form post, without sign-in (the gateway's public path limits
 * its size and rate). Rules and SQL: store.ts.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { enquiriesEndpoints as endpoints } from '../../../../common/contract/enquiries.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { actionContext } from '../../lib/action.ts';
import { pageWindow, toPage } from '../../lib/pagination.ts';
import { route } from '../../lib/routes.ts';
import {
  addNote,
  assignEnquiry,
  changeStatus,
  convertToLead,
  enquiryAssignees,
  enquiryCounts,
  enquiryCsv,
  enquiryDetail,
  listEnquiries,
  mergeEnquiry,
  submitEnquiry,
} from './store.ts';

export async function enquiryRoutes(app: FastifyInstance): Promise<void> {
  const context = (request: FastifyRequest) => actionContext(request, signedInUser(request).id);

  // 202 whether stored or dropped (a filled honeypot): the website learns nothing it could tune a bot on.
  route(app, endpoints.publicSubmit, async (request, reply) => {
    await submitEnquiry(app.db, request.params.kind, request.body, request.ip ?? null);
    return reply.code(202).header('cache-control', 'no-store').send({ received: true });
  });

  route(app, endpoints.list, async (request) => {
    const window = pageWindow(request.query);
    const { page: _page, page_size: _size, ...filters } = request.query;
    const { count, results } = await listEnquiries(app.db, filters, window);
    return toPage(request, window, count, results);
  });

  route(app, endpoints.counts, async () => enquiryCounts(app.db));

  route(app, endpoints.assignees, async () => enquiryAssignees(app.db));

  route(app, endpoints.export, async (request, reply) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="website-enquiries-${new Date().toISOString().slice(0, 10)}.csv"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(enquiryCsv(app.db, request.query))),
  );

  route(app, endpoints.enquiry, async (request) => enquiryDetail(app.db, request.params.id));

  route(app, endpoints.status, async (request) =>
    changeStatus(app.db, request.params.id, request.body.status, request.body.reason, request.body.version, context(request)),
  );

  route(app, endpoints.assign, async (request) =>
    assignEnquiry(app.db, request.params.id, request.body.assignee_id, request.body.version, context(request)),
  );

  route(app, endpoints.notes, async (request) =>
    addNote(app.db, request.params.id, request.body.text, context(request)),
  );

  route(app, endpoints.merge, async (request) =>
    mergeEnquiry(app.db, request.params.id, request.body.into_id, request.body.version, context(request)),
  );

  route(app, endpoints.convert, async (request) =>
    convertToLead(app.db, request.params.id, request.body.version, context(request), signedInUser(request).role),
  );
}
