/**
 * The Unsynced Inv page's calls (common/contract/invoices.ts, einvoicing.ts) and cache keys. Every key but the
 * E-invoices list's (keyOf, under 'einvoicing') starts with 'invoices'; each write changes both (invoicesChanges, einvoicingChanges).
 */
import { clientEndpoints, keyOf } from '../../lib/endpoints.ts';
import type { clientsEndpoints } from '../../../../common/contract/clients.ts';
import { clientsRoutes } from '../../../../common/contract/clients-paths.ts';
import type { CreditNoteBody, invoicesEndpoints, MarkSyncedBody, NewInvoiceBody, RegisterExportQuery } from '../../../../common/contract/invoices.ts';
import { invoicesChanges, invoicesRoutes, registerExportFileName } from '../../../../common/contract/invoices-paths.ts';
import type { ClientReadinessBody, einvoicingEndpoints } from '../../../../common/contract/einvoicing.ts';
import { einvoicingChanges, einvoicingRoutes } from '../../../../common/contract/einvoicing-paths.ts';
import { dubaiDate } from '../../../../common/calendar.ts';
import { call } from '../../lib/call.ts';
import { saveFile } from '../../lib/save-file.ts';
import { refreshOnNotifications, refreshOnRecordChange } from '../../lib/notification-events.ts';
import { useQuery } from '../../lib/use-query.ts';

export const invoices = clientEndpoints<typeof invoicesEndpoints>('invoices', invoicesRoutes, invoicesChanges);
const clients = clientEndpoints<typeof clientsEndpoints>('clients', clientsRoutes);
export const einvoicing = clientEndpoints<typeof einvoicingEndpoints>('einvoicing', einvoicingRoutes, einvoicingChanges);

export const invoiceKeys = {
  all: ['invoices'] as const,
  clientChoices: (search: string) => ['invoices', 'client-choices', search] as const,
  check: (body: NewInvoiceBody) => ['invoices', 'check', body] as const,
  summary: ['invoices', 'summary'] as const,
  invoice: (invoiceId: number) => ['invoices', 'invoice', invoiceId] as const,
  // E-invoicing: under 'invoices' too, so an invoice's writes (a credit note, a reissue) read them again.
  einvoice: (invoiceId: number) => ['invoices', 'einvoice', invoiceId] as const,
  einvoiceSummary: ['invoices', 'einvoice-summary'] as const,
};

// The invoice drawer follows a change made to its invoice elsewhere.
refreshOnRecordChange('invoice', ({ id }) => [invoiceKeys.invoice(id), ['invoices', 'list']]);

// Rows go and come live: an invoice that stops or syncs reads the list, its groups and the nav badge again.
const liveKinds = ['invoice_needs_attention', 'invoice_synced', 'einvoice_rejected'] as const;
refreshOnNotifications(liveKinds, invoiceKeys.all);
refreshOnNotifications(liveKinds, keyOf(einvoicing.attention));

type Headers = Record<string, string>;


export const useInvoiceSummary = (enabled = true) => useQuery(invoiceKeys.summary, (signal) => call(invoices.summary, { signal }), { enabled });

export const useInvoice = (invoiceId: number) =>
  useQuery(invoiceKeys.invoice(invoiceId), (signal) => call(invoices.invoice, { params: { invoiceId }, signal }), { enabled: invoiceId > 0 });

export const retryInvoice = (invoiceId: number, version: number, headers: Headers) => call(invoices.retry, { params: { invoiceId }, body: { version }, headers });


export const markSynced = (invoiceId: number, body: MarkSyncedBody, headers: Headers) => call(invoices.markSynced, { params: { invoiceId }, body, headers });


/** Every invoice matching the tab's filters as CSV (streamed by the back end). */
export async function downloadRegisterCsv(query: RegisterExportQuery): Promise<void> {
  saveFile(await call(invoices.allExport, { query, responseType: 'blob' }), registerExportFileName(dubaiDate()));
}

/** Clients to raise a one-off invoice for (the Clients list's search; ADMIN and bookkeepers, who raise them, see it). */
export const fetchClientChoices = (search: string, signal: AbortSignal) =>
  call(clients.list, { query: { ...(search ? { search } : {}), status: 'active', page_size: 20 }, signal });

export const createInvoice = (body: NewInvoiceBody, headers: Headers) => call(invoices.create, { body, headers });
/** The e-invoice rules the invoice would break if issued now (the form asks before 'Issue invoice'). */
export const checkInvoice = (body: NewInvoiceBody, signal: AbortSignal) => call(invoices.check, { body, signal });
/** A credit note; with reissue, the whole invoice credited and a new one issued in its place (answers the new invoice). */
export const issueCreditNote = (invoiceId: number, body: CreditNoteBody, headers: Headers) => call(invoices.creditNote, { params: { invoiceId }, body, headers });

export const fetchInvoicePdf = (invoiceId: number) => call(invoices.pdf, { params: { invoiceId }, responseType: 'blob' });

export const useEinvoiceSummary = (enabled = true) => useQuery(invoiceKeys.einvoiceSummary, (signal) => call(einvoicing.summary, { signal }), { enabled });

/** How many invoices the signed-in user sees that need attention (unsynced, and e-invoices rejected, failing the rules or overdue): the navigation badge. */
export function useNeedsAttentionCount(enabled: boolean): number {
  const summary = useInvoiceSummary(enabled);
  const einvoices = useEinvoiceSummary(enabled);
  return enabled ? (summary.data?.needs_attention ?? 0) + (einvoices.data?.attention ?? 0) : 0;
}

// E-invoicing
export const useEinvoice = (invoiceId: number) => useQuery(invoiceKeys.einvoice(invoiceId), (signal) => call(einvoicing.status, { params: { invoiceId }, signal }), { enabled: invoiceId > 0 });
export const sendEinvoice = (invoiceId: number, version: number, headers: Headers) => call(einvoicing.send, { params: { invoiceId }, body: { version }, headers });
export const fetchEinvoiceXml = (invoiceId: number) => call(einvoicing.xml, { params: { invoiceId }, query: { download: true }, responseType: 'blob' });
export const fetchClientReadiness = (clientId: number, signal: AbortSignal) => call(einvoicing.clientReadiness, { params: { clientId }, signal });
export const updateClientReadiness = (clientId: number, body: ClientReadinessBody, headers: Headers) => call(einvoicing.updateClientReadiness, { params: { clientId }, body, headers });

/** Clients to raise a one-off invoice for, by the dialog's search (trimmed, lower case: one key per search). */
export const useClientChoices = (search: string) => useQuery(invoiceKeys.clientChoices(search), (signal) => fetchClientChoices(search, signal), { keepPrevious: true });
/** The e-invoice rules a draft would break; nothing is asked while the form is incomplete (body null). */
export const useInvoiceCheck = (body: NewInvoiceBody | null) =>
  useQuery(invoiceKeys.check(body ?? { client_id: 0, lines: [] }), (signal) => checkInvoice(body!, signal), { enabled: body !== null, keepPrevious: true });
