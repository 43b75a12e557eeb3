import { useId } from 'react';
import { LengthCounter } from './length-counter.tsx';
import { personName } from '../lib/user-name.ts';

/**
 * The parameters a bulk action's confirmation asks (BulkActionSpec.renderParams): one choice from a list
 * (an assignee, a status, a role) and a free-text reason, laid out as the console's other form fields.
 */
export function ChoiceParam<T extends string | number>({
  label,
  value,
  choices,
  onChange,
  none,
}: {
  label: string;
  value: T | null;
  choices: readonly { value: T; label: string }[];
  onChange: (value: T | null) => void;
  /** The label of 'no value' (e.g. 'Nobody (unassign)'); without it a value must be chosen. */
  none?: string;
}) {
  const id = useId();
  const numeric = typeof choices[0]?.value === 'number';
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="field__input"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value === '' ? null : ((numeric ? Number(event.target.value) : event.target.value) as T))}
      >
        {(none !== undefined || value === null) && <option value="">{none ?? 'Choose…'}</option>}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function ReasonParam({ label, value, onChange, maxLength }: { label: string; value: string; onChange: (value: string) => void; maxLength: number }) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className="field__input" value={value} onChange={(event) => onChange(event.target.value)} />
      <LengthCounter value={value} limit={maxLength} />
    </div>
  );
}

/**
 * A person (an assignee, a bookkeeper) written to `params[field]`, from the staff the area offers, by name
 * (their e-mail when they have none); `none` is the choice of nobody.
 */
export function PersonParam<P extends { [K in F]: number | null }, F extends keyof P & string>({
  label,
  field,
  none,
  people,
  params,
  setParams,
}: {
  label: string;
  field: F;
  none: string;
  people: readonly { id: number; display_name: string | null; email: string }[];
  params: P;
  setParams: (params: P) => void;
}) {
  return (
    <ChoiceParam
      label={label}
      value={params[field]}
      choices={people.map((person) => ({ value: person.id, label: personName(person) }))}
      onChange={(value) => setParams({ ...params, [field]: value })}
      none={none}
    />
  );
}

/**
 * A list's query as a bulk job's filter ('all N matching'): the list call's own parameters as text, without
 * the page, so the server selects exactly the rows the list shows across pages.
 */
export function bulkFilter(query: object): Record<string, string> {
  const filter: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || name === 'page' || name === 'page_size') continue;
    filter[name] = String(value);
  }
  return filter;
}
