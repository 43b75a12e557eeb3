/**
 * Practice (ADMIN): the owner's dashboard of a month against the last, profitability per client, plan or staff
 * member with its margin chart and CSV, and the staff cost rates. The tab and every filter live in the URL, so
 * the dashboard's figures link straight to a filtered view.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { dubaiDate } from '../../../../../common/calendar.ts';
import { MAX_SEARCH_LENGTH } from '../../../../../common/contract/http.ts';
import { DEFAULT_PROFITABILITY_SORT, PROFITABILITY_GROUPS, PROFITABILITY_SORTS } from '../../../../../common/contract/practice-paths.ts';
import { choiceField, integerField, textField } from '../../../lib/url-list-state.ts';
import { useListParams } from '../../../lib/use-list-controller.ts';
import { DashboardTab } from '../components/dashboard-tab.tsx';
import { ProfitabilityTab } from '../components/profitability-tab.tsx';
import { RatesTab } from '../components/rates-tab.tsx';
import { dashboardMonth, PRACTICE_TAB_LABELS, PRACTICE_TABS, reportRange } from '../model.ts';
import '../components/practice.css';

const SCHEMA = {
  page: integerField(1),
  search: textField({ maxLength: MAX_SEARCH_LENGTH }),
  tab: choiceField(PRACTICE_TABS, 'dashboard'),
  month: textField({ maxLength: 7 }),
  from: textField({ maxLength: 7 }),
  to: textField({ maxLength: 7 }),
  group: choiceField(PROFITABILITY_GROUPS, 'client'),
  sort: choiceField(PROFITABILITY_SORTS, DEFAULT_PROFITABILITY_SORT),
  losing: choiceField(['false', 'true'] as const, 'false'),
};

export function PracticePage() {
  useSignals();
  const [view, setView] = useListParams(SCHEMA);
  const today = dubaiDate();
  const range = reportRange(view.from, view.to, today);
  return (
    <div className="practice">
      <nav aria-label="Practice sections">
        <ul role="tablist" className="practice-tabs">
          {PRACTICE_TABS.map((tab) => (
            <li key={tab} role="presentation">
              <button type="button" role="tab" aria-selected={view.tab === tab} aria-controls="practice-panel" className="practice-tabs__tab" onClick={() => setView({ tab })}>
                {PRACTICE_TAB_LABELS[tab]}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <div id="practice-panel" role="tabpanel" aria-label={PRACTICE_TAB_LABELS[view.tab]}>
        {view.tab === 'dashboard' && <DashboardTab month={dashboardMonth(view.month, today)} onMonth={(month) => setView({ month })} />}
        {view.tab === 'profitability' && (
          <ProfitabilityTab
            view={{ ...range, group: view.group, sort: view.sort, losing: view.losing === 'true', search: view.search }}
            onView={({ losing, ...patch }) => setView({ ...patch, ...(losing === undefined ? {} : { losing: losing ? 'true' : 'false' }) })}
          />
        )}
        {view.tab === 'rates' && <RatesTab />}
      </div>
    </div>
  );
}
