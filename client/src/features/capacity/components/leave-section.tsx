import { leaveFields } from '../../../../../common/contract/capacity-fields.ts';
import { useId, useState } from 'react';
import { addDays, formatIsoDate, type IsoDate } from '../../../../../common/calendar.ts';
import { MAX_LEAVE_NOTE_LENGTH } from '../../../../../common/contract/capacity-paths.ts';
import type { CapacityPerson, NewLeaveBody } from '../../../../../common/contract/capacity.ts';
import { Button } from '../../../components/button.tsx';
import { CountedTextField } from '../../../components/counted-field.tsx';
import { LoadingIndicator } from '../../../components/spinner.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useAction } from '../../../lib/use-action.ts';
import { addLeave, capacity, removeLeave, useLeave } from '../api.ts';
import { SelectControl } from '../../../components/select.tsx';
import { personName } from '../../../lib/user-name.ts';

/** How far back the list of recorded leave starts (recent leave stays in view to be corrected). */
const LEAVE_LOOKBACK_DAYS = 30;

/** ADMIN records a person's leave (the working days of a span) and removes a day recorded by mistake. */
export function LeaveSection({ people, today }: { people: readonly CapacityPerson[]; today: IsoDate }) {
  const id = useId();
  const from = addDays(today, -LEAVE_LOOKBACK_DAYS);
  const leave = useLeave({ from });
  const [form, setForm] = useState<NewLeaveBody>({ user_id: people[0]?.user.id ?? 0, from: today, to: today, note: '' });
  const set = (patch: Partial<NewLeaveBody>) => setForm((current) => ({ ...current, ...patch }));
  const record = useAction({
    run: (_: void, { headers }) => addLeave(form, headers),
    success: (result) => `Leave recorded: ${result.days.length} working ${result.days.length === 1 ? 'day' : 'days'}`,
    endpoint: capacity.addLeave,
    onSuccess: () => set({ note: '' }),
  });
  const remove = useAction({
    run: ({ userId, day }: { userId: number; day: string }, { headers }) => removeLeave(userId, day, headers),
    success: 'Leave day removed',
    endpoint: capacity.removeLeave,
  });
  return (
    <section className="panel capacity__panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="capacity__title">
        Leave
      </h2>
      <form
        className="capacity-leave__form"
        onSubmit={(event) => {
          event.preventDefault();
          void record.run();
        }}
      >
        <div className="field">
          <label className="field__label" htmlFor={`${id}-person`}>
            Staff member
          </label>
          <SelectControl id={`${id}-person`} className="field__input" value={String(form.user_id)} onChange={(value) => set({ user_id: Number(value) })}>
            {people.map((each) => (
              <option key={each.user.id} value={each.user.id}>
                {personName(each.user)}
              </option>
            ))}
          </SelectControl>
        </div>
        <TextField id={`${id}-from`} label={leaveFields.from.label} type="date" value={form.from} onValueChange={(value) => set({ from: value, to: form.to < value ? value : form.to })} error={record.fieldErrors.from} />
        <TextField id={`${id}-to`} label={leaveFields.to.label} type="date" value={form.to} onValueChange={(value) => set({ to: value })} error={record.fieldErrors.to} />
        <CountedTextField id={`${id}-note`} label="Note (optional)" value={form.note ?? ''} onValueChange={(note) => set({ note })} limit={MAX_LEAVE_NOTE_LENGTH} near error={record.fieldErrors.note} />
        <Button type="submit" loading={record.busy}>
          Record leave
        </Button>
      </form>
      {record.formError && <p className="field__error">{record.formError}</p>}
      <p className="capacity__legend">Weekends and public holidays in a span are not counted as leave.</p>
      {!leave.data ? (
        <LoadingIndicator label="Loading leave" />
      ) : leave.data.results.length === 0 ? (
        <p className="capacity__legend">No leave recorded from {formatIsoDate(from)}.</p>
      ) : (
        <ul className="capacity-leave__list">
          {leave.data.results.map((day) => (
            <li key={`${day.user.id}-${day.day}`} className={day.day < today ? 'capacity-leave__day capacity-leave__day--past' : 'capacity-leave__day'}>
              <span>
                {formatIsoDate(day.day)} · {personName(day.user)}
                {day.note && ` · ${day.note}`}
              </span>
              <Button variant="ghost" disabled={remove.busy} onClick={() => void remove.run({ userId: day.user.id, day: day.day })} aria-label={`Remove the leave of ${personName(day.user)} on ${formatIsoDate(day.day)}`}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
