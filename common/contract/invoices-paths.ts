/** The invoices area's paths (relative to API_BASE) and its list vocabulary, plain code for the console. */

export const invoicesRoutes = {
  /** Invoices not yet in the accounting system (?state=&error=&search=&sort=&page=&page_size=). */
  list: 'GET /invoices/',
  /** Raises a one-off invoice (ADMIN, BOOKKEEPER). */
  create: 'POST /invoices/',
  /** The sync's status (on or off) and the unsynced invoices grouped by error kind, and the count needing attention. */
  summary: 'GET /invoices/summary/',
  /** One invoice with its lines and attempts. */
  invoice: 'GET /invoices/:invoiceId',
  /** The invoice as a PDF (?download=true for an attachment). */
  pdf: 'GET /invoices/:invoiceId/pdf',
  /** { version }: try again now (ADMIN, BOOKKEEPER). */
  retry: 'POST /invoices/:invoiceId/retry',
  /** { version, external_id, reason }: entered in the accounting system by hand (ADMIN). */
  markSynced: 'POST /invoices/:invoiceId/mark-synced',
  /** { version, reason, net_fils? }: a credit note against an issued invoice (ADMIN, BOOKKEEPER). */
  creditNote: 'POST /invoices/:invoiceId/credit-note',
  /** The signed-in client's own invoices; and one's PDF. */
  mine: 'GET /me/invoices/',
  myPdf: 'GET /me/invoices/:invoiceId/pdf',
} as const;

export const INVOICE_SORTS = ['issued_on', '-issued_on', 'number', '-number', 'total', '-total', 'client', '-client'] as const;
export type InvoiceSort = (typeof INVOICE_SORTS)[number];
export const DEFAULT_INVOICE_SORT: InvoiceSort = '-issued_on';
