import { monthLabel } from '../../../../../common/calendar.ts';
import { AppLink } from '../../../components/app-link.tsx';
import { LoadingIndicator } from '../../../components/spinner.tsx';
import { useDashboard } from '../api.ts';
import { figureChange, figureValue } from '../model.ts';

/** The firm's month against the last: each figure a link to the list behind it. */
export function DashboardTab({ month, onMonth }: { month: string; onMonth: (month: string) => void }) {
  const dashboard = useDashboard(month);
  return (
    <div className="practice-dashboard">
      <div className="toolbar">
        <div className="filter">
          <label htmlFor="practice-month">Month</label>
          <input id="practice-month" className="filter__control" type="month" value={month} onChange={(event) => event.target.value && onMonth(event.target.value)} />
        </div>
        {dashboard.data && <p className="practice__note">Against {monthLabel(dashboard.data.previous_month)}</p>}
      </div>
      {!dashboard.data ? (
        <LoadingIndicator label="Loading the dashboard" />
      ) : (
        dashboard.data.sections.map((section) => (
          <section key={section.title} className="practice-dashboard__section" aria-labelledby={`practice-${section.title}`}>
            <h2 id={`practice-${section.title}`}>{section.title}</h2>
            <ul className="practice-dashboard__figures">
              {section.figures.map((figure) => (
                <li key={figure.key} className="practice-figure">
                  <AppLink href={figure.link} className="practice-figure__link">
                    <span className="practice-figure__label">{figure.label}</span>
                    <strong className="practice-figure__value">{figureValue(figure, figure.current)}</strong>
                    <span className="practice-figure__before">
                      {figure.previous === null ? 'no figure last month' : `${figureValue(figure, figure.previous)} last month`}
                      {figureChange(figure) && ` (${figureChange(figure)})`}
                    </span>
                  </AppLink>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </div>
  );
}
