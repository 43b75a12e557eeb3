/** /api/invoices/:id/einvoice... and /api/einvoices/: an invoice's PINT AE document, its state, sending it again. */
import type { FastifyInstance } from 'fastify';
import { einvoicingEndpoints as endpoints } from '../../../../common/contract/einvoicing.ts';
import { actionContext } from '../../lib/action.ts';
import { sendFile } from '../../lib/documents.ts';
import { pageWindow, toPage } from '../../lib/pagination.ts';
import { route } from '../../lib/routes.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { readReadiness, updateReadiness } from './readiness.ts';
import * as store from './store.ts';

export async function einvoicingRoutes(app: FastifyInstance) {
  const actor = (request: Parameters<typeof signedInUser>[0]) => actionContext(request, signedInUser(request).id);

  route(app, endpoints.xml, async (request, reply) => {
    const { number, xml } = await store.readXml(app.db, signedInUser(request), request.params.invoiceId);
    return sendFile(reply, { file_name: `${number}.xml`, content_type: 'application/xml', content: Buffer.from(xml, 'utf8') }, request.query.download === true);
  });

  route(app, endpoints.status, async (request) => store.readStatus(app.db, signedInUser(request), request.params.invoiceId, app.einvoicingEnabled));

  route(app, endpoints.send, async (request) =>
    store.sendEinvoice(app.db, signedInUser(request), request.params.invoiceId, request.body.version, actor(request), app.einvoicingEnabled),
  );

  route(app, endpoints.summary, async (request) => store.summary(app.db, signedInUser(request), app.einvoicingEnabled));

  route(app, endpoints.attention, async (request) => {
    const window = pageWindow(request.query);
    const { count, results } = await store.listAttention(app.db, signedInUser(request), window);
    return toPage(request, window, count, results);
  });

  route(app, endpoints.clientReadiness, async (request) => readReadiness(app.db, signedInUser(request), request.params.clientId));

  route(app, endpoints.updateClientReadiness, async (request) => updateReadiness(app.db, signedInUser(request), request.params.clientId, request.body, actor(request)));
}
