/**
 * Invoices: tax invoices for subscription periods and one-off fees, credit notes, their PDFs, and the sync to
 * the accounting system (Zoho Books) with the Unsynced Inv page's reads and actions.
 */
import type { FastifyInstance } from 'fastify';
import type { BackendModule, ModuleOptions } from '../../lib/module.ts';
import { setupInvoiceJobs } from './jobs.ts';
import { invoiceRoutes } from './routes.ts';
import { invoicesWork } from './work.ts';

export { invoiceDueSubscriptions, issueInvoice } from './store.ts';

async function routes(app: FastifyInstance, _options: ModuleOptions): Promise<void> {
  await invoiceRoutes(app);
}

export const invoicesModule: BackendModule = { name: 'invoices', setup: setupInvoiceJobs, routes, work: invoicesWork };
