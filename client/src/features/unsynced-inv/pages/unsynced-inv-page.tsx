import { Suspense, lazy } from 'react';
import { useSearch } from 'wouter';
import { useSignals } from '@preact/signals-react/runtime';
import type { InvoiceListItem, InvoiceQuery, unsyncedInvBulkActions } from '../../../../../common/contract/invoices.ts';
import { DEFAULT_INVOICE_SORT, INVOICE_SORTS, unsyncedInvBulkLabels, type InvoiceSort } from '../../../../../common/contract/invoices-paths.ts';
import { DEFAULT_PAGE_SIZE, MAX_SEARCH_LENGTH } from '../../../../../common/contract/http.ts';
import { SYNC_ERROR_KINDS, SYNC_STATE_LABELS, UNSYNCED_STATES, type SyncErrorKind, type UnsyncedState } from '../../../../../common/invoices.ts';
import { formatFils } from '../../../../../common/money.ts';
import { invoiceFields } from '../../../../../common/contract/invoices-fields.ts';
import { BulkBar, type BulkActionSpec } from '../../../components/bulk-bar.tsx';
import { bulkSpec } from '../../../components/bulk-action-spec.ts';
import { bulkFilter } from '../../../components/bulk-params.tsx';
import { type Column } from '../../../components/data-table.tsx';
import { SavedViewsBar } from '../../../components/saved-views-bar.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { LoadingIndicator } from '../../../components/spinner.tsx';
import { AppLink } from '../../../components/app-link.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { formatDubaiDate, formatDubaiDateTime } from '../../../lib/dates.ts';
import { choiceField, integerField, textField, type Field, type ListView } from '../../../lib/url-list-state.ts';
import { useListController } from '../../../lib/use-list-controller.ts';
import { invoices, useEinvoiceSummary, useInvoiceSummary } from '../api.ts';
import { InvoiceDrawer } from '../components/invoice-drawer.tsx';
import { HELD_TEXT, STATE_VARIANTS } from '../model.ts';
import { FilterSelect } from '../../../components/select.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import '../components/unsynced-inv.css';

// The 'All invoices' tab (every state) loads when it is first opened.
const AllInvoices = lazy(() => import('../components/all-invoices.tsx').then((module) => ({ default: module.AllInvoices })));
// The 'E-invoices' tab: the e-invoices needing attention.
const EinvoicesAttention = lazy(() => import('../components/einvoices-attention.tsx').then((module) => ({ default: module.EinvoicesAttention })));

const ALL = 'all';

const ERROR_LABELS: Record<SyncErrorKind, string> = {
  customer_trn: 'Customer TRN',
  validation: 'Refused',
  rate_limited: 'Rate-limited',
  server: 'Server error',
  timeout: 'Time-out',
  unreachable: 'Unreachable',
  auth: 'Sign-in refused',
};

/** The open invoice's id in the URL (0: none), so a link or a notification opens its drawer. */
const invoiceField: Field<number> = { defaultValue: 0, parse: (raw) => (/^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : undefined), format: String };

const schema = {
  search: textField({ lowerCase: true, maxLength: MAX_SEARCH_LENGTH }),
  page: integerField(1),
  sort: choiceField<InvoiceSort>(INVOICE_SORTS, DEFAULT_INVOICE_SORT),
  state: choiceField<'all' | UnsyncedState>([ALL, ...UNSYNCED_STATES], ALL),
  error: choiceField<'all' | SyncErrorKind>([ALL, ...SYNC_ERROR_KINDS], ALL),
  invoice: invoiceField,
};
type Schema = typeof schema;

const queryOf = (view: ListView<Schema>): InvoiceQuery => ({
  ...(view.search ? { search: view.search } : {}),
  ...(view.state !== ALL ? { state: view.state } : {}),
  ...(view.error !== ALL ? { error: view.error } : {}),
  sort: view.sort,
  page: view.page,
  page_size: DEFAULT_PAGE_SIZE,
});

/** Retry the selected invoices, or all matching ones, as one job on the server. */
// A retry only queues the invoice: the row says 'Retried' (not that it synced); the list shows how it went when the accounting system answers.
const BULK: readonly BulkActionSpec[] = [
  bulkSpec<typeof unsyncedInvBulkActions.retry>({ action: 'retry', label: unsyncedInvBulkLabels.retry, verb: 'sent back to the accounting system', doneLabel: 'Retried', initialParams: {} }),
];

/**
 * Unsynced Inv: the invoices not yet in the accounting system, their errors grouped at the top (each group
 * filters the list), filters, search, sort and page in the URL; a row's number opens its drawer; a selection
 * (or every invoice matching) is retried as a bulk job with a result per row. Rows go and come live: the page
 * reloads when the notification stream says an invoice stopped or synced.
 */
export function UnsyncedInvoicesPage() {
  useSignals();
  // Three tabs, kept in the URL: the unsynced invoices (no ?tab), every invoice (?tab=all) and the e-invoices needing attention (?tab=einvoices).
  const tab = new URLSearchParams(useSearch()).get('tab');
  const all = tab === 'all';
  const einvoices = tab === 'einvoices';
  const summary = useInvoiceSummary();
  const einvoiceSummary = useEinvoiceSummary();
  const attention = einvoiceSummary.data?.attention ?? 0;
  return (
    <section className="panel page-panel unsynced" aria-label={all ? 'All invoices' : einvoices ? 'E-invoices needing attention' : 'Unsynced invoices'}>
      <nav className="unsynced__tabs" aria-label="Invoice lists">
        <AppLink href="/unsynced-inv" className="unsynced__tab" aria-current={all || einvoices ? undefined : 'page'}>
          Unsynced
        </AppLink>
        <AppLink href="/unsynced-inv?tab=all" className="unsynced__tab" aria-current={all ? 'page' : undefined}>
          All invoices
        </AppLink>
        <AppLink href="/unsynced-inv?tab=einvoices" className="unsynced__tab" aria-current={einvoices ? 'page' : undefined}>
          E-invoices needing attention{attention > 0 ? ` (${attention})` : ''}
        </AppLink>
      </nav>
      {einvoices ? (
        <Suspense fallback={<LoadingIndicator label="Loading e-invoices" />}>
          <EinvoicesAttention canWrite={summary.data?.can_write ?? false} canMarkSynced={summary.data?.can_mark_synced ?? false} />
        </Suspense>
      ) : all ? (
        <Suspense fallback={<LoadingIndicator label="Loading all invoices" />}>
          <AllInvoices canWrite={summary.data?.can_write ?? false} canMarkSynced={summary.data?.can_mark_synced ?? false} />
        </Suspense>
      ) : (
        <UnsyncedList />
      )}
    </section>
  );
}

function UnsyncedList() {
  const list = useListController({
    schema,
    endpoint: invoices.list,
    query: queryOf,
    list: 'unsynced-inv',
    recordParams: ['invoice'],
  });
  const { view, update } = list;
  const summary = useInvoiceSummary();
  const canWrite = summary.data?.can_write ?? false;

  const rows = list.rows;
  const columns: Column<InvoiceListItem>[] = [
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
    { id: 'client', header: 'Client', span: 2, sortKey: 'client', cell: (row) => row.client.legal_name },
    { id: 'total', header: 'Amount', fit: true, sortKey: 'total', cell: (row) => <span className="unsynced__amount">{formatFils(row.total_fils)}</span> },
    { id: 'issued', header: 'Issued', fit: true, sortKey: 'issued_on', cell: (row) => formatDubaiDate(row.issued_on) },
    {
      id: 'state',
      header: 'State',
      cell: (row) => (
        <span className="unsynced__state">
          <StatusChip variant={STATE_VARIANTS[row.sync_state]}>{SYNC_STATE_LABELS[row.sync_state]}</StatusChip>
          {row.client_frozen ? (
            <span className="unsynced__sub">{HELD_TEXT}</span>
          ) : (
            row.sync_state === 'retrying' && row.next_try_at && <span className="unsynced__sub">next try {formatDubaiDateTime(row.next_try_at)}</span>
          )}
        </span>
      ),
    },
    { id: 'tries', header: 'Attempts', fit: true, cell: (row) => String(row.attempt_count) },
    { id: 'error', header: 'Last error', span: 2, cell: (row) => <span className="unsynced__error" title={row.last_error ?? undefined}>{row.last_error ?? '-'}</span> },
  ];

  return (
    <>
      {list.savedViews && <SavedViewsBar views={list.savedViews} />}
      {summary.data && !summary.data.sync_enabled && (
        <p className="unsynced__notice" role="status">
          Sync to the accounting system is off: its settings (ZOHO_BOOKS_API_URL and the rest) are not configured, so invoices wait here until it is set up.
        </p>
      )}
      {summary.data && summary.data.groups.length > 0 && (
        <ul className="unsynced__groups" aria-label="Errors by kind">
          {summary.data.groups.map((group) => {
            const active = view.state === group.state && (group.kind === 'waiting' ? view.error === ALL : view.error === group.kind);
            return (
              <li key={`${group.state}-${group.kind}`}>
                <button
                  type="button"
                  className={`unsynced__group unsynced__group--${group.state}`}
                  aria-pressed={active}
                  onClick={() => update(active ? { state: ALL, error: ALL } : { state: group.state, error: group.kind === 'waiting' ? ALL : group.kind })}
                >
                  {group.label}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="toolbar">
        <SearchBox value={view.search} onSearch={list.setSearch} placeholder="Number or client" label="Search invoices" maxLength={MAX_SEARCH_LENGTH} />
        <FilterSelect field={invoiceFields.state} value={view.state} onChange={(state) => update({ state: state as ListView<Schema>['state'] })}>
          <option value={ALL}>Any state</option>
          {UNSYNCED_STATES.map((state) => (
            <option key={state} value={state}>
              {SYNC_STATE_LABELS[state]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect field={invoiceFields.error} value={view.error} onChange={(error) => update({ error: error as ListView<Schema>['error'] })}>
          <option value={ALL}>Any error</option>
          {SYNC_ERROR_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {ERROR_LABELS[kind]}
            </option>
          ))}
        </FilterSelect>
      </div>
      {canWrite && (
        <BulkBar
          list="unsynced-inv"
          noun={['invoice', 'invoices']}
          selection={list.selection}
          pageKeys={(rows ?? []).map((row) => row.id)}
          count={list.page?.count}
          filter={bulkFilter(queryOf(view))}
          actions={BULK}
          endpoint={invoices.retry}
        />
      )}
      <ListTable<InvoiceListItem>
        label="Unsynced invoices"
        selectable={canWrite}
        rowLabel={(row) => `${row.number} ${row.client.legal_name}`}
        columns={columns}
        rowKey={(row) => row.id}
        sortable
        list={list}
      />
      {view.invoice > 0 && <InvoiceDrawer invoiceId={view.invoice} canMarkSynced={summary.data?.can_mark_synced ?? false} onClose={() => update({ invoice: 0, page: view.page })} />}
    </>
  );
}
