import type { InputHTMLAttributes, ReactNode } from 'react';
import type { Field } from '../../../common/contract/field.ts';

/**
 * A field's label: from its area's field sheet (`field={taskFields.title}`), the one the back end's refusals
 * name it by, or written here for a field no request takes (a picker that only filters what is shown). A
 * sheet's field may carry a longer label for one form ('Due date (Dubai)').
 */
export type Labelled = { field: Field; label?: string } | { label: string; field?: undefined };

/** The label a field shows: its own words, else its sheet's. */
export const labelOf = ({ field, label }: Labelled): string => label ?? field?.label ?? '';

export interface FieldFrameProps {
  id: string;
  label: string;
  hint?: string;
  /** Why the value was refused (the server's sentence for this field). */
  error?: string | undefined;
  /** Shown at the end of the hint's line (a counter). */
  aside?: ReactNode;
  children: ReactNode;
}

/** The ids a field's input points at for screen readers: its hint, its aside and its error. */
export function describedBy(id: string, parts: { hint?: unknown; aside?: unknown; error?: unknown }): string | undefined {
  const ids = [parts.hint ? `${id}-hint` : '', parts.aside ? `${id}-aside` : '', parts.error ? `${id}-error` : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** A label above its input, a line of hint (and aside) under it, and the refusal, announced when it appears. */
export function FieldFrame({ id, label, hint, error, aside, children }: FieldFrameProps) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {(hint || aside) && (
        <div className="field__meta">
          {hint && (
            <span className="field__hint" id={`${id}-hint`}>
              {hint}
            </span>
          )}
          {aside && <span id={`${id}-aside`}>{aside}</span>}
        </div>
      )}
      {error && (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

type TextFieldProps = Labelled & Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'className' | 'id' | 'value' | 'maxLength'> & {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  hint?: string;
  error?: string | undefined;
};

/**
 * A labelled input with an optional hint and error, wired for screen readers. A field with a limit is a
 * CountedTextField (counted-field.tsx): no native maxLength here, which would cut a paste without a word, and
 * the login route's download does without the counter.
 */
export function TextField({ id, label, field, value, onValueChange, hint, error, ...input }: TextFieldProps) {
  return (
    <FieldFrame id={id} label={labelOf({ field, label } as Labelled)} hint={hint} error={error}>
      <input
        {...input}
        id={id}
        className="field__input"
        aria-describedby={describedBy(id, { hint, error })}
        aria-invalid={error ? true : undefined}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
      />
    </FieldFrame>
  );
}

/** The form's error, announced when it appears. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}
