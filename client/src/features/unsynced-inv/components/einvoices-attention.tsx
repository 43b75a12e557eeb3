/**
 * The 'E-invoices' tab beside Unsynced Inv: the e-invoices needing attention (rejected by the ASP,
 * failing the PINT AE rules, or not reported within 14 days of the invoice date), newest first, paged in the
 * URL (?tab=einvoices&page=); a row's number opens the invoice's drawer, where they are sent again or
 * corrected by a credit note and a new invoice.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { EinvoiceListItem } from '../../../../../common/contract/einvoicing.ts';
import { formatIsoDate } from '../../../../../common/calendar.ts';
import { EINVOICE_STATE_LABELS } from '../../../../../common/einvoicing.ts';
import { DEFAULT_PAGE_SIZE } from '../../../../../common/contract/http.ts';
import { formatFils } from '../../../../../common/money.ts';
import { type Column } from '../../../components/data-table.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { choiceField, integerField } from '../../../lib/url-list-state.ts';
import { useListController } from '../../../lib/use-list-controller.ts';
import { einvoicing, useEinvoiceSummary } from '../api.ts';
import { EINVOICE_VARIANTS } from './einvoice-section.tsx';
import { InvoiceDrawer } from './invoice-drawer.tsx';

const schema = {
  tab: choiceField(['unsynced', 'all', 'einvoices'] as const, 'unsynced'),
  page: integerField(1),
  invoice: integerField(0, 0),
};

export function EinvoicesAttention({ canWrite, canMarkSynced }: { canWrite: boolean; canMarkSynced: boolean }) {
  useSignals();
  const list = useListController({
    endpoint: einvoicing.attention,
    schema,
    // The tab and the open invoice are the page's, not the list's: the endpoint is asked for the page only.
    query: (view) => ({ page: view.page, page_size: DEFAULT_PAGE_SIZE }),
    recordParams: ['invoice'],
  });
  const { view, update } = list;
  const summary = useEinvoiceSummary();
  const columns: Column<EinvoiceListItem>[] = [
    {
      id: 'number',
      header: 'Number',
      fit: true,
      cell: (row) => (
        <button type="button" className="unsynced__open" onClick={() => update({ invoice: row.invoice_id, page: view.page })}>
          {row.number}
        </button>
      ),
    },
    { id: 'client', header: 'Client', span: 2, cell: (row) => row.client.legal_name },
    { id: 'total', header: 'Amount', fit: true, cell: (row) => <span className="unsynced__amount">{formatFils(row.kind === 'credit_note' ? -row.total_fils : row.total_fils)}</span> },
    { id: 'issued', header: 'Issued', fit: true, cell: (row) => formatIsoDate(row.issued_on) },
    {
      id: 'state',
      header: 'E-invoice',
      cell: (row) => (
        <span className="unsynced__state">
          <StatusChip variant={EINVOICE_VARIANTS[row.state]}>{EINVOICE_STATE_LABELS[row.state]}</StatusChip>
          {row.overdue && <StatusChip variant="amber">Overdue</StatusChip>}
        </span>
      ),
    },
    {
      id: 'rules',
      header: 'Rules',
      span: 2,
      cell: (row) => {
        const text = row.failures.map((failure) => `${failure.rule} (${failure.field})`).join(', ');
        return <span className="unsynced__error" title={text || undefined}>{text || '-'}</span>;
      },
    },
  ];
  return (
    <>
      {summary.data && !summary.data.enabled && (
        <p className="unsynced__notice" role="status">
          E-invoicing is off: no Accredited Service Provider is configured (EINVOICING_ASP_URL and the rest), so e-invoices are not sent.
        </p>
      )}
      <ListTable<EinvoiceListItem>
        label="E-invoices needing attention"
        rowLabel={(row) => `${row.number} ${row.client.legal_name}`}
        columns={columns}
        rowKey={(row) => row.invoice_id}
        list={list}
      />
      {view.invoice > 0 && <InvoiceDrawer invoiceId={view.invoice} canMarkSynced={canMarkSynced} canCredit={canWrite} onOpen={(invoice) => update({ invoice })} onClose={() => update({ invoice: 0, page: view.page })} />}
    </>
  );
}
