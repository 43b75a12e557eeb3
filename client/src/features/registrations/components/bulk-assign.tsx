import { useId } from 'react';
import { useAssignees } from '../api.ts';

/** The bulk assign dialog's one parameter: who the registrations go to (or nobody, to unassign them). */
export function AssignParams({ value, onChange }: { value: number | null; onChange: (assignee: number | null) => void }) {
  const assignees = useAssignees();
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        Assign to
      </label>
      <select id={id} className="field__input" value={value ?? ''} onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}>
        <option value="">Nobody (unassign)</option>
        {(assignees.data ?? []).map((person) => (
          <option key={person.id} value={person.id}>
            {person.display_name ?? person.email}
          </option>
        ))}
      </select>
    </div>
  );
}
