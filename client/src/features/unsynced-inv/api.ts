/** The Unsynced Inv page's calls (common/contract/invoices.ts) and cache keys; every key starts with 'invoices', which every write invalidates. */
import type { ClientListItem } from '../../../../common/contract/clients.ts';
import { clientPaths } from '../../../../common/contract/clients-paths.ts';
import type {
  CreditNoteBody,
  InvoiceDetail,
  InvoiceListItem,
  InvoiceQuery,
  InvoiceSummary,
  MarkSyncedBody,
  NewInvoiceBody,
  RegisterExportQuery,
  RegisterItem,
  RegisterQuery,
} from '../../../../common/contract/invoices.ts';
import { invoicePaths, registerExportFileName } from '../../../../common/contract/invoices-paths.ts';
import type { Page } from '../../../../common/contract/shared.ts';
import { dubaiDate } from '../../../../common/calendar.ts';
import { api } from '../../lib/api.ts';
import { saveFile } from '../../lib/save-file.ts';
import { refreshOnNotifications } from '../../lib/notification-events.ts';
import { useQuery } from '../../lib/use-query.ts';

export const invoiceKeys = {
  all: ['invoices'] as const,
  list: (query: InvoiceQuery) => ['invoices', 'list', query] as const,
  /** The 'All invoices' tab (every state). */
  register: (query: RegisterQuery) => ['invoices', 'register', query] as const,
  clientChoices: (search: string) => ['invoices', 'client-choices', search] as const,
  summary: ['invoices', 'summary'] as const,
  invoice: (invoiceId: number) => ['invoices', 'invoice', invoiceId] as const,
};

// Rows go and come live: an invoice that stops or syncs reads the list, its groups and the nav badge again.
refreshOnNotifications(['invoice_needs_attention', 'invoice_synced'], invoiceKeys.all);

type Headers = Record<string, string>;

export const fetchInvoices = (query: InvoiceQuery, signal: AbortSignal) => api<Page<InvoiceListItem>>(invoicePaths.list, { query, signal });

export const useInvoiceSummary = (enabled = true) => useQuery(invoiceKeys.summary, (signal) => api<InvoiceSummary>(invoicePaths.summary, { signal }), { enabled });

export const useInvoice = (invoiceId: number) =>
  useQuery(invoiceKeys.invoice(invoiceId), (signal) => api<InvoiceDetail>(invoicePaths.invoice(invoiceId), { signal }), { enabled: invoiceId > 0 });

export const retryInvoice = (invoiceId: number, version: number, headers: Headers) => api<InvoiceDetail>(invoicePaths.retry(invoiceId), { method: 'POST', body: { version }, headers });


export const markSynced = (invoiceId: number, body: MarkSyncedBody, headers: Headers) => api<InvoiceDetail>(invoicePaths.markSynced(invoiceId), { method: 'POST', body, headers });

export const fetchRegister = (query: RegisterQuery, signal: AbortSignal) => api<Page<RegisterItem>>(invoicePaths.all, { query, signal });

/** Every invoice matching the tab's filters as CSV (streamed by the back end). */
export async function downloadRegisterCsv(query: RegisterExportQuery): Promise<void> {
  saveFile(await api<Blob>(invoicePaths.allExport, { query, responseType: 'blob' }), registerExportFileName(dubaiDate()));
}

/** Clients to raise a one-off invoice for (the Clients list's search; ADMIN and bookkeepers, who raise them, see it). */
export const fetchClientChoices = (search: string, signal: AbortSignal) =>
  api<Page<ClientListItem>>(clientPaths.list, { query: { ...(search ? { search } : {}), status: 'active', page_size: 20 }, signal });

export const createInvoice = (body: NewInvoiceBody, headers: Headers) => api<InvoiceDetail>(invoicePaths.list, { method: 'POST', body, headers });
/** A credit note; with reissue, the whole invoice credited and a new one issued in its place (answers the new invoice). */
export const issueCreditNote = (invoiceId: number, body: CreditNoteBody, headers: Headers) => api<InvoiceDetail>(invoicePaths.creditNote(invoiceId), { method: 'POST', body, headers });

export const fetchInvoicePdf = (invoiceId: number) => api<Blob>(invoicePaths.pdf(invoiceId), { responseType: 'blob' });

/** How many invoices the signed-in user sees that need attention: the navigation badge. */
export function useNeedsAttentionCount(enabled: boolean): number {
  const summary = useInvoiceSummary(enabled);
  return enabled ? (summary.data?.needs_attention ?? 0) : 0;
}
