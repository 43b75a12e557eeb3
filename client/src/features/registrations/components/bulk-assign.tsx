import { useId } from 'react';
import { Select } from '../../../components/select.tsx';
import { personName } from '../../../lib/user-name.ts';
import { useAssignees } from '../api.ts';

/** The bulk assign dialog's one parameter: who the registrations go to (or nobody, to unassign them). */
export function AssignParams({ value, onChange }: { value: number | null; onChange: (assignee: number | null) => void }) {
  const assignees = useAssignees();
  const id = useId();
  return (
    <Select id={id} label="Assign to" value={value === null ? '' : String(value)} onChange={(next) => onChange(next === '' ? null : Number(next))}>
      <option value="">Nobody (unassign)</option>
      {(assignees.data ?? []).map((person) => (
        <option key={person.id} value={person.id}>
          {personName(person)}
        </option>
      ))}
    </Select>
  );
}
