import { useState } from 'react';
import type { CostRate } from '../../../../../common/contract/practice.ts';
import { MAX_HOURLY_FILS } from '../../../../../common/contract/practice-paths.ts';
import { filsToDecimal, formatFils, parseAedToFils } from '../../../../../common/money.ts';
import { roleLabel } from '../../../../../common/roles.ts';
import { Button } from '../../../components/button.tsx';
import { LoadingIndicator } from '../../../components/spinner.tsx';
import { useAction } from '../../../lib/use-action.ts';
import { practice, setCostRate, useCostRates } from '../api.ts';
import { Table } from '../../../components/table.tsx';
import { personName } from '../../../lib/user-name.ts';

/** A rate's own form: its text and its problem kept per row, started afresh when the rate changes. */
function RateForm({ rate }: { rate: CostRate }) {
  const [text, setText] = useState(rate.hourly_fils === null ? '' : filsToDecimal(rate.hourly_fils));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useAction({
    run: (fils: number, { headers }) => setCostRate(rate.user_id, { version: rate.version, hourly_fils: fils }, headers),
    success: 'Cost rate saved.',
    endpoint: practice.setCostRate,
  });
  const name = personName(rate);
  const submit = () => {
    const fils = parseAedToFils(text);
    if (fils === null || fils > MAX_HOURLY_FILS) {
      setProblem(`Hourly cost must be an amount in AED up to ${formatFils(MAX_HOURLY_FILS)}.`);
      return;
    }
    setProblem(null);
    void save.run(fils);
  };
  return (
    <form
      className="practice-rates__form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label className="visually-hidden" htmlFor={`rate-${rate.user_id}`}>{`Hourly cost of ${name} (AED)`}</label>
      <input id={`rate-${rate.user_id}`} className="filter__control practice-rates__input" inputMode="decimal" value={text} onChange={(event) => setText(event.target.value)} aria-invalid={problem !== null} />
      <Button type="submit" variant="outlined" loading={save.busy}>
        Save
      </Button>
      {(problem ?? save.fieldErrors.hourly_fils ?? save.formError) && (
        <span className="practice__error" role="alert">
          {problem ?? save.fieldErrors.hourly_fils ?? save.formError}
        </span>
      )}
    </form>
  );
}

/** What an hour of each member of staff costs (ADMIN only): the profitability report's cost. */
export function RatesTab() {
  const rates = useCostRates();
  if (!rates.data) return <LoadingIndicator label="Loading the cost rates" />;
  return (
    <div className="practice-rates">
      <p className="practice__note">AED an hour, as the firm pays it (salary and overheads). Only administrators see these; time of someone without a rate costs nothing in the reports.</p>
      <Table
        className="practice-table"
        columns={[
          {
            id: 'name',
            header: 'Staff member',
            rowHeader: true,
            cell: (rate) => (
              <>
                {personName(rate)}
                {!rate.active && <span className="practice__note"> (deactivated)</span>}
              </>
            ),
          },
          { id: 'role', header: 'Role', cell: (rate) => roleLabel(rate.role) },
          { id: 'hourly', header: 'Hourly cost', cell: (rate) => (rate.hourly_fils === null ? 'Not set' : formatFils(rate.hourly_fils)) },
          { id: 'change', header: 'Change', cell: (rate) => <RateForm rate={rate} /> },
        ]}
        rows={rates.data.results}
        rowKey={(rate) => `${rate.user_id}-${rate.version}`}
      />
    </div>
  );
}
