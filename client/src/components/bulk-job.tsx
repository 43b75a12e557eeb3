import { useEffect, useId, useState } from 'react';
import type { BulkJob, NewBulkJob } from '../../../common/contract/work.ts';
import { queryCache, type QueryKey } from '../lib/query-cache.ts';
import { useAction } from '../lib/use-action.ts';
import { useEndpoint } from '../lib/endpoints.ts';
import { bulk, startBulkJob } from '../lib/work-api.ts';
import { Button } from './button.tsx';
import { FormDialog } from './dialog.tsx';
import { StepUpField } from './step-up-field.tsx';
import type { BulkActionSpec, BulkParams } from './bulk-action-spec.ts';

/** The bulk bar's confirmation and a job's progress: loaded when an action is chosen or a job is shown. */
export function ConfirmBulk({ spec, body, summary, onStarted, onClose }: { spec: BulkActionSpec; body: Omit<NewBulkJob, 'params'>; summary: string; onStarted: (job: BulkJob) => void; onClose: () => void }) {
  const id = useId();
  const [params, setParams] = useState<BulkParams>(spec.initialParams);
  const [code, setCode] = useState('');
  const run = useAction({
    run: (_: void, { headers }) => startBulkJob({ ...body, params, ...(spec.stepUp ? { code: code.trim() } : {}) }, headers),
    onSuccess: onStarted,
  });
  // The code's refusal is shown at its field; any other field's (a parameter's) above the form.
  const { code: codeError, ...otherErrors } = run.fieldErrors;
  return (
    <FormDialog
      title={`${spec.label} in bulk`}
      submitLabel={spec.label}
      busy={run.busy}
      error={run.formError ?? Object.values(otherErrors)[0] ?? null}
      submitDisabled={spec.ready ? !spec.ready(params) : false}
      onSubmit={() => void run.run()}
      onClose={onClose}
    >
      <div className="bulk-bar__confirm">
        <p>{summary}</p>
        {spec.renderParams?.(params, setParams)}
        {spec.stepUp && <StepUpField id={`${id}-code`} value={code} error={codeError} onChange={setCode} />}
        <p className="bulk-bar__note">Each row is {spec.verb} on its own; you see which were done, skipped or failed, and why.</p>
      </div>
    </FormDialog>
  );
}

const POLL_MS = 1000;
const OUTCOME_LABELS = { done: 'Done', skipped: 'Skipped', failed: 'Failed' } as const;

/** A job's progress and per-row results, read again every second until it is finished. */
export function BulkJobPanel({
  jobId,
  noun,
  invalidates,
  onDismiss,
  actions = [],
}: {
  jobId: number;
  noun: [string, string];
  invalidates: readonly QueryKey[];
  onDismiss: () => void;
  /** The list's actions: a done row is called by its action's doneLabel. */
  actions?: readonly BulkActionSpec[];
}) {
  const job = useEndpoint(bulk.bulkJob, { params: { jobId } }, { notify: false });
  const data = job.data;
  const finished = data?.state === 'finished';
  const refetch = job.refetch;
  useEffect(() => {
    if (finished || job.error !== undefined) return;
    const timer = setInterval(refetch, POLL_MS);
    return () => clearInterval(timer);
  }, [finished, refetch, job.error]);
  useEffect(() => {
    if (finished) queryCache.invalidate(...invalidates);
    // The keys are the list's, fixed for its page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [finished]);
  if (job.error !== undefined && !data) return null;
  if (!data) return null;
  const handled = data.done + data.skipped + data.failed;
  const doneLabel = actions.find((spec) => spec.action === data.action)?.doneLabel ?? OUTCOME_LABELS.done;
  const outcomeLabel = (outcome: keyof typeof OUTCOME_LABELS) => (outcome === 'done' ? doneLabel : OUTCOME_LABELS[outcome]);
  return (
    <section className="bulk-job" aria-label="Bulk action results">
      <header className="bulk-job__header">
        <h3>
          {data.action_label}: {handled} of {data.total} {data.total === 1 ? noun[0] : noun[1]} {finished ? '(finished)' : '…'}
        </h3>
        <Button variant="ghost" onClick={onDismiss}>
          Dismiss
        </Button>
      </header>
      <progress className="bulk-job__progress" max={data.total} value={handled} aria-label="Progress" />
      <p className="bulk-job__counts" role="status">
        {data.done} {doneLabel.toLowerCase()} · {data.skipped} skipped · {data.failed} failed
      </p>
      <details className="bulk-job__details">
        <summary>Per-row results</summary>
        <table className="bulk-job__table">
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">Result</th>
              <th scope="col">Why</th>
            </tr>
          </thead>
          <tbody>
            {data.rows.map((row) => (
              <tr key={row.record_id}>
                <td>{row.label}</td>
                <td className={`bulk-job__outcome bulk-job__outcome--${row.outcome ?? 'pending'}`}>{row.outcome ? outcomeLabel(row.outcome) : 'Waiting'}</td>
                <td>{row.reason ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
