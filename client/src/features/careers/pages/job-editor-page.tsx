import { useId, useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { useSignals } from '@preact/signals-react/runtime';
import type { JobPost, NewJobBody } from '../../../../../common/contract/careers.ts';
import { JOB_LOCATIONS, JOB_LOCATION_LABELS, JOB_STATUSES, JOB_STATUS_LABELS, JOB_TYPES, JOB_TYPE_LABELS, careerPagePath } from '../../../../../common/contract/careers-paths.ts';
import { Button } from '../../../components/button.tsx';
import { CountedTextField, TextArea } from '../../../components/counted-field.tsx';
import { RecordNotFound } from '../../../components/record-not-found.tsx';
import { isCareersId } from '../model.ts';
import { LoadingIndicator } from '../../../components/spinner.tsx';
import { TextField, FormError } from '../../../components/text-field.tsx';
import { useAction } from '../../../lib/use-action.ts';
import { careers, createJob, updateJob, useJob } from '../api.ts';
import { JobDescription } from '../components/job-description.tsx';
import '../components/careers.css';
import { SelectControl } from '../../../components/select.tsx';
import { DATE_RULES } from '../../../../../common/date-rules.ts';
import { jobFields } from '../../../../../common/contract/careers-fields.ts';

const EMPTY: NewJobBody = { title: '', department: '', location: 'dubai_office', employment_type: 'full_time', description: '', status: 'draft', publish_from: null, publish_until: null };

/** /createjob (a new post) and /careers/{id}/edit: one form, the description previewed as the website shows it. */
export function JobEditorPage() {
  useSignals();
  const params = useParams<{ id?: string }>();
  const id = params.id === undefined ? null : Number(params.id);
  const job = useJob(id ?? 0, id !== null);
  if (id !== null) {
    if (!isCareersId(id) || (job.error as { status?: number } | undefined)?.status === 404) return <RecordNotFound what="job post" list={{ name: 'Careers', path: careerPagePath.list }} />;
    if (!job.data) return <LoadingIndicator label="Loading the post" />;
    return <JobForm key={job.data.version} job={job.data} />;
  }
  return <JobForm job={null} />;
}

function JobForm({ job }: { job: JobPost | null }) {
  const id = useId();
  const [, navigate] = useLocation();
  const [form, setForm] = useState<NewJobBody>(job ? { title: job.title, department: job.department, location: job.location, employment_type: job.employment_type, description: job.description, status: job.status, publish_from: job.publish_from, publish_until: job.publish_until } : EMPTY);
  const set = (patch: Partial<NewJobBody>) => setForm((current) => ({ ...current, ...patch }));
  const save = useAction({
    endpoint: job ? careers.updateJob : careers.createJob,
    run: (_: void, { headers }) => (job ? updateJob(job.id, { ...form, version: job.version }, headers) : createJob(form, headers)),
    success: job ? 'Job post saved' : 'Job post created',
    onSuccess: (saved) => navigate(careerPagePath.applications(saved.id)),
  });
  return (
    <form
      className="careers-editor"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save.run();
      }}
    >
      <div className="careers-editor__fields">
        <h1 className="careers-editor__title">{job ? `Edit: ${job.title}` : 'New job post'}</h1>
        <FormError message={save.formError} />
        <CountedTextField id={`${id}-title`} field={jobFields.title} value={form.title} onValueChange={(title) => set({ title })} error={save.fieldErrors.title} near />
        <CountedTextField id={`${id}-department`} field={jobFields.department} value={form.department} onValueChange={(department) => set({ department })} error={save.fieldErrors.department} near />
        <div className="careers-editor__row">
          <Choice id={`${id}-location`} label={jobFields.location.label} value={form.location} values={JOB_LOCATIONS} labels={JOB_LOCATION_LABELS} onChange={(location) => set({ location })} />
          <Choice id={`${id}-type`} label={jobFields.type.label} value={form.employment_type} values={JOB_TYPES} labels={JOB_TYPE_LABELS} onChange={(employment_type) => set({ employment_type })} />
          <Choice id={`${id}-status`} label={jobFields.status.label} value={form.status} values={JOB_STATUSES} labels={JOB_STATUS_LABELS} onChange={(status) => set({ status })} />
        </div>
        <div className="careers-editor__row">
          <TextField id={`${id}-from`} label="Published from (optional)" type="date" value={form.publish_from ?? ''} onValueChange={(value) => set({ publish_from: value || null })} error={save.fieldErrors.publish_from} />
          <TextField id={`${id}-until`} label="Published until (optional)" type="date" value={form.publish_until ?? ''} onValueChange={(value) => set({ publish_until: value || null })} hint={form.status === 'published' ? DATE_RULES.publishUntil.hint : undefined} error={save.fieldErrors.publish_until} />
        </div>
        <TextArea
          id={`${id}-description`}
          field={jobFields.description}
          hint="Plain text: blank lines separate paragraphs, lines starting with '- ' become a list."
          value={form.description}
          onValueChange={(description) => set({ description })}
          error={save.fieldErrors.description}
          rows={12}
        />
        <div className="careers-editor__row">
          <Button type="submit" loading={save.busy}>
            {job ? 'Save post' : 'Create post'}
          </Button>
          <Button type="button" variant="outlined" onClick={() => navigate(job ? careerPagePath.applications(job.id) : careerPagePath.list)}>
            Cancel
          </Button>
        </div>
      </div>
      <section className="careers-editor__preview" aria-labelledby={`${id}-preview`}>
        <h2 id={`${id}-preview`} className="careers-editor__title">
          Preview
        </h2>
        <h3>{form.title || 'Untitled post'}</h3>
        <JobDescription text={form.description} />
      </section>
    </form>
  );
}

function Choice<T extends string>({ id, label, value, values, labels, onChange }: { id: string; label: string; value: T; values: readonly T[]; labels: Record<T, string>; onChange: (value: T) => void }) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <SelectControl id={id} className="field__input" value={value} onChange={(next) => onChange(next as T)}>
        {values.map((entry) => (
          <option key={entry} value={entry}>
            {labels[entry]}
          </option>
        ))}
      </SelectControl>
    </div>
  );
}
