import { monthLabel, monthsEnding } from '../../../../../common/calendar.ts';
import { formatMinutes } from '../../../../../common/capacity.ts';
import type { ClientDetail } from '../../../../../common/contract/clients.ts';
import { FilterSelect } from '../../../components/select.tsx';
import { LoadingIndicator } from '../../../components/spinner.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { useClientBudget } from '../api.ts';
import { budgetVariant, currentMonth } from '../model.ts';
import { useSearchParam } from '../use-search-param.ts';
import { Table } from '../../../components/table.tsx';
import { personName } from '../../../lib/user-name.ts';

/** The months the picker offers: this one and the eleven before it. */
const BUDGET_MONTHS = 12;

/** A client's month budget: its plan's hours against the time logged, by staff member; this month by default (?month=). */
export function BudgetTab({ client }: { client: ClientDetail }) {
  const months = monthsEnding(currentMonth(), BUDGET_MONTHS).reverse();
  const [picked, setMonth] = useSearchParam('month');
  const month = months.find((candidate) => candidate === picked) ?? months[0]!;
  const budget = useClientBudget(client.id, month);
  const data = budget.data;
  return (
    <div className="client-stack">
      <section className="panel client-section" aria-labelledby="client-budget">
        <div className="client-section__head">
          <h2 id="client-budget" className="client-section__title">
            Budget for {monthLabel(month)}
          </h2>
          <FilterSelect label="Month" value={month} onChange={(value) => setMonth(value === months[0] ? null : value)}>
            {months.map((each) => (
              <option key={each} value={each}>
                {monthLabel(each)}
              </option>
            ))}
          </FilterSelect>
        </div>
        {!data ? (
          <LoadingIndicator label="Loading the budget" />
        ) : (
          <>
            <dl className="budget-figures">
              <div>
                <dt>Plan</dt>
                <dd>{data.plan ? data.plan.name : 'No plan'}</dd>
              </div>
              <div>
                <dt>Included</dt>
                <dd>{formatMinutes(data.included_minutes)} h</dd>
              </div>
              <div>
                <dt>Logged</dt>
                <dd>{formatMinutes(data.logged_minutes)} h</dd>
              </div>
              <div>
                <dt>Used</dt>
                <dd>
                  {data.percent_used === null ? (
                    <span className="client-muted">The plan includes no hours</span>
                  ) : (
                    <StatusChip variant={budgetVariant(data.percent_used)}>{data.percent_used} %</StatusChip>
                  )}
                </dd>
              </div>
            </dl>
            {data.percent_used !== null && (
              <progress className={`budget-bar budget-bar--${budgetVariant(data.percent_used)}`} max={100} value={Math.min(data.percent_used, 100)} aria-label={`Budget used: ${data.percent_used} %`} />
            )}
          </>
        )}
      </section>
      {data && (
        <section className="panel client-section" aria-labelledby="client-budget-staff">
          <h2 id="client-budget-staff" className="client-section__title">
            Time by staff member
          </h2>
          {data.by_staff.length === 0 ? (
            <p className="client-muted">No time logged in {monthLabel(month)}.</p>
          ) : (
            <div className="client-table-scroll">
              <Table
                className="client-table client-table--numbers"
                columns={[
                  { id: 'staff', header: 'Staff member', cell: (row) => personName(row.user), rowHeader: true },
                  { id: 'time', header: 'Time (h:mm)', cell: (row) => formatMinutes(row.minutes) },
                ]}
                rows={data.by_staff}
                rowKey={(row) => row.user.id}
              />
            </div>
          )}
        </section>
      )}
    </div>
  );
}
