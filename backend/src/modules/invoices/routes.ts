/**
 * /api/invoices/... (the Unsynced Inv page's roles read; writes are ADMIN and the client's bookkeeper, 'Mark as
 * synced' ADMIN only: the stores decide) and /api/me/invoices/ (a CLIENT's own invoices and their PDFs).
 */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { invoicesEndpoints as endpoints } from '../../../../common/contract/invoices.ts';
import { registerExportFileName } from '../../../../common/contract/invoices-paths.ts';
import { dubaiDate } from '../../../../common/calendar.ts';
import { csvHeader, csvLine } from '../../lib/csv.ts';
import { exportRegister, listRegister, REGISTER_COLUMNS } from './register-store.ts';
import { actionContext } from '../../lib/action.ts';
import { sendFile } from '../../lib/documents.ts';
import { pageWindow, toPage } from '../../lib/pagination.ts';
import { route } from '../../lib/routes.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { isVisibleTo } from '../clients/index.ts';
import { renderInvoicePdf } from './pdf.ts';
import * as store from './store.ts';

export async function invoiceRoutes(app: FastifyInstance) {
  const actor = (request: Parameters<typeof signedInUser>[0]) => actionContext(request, signedInUser(request).id);

  route(app, endpoints.list, async (request) => {
    const window = pageWindow(request.query);
    const { count, results } = await store.listUnsynced(app.db, signedInUser(request), request.query, window);
    return toPage(request, window, count, results);
  });

  route(app, endpoints.create, async (request, reply) => {
    const user = signedInUser(request);
    return reply.code(201).send(await store.raiseInvoice(app.db, user, request.body, actor(request)));
  });

  route(app, endpoints.check, async (request) => store.checkInvoice(app.db, signedInUser(request), request.body));

  route(app, endpoints.all, async (request) => {
    const window = pageWindow(request.query);
    const { count, results } = await listRegister(app.db, signedInUser(request), request.query, window);
    return toPage(request, window, count, results);
  });

  route(app, endpoints.allExport, async (request, reply) => {
    const batches = exportRegister(app.db, signedInUser(request), request.query);
    async function* lines() {
      yield csvHeader(REGISTER_COLUMNS);
      for await (const batch of batches) yield batch.map((row) => csvLine(REGISTER_COLUMNS, row)).join('');
    }
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${registerExportFileName(dubaiDate())}"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(lines()));
  });

  route(app, endpoints.summary, async (request) =>
    store.unsyncedSummary(app.db, signedInUser(request), app.invoiceSyncEnabled),
  );

  route(app, endpoints.invoice, async (request) =>
    store.readInvoice(app.db, signedInUser(request), request.params.invoiceId),
  );

  route(app, endpoints.pdf, async (request, reply) => {
    const user = signedInUser(request);
    const invoice = await store.printableInvoice(app.db, request.params.invoiceId, (row) => isVisibleTo(user, row));
    const content = await renderInvoicePdf(invoice);
    return sendFile(reply, { file_name: `${invoice.number}.pdf`, content_type: 'application/pdf', content }, request.query.download === true);
  });

  route(app, endpoints.retry, async (request) =>
    store.retryInvoice(app.db, signedInUser(request), request.params.invoiceId, request.body.version, actor(request)),
  );

  route(app, endpoints.markSynced, async (request) =>
    store.markSynced(app.db, signedInUser(request), request.params.invoiceId, request.body, actor(request)),
  );

  route(app, endpoints.creditNote, async (request, reply) =>
    reply.code(201).send(await store.issueCreditNote(app.db, signedInUser(request), request.params.invoiceId, request.body, actor(request))),
  );

  // The client's own: found by the caller's user id, never by a parameter naming the client.
  route(app, endpoints.mine, async (request) => {
    const window = pageWindow(request.query);
    const { count, results } = await store.myInvoices(app.db, signedInUser(request).id, window);
    return toPage(request, window, count, results);
  });

  route(app, endpoints.myPdf, async (request, reply) => {
    const user = signedInUser(request);
    const invoice = await store.printableInvoice(app.db, request.params.invoiceId, (row) => row.user_id === user.id);
    const content = await renderInvoicePdf(invoice);
    return sendFile(reply, { file_name: `${invoice.number}.pdf`, content_type: 'application/pdf', content }, request.query.download === true);
  });
}
