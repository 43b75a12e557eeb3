import { useMemo } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import type { crmBulkActions, LeadItem, LeadQuery } from '../../../../../common/contract/crm.ts';
import type { PersonRef } from '../../../../../common/contract/shared.ts';
import { crmBulkLabels, LEAD_SOURCES, LEAD_SOURCE_LABELS, LEAD_STAGES, LEAD_STAGE_LABELS, MAX_LOST_REASON_LENGTH, crmPagePath, type LeadSource, type LeadStage } from '../../../../../common/contract/crm-paths.ts';
import { DEFAULT_PAGE_SIZE, MAX_SEARCH_LENGTH } from '../../../../../common/contract/http.ts';
import { BulkBar, type BulkActionSpec } from '../../../components/bulk-bar.tsx';
import { bulkSpec } from '../../../components/bulk-action-spec.ts';
import { ChoiceParam, PersonParam, ReasonParam, bulkFilter } from '../../../components/bulk-params.tsx';
import { type Column } from '../../../components/data-table.tsx';
import { SavedViewsBar } from '../../../components/saved-views-bar.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { choiceField, integerField, textField, type Field, type ListView } from '../../../lib/url-list-state.ts';
import { useListController } from '../../../lib/use-list-controller.ts';
import { crm, useOwners } from '../api.ts';
import { CrmViewSwitch } from '../components/crm-nav.tsx';
import { STAGE_VARIANTS, aed, dayText, followUpDue } from '../model.ts';
import '../components/crm.css';
import { BULK_LEAD_STAGES, LEAD_LOST } from '../../../../../common/crm.ts';
import { leadFields } from '../../../../../common/contract/crm-fields.ts';
import { FilterSelect } from '../../../components/select.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { personName } from '../../../lib/user-name.ts';

const SCHEMA = {
  page: integerField(1),
  search: textField({ lowerCase: true, maxLength: MAX_SEARCH_LENGTH }),
  stage: choiceField<'all' | LeadStage>(['all', ...LEAD_STAGES], 'all'),
  source: choiceField<'all' | LeadSource>(['all', ...LEAD_SOURCES], 'all'),
  owner: { defaultValue: 'all', parse: (raw: string) => (/^(all|[1-9][0-9]{0,9})$/.test(raw) ? raw : undefined), format: (value: string) => value } as Field<string>,
};
type Schema = typeof SCHEMA;

/** The view's query: the owner filter is an id, the other filters at rest left out. */
const queryOf = (view: ListView<Schema>): LeadQuery => ({
  page: view.page,
  page_size: DEFAULT_PAGE_SIZE,
  ...(view.search ? { search: view.search } : {}),
  ...(view.stage !== 'all' ? { stage: view.stage } : {}),
  ...(view.source !== 'all' ? { source: view.source } : {}),
  ...(view.owner !== 'all' ? { owner_id: Number(view.owner) } : {}),
});

const columns: readonly Column<LeadItem>[] = [
  {
    id: 'company',
    header: 'Company',
    span: 2,
    cell: (lead) => (
      <span className="lead__name">
        {lead.company}
        <span className="crm__sub">{lead.contact_name}</span>
      </span>
    ),
  },
  { id: 'source', header: 'Source', cell: (lead) => LEAD_SOURCE_LABELS[lead.source] },
  { id: 'owner', header: 'Owner', cell: (lead) => personName(lead.owner, 'No owner') },
  { id: 'value', header: 'Monthly value', fit: true, cell: (lead) => aed(lead.monthly_value_fils) },
  { id: 'follow', header: 'Next follow-up', fit: true, cell: (lead) => (lead.next_follow_up ? <span className={followUpDue(lead) ? 'crm__due crm__due--now' : undefined}>{dayText(lead.next_follow_up)}</span> : '-') },
  { id: 'stage', header: 'Stage', fit: true, cell: (lead) => <StatusChip variant={STAGE_VARIANTS[lead.stage]}>{LEAD_STAGE_LABELS[lead.stage]}</StatusChip> },
];

/** Won is not a stage to move to: it is the invitation (the lead page's 'Won: invite to register'). */
/** Bulk assign owner and move stage, each row through the lead's own edit or stage change on the server. */
function bulkActions(owners: readonly PersonRef[]): readonly BulkActionSpec[] {
  return [
    bulkSpec<typeof crmBulkActions.owner>({
      action: 'owner',
      phrase: 'Assign an owner to',
      label: crmBulkLabels.owner,
      verb: 'given the owner',
      initialParams: { owner_id: null },
      renderParams: (params, setParams) => <PersonParam label={leadFields.owner.label} field="owner_id" none="Nobody" people={owners} params={params} setParams={setParams} />,
    }),
    bulkSpec<typeof crmBulkActions.stage>({
      action: 'stage',
      phrase: 'Move',
      label: crmBulkLabels.stage,
      verb: 'moved',
      initialParams: { stage: null, reason: null },
      ready: (params) => params.stage !== null && (params.stage !== LEAD_LOST || (params.reason ?? '').trim() !== ''),
      renderParams: (params, setParams) => (
        <>
          <ChoiceParam
            label={leadFields.stage.label}
            value={params.stage}
            choices={BULK_LEAD_STAGES.map((stage) => ({ value: stage, label: LEAD_STAGE_LABELS[stage] }))}
            onChange={(stage) => setParams({ ...params, stage, reason: stage === LEAD_LOST ? (params.reason ?? '') : null })}
          />
          {params.stage === LEAD_LOST && <ReasonParam label="Why they were lost" maxLength={MAX_LOST_REASON_LENGTH} value={params.reason ?? ''} onChange={(reason) => setParams({ ...params, reason })} />}
        </>
      ),
    }),
  ];
}

/** Leads as a list: follow-ups due today (and overdue) first, filters in the URL. */
export function LeadsPage() {
  useSignals();
  const owners = useOwners();
  const list = useListController({ endpoint: crm.leads, schema: SCHEMA, query: queryOf, list: 'crm' });
  const { view } = list;
  const bulk = useMemo(() => bulkActions(owners.data ?? []), [owners.data]);
  return (
    <div className="crm">
      {list.savedViews && <SavedViewsBar views={list.savedViews} />}
      <div className="toolbar">
        <CrmViewSwitch current="list" />
        <SearchBox value={view.search} onSearch={list.setSearch} placeholder="Search company, contact or e-mail" label="Search leads" maxLength={MAX_SEARCH_LENGTH} />
        <FilterSelect field={leadFields.stage} value={view.stage} onChange={(value) => list.update({ stage: value as ListView<Schema>['stage'] })}>
          <option value="all">All</option>
          {LEAD_STAGES.map((stage) => (
            <option key={stage} value={stage}>
              {LEAD_STAGE_LABELS[stage]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect field={leadFields.source} value={view.source} onChange={(value) => list.update({ source: value as ListView<Schema>['source'] })}>
          <option value="all">All</option>
          {LEAD_SOURCES.map((source) => (
            <option key={source} value={source}>
              {LEAD_SOURCE_LABELS[source]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect field={leadFields.owner} value={view.owner} onChange={(value) => list.update({ owner: value })}>
          <option value="all">Everyone</option>
          {(owners.data ?? []).map((person) => (
            <option key={person.id} value={String(person.id)}>
              {personName(person, 'No owner')}
            </option>
          ))}
        </FilterSelect>
      </div>
      <BulkBar
        list="crm"
        noun={['lead', 'leads']}
        selection={list.selection}
        pageKeys={(list.rows ?? []).map((lead) => lead.id)}
        count={list.page?.count}
        filter={bulkFilter(list.query ?? {})}
        actions={bulk}
        endpoint={crm.updateLead}
      />
      <ListTable
        label="Leads"
        selectable
        rowLabel={(lead) => `${lead.company} (${lead.contact_name})`}
        columns={columns}
        rowKey={(lead) => lead.id}
        rowHref={(lead) => crmPagePath.lead(lead.id)}
        list={list}
      />
    </div>
  );
}
