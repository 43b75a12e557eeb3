import { useId } from 'react';
import type { Stage } from '../../../../../common/stages.ts';
import { STAGE_TITLES } from '../../../../../common/stages.ts';
import { queueRules } from '../../../../../common/onboarding.ts';
import { choiceField } from '../../../lib/url-list-state.ts';
import { companyColumn, dateColumn, regIdColumn, statusColumn } from '../components/columns.tsx';
import { OnboardingList, onboardingSchema } from '../components/onboarding-list.tsx';
import { verificationHref } from '../model.ts';

/** The stages the Registration page holds, from the queue table ('all' shows every one). */
const STAGE_FILTERS = ['all', ...new Set(queueRules('registrations').flatMap((rule) => rule.stages))] as const;
type StageFilter = (typeof STAGE_FILTERS)[number];

const schema = { ...onboardingSchema('-date_joined'), stage: choiceField<StageFilter>(STAGE_FILTERS, 'all') };

/** At documents_submitted, only registrations returned for correction wait here. */
const FILTER_LABELS: Record<string, string> = { all: 'All stages', documents_submitted: 'Returned for Correction' };

const columns = [
  regIdColumn,
  companyColumn,
  dateColumn('date_joined', 'Joined On'),
  { id: 'stage', header: 'Stage', span: 2 as const, cell: (item: { stage: Stage }) => STAGE_TITLES[item.stage] },
  statusColumn,
];

/** Registrations in the early stages, each opening its verification page on its current step. */
export function RegistrationsPage() {
  const selectId = useId();
  return (
    <OnboardingList
      queue="registrations"
      schema={schema}
      scope={(view) => (view.stage === 'all' ? {} : { stage: view.stage as Stage })}
      label="Registration"
      columns={columns}
      rowHref={verificationHref}
      filters={(view, update) => (
        <div className="onboarding-list__filter">
          <label htmlFor={selectId}>Stage</label>
          <select id={selectId} className="onboarding-list__select" value={view.stage} onChange={(event) => update({ stage: event.target.value as StageFilter })}>
            {STAGE_FILTERS.map((stage) => (
              <option key={stage} value={stage}>
                {FILTER_LABELS[stage] ?? STAGE_TITLES[stage as Stage]}
              </option>
            ))}
          </select>
        </div>
      )}
    />
  );
}
