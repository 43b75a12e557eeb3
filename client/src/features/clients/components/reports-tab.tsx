import { useId, useState } from 'react';
import { monthLabel, shortMonthLabel } from '../../../../../common/calendar.ts';
import { MAX_REASON_LENGTH, MAX_SUMMARY_LENGTH, REPORT_STATE_LABELS } from '../../../../../common/clients.ts';
import type { ClientDetail, MonthlyReport } from '../../../../../common/contract/clients.ts';
import { MAX_DOCUMENT_BYTES } from '../../../../../common/review.ts';
import { Button } from '../../../components/button.tsx';
import { TextArea } from '../../../components/counted-field.tsx';
import { FormDialog } from '../../../components/dialog.tsx';
import { LoadingIndicator } from '../../../components/spinner.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { formatFull } from '../../../lib/dates.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { notifyError } from '../../../lib/toast.ts';
import { readBase64 } from '../../../lib/read-base64.ts';
import { useAction } from '../../../lib/use-action.ts';
import { personName } from '../../../lib/user-name.ts';
import { clients, createReport, fetchReportFile, reportStep, returnReport, updateReport, uploadReportFile, useReports, type ReportStep } from '../api.ts';
import { useSearchParam } from '../use-search-param.ts';
import { REPORT_STATE_VARIANTS, formatBytes, recentMonths, reportOfMonth } from '../model.ts';

/** The last 12 months' reports at a glance, and the picked month's versions with the workflow's actions. */
export function ReportsTab({ client }: { client: ClientDetail }) {
  const reports = useReports(client.id);
  const months = recentMonths();
  // The month picked in the strip is kept in the URL beside the tab (?tab=reports&month=YYYY-MM); last month by default.
  const [picked, setMonth] = useSearchParam('month');
  const month = months.find((candidate) => candidate === picked) ?? months[months.length - 1]!;
  const all = reports.data?.results ?? [];
  const ofMonth = all.filter((report) => report.month === month);

  return (
    <div className="client-stack">
      <section className="panel client-section" aria-labelledby="client-report-months">
        <h2 id="client-report-months" className="client-section__title">
          The last 12 months
        </h2>
        <ol className="report-strip">
          {months.map((candidate) => {
            const report = reportOfMonth(all, candidate);
            return (
              <li key={candidate}>
                <button type="button" className="report-strip__month" aria-pressed={candidate === month} onClick={() => setMonth(candidate)}>
                  <span className="report-strip__label">{shortMonthLabel(candidate)}</span>
                  {reports.data ? (
                    <StatusChip variant={report ? REPORT_STATE_VARIANTS[report.state] : 'neutral'}>{report ? REPORT_STATE_LABELS[report.state] : 'Not started'}</StatusChip>
                  ) : (
                    <span className="client-muted">...</span>
                  )}
                </button>
              </li>
            );
          })}
        </ol>
      </section>
      <section className="panel client-section" aria-labelledby="client-report-month">
        <div className="client-section__head">
          <h2 id="client-report-month" className="client-section__title">
            {monthLabel(month)} report
          </h2>
          {reports.data && <StartReport client={client} month={month} reports={ofMonth} />}
        </div>
        {!reports.data ? (
          <LoadingIndicator label="Loading the reports" />
        ) : ofMonth.length === 0 ? (
          <p className="client-muted">No report for {monthLabel(month)} yet.</p>
        ) : (
          ofMonth.map((report) => <ReportCard key={report.id} report={report} />)
        )}
      </section>
    </div>
  );
}

/** 'Start the report', or 'New version' of a published month; one version of a month is worked on at a time. */
function StartReport({ client, month, reports }: { client: ClientDetail; month: string; reports: MonthlyReport[] }) {
  const published = reports.find((report) => report.state === 'published');
  const start = useAction<void, MonthlyReport>({
    run: (_input, { headers }) => createReport({ client_id: client.id, month }, headers),
    success: published ? 'New version started' : 'Draft started',
    endpoint: clients.createReport,
  });
  if (!client.can.edit) return null;
  if (reports.length === 0)
    return (
      <Button loading={start.busy} onClick={() => void start.run()}>
        Start the report
      </Button>
    );
  if (published?.can.new_version)
    return (
      <Button variant="outlined" loading={start.busy} onClick={() => void start.run()}>
        New version
      </Button>
    );
  return null;
}

type Dialog = 'return' | ReportStep | null;

const STEP_TEXT: Record<ReportStep, { title: string; label: string; success: string; body: string }> = {
  submit: { title: 'Submit for review?', label: 'Submit', success: 'Submitted for review', body: 'A reviewer checks the PDF and the summary before it can be published.' },
  approve: { title: 'Approve the report?', label: 'Approve', success: 'Report approved', body: 'The bookkeeper can then publish it to the client.' },
  publish: { title: 'Publish to the client?', label: 'Publish', success: 'Published to the client', body: 'The client is notified and can read it. A published report is never replaced, only superseded by a new version.' },
};

function ReportCard({ report }: { report: MonthlyReport }) {
  const id = useId();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [summary, setSummary] = useState(report.summary);
  const [reason, setReason] = useState('');
  const [downloading, setDownloading] = useState(false);
  const close = () => setDialog(null);

  const saveSummary = useAction<void, MonthlyReport>({
    run: (_input, { headers }) => updateReport(report.id, { summary: summary.trim(), version: report.version }, headers),
    success: 'Summary saved',
    endpoint: clients.updateReport,
  });
  const upload = useAction<File, MonthlyReport>({
    run: async (file, { headers }) => uploadReportFile(report.id, { file_name: file.name, content_base64: await readBase64(file), version: report.version }, headers),
    success: 'PDF uploaded',
    endpoint: clients.uploadReportFile,
  });
  const step = useAction<ReportStep, MonthlyReport>({
    run: (name, { headers }) => reportStep(name, report.id, report.version, headers),
    success: (_answer, name) => STEP_TEXT[name].success,
    endpoint: (name) => (name === 'submit' ? clients.submitReport : name === 'approve' ? clients.approveReport : clients.publishReport),
    onSuccess: close,
    onConflict: close,
  });
  const returning = useAction<void, MonthlyReport>({
    run: (_input, { headers }) => returnReport(report.id, { reason: reason.trim(), version: report.version }, headers),
    success: 'Returned to the bookkeeper',
    endpoint: clients.returnReport,
    onSuccess: close,
    onConflict: close,
  });

  const pickFile = (file: File | undefined) => {
    if (!file) return;
    if (file.type !== 'application/pdf') return notifyError('Choose a PDF file.');
    if (file.size > MAX_DOCUMENT_BYTES) return notifyError('The file is larger than 5 MB.');
    void upload.run(file);
  };
  const download = async () => {
    setDownloading(true);
    try {
      const blob = await fetchReportFile(report.id);
      saveFile(new File([blob], report.file?.file_name ?? 'report.pdf', { type: 'application/pdf' }), report.file?.file_name ?? 'report.pdf');
    } catch (error) {
      notifyError(error);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <article className="report-card" aria-label={`Version ${report.revision}`}>
      <header className="report-card__head">
        <h3 className="report-card__title">Version {report.revision}</h3>
        <StatusChip variant={REPORT_STATE_VARIANTS[report.state]}>{REPORT_STATE_LABELS[report.state]}</StatusChip>
      </header>
      {report.return_reason && report.state === 'returned' && (
        <p className="report-card__returned" role="note">
          Returned by {personName(report.reviewed_by, 'a reviewer')}: {report.return_reason}
        </p>
      )}
      {report.can.edit ? (
        <div className="report-card__edit">
          <TextArea id={`${id}-summary`} label="Summary for the client" rows={4} limit={MAX_SUMMARY_LENGTH} value={summary} onValueChange={setSummary} error={saveSummary.fieldErrors.summary} />
          <Button variant="outlined" disabled={summary.trim() === report.summary || summary.length > MAX_SUMMARY_LENGTH} loading={saveSummary.busy} onClick={() => void saveSummary.run()}>
            Save summary
          </Button>
        </div>
      ) : (
        <p className="report-card__summary">{report.summary || <span className="client-muted">No summary yet.</span>}</p>
      )}
      <div className="report-card__file">
        {report.file ? (
          <>
            <span>
              {report.file.file_name} <span className="client-muted">({formatBytes(report.file.size_bytes)})</span>
            </span>
            <Button variant="ghost" loading={downloading} onClick={() => void download()}>
              Download PDF
            </Button>
          </>
        ) : (
          <span className="client-muted">No PDF yet.</span>
        )}
        {report.can.edit && (
          <label className={upload.busy ? 'button button--outlined report-card__upload is-busy' : 'button button--outlined report-card__upload'}>
            {upload.busy ? 'Please Wait' : report.file ? 'Replace PDF' : 'Upload PDF'}
            <input type="file" accept="application/pdf" className="visually-hidden" disabled={upload.busy} onChange={(event) => pickFile(event.target.files?.[0])} />
          </label>
        )}
      </div>
      <dl className="report-card__history">
        <div>
          <dt>Drafted</dt>
          <dd>
            {formatFull(report.created_at)} by {personName(report.created_by, 'someone')}
          </dd>
        </div>
        {report.submitted_at && (
          <div>
            <dt>Submitted</dt>
            <dd>
              {formatFull(report.submitted_at)} by {personName(report.submitted_by, 'someone')}
            </dd>
          </div>
        )}
        {report.reviewed_at && (
          <div>
            <dt>{report.state === 'returned' ? 'Returned' : 'Reviewed'}</dt>
            <dd>
              {formatFull(report.reviewed_at)} by {personName(report.reviewed_by, 'someone')}
            </dd>
          </div>
        )}
        {report.published_at && (
          <div>
            <dt>Published</dt>
            <dd>
              {formatFull(report.published_at)} by {personName(report.published_by, 'someone')}
            </dd>
          </div>
        )}
      </dl>
      <div className="client-actions">
        {report.can.submit && <Button onClick={() => setDialog('submit')}>Submit for review</Button>}
        {report.can.edit && !report.can.submit && <span className="client-muted">Upload the PDF to submit the report.</span>}
        {report.can.review && (
          <>
            <Button variant="danger" onClick={() => setDialog('return')}>
              Return
            </Button>
            <Button onClick={() => setDialog('approve')}>Approve</Button>
          </>
        )}
        {report.can.publish && <Button onClick={() => setDialog('publish')}>Publish to the client</Button>}
      </div>
      {dialog && dialog !== 'return' && (
        <FormDialog title={STEP_TEXT[dialog].title} submitLabel={STEP_TEXT[dialog].label} busy={step.busy} error={step.formError} onSubmit={() => void step.run(dialog)} onClose={close}>
          <p>{STEP_TEXT[dialog].body}</p>
        </FormDialog>
      )}
      {dialog === 'return' && (
        <FormDialog
          title="Return the report?"
          submitLabel="Return"
          submitVariant="danger"
          busy={returning.busy}
          error={returning.formError}
          submitDisabled={reason.trim() === '' || reason.length > MAX_REASON_LENGTH}
          onSubmit={() => void returning.run()}
          onClose={close}
        >
          <TextArea id={`${id}-reason`} label="Reason (the bookkeeper reads this)" rows={4} required limit={MAX_REASON_LENGTH} value={reason} onValueChange={setReason} error={returning.fieldErrors.reason} />
        </FormDialog>
      )}
    </article>
  );
}
