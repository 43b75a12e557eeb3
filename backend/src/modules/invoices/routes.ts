/**
 * /api/invoices/... (the Unsynced Inv page's roles read; writes are ADMIN and the client's bookkeeper, 'Mark as
 * synced' ADMIN only: the stores decide) and /api/me/invoices/ (a CLIENT's own invoices and their PDFs).
 */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CreditNoteBody,
  InvoiceDetail,
  InvoiceListItem,
  InvoiceQuery,
  InvoiceSummary,
  MarkSyncedBody,
  MyInvoice,
  MyInvoiceQuery,
  NewInvoiceBody,
  PdfQuery,
  RegisterExportQuery,
  RegisterItem,
  RegisterQuery,
  RetryBody,
} from '../../../../common/contract/invoices.ts';
import { registerExportFileName } from '../../../../common/contract/invoices-paths.ts';
import { dubaiDate } from '../../../../common/calendar.ts';
import { csvRow } from '../../lib/csv.ts';
import { exportRegister, listRegister, REGISTER_COLUMNS } from './register-store.ts';
import { IdempotencyHeaders, IdParams, Page } from '../../../../common/contract/shared.ts';
import { actionContext } from '../../lib/action.ts';
import { sendFile } from '../../lib/documents.ts';
import { pageWindow, toPage } from '../../lib/pagination.ts';
import { access, signedInUser } from '../../plugins/auth.ts';
import { isVisibleTo } from '../clients/index.ts';
import { renderInvoicePdf } from './pdf.ts';
import * as store from './store.ts';

const config = { access: access.page('unsynced-inv') };
const params = IdParams('invoiceId');

export async function invoiceRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const actor = (request: Parameters<typeof signedInUser>[0]) => actionContext(request, signedInUser(request).id);

  api.get('/invoices/', { config, schema: { querystring: InvoiceQuery, response: { 200: Page(InvoiceListItem) } } }, async (request) => {
    const window = pageWindow(request.query);
    const { count, results } = await store.listUnsynced(app.db, signedInUser(request), request.query, window);
    return toPage(request, window, count, results);
  });

  api.post('/invoices/', { config, schema: { headers: IdempotencyHeaders, body: NewInvoiceBody, response: { 201: InvoiceDetail } } }, async (request, reply) => {
    const user = signedInUser(request);
    return reply.code(201).send(await store.raiseInvoice(app.db, user, request.body, actor(request)));
  });

  api.get('/invoices/all/', { config, schema: { querystring: RegisterQuery, response: { 200: Page(RegisterItem) } } }, async (request) => {
    const window = pageWindow(request.query);
    const { count, results } = await listRegister(app.db, signedInUser(request), request.query, window);
    return toPage(request, window, count, results);
  });

  api.get('/invoices/all/export', { config: { ...config, rawResponse: true }, schema: { querystring: RegisterExportQuery } }, async (request, reply) => {
    const batches = exportRegister(app.db, signedInUser(request), request.query);
    async function* lines() {
      yield csvRow(REGISTER_COLUMNS.map((column) => column.header));
      for await (const batch of batches) yield batch.map((row) => csvRow(REGISTER_COLUMNS.map((column) => column.value(row)))).join('');
    }
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${registerExportFileName(dubaiDate())}"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(lines()));
  });

  api.get('/invoices/summary/', { config, schema: { response: { 200: InvoiceSummary } } }, async (request) =>
    store.unsyncedSummary(app.db, signedInUser(request), app.invoiceSyncEnabled),
  );

  api.get('/invoices/:invoiceId', { config, schema: { params, response: { 200: InvoiceDetail } } }, async (request) =>
    store.readInvoice(app.db, signedInUser(request), request.params.invoiceId),
  );

  api.get('/invoices/:invoiceId/pdf', { config: { ...config, rawResponse: true }, schema: { params, querystring: PdfQuery } }, async (request, reply) => {
    const user = signedInUser(request);
    const invoice = await store.printableInvoice(app.db, request.params.invoiceId, (row) => isVisibleTo(user, row));
    const content = await renderInvoicePdf(invoice);
    return sendFile(reply, { file_name: `${invoice.number}.pdf`, content_type: 'application/pdf', content }, request.query.download === true);
  });

  api.post('/invoices/:invoiceId/retry', { config, schema: { params, headers: IdempotencyHeaders, body: RetryBody, response: { 200: InvoiceDetail } } }, async (request) =>
    store.retryInvoice(app.db, signedInUser(request), request.params.invoiceId, request.body.version, actor(request)),
  );

  api.post('/invoices/:invoiceId/mark-synced', { config, schema: { params, headers: IdempotencyHeaders, body: MarkSyncedBody, response: { 200: InvoiceDetail } } }, async (request) =>
    store.markSynced(app.db, signedInUser(request), request.params.invoiceId, request.body, actor(request)),
  );

  api.post('/invoices/:invoiceId/credit-note', { config, schema: { params, headers: IdempotencyHeaders, body: CreditNoteBody, response: { 201: InvoiceDetail } } }, async (request, reply) =>
    reply.code(201).send(await store.issueCreditNote(app.db, signedInUser(request), request.params.invoiceId, request.body, actor(request))),
  );

  // The client's own: found by the caller's user id, never by a parameter naming the client.
  api.get('/me/invoices/', { config: { access: access.client }, schema: { querystring: MyInvoiceQuery, response: { 200: Page(MyInvoice) } } }, async (request) => {
    const window = pageWindow(request.query);
    const { count, results } = await store.myInvoices(app.db, signedInUser(request).id, window);
    return toPage(request, window, count, results);
  });

  api.get('/me/invoices/:invoiceId/pdf', { config: { access: access.client, rawResponse: true }, schema: { params, querystring: PdfQuery } }, async (request, reply) => {
    const user = signedInUser(request);
    const invoice = await store.printableInvoice(app.db, request.params.invoiceId, (row) => row.user_id === user.id);
    const content = await renderInvoicePdf(invoice);
    return sendFile(reply, { file_name: `${invoice.number}.pdf`, content_type: 'application/pdf', content }, request.query.download === true);
  });
}
