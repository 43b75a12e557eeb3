import { Link } from 'wouter';
import { useSignals } from '@preact/signals-react/runtime';
import type { careersBulkActions, JobPost } from '../../../../../common/contract/careers.ts';
import { careersBulkLabels, JOB_LOCATION_LABELS, JOB_STATUSES, JOB_STATUS_LABELS, JOB_TYPE_LABELS, careerPagePath, type JobStatus } from '../../../../../common/contract/careers-paths.ts';
import { MAX_SEARCH_LENGTH } from '../../../../../common/contract/http.ts';
import { jobFields } from '../../../../../common/contract/careers-fields.ts';
import { BulkBar, type BulkActionSpec } from '../../../components/bulk-bar.tsx';
import { bulkSpec } from '../../../components/bulk-action-spec.ts';
import { bulkFilter } from '../../../components/bulk-params.tsx';
import { type Column } from '../../../components/data-table.tsx';
import { SavedViewsBar } from '../../../components/saved-views-bar.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { choiceField, integerField, textField, type ListView } from '../../../lib/url-list-state.ts';
import { useListController } from '../../../lib/use-list-controller.ts';
import { careers } from '../api.ts';
import { JOB_VARIANTS, publishedText } from '../model.ts';
import '../components/careers.css';
import { FilterSelect } from '../../../components/select.tsx';
import { ListTable } from '../../../components/list-table.tsx';

const SCHEMA = {
  page: integerField(1),
  search: textField({ lowerCase: true, maxLength: MAX_SEARCH_LENGTH }),
  status: choiceField<'all' | JobStatus>(['all', ...JOB_STATUSES], 'all'),
};
type Schema = typeof SCHEMA;

const columns: readonly Column<JobPost>[] = [
  {
    id: 'title',
    header: 'Post',
    span: 2,
    cell: (job) => (
      <span className="careers__name">
        {job.title}
        <span className="careers__sub">
          {job.department} · {JOB_LOCATION_LABELS[job.location]} · {JOB_TYPE_LABELS[job.employment_type]}
        </span>
      </span>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    span: 2,
    cell: (job) => (
      <span className="careers__name">
        <StatusChip variant={JOB_VARIANTS[job.status]}>{JOB_STATUS_LABELS[job.status]}</StatusChip>
        <span className="careers__sub">{publishedText(job)}</span>
      </span>
    ),
  },
  { id: 'applications', header: 'Applications', fit: true, cell: (job) => `${job.application_count}${job.new_application_count > 0 ? ` (${job.new_application_count} new)` : ''}` },
];

/** Close posts in bulk, each through the post's own edit on the server. */
const bulk: readonly BulkActionSpec[] = [
  bulkSpec<typeof careersBulkActions.close_job>({ action: 'close_job', label: careersBulkLabels.close_job, verb: 'closed (the website stops showing it)', initialParams: {} }),
];

/** The job posts; a row opens its applications, /createjob writes a new one. */
export function JobsPage() {
  useSignals();
  const list = useListController({ endpoint: careers.jobs, schema: SCHEMA, list: 'careers' });
  const { view } = list;
  return (
    <div className="careers">
      {list.savedViews && <SavedViewsBar views={list.savedViews} />}
      <div className="toolbar">
        <SearchBox value={view.search} onSearch={list.setSearch} placeholder="Search title or department" label="Search posts" maxLength={MAX_SEARCH_LENGTH} />
        <FilterSelect field={jobFields.status} value={view.status} onChange={(value) => list.update({ status: value as ListView<Schema>['status'] })}>
          <option value="all">All</option>
          {JOB_STATUSES.map((status) => (
            <option key={status} value={status}>
              {JOB_STATUS_LABELS[status]}
            </option>
          ))}
        </FilterSelect>
        <Link href={careerPagePath.create} className="careers__create">
          New job post
        </Link>
      </div>
      <BulkBar
        list="careers"
        noun={['job post', 'job posts']}
        selection={list.selection}
        pageKeys={(list.rows ?? []).map((job) => job.id)}
        count={list.page?.count}
        filter={bulkFilter(list.query ?? {})}
        actions={bulk}
        endpoint={careers.updateJob}
      />
      <ListTable
        label="Job posts"
        selectable
        rowLabel={(job) => job.title}
        columns={columns}
        rowKey={(job) => job.id}
        rowHref={(job) => careerPagePath.applications(job.id)}
        list={list}
      />
    </div>
  );
}
