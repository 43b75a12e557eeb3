import { useMemo } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { CLIENT_STATUSES, CLIENT_STATUS_LABELS, LICENCE_EXPIRY_WINDOWS, type ClientStatus, type LicenceExpiryWindow } from '../../../../../common/clients.ts';
import type { ClientListItem, ClientQuery, clientsBulkActions } from '../../../../../common/contract/clients.ts';
import { BOOKKEEPER_FILTER_PATTERN, BOOKKEEPER_MINE, BOOKKEEPER_NONE, CLIENT_SORTS, EINVOICING_CLIENT_FILTERS, type EinvoicingClientFilter, clientsBulkLabels, DEFAULT_CLIENT_SORT, type ClientSort } from '../../../../../common/contract/clients-paths.ts';
import { DEFAULT_PAGE_SIZE, MAX_SEARCH_LENGTH } from '../../../../../common/contract/http.ts';
import { clientPath } from '../../../../../common/links.ts';
import { CYCLE_TERMS } from '../../../../../common/pricing.ts';
import { clientFields } from '../../../../../common/contract/clients-fields.ts';
import { BulkBar, type BulkActionSpec } from '../../../components/bulk-bar.tsx';
import { bulkSpec, type BulkDraft } from '../../../components/bulk-action-spec.ts';
import { PersonParam, bulkFilter } from '../../../components/bulk-params.tsx';
import { Button } from '../../../components/button.tsx';
import { SavedViewsBar } from '../../../components/saved-views-bar.tsx';
import { type Column } from '../../../components/data-table.tsx';
import { Icon } from '../../../components/icon.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { choiceField, integerField, textField, type Field, type ListView } from '../../../lib/url-list-state.ts';
import { useListController } from '../../../lib/use-list-controller.ts';
import { session } from '../../../state/session.ts';
import { clients, downloadClientsCsv, usePlans, useTeamChoices } from '../api.ts';
import { CLIENT_STATUS_VARIANTS, daysLeftText, expiryText, expiryVariant, exportFileName } from '../model.ts';
import { ReportsToReview } from '../components/reports-to-review.tsx';
import '../components/clients.css';
import { formatDubaiDate } from '../../../lib/dates.ts';
import { FilterSelect } from '../../../components/select.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { personName } from '../../../lib/user-name.ts';

const ALL = 'all';

const BOOKKEEPER_FILTER = new RegExp(BOOKKEEPER_FILTER_PATTERN);

/** The bookkeeper filter: every client, or what the list call takes ('mine', 'none' or a staff id); a bookkeeper's default is 'mine'. */
function bookkeeperField(defaultValue: string): Field<string> {
  return { defaultValue, parse: (raw) => (raw === ALL || BOOKKEEPER_FILTER.test(raw) ? raw : undefined), format: (value) => value };
}

function schemaFor(role: string | null | undefined) {
  return {
    search: textField({ lowerCase: true, maxLength: MAX_SEARCH_LENGTH }),
    page: integerField(1),
    sort: choiceField<ClientSort>(CLIENT_SORTS, DEFAULT_CLIENT_SORT),
    plan: { defaultValue: ALL, parse: (raw: string) => (/^(all|[1-9][0-9]{0,9})$/.test(raw) ? raw : undefined), format: (value: string) => value } as Field<string>,
    bookkeeper: bookkeeperField(role === 'BOOKKEEPER' ? BOOKKEEPER_MINE : ALL),
    vat: choiceField(['all', 'yes', 'no'] as const, 'all'),
    licence: choiceField<'all' | LicenceExpiryWindow>(['all', ...LICENCE_EXPIRY_WINDOWS], 'all'),
    status: choiceField<'all' | ClientStatus>(['all', ...CLIENT_STATUSES], 'all'),
    einvoicing: choiceField<'all' | EinvoicingClientFilter>(['all', ...EINVOICING_CLIENT_FILTERS], 'all'),
    /** mine: the monthly reports waiting for the caller's review instead of the clients. */
    review: choiceField(['all', 'mine'] as const, 'all'),
  };
}
type ClientsSchema = ReturnType<typeof schemaFor>;

/** The view's filters in the API's words (the export takes the same). */
function filtersOf(view: ListView<ClientsSchema>): Omit<ClientQuery, 'page' | 'page_size'> {
  return {
    ...(view.search ? { search: view.search } : {}),
    ...(view.plan !== ALL ? { plan: Number(view.plan) } : {}),
    ...(view.bookkeeper !== ALL ? { bookkeeper: view.bookkeeper } : {}),
    ...(view.vat !== 'all' ? { vat_registered: view.vat === 'yes' } : {}),
    ...(view.licence !== 'all' ? { licence_expiring: view.licence } : {}),
    ...(view.status !== 'all' ? { status: view.status } : {}),
    ...(view.einvoicing !== 'all' ? { einvoicing: view.einvoicing } : {}),
    sort: view.sort,
  };
}

const columns: readonly Column<ClientListItem>[] = [
  {
    id: 'client',
    header: 'Client',
    span: 2,
    sortKey: 'legal_name',
    cell: (client) => (
      <span className="clients-list__name">
        {client.legal_name}
        <span className="clients-list__sub">{client.trade_licence_number}</span>
      </span>
    ),
  },
  {
    id: 'plan',
    header: 'Plan',
    cell: (client) =>
      client.plan ? (
        <span className="clients-list__name">
          {client.plan.name}
          {client.cycle && <span className="clients-list__sub">{CYCLE_TERMS[client.cycle].label}</span>}
        </span>
      ) : (
        '-'
      ),
  },
  { id: 'bookkeeper', header: 'Bookkeeper', cell: (client) => personName(client.bookkeeper) },
  { id: 'vat', header: 'VAT', fit: true, cell: (client) => (client.vat_registered ? 'Registered' : 'No') },
  {
    id: 'deadline',
    header: 'Next deadline',
    span: 2,
    sortKey: 'next_deadline',
    cell: (client) =>
      client.next_deadline ? (
        <span className="clients-list__name">
          {client.next_deadline.title}
          <span className={client.next_deadline.days_left < 0 ? 'clients-list__sub clients-list__sub--late' : 'clients-list__sub'}>
            {formatDubaiDate(client.next_deadline.due_on)}, {daysLeftText(client.next_deadline.days_left)}
          </span>
        </span>
      ) : (
        'None'
      ),
  },
  {
    id: 'licence',
    header: 'Licence expiry',
    fit: true,
    sortKey: 'licence_expires_on',
    cell: (client) => <StatusChip variant={expiryVariant(client.licence_days_left)}>{expiryText(client.licence_expires_on, client.licence_days_left)}</StatusChip>,
  },
  {
    id: 'status',
    header: 'Status',
    fit: true,
    cell: (client) => (
      <span className="clients__status">
        <StatusChip variant={CLIENT_STATUS_VARIANTS[client.status]}>{CLIENT_STATUS_LABELS[client.status]}</StatusChip>
        {client.frozen && <StatusChip variant="red">Frozen</StatusChip>}
      </span>
    ),
  },
];

/** The bulk dialog's bookkeeper: the active bookkeepers (the team choices the client page offers). */
type AssignDraft = BulkDraft<typeof clientsBulkActions.assign_bookkeeper>;
function BookkeeperChoice(props: { params: AssignDraft; setParams: (params: AssignDraft) => void }) {
  const team = useTeamChoices();
  return <PersonParam {...props} label={clientFields.bookkeeper.label} field="bookkeeper_id" people={team.data?.bookkeepers ?? []} none="Nobody (not assigned)" />;
}

/** Give the selected clients, or all matching ones, a bookkeeper as one job on the server (ADMIN only). */
const BULK: readonly BulkActionSpec[] = [
  bulkSpec<typeof clientsBulkActions.assign_bookkeeper>({
    action: 'assign_bookkeeper',
    label: clientsBulkLabels.assign_bookkeeper,
    verb: 'given the bookkeeper',
    initialParams: { bookkeeper_id: null },
    renderParams: (params, setParams) => <BookkeeperChoice params={params} setParams={setParams} />,
  }),
];

/** The Clients list: search, filters, sort and page in the URL through the list controller; export of the same view. */
export function ClientsPage() {
  useSignals();
  const role = session.value.role;
  const schema = useMemo(() => schemaFor(role), [role]);
  const list = useListController({
    schema,
    endpoint: clients.list,
    query: (view) => ({ ...filtersOf(view), page: view.page, page_size: DEFAULT_PAGE_SIZE }),
    exportRows: (view) => downloadClientsCsv(filtersOf(view), exportFileName()),
    list: 'clients',
  });
  const { view, update } = list;
  const plans = usePlans();
  const team = useTeamChoices();
  // Only an administrator changes a client's team, so only they get the selection column.
  const bulk = role === 'ADMIN';
  // REVIEWER and ADMIN decide on monthly reports: they get the reports waiting for their review as a filter.
  const reviews = role === 'REVIEWER' || role === 'ADMIN';
  const reviewing = reviews && view.review === 'mine';
  const reviewToggle = reviews && (
    <Button variant="outlined" aria-pressed={reviewing} className="clients-list__review" onClick={() => update({ review: reviewing ? 'all' : 'mine' })}>
      {reviewing ? 'Show clients' : 'Reports waiting for my review'}
    </Button>
  );

  if (reviewing) {
    return (
      <section className="panel page-panel clients-list" aria-label="Clients">
        <div className="toolbar">
          <h2 className="clients-list__heading">Reports waiting for my review</h2>
          {reviewToggle}
        </div>
        <ReportsToReview page={view.page} onPage={list.setPage} />
      </section>
    );
  }

  return (
    <section className="panel page-panel clients-list" aria-label="Clients">
      {list.savedViews && <SavedViewsBar views={list.savedViews} />}
      <div className="toolbar">
        <SearchBox value={view.search} onSearch={list.setSearch} placeholder="Name, licence no. or TRN" label="Search clients" maxLength={MAX_SEARCH_LENGTH} />
        <FilterSelect field={clientFields.plan} value={view.plan} onChange={(plan) => update({ plan })}>
          <option value={ALL}>All plans</option>
          {(plans.data ?? []).map((plan) => (
            <option key={plan.id} value={String(plan.id)}>
              {plan.name}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect field={clientFields.bookkeeper} value={view.bookkeeper} onChange={(bookkeeper) => update({ bookkeeper })}>
          <option value={ALL}>All bookkeepers</option>
          <option value={BOOKKEEPER_MINE}>Mine</option>
          <option value={BOOKKEEPER_NONE}>Not assigned</option>
          {(team.data?.bookkeepers ?? []).map((person) => (
            <option key={person.id} value={String(person.id)}>
              {personName(person)}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect label="VAT" value={view.vat} onChange={(vat) => update({ vat: vat as ListView<ClientsSchema>['vat'] })}>
          <option value="all">Any</option>
          <option value="yes">Registered</option>
          <option value="no">Not registered</option>
        </FilterSelect>
        <FilterSelect label="Licence" value={view.licence} onChange={(licence) => update({ licence: licence as ListView<ClientsSchema>['licence'] })}>
          <option value="all">Any expiry</option>
          {LICENCE_EXPIRY_WINDOWS.map((days) => (
            <option key={days} value={days}>
              Expiring within {days} days
            </option>
          ))}
        </FilterSelect>
        <FilterSelect field={clientFields.status} value={view.status} onChange={(status) => update({ status: status as ListView<ClientsSchema>['status'] })}>
          <option value="all">Any status</option>
          {CLIENT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {CLIENT_STATUS_LABELS[status]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect field={clientFields.einvoicing} value={view.einvoicing} onChange={(einvoicing) => update({ einvoicing: einvoicing as ListView<ClientsSchema>['einvoicing'] })}>
          <option value="all">Any readiness</option>
          <option value="not_ready">E-invoicing not ready</option>
        </FilterSelect>
        {reviewToggle}
        <Button variant="outlined" className="clients-list__export" loading={list.exporting} onClick={list.exportRows}>
          <Icon name="download" size={18} />
          Export CSV
        </Button>
      </div>
      {bulk && (
        <BulkBar
          list="clients"
          noun={['client', 'clients']}
          selection={list.selection}
          pageKeys={(list.rows ?? []).map((client) => client.id)}
          count={list.page?.count}
          filter={bulkFilter(filtersOf(view))}
          actions={BULK}
          endpoint={clients.updateClient}
        />
      )}
      <ListTable<ClientListItem>
        label="Clients"
        selectable={bulk}
        rowLabel={(client) => client.legal_name}
        columns={columns}
        rowKey={(client) => client.id}
        rowHref={(client) => clientPath(client.id)}
        sortable
        list={list}
      />
    </section>
  );
}

