/** The invoices area's paths (relative to API_BASE) and its list vocabulary, plain code for the console. */
const segment = (value: string | number) => encodeURIComponent(String(value));

export const invoicePaths = {
  /** GET: invoices not yet in the accounting system (?state=&error=&search=&sort=&page=&page_size=); POST raises a one-off invoice (ADMIN, BOOKKEEPER). */
  list: 'invoices/',
  /** GET: every invoice and credit note the caller sees, in every state (?client=&status=&from=&to=&search=&sort=&page=): the 'All invoices' tab. */
  all: 'invoices/all/',
  /** GET: the same selection as CSV (formula-safe cells). */
  allExport: 'invoices/all/export',
  /** GET: the sync's status (on or off) and the unsynced invoices grouped by error kind, and the count needing attention. */
  summary: 'invoices/summary/',
  /** GET one invoice with its lines and attempts. */
  invoice: (invoiceId: number | string) => `invoices/${segment(invoiceId)}`,
  /** GET: the invoice as a PDF (?download=true for an attachment). */
  pdf: (invoiceId: number | string) => `invoices/${segment(invoiceId)}/pdf`,
  /** POST { version }: try again now (ADMIN, BOOKKEEPER). */
  retry: (invoiceId: number | string) => `invoices/${segment(invoiceId)}/retry`,
  /** POST { version, external_id, reason }: entered in the accounting system by hand (ADMIN). */
  markSynced: (invoiceId: number | string) => `invoices/${segment(invoiceId)}/mark-synced`,
  /** POST { version, reason, net_fils? }: a credit note against an issued invoice (ADMIN, BOOKKEEPER). */
  creditNote: (invoiceId: number | string) => `invoices/${segment(invoiceId)}/credit-note`,
  /** GET: the signed-in client's own invoices; and one's PDF. */
  mine: 'me/invoices/',
  myPdf: (invoiceId: number | string) => `me/invoices/${segment(invoiceId)}/pdf`,
} as const;

/**
 * The 'All invoices' status filter: issued (a tax invoice not yet in the accounting system), synced (a tax
 * invoice in it), credited (a tax invoice with a credit note against it), credit_note (the credit notes).
 */
export const REGISTER_STATUSES = ['issued', 'synced', 'credited', 'credit_note'] as const;
export type RegisterStatus = (typeof REGISTER_STATUSES)[number];
export const registerExportFileName = (today: string) => `invoices-${today}.csv`;

export const INVOICE_SORTS = ['issued_on', '-issued_on', 'number', '-number', 'total', '-total', 'client', '-client'] as const;
export type InvoiceSort = (typeof INVOICE_SORTS)[number];
export const DEFAULT_INVOICE_SORT: InvoiceSort = '-issued_on';
