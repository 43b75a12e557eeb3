import { Link, useParams } from 'wouter';
import { useSignals } from '@preact/signals-react/runtime';
import type { Application, careersBulkActions, JobPost } from '../../../../../common/contract/careers.ts';
import { APPLICATION_STATUS_LABELS, APPLICATION_STATUSES, type ApplicationStatus, careerPagePath, careersBulkLabels, JOB_LOCATION_LABELS, JOB_STATUS_LABELS, JOB_TYPE_LABELS } from '../../../../../common/contract/careers-paths.ts';
import { applicationFields } from '../../../../../common/contract/careers-fields.ts';
import { BulkBar, type BulkActionSpec } from '../../../components/bulk-bar.tsx';
import { bulkSpec } from '../../../components/bulk-action-spec.ts';
import { ChoiceParam } from '../../../components/bulk-params.tsx';
import { type Column } from '../../../components/data-table.tsx';
import { RecordMissing, RecordNotFound } from '../../../components/record-not-found.tsx';
import { LoadingIndicator } from '../../../components/spinner.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { formatDubaiDate } from '../../../lib/dates.ts';
import { choiceField, integerField, type ListView } from '../../../lib/url-list-state.ts';
import { useListController } from '../../../lib/use-list-controller.ts';
import { isNotFound } from '../../../lib/errors.ts';
import { careers, useJob } from '../api.ts';
import { JobDescription } from '../components/job-description.tsx';
import { APPLICATION_VARIANTS, isCareersId, JOB_VARIANTS, publishedText } from '../model.ts';
import '../components/careers.css';
import { FilterSelect } from '../../../components/select.tsx';
import { ListTable } from '../../../components/list-table.tsx';

const SCHEMA = { page: integerField(1), status: choiceField<'all' | ApplicationStatus>(['all', ...APPLICATION_STATUSES], 'all') };
type Schema = typeof SCHEMA;

const columns: readonly Column<Application>[] = [
  { id: 'received', header: 'Received', fit: true, cell: (row) => formatDubaiDate(row.created_at) },
  {
    id: 'name',
    header: 'Applicant',
    span: 2,
    cell: (row) => (
      <span className="careers__name">
        {row.name}
        <span className="careers__sub">{row.email}</span>
      </span>
    ),
  },
  { id: 'phone', header: 'Phone', fit: true, cell: (row) => row.phone },
  { id: 'status', header: 'Status', fit: true, cell: (row) => <StatusChip variant={APPLICATION_VARIANTS[row.status]}>{APPLICATION_STATUS_LABELS[row.status]}</StatusChip> },
];

/** Change the status of applications in bulk, each through the application's own status change on the server. */
const bulk: readonly BulkActionSpec[] = [
  bulkSpec<typeof careersBulkActions.application_status>({
    action: 'application_status',
    phrase: 'Change the status of',
    label: careersBulkLabels.application_status,
    verb: 'changed',
    initialParams: { status: null },
    ready: (params) => params.status !== null,
    renderParams: (params, setParams) => (
      <ChoiceParam
        label="New status"
        value={params.status}
        choices={APPLICATION_STATUSES.map((status) => ({ value: status, label: APPLICATION_STATUS_LABELS[status] }))}
        onChange={(status) => setParams({ status })}
      />
    ),
  }),
];

/** One post (/careers/{id}): its description and its applications. */
export function ApplicationsPage() {
  useSignals();
  const id = Number(useParams<{ id: string }>().id);
  const valid = isCareersId(id);
  const job = useJob(id, valid);
  // A missing post is said once, by this page: its applications are asked for only once the post is known.
  if (!valid || isNotFound(job.error)) return <RecordNotFound what="job post" list={{ name: 'Careers', path: careerPagePath.list }} />;
  if (job.error) return <RecordMissing what="Job post" notFound={false} />;
  if (!job.data) return <LoadingIndicator label="Loading the post" />;
  return <JobApplications job={job.data} />;
}

function JobApplications({ job }: { job: JobPost }) {
  useSignals();
  const id = job.id;
  const list = useListController({ endpoint: careers.applications, params: { id }, schema: SCHEMA });
  const { view } = list;
  return (
    <div className="careers">
      <section className="careers__panel" aria-labelledby="job-heading">
        <div className="toolbar">
          <h1 id="job-heading" className="careers-editor__title">
            {job.title}
          </h1>
          <StatusChip variant={JOB_VARIANTS[job.status]}>{JOB_STATUS_LABELS[job.status]}</StatusChip>
          <span className="careers__sub">{publishedText(job)}</span>
          <Link href={careerPagePath.edit(job.id)} className="careers__create">
            Edit post
          </Link>
        </div>
        <span className="careers__sub">
          {job.department} · {JOB_LOCATION_LABELS[job.location]} · {JOB_TYPE_LABELS[job.employment_type]}
        </span>
        <details>
          <summary>Description</summary>
          <JobDescription text={job.description} />
        </details>
      </section>
      <div className="toolbar">
        <FilterSelect field={applicationFields.status} value={view.status} onChange={(value) => list.update({ status: value as ListView<Schema>['status'] })}>
          <option value="all">All</option>
          {APPLICATION_STATUSES.map((status) => (
            <option key={status} value={status}>
              {APPLICATION_STATUS_LABELS[status]}
            </option>
          ))}
        </FilterSelect>
      </div>
      <BulkBar
        list="careers"
        storageKey="careers-applications"
        noun={['application', 'applications']}
        selection={list.selection}
        pageKeys={(list.rows ?? []).map((row) => row.id)}
        count={list.page?.count}
        filter={{ job_id: String(id), ...(view.status !== 'all' ? { status: view.status } : {}) }}
        actions={bulk}
        endpoint={careers.applicationStatus}
      />
      <ListTable
        label="Applications"
        selectable
        rowLabel={(row) => row.name}
        columns={columns}
        rowKey={(row) => row.id}
        rowHref={(row) => careerPagePath.application(row.id)}
        list={list}
      />
    </div>
  );
}
