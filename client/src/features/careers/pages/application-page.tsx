import { LengthCounter } from '../../../components/length-counter.tsx';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'wouter';
import { useSignals } from '@preact/signals-react/runtime';
import type { Application, ApplicationDetail } from '../../../../../common/contract/careers.ts';
import { APPLICATION_STATUSES, APPLICATION_STATUS_LABELS, careerPagePath, type ApplicationStatus } from '../../../../../common/contract/careers-paths.ts';
import { applicationFields } from '../../../../../common/contract/careers-fields.ts';
import { Button } from '../../../components/button.tsx';
import { RecordNotFound } from '../../../components/record-not-found.tsx';
import { LoadingIndicator } from '../../../components/spinner.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { formatDubaiDateTime } from '../../../lib/dates.ts';
import { notifyError } from '../../../lib/toast.ts';
import { useAction } from '../../../lib/use-action.ts';
import { addApplicationNote, careers, changeApplicationStatus, fetchCv, useApplication } from '../api.ts';
import { APPLICATION_VARIANTS, isCareersId } from '../model.ts';
import { personName } from '../../../lib/user-name.ts';
import '../components/careers.css';

/** One application (/careers/applications/{id}): the applicant, the CV previewed, status and notes. */
export function ApplicationPage() {
  useSignals();
  const id = Number(useParams<{ id: string }>().id);
  const detail = useApplication(id);
  if (!isCareersId(id) || (detail.error as { status?: number } | undefined)?.status === 404) return <RecordNotFound what="application" list={{ name: 'Careers', path: careerPagePath.list }} />;
  if (!detail.data) return <LoadingIndicator label="Loading the application" />;
  return <ApplicationView detail={detail.data} />;
}

function ApplicationView({ detail: { application, history } }: { detail: ApplicationDetail }) {
  const [note, setNote] = useState('');
  const status = useAction({
    endpoint: careers.applicationStatus,
    run: (next: ApplicationStatus, { headers }) => changeApplicationStatus(application.id, { version: application.version, status: next }, headers),
    success: (saved) => `Status: ${APPLICATION_STATUS_LABELS[saved.status]}`,
  });
  const addNote = useAction({ endpoint: careers.applicationNotes, run: (_: void, { headers }) => addApplicationNote(application.id, note, headers), success: 'Note added', onSuccess: () => setNote('') });
  return (
    <div className="careers-application">
      <div className="careers">
        <section className="careers__panel" aria-labelledby="application-heading">
          <div className="toolbar">
            <h1 id="application-heading" className="careers-editor__title">
              {application.name}
            </h1>
            <StatusChip variant={APPLICATION_VARIANTS[application.status]}>{APPLICATION_STATUS_LABELS[application.status]}</StatusChip>
          </div>
          <dl className="careers__fields">
            <dt>Post</dt>
            <dd>
              <Link href={careerPagePath.applications(application.job_id)}>{application.job_title}</Link>
            </dd>
            <dt>E-mail</dt>
            <dd>{application.email}</dd>
            <dt>Phone</dt>
            <dd>{application.phone}</dd>
            <dt>Received</dt>
            <dd>{formatDubaiDateTime(application.created_at)}</dd>
          </dl>
          {application.cover_note && <p className="careers__note">{application.cover_note}</p>}
        </section>
        <CvPreview application={application} />
      </div>
      <div className="careers">
        <section className="careers__panel" aria-labelledby="application-status-heading">
          <h2 id="application-status-heading" className="careers-editor__title">
            Status
          </h2>
          <div className="toolbar" role="group" aria-label="Set the status">
            {APPLICATION_STATUSES.filter((value) => value !== application.status).map((value) => (
              <Button key={value} variant="outlined" onClick={() => void status.run(value)} disabled={status.busy}>
                {APPLICATION_STATUS_LABELS[value]}
              </Button>
            ))}
          </div>
        </section>
        <section className="careers__panel" aria-labelledby="application-notes-heading">
          <h2 id="application-notes-heading" className="careers-editor__title">
            Notes and history
          </h2>
          <ul className="careers__history">
            {history.map((event) => (
              <li key={event.id}>
                <span>{event.kind === 'application_note_added' ? String(event.data.text) : event.kind === 'application_received' ? 'Applied on the website' : `Status: ${APPLICATION_STATUS_LABELS[event.data.to as ApplicationStatus] ?? String(event.data.to)}`}</span>
                <span className="careers__sub">
                  {formatDubaiDateTime(event.created_at)}
                  {event.actor ? `, ${personName(event.actor)}` : ''}
                </span>
              </li>
            ))}
          </ul>
          <textarea className="careers__text" aria-label={applicationFields.note.label} value={note} onChange={(event) => setNote(event.target.value)} />
          <LengthCounter value={note} limit={applicationFields.note.max} />
          <Button onClick={() => void addNote.run()} loading={addNote.busy} disabled={note.trim() === ''}>
            Add note
          </Button>
        </section>
      </div>
    </div>
  );
}

/** The CV fetched with the API token and shown from a blob: URL, as the review page previews documents. */
function CvPreview({ application }: { application: Application }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetchCv(application.id, controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(new File([blob], application.cv_file_name, { type: 'application/pdf' }));
        setUrl(objectUrl);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) notifyError(error);
      },
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [application.id, application.cv_file_name]);
  return (
    <figure className="careers__cv" aria-label={`CV: ${application.cv_file_name}`}>
      {url ? <iframe className="careers__cv-frame" src={url} title={application.cv_file_name} /> : <p>Loading the CV...</p>}
      <figcaption>
        {application.cv_file_name} ({Math.max(1, Math.round(application.cv_size / 1024))} KB)
      </figcaption>
    </figure>
  );
}
