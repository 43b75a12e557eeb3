/**
 * The 'All invoices' tab beside Unsynced Inv: every tax invoice and credit note the user sees, in
 * every state, by client (a row's client narrows to it), status, e-invoice state, issue period and search, sorted and paged in
 * the URL (?tab=all&...), exported as CSV with the same filters; a row's number opens the drawer (retry, PDF,
 * credit note); 'New invoice' raises a one-off invoice (ADMIN, bookkeepers).
 */
import { Suspense, lazy, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { formatIsoDate } from '../../../../../common/calendar.ts';
import type { RegisterExportQuery, RegisterItem, RegisterQuery } from '../../../../../common/contract/invoices.ts';
import { DEFAULT_INVOICE_SORT, INVOICE_SORTS, REGISTER_STATUSES, type InvoiceSort, type RegisterStatus } from '../../../../../common/contract/invoices-paths.ts';
import { DEFAULT_PAGE_SIZE, MAX_SEARCH_LENGTH } from '../../../../../common/contract/http.ts';
import { EINVOICE_STATES, EINVOICE_STATE_LABELS, type EinvoiceState } from '../../../../../common/einvoicing.ts';
import { SYNC_STATE_LABELS } from '../../../../../common/invoices.ts';
import { formatFils } from '../../../../../common/money.ts';
import { invoiceFields } from '../../../../../common/contract/invoices-fields.ts';
import { Button } from '../../../components/button.tsx';
import { type Column } from '../../../components/data-table.tsx';
import { FilterChip } from '../../../components/filter-chip.tsx';
import { Icon } from '../../../components/icon.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { choiceField, integerField, textField, type Field, type ListView } from '../../../lib/url-list-state.ts';
import { useListController } from '../../../lib/use-list-controller.ts';
import { downloadRegisterCsv, invoices } from '../api.ts';
import { STATE_VARIANTS } from '../model.ts';
import { InvoiceDrawer } from './invoice-drawer.tsx';
import { EINVOICE_VARIANTS } from './einvoice-section.tsx';
import { DateFilter, FilterSelect } from '../../../components/select.tsx';
import { ListTable } from '../../../components/list-table.tsx';

const NewInvoiceDialog = lazy(() => import('./new-invoice-dialog.tsx').then((module) => ({ default: module.NewInvoiceDialog })));

const ALL = 'all';
const STATUS_LABELS: Record<RegisterStatus, string> = { issued: 'Issued, not synced', synced: 'Synced', credited: 'Credited', credit_note: 'Credit notes' };
const dateField: Field<string> = { defaultValue: '', parse: (raw) => (/^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : undefined), format: (value) => value };

const schema = {
  tab: choiceField(['unsynced', 'all'] as const, 'unsynced'),
  search: textField({ lowerCase: true, maxLength: MAX_SEARCH_LENGTH }),
  page: integerField(1),
  sort: choiceField<InvoiceSort>(INVOICE_SORTS, DEFAULT_INVOICE_SORT),
  status: choiceField<'all' | RegisterStatus>([ALL, ...REGISTER_STATUSES], ALL),
  einvoice: choiceField<'all' | EinvoiceState>([ALL, ...EINVOICE_STATES], ALL),
  client: integerField(0, 0),
  from: dateField,
  to: dateField,
  invoice: integerField(0, 0),
};
type View = ListView<typeof schema>;

const filtersOf = (view: View): RegisterExportQuery => ({
  ...(view.search ? { search: view.search } : {}),
  ...(view.status !== ALL ? { status: view.status } : {}),
  ...(view.einvoice !== ALL ? { einvoice: view.einvoice } : {}),
  ...(view.client > 0 ? { client: view.client } : {}),
  ...(view.from ? { from: view.from } : {}),
  ...(view.to ? { to: view.to } : {}),
  sort: view.sort,
});
const queryOf = (view: View): RegisterQuery => ({ ...filtersOf(view), page: view.page, page_size: DEFAULT_PAGE_SIZE });

export function AllInvoices({ canWrite, canMarkSynced }: { canWrite: boolean; canMarkSynced: boolean }) {
  useSignals();
  const list = useListController({
    schema,
    endpoint: invoices.all,
    query: queryOf,
    exportRows: (view) => downloadRegisterCsv(filtersOf(view)),
    recordParams: ['invoice'],
  });
  const { view, update } = list;
  const [creating, setCreating] = useState(false);
  // The name of the client the list is narrowed to, from the row it was picked on.
  const [clientName, setClientName] = useState<string | null>(null);
  const shownClient = view.client > 0 ? (list.rows?.find((row) => row.client.id === view.client)?.client.legal_name ?? clientName ?? `Client ${view.client}`) : null;

  const columns: Column<RegisterItem>[] = [
    {
      id: 'number',
      header: 'Number',
      fit: true,
      sortKey: 'number',
      cell: (row) => (
        <button type="button" className="unsynced__open" onClick={() => update({ invoice: row.id, page: view.page })}>
          {row.number}
        </button>
      ),
    },
    {
      id: 'client',
      header: 'Client',
      span: 2,
      sortKey: 'client',
      cell: (row) => (
        <button
          type="button"
          className="link-button"
          title="Only this client's invoices"
          onClick={() => {
            setClientName(row.client.legal_name);
            update({ client: row.client.id });
          }}
        >
          {row.client.legal_name}
        </button>
      ),
    },
    { id: 'issued', header: 'Issued', fit: true, sortKey: 'issued_on', cell: (row) => formatIsoDate(row.issued_on) },
    { id: 'total', header: 'Total', fit: true, sortKey: 'total', cell: (row) => <span className="unsynced__amount">{formatFils(row.kind === 'credit_note' ? -row.total_fils : row.total_fils)}</span> },
    {
      id: 'kind',
      header: 'Status',
      cell: (row) => (
        <span className="unsynced__state">
          {row.kind === 'credit_note' ? (
            <StatusChip variant="purple">Credit note{row.credited_invoice ? ` of ${row.credited_invoice.number}` : ''}</StatusChip>
          ) : row.credited_fils > 0 ? (
            <StatusChip variant="amber">{row.credited_fils >= row.total_fils ? 'Credited' : `Credited ${formatFils(row.credited_fils)}`}</StatusChip>
          ) : (
            <StatusChip variant="neutral">Issued</StatusChip>
          )}
        </span>
      ),
    },
    { id: 'sync', header: 'Sync', fit: true, cell: (row) => <StatusChip variant={STATE_VARIANTS[row.sync_state]}>{SYNC_STATE_LABELS[row.sync_state]}</StatusChip> },
    { id: 'einvoice', header: 'E-invoice', fit: true, cell: (row) => (row.einvoice_state ? <StatusChip variant={EINVOICE_VARIANTS[row.einvoice_state]}>{EINVOICE_STATE_LABELS[row.einvoice_state]}</StatusChip> : '-') },
  ];

  return (
    <>
      <div className="toolbar">
        <SearchBox value={view.search} onSearch={list.setSearch} placeholder="Number or client" label="Search all invoices" maxLength={MAX_SEARCH_LENGTH} />
        <FilterSelect field={invoiceFields.status} value={view.status} onChange={(status) => update({ status: status as View['status'] })}>
          <option value={ALL}>Any status</option>
          {REGISTER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect field={invoiceFields.einvoice} value={view.einvoice} onChange={(einvoice) => update({ einvoice: einvoice as View['einvoice'] })}>
          <option value={ALL}>Any e-invoice state</option>
          {EINVOICE_STATES.map((state) => (
            <option key={state} value={state}>
              {EINVOICE_STATE_LABELS[state]}
            </option>
          ))}
        </FilterSelect>
        <span className="unsynced__period" role="group" aria-label="Issue period">
          <DateFilter label="Issued from" value={view.from} onChange={(from) => update({ from })} />
          <DateFilter label="to" value={view.to} onChange={(to) => update({ to })} />
        </span>
        {shownClient && (
          <FilterChip clearLabel={`Show every client, not only ${shownClient}`} onClear={() => update({ client: 0 })}>
            Client: {shownClient}
          </FilterChip>
        )}
        <span className="unsynced__actions">
          <Button variant="outlined" loading={list.exporting} onClick={list.exportRows}>
            <Icon name="download" size={18} />
            Export CSV
          </Button>
          {canWrite && <Button onClick={() => setCreating(true)}>New invoice</Button>}
        </span>
      </div>
      <ListTable<RegisterItem>
        label="All invoices"
        rowLabel={(row) => `${row.number} ${row.client.legal_name}`}
        columns={columns}
        rowKey={(row) => row.id}
        sortable
        list={list}
      />
      {view.invoice > 0 && (
        <InvoiceDrawer
          key={view.invoice}
          invoiceId={view.invoice}
          canMarkSynced={canMarkSynced}
          canCredit={canWrite}
          onOpen={(invoice) => update({ invoice, page: view.page })}
          onClose={() => update({ invoice: 0, page: view.page })}
        />
      )}
      <Suspense fallback={null}>{creating && <NewInvoiceDialog onClose={() => setCreating(false)} onCreated={(invoice) => update({ invoice, page: view.page })} />}</Suspense>
    </>
  );
}

