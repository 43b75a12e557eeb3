import { useEffect, useState, type ReactNode } from 'react';
import type { BulkJob, NewBulkJob } from '../../../common/contract/work.ts';
import { queryCache, type QueryKey } from '../lib/query-cache.ts';
import { useAction } from '../lib/use-action.ts';
import { useQuery } from '../lib/use-query.ts';
import type { RowKey, RowSelection } from '../lib/use-row-selection.ts';
import { fetchBulkActions, fetchBulkJob, startBulkJob, workKeys } from '../lib/work-api.ts';
import { Button } from './button.tsx';
import { FormDialog } from './dialog.tsx';
import './bulk-bar.css';

/** A bulk action's parameters as its confirmation collects them (an assignee id, a status). */
export type BulkParams = NewBulkJob['params'];

/** A bulk action a list offers: the server's action key, and the parameters its dialog asks for. */
export interface BulkActionSpec {
  action: string;
  label: string;
  /** What the confirmation says is done to each row ('assigned'). */
  verb: string;
  /**
   * What a done row is called in the results ('Done' by default): an action that only queues work says so
   * ('Retried'), so the results never claim an outcome that comes later.
   */
  doneLabel?: string;
  /** How the confirmation's question starts before the count ('Change the status of'); the label by default. */
  phrase?: string;
  initialParams: BulkParams;
  renderParams?: (params: BulkParams, setParams: (params: BulkParams) => void) => ReactNode;
  ready?: (params: BulkParams) => boolean;
}

interface BulkBarProps {
  list: string;
  /** What one row is called, singular and plural ('registration', 'registrations'). */
  noun: [string, string];
  selection: RowSelection;
  pageKeys: readonly RowKey[];
  /** How many rows match the filter across pages. */
  count: number | undefined;
  /** The list's filter as its list call takes it: 'all N matching' sends this, and the server selects the rows. */
  filter: Record<string, string>;
  actions: readonly BulkActionSpec[];
  /** The list's cache keys, read again when a job finishes. */
  invalidates: readonly QueryKey[];
  /** Where this browser keeps the running job's id, when two pages share one list key (Careers' posts and applications); the list key by default. */
  storageKey?: string;
}

const jobStorageKey = (list: string) => `bulk-job:${list}`;

/**
 * Bulk actions over a list's selection (issue 22): the count selected, 'select all N matching', the actions
 * the role may run (GET bulk/actions/), a confirmation naming the count, then the job's progress and per-row
 * results (BulkJobPanel), which survive a reload (the job's id is kept in this browser).
 */
export function BulkBar({ list, noun, selection, pageKeys, count, filter, actions, invalidates, storageKey = list }: BulkBarProps) {
  const allowed = useQuery(workKeys.bulkActions, fetchBulkActions, { notify: false });
  const offered = actions.filter((spec) => allowed.data?.actions.some((entry) => entry.list === list && entry.action === spec.action));
  const [confirming, setConfirming] = useState<BulkActionSpec | null>(null);
  const [jobId, setJobId] = useState<number | null>(() => {
    const stored = Number(window.localStorage.getItem(jobStorageKey(storageKey)));
    return Number.isInteger(stored) && stored > 0 ? stored : null;
  });
  const picked = pageKeys.filter((key) => selection.selected.has(key));
  const chosen = selection.allMatching ? (count ?? 0) : picked.length;
  const name = (n: number) => `${n} ${n === 1 ? noun[0] : noun[1]}`;

  const start = (job: BulkJob) => {
    window.localStorage.setItem(jobStorageKey(storageKey), String(job.id));
    setJobId(job.id);
    setConfirming(null);
    selection.clear();
  };
  const dismiss = () => {
    window.localStorage.removeItem(jobStorageKey(storageKey));
    setJobId(null);
  };

  return (
    <>
      {chosen > 0 && offered.length > 0 && (
        <div className="bulk-bar" role="region" aria-label="Selection">
          <span className="bulk-bar__count" aria-live="polite">
            {selection.allMatching ? `All ${name(chosen)} matching selected` : `${name(chosen)} selected on this page`}
          </span>
          {!selection.allMatching && count !== undefined && count > picked.length && picked.length === pageKeys.length && (
            <Button variant="ghost" onClick={selection.selectAllMatching}>
              Select all {count} matching
            </Button>
          )}
          <Button variant="ghost" onClick={selection.clear}>
            Clear selection
          </Button>
          <span className="bulk-bar__actions">
            {offered.map((spec) => (
              <Button key={spec.action} onClick={() => setConfirming(spec)}>
                {spec.label}…
              </Button>
            ))}
          </span>
        </div>
      )}
      {confirming && (
        <ConfirmBulk
          spec={confirming}
          body={{ list, action: confirming.action, ...(selection.allMatching ? { filter } : { ids: picked.map(Number) }) }}
          summary={`${confirming.phrase ?? confirming.label} ${name(chosen)}${selection.allMatching ? ' (every row matching the list’s filter, as the server reads it now)' : ''}?`}
          onStarted={start}
          onClose={() => setConfirming(null)}
        />
      )}
      {jobId !== null && <BulkJobPanel jobId={jobId} noun={noun} invalidates={invalidates} onDismiss={dismiss} actions={actions} />}
    </>
  );
}

function ConfirmBulk({ spec, body, summary, onStarted, onClose }: { spec: BulkActionSpec; body: Omit<NewBulkJob, 'params'>; summary: string; onStarted: (job: BulkJob) => void; onClose: () => void }) {
  const [params, setParams] = useState<BulkParams>(spec.initialParams);
  const run = useAction({
    run: (_: void, { headers }) => startBulkJob({ ...body, params }, headers),
    onSuccess: onStarted,
  });
  return (
    <FormDialog
      title={`${spec.label} in bulk`}
      submitLabel={spec.label}
      busy={run.busy}
      error={run.formError ?? Object.values(run.fieldErrors)[0] ?? null}
      submitDisabled={spec.ready ? !spec.ready(params) : false}
      onSubmit={() => void run.run()}
      onClose={onClose}
    >
      <div className="bulk-bar__confirm">
        <p>{summary}</p>
        {spec.renderParams?.(params, setParams)}
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
  const job = useQuery(workKeys.bulkJob(jobId), (signal) => fetchBulkJob(jobId, signal), { notify: false });
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
