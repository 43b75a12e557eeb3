import { Suspense, useState, type ComponentProps } from 'react';
import type { BulkJob } from '../../../common/contract/work.ts';
import type { BulkActionSpec } from './bulk-action-spec.ts';
import { changedKeys, useEndpoint, type EndpointHandle } from '../lib/endpoints.ts';
import type { RowKey, RowSelection } from '../lib/use-row-selection.ts';
import { bulk } from '../lib/work-api.ts';
import { Button } from './button.tsx';
import { lazyPage } from '../lib/lazy-page.ts';
import type * as BulkJobModule from './bulk-job.tsx';
import './bulk-bar.css';

// The confirmation and the job's progress load when an action is chosen or a job is shown: every list page
// carries the bar, and most visits select nothing.
const ConfirmBulk = lazyPage<ComponentProps<typeof BulkJobModule.ConfirmBulk>>(() => import('./bulk-job.tsx').then((module) => module.ConfirmBulk));
const BulkJobPanel = lazyPage<ComponentProps<typeof BulkJobModule.BulkJobPanel>>(() => import('./bulk-job.tsx').then((module) => module.BulkJobPanel));

export type { BulkActionSpec, BulkParams } from './bulk-action-spec.ts';

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
  /** The write each row's action is (the area's endpoint): what it changes, as the contract declares, is read again when a job finishes. */
  endpoint: EndpointHandle;
  /** Where this browser keeps the running job's id, when two pages share one list key (Careers' posts and applications); the list key by default. */
  storageKey?: string;
}

const jobStorageKey = (list: string) => `bulk-job:${list}`;

/**
 * Bulk actions over a list's selection: the count selected, 'select all N matching', the actions
 * the role may run (GET bulk/actions/), a confirmation naming the count, then the job's progress and per-row
 * results (BulkJobPanel), which survive a reload (the job's id is kept in this browser).
 */
export function BulkBar({ list, noun, selection, pageKeys, count, filter, actions, endpoint, storageKey = list }: BulkBarProps) {
  const allowed = useEndpoint(bulk.bulkActions, {}, { notify: false });
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
    <Suspense fallback={null}>
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
      {jobId !== null && <BulkJobPanel jobId={jobId} noun={noun} invalidates={changedKeys(endpoint)} onDismiss={dismiss} actions={actions} />}
    </Suspense>
  );
}
