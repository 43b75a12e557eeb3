/** The e-invoicing area's paths (relative to API_BASE), plain code for the console. */
import type { AreaChanges } from './endpoint.ts';

export const einvoicingRoutes = {
  /** The invoice's PINT AE document as issued (application/xml; ?download=true for an attachment). */
  xml: 'GET /invoices/:invoiceId/einvoice',
  /** Its state with the ASP, the rules it fails, its history and whether it is overdue. */
  status: 'GET /invoices/:invoiceId/einvoice/status',
  /** { version }: send it (again) now (ADMIN, the client's bookkeeper). */
  send: 'POST /invoices/:invoiceId/einvoice/send',
  /** Whether e-invoicing is on, and the counts of documents needing attention and overdue. */
  summary: 'GET /einvoices/summary/',
  /** The e-invoices needing attention (rejected, failing the rules, or overdue), newest first. */
  attention: 'GET /einvoices/',
  /** A client's own readiness for the mandate: TIN, revenue band, ASP appointed, deadlines. */
  clientReadiness: 'GET /clients/:clientId/einvoicing',
  /** { version?, tin, revenue_band, asp_name, asp_appointed_on } (ADMIN, the client's bookkeeper). */
  updateClientReadiness: 'PUT /clients/:clientId/einvoicing',
} as const;

/**
 * An e-invoice is its invoice's: a send changes the invoice's row and drawer. A client's TIN, band and ASP move
 * its deadlines (the client's page) and what the next invoice carries.
 */
export const einvoicingChanges = {
  send: ['invoices'],
  updateClientReadiness: ['invoices', 'clients'],
} as const satisfies AreaChanges<typeof einvoicingRoutes>;
