import { useId, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import type { BulkRemindResult, RegistrationListItem } from '../../../../../common/contract/registrations.ts';
import { MAX_BULK_REMINDERS, canAct } from '../../../../../common/pipeline.ts';
import type { Stage } from '../../../../../common/stages.ts';
import { STAGE_TITLES } from '../../../../../common/stages.ts';
import { queueRules } from '../../../../../common/onboarding.ts';
import { Button } from '../../../components/button.tsx';
import type { Column } from '../../../components/data-table.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { formatDubaiDateTime } from '../../../lib/dates.ts';
import { choiceField } from '../../../lib/url-list-state.ts';
import { useAction } from '../../../lib/use-action.ts';
import { session } from '../../../state/session.ts';
import { registrations, remindMany } from '../api.ts';
import { actionsColumn, companyColumn, dateColumn, regIdColumn, statusColumn } from '../components/columns.tsx';
import { OnboardingList, onboardingSchema } from '../components/onboarding-list.tsx';
import { SelectControl } from '../../../components/select.tsx';
import { verificationHref } from '../model.ts';

/** The stages the Registration page holds, from the queue table ('all' shows every one), and the withdrawn registrations. */
const STAGE_FILTERS = ['all', ...new Set(queueRules('registrations').flatMap((rule) => rule.stages)), 'withdrawn'] as const;
type StageFilter = (typeof STAGE_FILTERS)[number];

const schema = { ...onboardingSchema('-date_joined'), stage: choiceField<StageFilter>(STAGE_FILTERS, 'all') };

/** At documents_submitted, only registrations returned for correction wait here. */
const FILTER_LABELS: Record<string, string> = { all: 'All stages', documents_submitted: 'Returned for Correction', withdrawn: 'Withdrawn' };

const stageColumn: Column<RegistrationListItem> = { id: 'stage', header: 'Stage', span: 2, cell: (item) => STAGE_TITLES[item.stage] };
/** A withdrawn registration carries its chip instead of the stage's status; the last reminder is noted under it. */
const statusOrWithdrawn: Column<RegistrationListItem> = {
  ...statusColumn,
  cell: (item) => (
    <>
      {item.phase === 'withdrawn' ? <StatusChip variant="amber">Withdrawn</StatusChip> : statusColumn.cell(item)}
      {item.last_reminded_at && <span className="onboarding-list__cell-note">Reminded {formatDubaiDateTime(item.last_reminded_at)}</span>}
    </>
  ),
};

/**
 * Registrations in the early stages, each opening its verification page on its current step; rows act on
 * their step (remind, verify, book), several rows can be reminded at once, and the 'Withdrawn' filter lists
 * the withdrawn ones (on no queue) to reinstate from their record.
 */
export function RegistrationsPage() {
  useSignals();
  const role = session.value.role;
  const selectId = useId();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [results, setResults] = useState<{ rows: readonly RegistrationListItem[]; answer: BulkRemindResult } | null>(null);
  const remindable = (item: RegistrationListItem) => role !== null && canAct('remind', item.phase, role);
  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const bulk = useAction<readonly RegistrationListItem[], BulkRemindResult>({
    run: (rows, { headers }) => remindMany(rows.map((row) => row.id), headers),
    success: (answer) => `${answer.results.filter((result) => result.status === 200).length} of ${answer.results.length} reminders sent`,
    endpoint: registrations.remindMany,
    onSuccess: (answer, rows) => {
      setResults({ rows, answer });
      setSelected(new Set());
    },
  });

  // The row's tick for bulk reminders sits with its buttons, so the table keeps to the window's width.
  const actionsWithSelect: Column<RegistrationListItem> = {
    ...actionsColumn,
    cell: (item) => (
      <span className="onboarding-list__row-actions">
        {remindable(item) ? (
          <input
            type="checkbox"
            className="onboarding-list__row-check"
            checked={selected.has(item.id)}
            aria-label={`Select ${item.legal_name} for a reminder`}
            onChange={(event) => toggle(item.id, event.target.checked)}
          />
        ) : (
          <span className="onboarding-list__row-check" />
        )}
        {actionsColumn.cell(item)}
      </span>
    ),
  };
  const columns = [regIdColumn, companyColumn, dateColumn('date_joined', 'Joined On'), stageColumn, statusOrWithdrawn, actionsWithSelect];

  return (
    <>
      <OnboardingList
        queue="registrations"
        schema={schema}
        scope={(view) => (view.stage === 'withdrawn' ? { status: 'inactive', queue: null } : view.stage === 'all' ? {} : { stage: view.stage as Stage })}
        label="Registration"
        columns={columns}
        rowHref={verificationHref}
        filters={(view, update) => (
          <div className="onboarding-list__filter">
            <label htmlFor={selectId}>Stage</label>
            <SelectControl
              id={selectId}
              className="onboarding-list__select"
              value={view.stage}
              onChange={(next) => {
                setSelected(new Set());
                update({ stage: next as StageFilter });
              }}
            >
              {STAGE_FILTERS.map((stage) => (
                <option key={stage} value={stage}>
                  {FILTER_LABELS[stage] ?? STAGE_TITLES[stage as Stage]}
                </option>
              ))}
            </SelectControl>
          </div>
        )}
        actions={(rows) => {
          const chosen = rows.filter((row) => selected.has(row.id)).slice(0, MAX_BULK_REMINDERS);
          return (
            <Button variant="outlined" disabled={chosen.length === 0} loading={bulk.busy} onClick={() => void bulk.run(chosen)}>
              Send reminders{chosen.length > 0 ? ` (${chosen.length})` : ''}
            </Button>
          );
        }}
      />
      {results && <BulkResults rows={results.rows} answer={results.answer} onClose={() => setResults(null)} />}
    </>
  );
}

/** What happened to each selected registration: sent, too soon (with when), or nothing for the client to do. */
function BulkResults({ rows, answer, onClose }: { rows: readonly RegistrationListItem[]; answer: BulkRemindResult; onClose: () => void }) {
  const sent = answer.results.filter((result) => result.status === 200).length;
  const nameOf = (id: number) => rows.find((row) => row.id === id)?.legal_name ?? `Registration ${id}`;
  return (
    <Dialog
      title="Reminders"
      onClose={onClose}
      footer={
        <Button variant="primary" onClick={onClose}>
          Done
        </Button>
      }
    >
      <p>
        {sent} of {answer.results.length} sent.
      </p>
      <ul className="bulk-results" aria-label="Reminder results">
        {answer.results.map((result) => (
          <li key={result.id} className={result.status === 200 ? 'bulk-results__item' : 'bulk-results__item bulk-results__item--refused'}>
            <span className="bulk-results__name">{nameOf(result.id)}</span>
            <span>{result.status === 200 ? 'Sent' : result.message}</span>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
