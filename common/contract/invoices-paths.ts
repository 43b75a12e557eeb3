/** The invoices area's paths (relative to API_BASE) and its list vocabulary, plain code for the console. */
import type { AreaChanges } from './endpoint.ts';

export const invoicesRoutes = {
  /** Invoices not yet in the accounting system (?state=&error=&search=&sort=&page=&page_size=). */
  list: 'GET /invoices/',
  /** Raises a one-off invoice (ADMIN, BOOKKEEPER). */
  create: 'POST /invoices/',
  /** Every invoice and credit note the caller sees, in every state (?client=&status=&from=&to=&search=&sort=&page=): the 'All invoices' tab. */
  all: 'GET /invoices/all/',
  /** The same selection as CSV (formula-safe cells). */
  allExport: 'GET /invoices/all/export',
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
  /** { client_id, lines }: the e-invoice rules the invoice would break if issued now (the New invoice form asks before issuing). */
  check: 'POST /invoices/check',
} as const;

/**
 * The areas besides its own a write changes: a raised, credited or retried invoice leaves or joins someone's
 * work, and its e-invoice leaves or joins the E-invoices list.
 */
export const invoicesChanges = {
  create: ['work', 'einvoicing'],
  creditNote: ['work', 'einvoicing'],
  retry: ['work', 'einvoicing'],
  markSynced: ['einvoicing'],
} as const satisfies AreaChanges<typeof invoicesRoutes>;

/** The Unsynced Inv list's bulk action and its label (params schema: unsyncedInvBulkActions in invoices.ts). */
export const unsyncedInvBulkLabels = { retry: 'Retry now' } as const;

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
