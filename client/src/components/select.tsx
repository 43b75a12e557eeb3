import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { FieldFrame, labelOf, type Labelled } from './text-field.tsx';
import './filters.css';

type SelectProps = Labelled & {
  value: string;
  onChange: (value: string) => void;
  /** The options; by default the field sheet's (its `options`, in their order). */
  children?: ReactNode;
  disabled?: boolean;
  required?: boolean;
};

/** A sheet field's options as a select lists them. */
const sheetOptions = ({ field }: Labelled) =>
  Object.entries(field?.options ?? {}).map(([value, label]) => (
    <option key={value} value={value}>
      {label}
    </option>
  ));

/** A form's select: its label above, the server's refusal under it (a dialog's choice of a status, a person). */
export function Select({ id, label, field, value, onChange, error, disabled, required, children }: SelectProps & { id: string; error?: string | undefined }) {
  return (
    <FieldFrame id={id} label={labelOf({ field, label } as Labelled)} error={error}>
      <select
        id={id}
        className="field__input"
        value={value}
        disabled={disabled}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {children ?? sheetOptions({ field, label } as Labelled)}
      </select>
    </FieldFrame>
  );
}

/** A list toolbar's select: its label beside it, the value in the URL's list state (a status, an owner). */
export function FilterSelect({ label, field, value, onChange, disabled, children }: SelectProps) {
  const id = useId();
  return (
    <div className="filter">
      <label htmlFor={id}>{labelOf({ field, label } as Labelled)}</label>
      <select id={id} className="filter__control" value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
        {children ?? sheetOptions({ field, label } as Labelled)}
      </select>
    </div>
  );
}

/** A list toolbar's date ('From', 'To'): 'YYYY-MM-DD' or '' for none, as the list's query takes it. */
/** A toolbar's date; `errorId` names the text that says what is wrong with it (a period ending before it starts). */
export function DateFilter({ label, field, value, onChange, errorId }: Labelled & { value: string; onChange: (value: string) => void; errorId?: string | undefined }) {
  const id = useId();
  return (
    <div className="filter">
      <label htmlFor={id}>{labelOf({ field, label } as Labelled)}</label>
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

type SelectControlProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> & { value: string; onChange: (value: string) => void };

/**
 * The select control alone, for a place that labels it its own way: a 'Show' filter over a timeline, a
 * picker in a row of actions named by its aria-label, a field whose frame also holds other controls.
 */
export function SelectControl({ onChange, children, ...select }: SelectControlProps) {
  return (
    <select {...select} onChange={(event) => onChange(event.target.value)}>
      {children}
    </select>
  );
}
