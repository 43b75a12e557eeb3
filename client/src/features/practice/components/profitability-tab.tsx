import { profitabilityFields } from '../../../../../common/contract/practice-fields.ts';
import { useMemo } from 'react';
import type { ProfitabilityQuery, ProfitabilityRow } from '../../../../../common/contract/practice.ts';
import { PROFITABILITY_GROUP_LABELS, PROFITABILITY_GROUPS, type ProfitabilityGroup, type ProfitabilitySort, type ProfitabilitySortField } from '../../../../../common/contract/practice-paths.ts';
import { MAX_SEARCH_LENGTH } from '../../../../../common/contract/http.ts';
import { formatFils } from '../../../../../common/money.ts';
import { clientPath } from '../../../../../common/links.ts';
import { AppLink } from '../../../components/app-link.tsx';
import { Button } from '../../../components/button.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { FilterSelect } from '../../../components/select.tsx';
import { LoadingIndicator } from '../../../components/spinner.tsx';
import { downloadProfitabilityCsv, useProfitability } from '../api.ts';
import { formatBp, formatMinutes } from '../model.ts';
import { MarginChart } from './margin-chart.tsx';
import { Table } from '../../../components/table.tsx';

export interface ProfitabilityView {
  from: string;
  to: string;
  group: ProfitabilityGroup;
  sort: ProfitabilitySort;
  losing: boolean;
  search: string;
}

const COLUMNS: { field: ProfitabilitySortField; label: string; staffOnly?: true }[] = [
  { field: 'name', label: profitabilityFields.name.label },
  { field: 'revenue', label: profitabilityFields.revenue.label },
  { field: 'minutes', label: profitabilityFields.minutes.label },
  { field: 'cost', label: profitabilityFields.cost.label },
  { field: 'margin', label: profitabilityFields.margin.label },
  { field: 'margin_percent', label: profitabilityFields.marginPercent.label },
  { field: 'utilisation', label: profitabilityFields.utilisation.label, staffOnly: true },
];

function cells(row: ProfitabilityRow, group: ProfitabilityGroup) {
  return [
    group === 'client' && row.id !== null ? <AppLink href={clientPath(row.id)}>{row.name}</AppLink> : row.name,
    formatFils(row.revenue_fils),
    formatMinutes(row.minutes),
    formatFils(row.cost_fils),
    formatFils(row.margin_fils),
    formatBp(row.margin_bp),
    ...(group === 'staff' ? [formatBp(row.utilisation_bp)] : []),
  ];
}

/** Revenue, time, cost and margin per client, plan or staff member; the losing ones first by default; the view in the URL. */
export function ProfitabilityTab({ view, onView }: { view: ProfitabilityView; onView: (patch: Partial<ProfitabilityView>) => void }) {
  const query = useMemo<ProfitabilityQuery>(
    () => ({ from: view.from, to: view.to, group: view.group, sort: view.sort, ...(view.losing ? { losing: true } : {}), ...(view.search ? { search: view.search } : {}) }),
    [view.from, view.to, view.group, view.sort, view.losing, view.search],
  );
  const report = useProfitability(query);
  const sortBy = (field: ProfitabilitySortField) => onView({ sort: view.sort === field ? (`-${field}` as ProfitabilitySort) : field });
  const direction = (field: ProfitabilitySortField) => (view.sort === field ? 'ascending' : view.sort === `-${field}` ? 'descending' : 'none');
  const columns = COLUMNS.filter((column) => !column.staffOnly || view.group === 'staff');
  return (
    <div className="practice-profitability">
      <div className="toolbar">
        <div className="filter">
          <label htmlFor="practice-from">From</label>
          <input id="practice-from" className="filter__control" type="month" value={view.from} max={view.to} onChange={(event) => event.target.value && onView({ from: event.target.value })} />
        </div>
        <div className="filter">
          <label htmlFor="practice-to">To</label>
          <input id="practice-to" className="filter__control" type="month" value={view.to} min={view.from} onChange={(event) => event.target.value && onView({ to: event.target.value })} />
        </div>
        <FilterSelect label="Group by" value={view.group} onChange={(group) => onView({ group: group as ProfitabilityGroup })}>
          {PROFITABILITY_GROUPS.map((group) => (
            <option key={group} value={group}>
              {PROFITABILITY_GROUP_LABELS[group]}
            </option>
          ))}
        </FilterSelect>
        <label className="practice__check">
          <input type="checkbox" checked={view.losing} onChange={(event) => onView({ losing: event.target.checked })} />
          Losing money
        </label>
        <SearchBox value={view.search} onSearch={(search) => onView({ search })} placeholder="Name" label="Search names" maxLength={MAX_SEARCH_LENGTH} />
        <Button variant="outlined" onClick={() => void downloadProfitabilityCsv(query)}>
          Export CSV
        </Button>
      </div>
      {!report.data ? (
        <LoadingIndicator label="Loading profitability" />
      ) : (
        <>
          <dl className="practice-totals">
            <div>
              <dt>Revenue</dt>
              <dd>{formatFils(report.data.totals.revenue_fils)}</dd>
            </div>
            <div>
              <dt>Cost</dt>
              <dd>{formatFils(report.data.totals.cost_fils)}</dd>
            </div>
            <div>
              <dt>Margin</dt>
              <dd>
                {formatFils(report.data.totals.margin_fils)} ({formatBp(report.data.totals.margin_bp)})
              </dd>
            </div>
            <div>
              <dt>Time</dt>
              <dd>{formatMinutes(report.data.totals.minutes)}</dd>
            </div>
          </dl>
          <MarginChart months={report.data.months} />
          <Table
            className="practice-table"
            columns={columns.map((column, index) => ({
              id: column.field,
              header: (
                <button type="button" className="practice-table__sort" onClick={() => sortBy(column.field)}>
                  {column.field === 'name' ? PROFITABILITY_GROUP_LABELS[view.group] : column.label}
                  <span aria-hidden="true">{direction(column.field) === 'ascending' ? ' ▲' : direction(column.field) === 'descending' ? ' ▼' : ''}</span>
                </button>
              ),
              sort: direction(column.field),
              rowHeader: index === 0,
              cell: (row: ProfitabilityRow) => cells(row, view.group)[index],
            }))}
            rows={report.data.results}
            rowKey={(row) => row.id ?? 'none'}
            rowClassName={(row) => (row.margin_fils < 0 ? 'practice-table__row--loss' : undefined)}
            empty={<>Nothing in these months{view.losing ? ' loses money' : ''}.</>}
          />
        </>
      )}
    </div>
  );
}
