import { Suspense, lazy } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { formatFils } from '../../../../../common/money.ts';
import type { RequestListItem, RequestQuery, requestsBulkActions } from '../../../../../common/contract/requests.ts';
import { REQUEST_VIEWS, requestsBulkLabels, type RequestView } from '../../../../../common/contract/requests-paths.ts';
import { DEFAULT_PAGE_SIZE, MAX_SEARCH_LENGTH } from '../../../../../common/contract/http.ts';
import { requestFields } from '../../../../../common/contract/requests-fields.ts';
import { BulkBar, type BulkActionSpec } from '../../../components/bulk-bar.tsx';
import { bulkSpec, type BulkDraft } from '../../../components/bulk-action-spec.ts';
import { PersonParam, bulkFilter } from '../../../components/bulk-params.tsx';
import { type Column } from '../../../components/data-table.tsx';
import { NextUnassignedButton } from '../../../components/next-unassigned-button.tsx';
import { SavedViewsBar } from '../../../components/saved-views-bar.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { formatDubaiDateTime } from '../../../lib/dates.ts';
import { choiceField, integerField, textField, type ListView } from '../../../lib/url-list-state.ts';
import { useListController } from '../../../lib/use-list-controller.ts';
import { requests, useStaffChoices } from '../api.ts';
import { REQUEST_STATUS_LABELS, REQUEST_STATUS_VARIANTS, slaText, slaVariant } from '../model.ts';
import { personName } from '../../../lib/user-name.ts';
import '../../../components/controls.css';
import '../../../components/data-table.css';
import '../components/requests.css';

const RequestDialog = lazy(() => import('../components/request-dialog.tsx').then((module) => ({ default: module.RequestDialog })));

const VIEW_LABELS: Record<RequestView, string> = { open: 'Open', new: 'New', in_progress: 'In progress', waiting_on_client: 'Waiting on client', completed: 'Completed', declined: 'Declined', all: 'All' };

const REQUESTS_VIEW = {
  view: choiceField<RequestView>(REQUEST_VIEWS, 'open'),
  assignee: choiceField(['all', 'mine', 'none'] as const, 'all'),
  search: textField({ lowerCase: true, maxLength: MAX_SEARCH_LENGTH }),
  page: integerField(1),
  request: integerField(0, 0),
};
type RequestsView = ListView<typeof REQUESTS_VIEW>;

const queryOf = (view: RequestsView): RequestQuery => ({ view: view.view, assignee: view.assignee, ...(view.search ? { search: view.search } : {}), page: view.page, page_size: DEFAULT_PAGE_SIZE });

/** The bulk dialog's assignee: the staff who may hold a request, loaded when the dialog opens. */
type AssignDraft = BulkDraft<typeof requestsBulkActions.assign>;
function AssigneeChoice(props: { params: AssignDraft; setParams: (params: AssignDraft) => void }) {
  const staff = useStaffChoices();
  return <PersonParam {...props} label="Assign to" field="assignee_id" people={staff.data?.staff ?? []} none="Nobody (unassign)" />;
}

/** Assign the selected requests, or all matching ones, as one job on the server. */
const BULK: readonly BulkActionSpec[] = [
  bulkSpec<typeof requestsBulkActions.assign>({
    action: 'assign',
    label: requestsBulkLabels.assign,
    verb: 'assigned',
    initialParams: { assignee_id: null },
    renderParams: (params, setParams) => <AssigneeChoice params={params} setParams={setParams} />,
  }),
];

/** The inbox: breached requests first, then by time left on the SLA clock; one request opens over it. */
export function RequestsPage() {
  useSignals();
  const list = useListController({
    schema: REQUESTS_VIEW,
    endpoint: requests.list,
    query: queryOf,
    list: 'on-demand-requests',
    recordParams: ['request'],
  });
  const { view, update } = list;
  const columns: readonly Column<RequestListItem>[] = [
    {
      id: 'request',
      header: 'Request',
      span: 2,
      cell: (request) => (
        <span className="requests-list__name">
          <button type="button" className="link-button" onClick={() => update({ request: request.id })}>
            {request.type.name}
          </button>
          <span className="requests-list__sub">{request.client.legal_name}</span>
        </span>
      ),
    },
    { id: 'received', header: 'Received', fit: true, cell: (request) => formatDubaiDateTime(request.created_at) },
    { id: 'assignee', header: 'Assignee', cell: (request) => personName(request.assignee, 'Unassigned') },
    { id: 'quote', header: 'Quote', cell: (request) => (request.quote ? `${formatFils(request.quote.total_fils)} (${request.quote.status === 'accepted' ? 'accepted' : 'awaiting client'})` : '-') },
    { id: 'sla', header: 'SLA', fit: true, cell: (request) => <StatusChip variant={slaVariant(request)}>{slaText(request)}</StatusChip> },
    { id: 'status', header: 'Status', fit: true, cell: (request) => <StatusChip variant={REQUEST_STATUS_VARIANTS[request.status]}>{REQUEST_STATUS_LABELS[request.status]}</StatusChip> },
  ];
  return (
    <section className="panel page-panel requests-page" aria-label="On-demand requests">
      {list.savedViews && <SavedViewsBar views={list.savedViews} />}
      <div className="requests-page__toolbar">
        <div className="segmented" role="group" aria-label="Requests shown">
          {REQUEST_VIEWS.map((value) => (
            <button key={value} type="button" aria-pressed={view.view === value} onClick={() => update({ view: value })}>
              {VIEW_LABELS[value]}
            </button>
          ))}
        </div>
        <div className="segmented" role="group" aria-label={requestFields.assignee.label}>
          {(['all', 'mine', 'none'] as const).map((value) => (
            <button key={value} type="button" aria-pressed={view.assignee === value} onClick={() => update({ assignee: value })}>
              {value === 'all' ? 'Everyone' : value === 'mine' ? 'Mine' : 'Unassigned'}
            </button>
          ))}
        </div>
        <SearchBox value={view.search} onSearch={list.setSearch} placeholder="Client, type or details" label="Search requests" maxLength={MAX_SEARCH_LENGTH} />
        <span className="requests-page__next">
          <NextUnassignedButton queue="on-demand-requests" />
        </span>
      </div>
      <BulkBar
        list="on-demand-requests"
        noun={['request', 'requests']}
        selection={list.selection}
        pageKeys={(list.rows ?? []).map((request) => request.id)}
        count={list.page?.count}
        filter={bulkFilter(list.query ?? {})}
        actions={BULK}
        endpoint={requests.assign}
      />
      <ListTable<RequestListItem>
        label="Requests"
        selectable
        rowLabel={(request) => `${request.type.name} ${request.client.legal_name}`}
        columns={columns}
        rowKey={(request) => request.id}
        list={list}
      />
      <Suspense fallback={null}>{view.request > 0 && <RequestDialog requestId={view.request} onClose={() => update({ request: 0 })} />}</Suspense>
    </section>
  );
}
