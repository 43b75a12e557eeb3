import { useMemo } from 'react';
import { Link, useLocation } from 'wouter';
import { useSignals } from '@preact/signals-react/runtime';
import type { enquiriesBulkActions, EnquiryItem, EnquiryQuery } from '../../../../../common/contract/enquiries.ts';
import type { PersonRef } from '../../../../../common/contract/shared.ts';
import { enquiriesBulkLabels, ENQUIRY_KINDS, ENQUIRY_KIND_LABELS, ENQUIRY_STATUSES, ENQUIRY_STATUS_LABELS, enquiryPagePath, MAX_CLOSE_REASON_LENGTH, type EnquiryStatus } from '../../../../../common/contract/enquiries-paths.ts';
import { DEFAULT_PAGE_SIZE, MAX_SEARCH_LENGTH } from '../../../../../common/contract/http.ts';
import { enquiryFields } from '../../../../../common/contract/enquiries-fields.ts';
import { BulkBar, type BulkActionSpec } from '../../../components/bulk-bar.tsx';
import { bulkSpec } from '../../../components/bulk-action-spec.ts';
import { ChoiceParam, PersonParam, ReasonParam, bulkFilter } from '../../../components/bulk-params.tsx';
import { Button } from '../../../components/button.tsx';
import { type Column } from '../../../components/data-table.tsx';
import { NextUnassignedButton } from '../../../components/next-unassigned-button.tsx';
import { SavedViewsBar } from '../../../components/saved-views-bar.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { formatDubaiDateTime } from '../../../lib/dates.ts';
import { choiceField, integerField, textField, type Field, type ListView } from '../../../lib/url-list-state.ts';
import { useListController } from '../../../lib/use-list-controller.ts';
import { downloadEnquiriesCsv, enquiries, useAssignees, useEnquiryCounts } from '../api.ts';
import { STATUS_VARIANTS, detailLines, kindOfPath } from '../model.ts';
import '../components/enquiries.css';
import { FilterSelect } from '../../../components/select.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { personName } from '../../../lib/user-name.ts';

const ALL = 'all';
const SCHEMA = {
  page: integerField(1),
  search: textField({ lowerCase: true, maxLength: MAX_SEARCH_LENGTH }),
  status: choiceField<'all' | EnquiryStatus>(['all', ...ENQUIRY_STATUSES], 'all'),
  assignee: { defaultValue: ALL, parse: (raw: string) => (/^(all|[1-9][0-9]{0,9})$/.test(raw) ? raw : undefined), format: (value: string) => value } as Field<string>,
};
type Schema = typeof SCHEMA;

const filtersOf = (kind: EnquiryItem['kind'], view: ListView<Schema>): Omit<EnquiryQuery, 'page' | 'page_size'> => ({
  kind,
  ...(view.search ? { search: view.search } : {}),
  ...(view.status !== 'all' ? { status: view.status } : {}),
  ...(view.assignee !== ALL ? { assignee_id: Number(view.assignee) } : {}),
});

const columns: readonly Column<EnquiryItem>[] = [
  { id: 'received', header: 'Received', fit: true, cell: (row) => formatDubaiDateTime(row.created_at) },
  {
    id: 'from',
    header: 'From',
    span: 2,
    cell: (row) => (
      <span className="enquiries__name">
        {row.name}
        <span className="enquiries__sub">{row.company ?? row.email}</span>
      </span>
    ),
  },
  {
    id: 'details',
    header: 'Details',
    span: 2,
    cell: (row) => (
      <span className="enquiries__sub">{[...detailLines(row.details).map(([label, value]) => `${label}: ${value}`), row.message ?? ''].filter(Boolean).join(' · ').slice(0, 140)}</span>
    ),
  },
  { id: 'assignee', header: 'Assignee', cell: (row) => personName(row.assignee, 'Unassigned') },
  {
    id: 'status',
    header: 'Status',
    fit: true,
    cell: (row) => (
      <span className="enquiries__status">
        <StatusChip variant={STATUS_VARIANTS[row.status]}>{ENQUIRY_STATUS_LABELS[row.status]}</StatusChip>
        {row.lead_id !== null && <span className="enquiries__sub">Lead</span>}
      </span>
    ),
  },
];

/** Bulk assign and status change, each row through the enquiry's own action on the server. */
function bulkActions(assignees: readonly PersonRef[]): readonly BulkActionSpec[] {
  return [
    bulkSpec<typeof enquiriesBulkActions.assign>({
      action: 'assign',
      label: enquiriesBulkLabels.assign,
      verb: 'assigned',
      initialParams: { assignee_id: null },
      renderParams: (params, setParams) => <PersonParam label="Assign to" field="assignee_id" none="Nobody (unassign)" people={assignees} params={params} setParams={setParams} />,
    }),
    bulkSpec<typeof enquiriesBulkActions.status>({
      action: 'status',
      phrase: 'Change the status of',
      label: enquiriesBulkLabels.status,
      verb: 'changed',
      initialParams: { status: null, reason: null },
      ready: (params) => params.status !== null && (params.status !== 'closed' || (params.reason ?? '').trim() !== ''),
      renderParams: (params, setParams) => (
        <>
          <ChoiceParam
            label="New status"
            value={params.status}
            choices={ENQUIRY_STATUSES.map((status) => ({ value: status, label: ENQUIRY_STATUS_LABELS[status] }))}
            onChange={(status) => setParams({ ...params, status, reason: status === 'closed' ? (params.reason ?? '') : null })}
          />
          {params.status === 'closed' && (
            <ReasonParam label="Why they are closed" maxLength={MAX_CLOSE_REASON_LENGTH} value={params.reason ?? ''} onChange={(reason) => setParams({ ...params, reason })} />
          )}
        </>
      ),
    }),
  ];
}

/** One tab of the inbox: the kind is the path (/difc), its filters, page and search in the URL. */
export function EnquiriesPage() {
  useSignals();
  const [location] = useLocation();
  const kind = kindOfPath(location);
  const counts = useEnquiryCounts(true);
  const assignees = useAssignees();
  const list = useListController({
    schema: SCHEMA,
    endpoint: enquiries.list,
    query: (view) => ({ ...filtersOf(kind, view), page: view.page, page_size: DEFAULT_PAGE_SIZE }),
    exportRows: (view) => downloadEnquiriesCsv(filtersOf(kind, view)),
    list: 'contactus',
  });
  const { view } = list;
  const bulk = useMemo(() => bulkActions(assignees.data ?? []), [assignees.data]);
  const tabs = useMemo(() => ENQUIRY_KINDS.map((entry) => ({ kind: entry, count: counts?.new_by_kind[entry] ?? 0 })), [counts]);

  return (
    <div className="enquiries">
      <nav aria-label="Enquiry forms">
        <ul className="enquiries__tabs" role="tablist">
          {tabs.map((tab) => (
            <li key={tab.kind} role="presentation">
              <Link href={enquiryPagePath(tab.kind)} role="tab" aria-selected={tab.kind === kind} className="enquiries__tab">
                {ENQUIRY_KIND_LABELS[tab.kind]}
                {tab.count > 0 && (
                  <span className="enquiries__badge" aria-label={`${tab.count} new`}>
                    {tab.count}
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {list.savedViews && <SavedViewsBar views={list.savedViews} />}
      <div className="toolbar">
        <SearchBox value={view.search} onSearch={list.setSearch} placeholder="Search name, e-mail, company or phone" label="Search enquiries" maxLength={MAX_SEARCH_LENGTH} />
        <FilterSelect field={enquiryFields.status} value={view.status} onChange={(value) => list.update({ status: value as ListView<Schema>['status'] })}>
          <option value="all">All</option>
          {ENQUIRY_STATUSES.map((status) => (
            <option key={status} value={status}>
              {ENQUIRY_STATUS_LABELS[status]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect field={enquiryFields.assignee} value={view.assignee} onChange={(value) => list.update({ assignee: value })}>
          <option value={ALL}>Anyone</option>
          {(assignees.data ?? []).map((person) => (
            <option key={person.id} value={String(person.id)}>
              {personName(person, 'Unassigned')}
            </option>
          ))}
        </FilterSelect>
        <span className="enquiries__actions">
          <NextUnassignedButton queue="contactus" />
          <Button variant="outlined" onClick={list.exportRows} loading={list.exporting}>
            Export CSV
          </Button>
        </span>
      </div>
      <BulkBar
        list="contactus"
        noun={['enquiry', 'enquiries']}
        selection={list.selection}
        pageKeys={(list.rows ?? []).map((row) => row.id)}
        count={list.page?.count}
        filter={bulkFilter(filtersOf(kind, view))}
        actions={bulk}
        endpoint={enquiries.assign}
      />
      <ListTable
        label={`${ENQUIRY_KIND_LABELS[kind]} enquiries`}
        selectable
        rowLabel={(row) => (row.company ? `${row.name} (${row.company})` : row.name)}
        columns={columns}
        rowKey={(row) => row.id}
        rowHref={(row) => enquiryPagePath(row.kind, row.id)}
        list={list}
      />
    </div>
  );
}
