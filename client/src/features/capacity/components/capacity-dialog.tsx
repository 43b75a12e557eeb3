import { useId, useState } from 'react';
import { formatMinutes, MAX_WEEKLY_CAPACITY_MINUTES } from '../../../../../common/capacity.ts';
import type { CapacityPerson } from '../../../../../common/contract/capacity.ts';
import { FormDialog } from '../../../components/dialog.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useAction } from '../../../lib/use-action.ts';
import { capacity, setWeeklyCapacity } from '../api.ts';
import { readHours } from '../model.ts';
import { personName } from '../../../lib/user-name.ts';

/** ADMIN sets a person's weekly capacity (hours, spread over Monday to Friday; 24 for a part-timer). */
export function CapacityDialog({ person, onClose }: { person: CapacityPerson; onClose: () => void }) {
  const id = useId();
  const [text, setText] = useState(formatMinutes(person.weekly_capacity_minutes));
  const [error, setError] = useState<string | undefined>();
  const save = useAction({
    run: (minutes: number, { headers }) => setWeeklyCapacity(person.user.id, { version: person.capacity_version, weekly_capacity_minutes: minutes }, headers),
    success: 'Weekly capacity saved',
    endpoint: capacity.setWeekly,
    onSuccess: onClose,
    onConflict: onClose,
  });
  const submit = () => {
    const read = readHours(text, MAX_WEEKLY_CAPACITY_MINUTES, 'Weekly capacity');
    if ('error' in read) return setError(read.error);
    setError(undefined);
    void save.run(read.minutes);
  };
  return (
    <FormDialog title={`Weekly capacity of ${personName(person.user)}`} submitLabel="Save" busy={save.busy} error={save.formError} onSubmit={submit} onClose={onClose}>
      <TextField
        id={`${id}-hours`}
        label="Weekly capacity (hours)"
        hint="Monday to Friday; public holidays and leave days are taken off each week. 40 by default."
        inputMode="decimal"
        value={text}
        onValueChange={setText}
        error={error ?? save.fieldErrors.weekly_capacity_minutes}
      />
    </FormDialog>
  );
}
