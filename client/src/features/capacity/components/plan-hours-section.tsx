import { useId, useState } from 'react';
import { formatMinutes, MAX_PLAN_MONTHLY_MINUTES } from '../../../../../common/capacity.ts';
import type { Plan } from '../../../../../common/contract/plans.ts';
import { Button } from '../../../components/button.tsx';
import { LoadingIndicator } from '../../../components/spinner.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useAction } from '../../../lib/use-action.ts';
import { plans, setPlanHours, usePlanHours } from '../api.ts';
import { readHours } from '../model.ts';

/** ADMIN sets the hours a month each plan includes: every client's budget on the plan is measured against it. */
export function PlanHoursSection() {
  const id = useId();
  const plans = usePlanHours(true);
  return (
    <section className="panel capacity__panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="capacity__title">
        Hours a month by plan
      </h2>
      <p className="capacity__legend">A client's month budget: its plan's hours against the time logged for it. Its bookkeeper and reviewer are told at 80 % and 100 %.</p>
      {!plans.data ? (
        <LoadingIndicator label="Loading plans" />
      ) : (
        <ul className="capacity-plans">
          {plans.data.map((plan) => (
            <PlanHours key={`${plan.id}-${plan.version}`} plan={plan} />
          ))}
        </ul>
      )}
    </section>
  );
}

function PlanHours({ plan }: { plan: Plan }) {
  const id = useId();
  const [text, setText] = useState(formatMinutes(plan.monthly_minutes));
  const [error, setError] = useState<string | undefined>();
  const save = useAction({
    run: (minutes: number, { headers }) => setPlanHours(plan.id, { version: plan.version, monthly_minutes: minutes }, headers),
    success: `Hours of ${plan.name} saved`,
    endpoint: plans.updateHours,
  });
  const submit = () => {
    const read = readHours(text, MAX_PLAN_MONTHLY_MINUTES, 'Hours a month');
    if ('error' in read) return setError(read.error);
    setError(undefined);
    void save.run(read.minutes);
  };
  return (
    <li className="capacity-plans__item">
      <form
        className="capacity-plans__form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField id={`${id}-hours`} label={`${plan.name} (hours a month)`} inputMode="decimal" value={text} onValueChange={setText} error={error ?? save.fieldErrors.monthly_minutes ?? save.formError ?? undefined} />
        <Button type="submit" variant="outlined" loading={save.busy} disabled={text === formatMinutes(plan.monthly_minutes)}>
          Save
        </Button>
      </form>
    </li>
  );
}
