/**
 * /api/enquiries/...: the Website Enquiries inbox (ADMIN, BD_EXEC, BD_MANAGER, MARKETING), and
 * /api/public/enquiries/{kind}: the website's form post, without sign-in (the gateway's public path limits
 * its size and rate). Rules and SQL: store.ts.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  ConvertResponse,
  EnquiryAssignBody,
  EnquiryCounts,
  EnquiryDetail,
  EnquiryExportQuery,
  EnquiryItem,
  EnquiryMergeBody,
  EnquiryQuery,
  EnquiryStatusBody,
  KindParams,
  NoteBody,
  PublicEnquiryBody,
  PublicReceipt,
  VersionBody,
} from '../../../../common/contract/enquiries.ts';
import { IdempotencyHeaders, IdParams, Page, PersonRef } from '../../../../common/contract/shared.ts';
import { access, signedInUser } from '../../plugins/auth.ts';
import { actionContext } from '../../lib/action.ts';
import { pageWindow, toPage } from '../../lib/pagination.ts';
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

const inbox = { access: access.page('contactus') };
const params = IdParams('id');

export async function enquiryRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const context = (request: FastifyRequest) => actionContext(request, signedInUser(request).id);

  // 202 whether stored or dropped (a filled honeypot): the website learns nothing it could tune a bot on.
  api.post('/public/enquiries/:kind', { config: { access: access.public }, schema: { params: KindParams, body: PublicEnquiryBody, response: { 202: PublicReceipt } } }, async (request, reply) => {
    await submitEnquiry(app.db, request.params.kind, request.body, request.ip ?? null);
    return reply.code(202).header('cache-control', 'no-store').send({ received: true });
  });

  api.get('/enquiries/', { config: inbox, schema: { querystring: EnquiryQuery, response: { 200: Page(EnquiryItem) } } }, async (request) => {
    const window = pageWindow(request.query);
    const { page: _page, page_size: _size, ...filters } = request.query;
    const { count, results } = await listEnquiries(app.db, filters, window);
    return toPage(request, window, count, results);
  });

  api.get('/enquiries/counts/', { config: inbox, schema: { response: { 200: EnquiryCounts } } }, async () => enquiryCounts(app.db));

  api.get('/enquiries/assignees/', { config: inbox, schema: { response: { 200: Type.Array(PersonRef) } } }, async () => enquiryAssignees(app.db));

  api.get('/enquiries/export/', { config: { ...inbox, rawResponse: true }, schema: { querystring: EnquiryExportQuery } }, async (request, reply) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="website-enquiries-${new Date().toISOString().slice(0, 10)}.csv"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(enquiryCsv(app.db, request.query))),
  );

  api.get('/enquiries/:id', { config: inbox, schema: { params, response: { 200: EnquiryDetail } } }, async (request) => enquiryDetail(app.db, request.params.id));

  api.post('/enquiries/:id/status', { config: inbox, schema: { params, headers: IdempotencyHeaders, body: EnquiryStatusBody, response: { 200: EnquiryItem } } }, async (request) =>
    changeStatus(app.db, request.params.id, request.body.status, request.body.reason, request.body.version, context(request)),
  );

  api.post('/enquiries/:id/assign', { config: inbox, schema: { params, headers: IdempotencyHeaders, body: EnquiryAssignBody, response: { 200: EnquiryItem } } }, async (request) =>
    assignEnquiry(app.db, request.params.id, request.body.assignee_id, request.body.version, context(request)),
  );

  api.post('/enquiries/:id/notes', { config: inbox, schema: { params, headers: IdempotencyHeaders, body: NoteBody, response: { 200: EnquiryDetail } } }, async (request) =>
    addNote(app.db, request.params.id, request.body.text, context(request)),
  );

  api.post('/enquiries/:id/merge', { config: inbox, schema: { params, headers: IdempotencyHeaders, body: EnquiryMergeBody, response: { 200: EnquiryItem } } }, async (request) =>
    mergeEnquiry(app.db, request.params.id, request.body.into_id, request.body.version, context(request)),
  );

  api.post('/enquiries/:id/convert', { config: inbox, schema: { params, headers: IdempotencyHeaders, body: VersionBody, response: { 200: ConvertResponse } } }, async (request) =>
    convertToLead(app.db, request.params.id, request.body.version, context(request), signedInUser(request).role),
  );
}
