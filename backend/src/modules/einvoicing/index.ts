/**
 * E-invoicing: each invoice's PINT AE document (made at issue by the invoices module through
 * createEinvoice), its validation, the worker that sends it through the Accredited Service Provider, and each
 * client's readiness for the mandate.
 */
import type { FastifyInstance } from 'fastify';
import type { BackendModule, ModuleOptions } from '../../lib/module.ts';
import { setupEinvoicing } from './jobs.ts';
import { einvoicingRoutes } from './routes.ts';
import { einvoicingWork } from './work.ts';

export { checkNewEinvoice, createEinvoice, refuseUnfixedTin } from './store.ts';
export { recordClientTin } from './readiness.ts';

async function routes(app: FastifyInstance, _options: ModuleOptions): Promise<void> {
  await einvoicingRoutes(app);
}

export const einvoicingModule: BackendModule = { name: 'einvoicing', setup: setupEinvoicing, routes, work: einvoicingWork };
