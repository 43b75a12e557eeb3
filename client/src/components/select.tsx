import { useId, type ReactNode } from 'react';
import { FieldFrame } from './text-field.tsx';
import './filters.css';

interface SelectProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
  disabled?: boolean;
}

/** A form's select: its label above, the server's refusal under it (a dialog's choice of a status, a person). */
export function Select({ id, label, value, onChange, error, disabled, children }: SelectProps & { id: string; error?: string | undefined }) {
  return (
    <FieldFrame id={id} label={label} error={error}>
      <select
        id={id}
        className="field__input"
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {children}
      </select>
    </FieldFrame>
  );
}

/** A list toolbar's select: its label beside it, the value in the URL's list state (a status, an owner). */
export function FilterSelect({ label, value, onChange, disabled, children }: SelectProps) {
  const id = useId();
  return (
    <div className="filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="filter__control" value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
    </div>
  );
}

/** A list toolbar's date ('From', 'To'): 'YYYY-MM-DD' or '' for none, as the list's query takes it. */
/** A toolbar's date; `errorId` names the text that says what is wrong with it (a period ending before it starts). */
export function DateFilter({ label, value, onChange, errorId }: Omit<SelectProps, 'children' | 'disabled'> & { errorId?: string | undefined }) {
  const id = useId();
  return (
    <div className="filter">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="date"
        className="filter__control"
        value={value}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
