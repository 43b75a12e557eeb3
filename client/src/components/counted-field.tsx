import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { FieldFrame, describedBy } from './text-field.tsx';
import { LengthCounter, textLength } from './length-counter.tsx';

interface CountedProps {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /**
   * The server's maximum length for the field, from the contract's one source: a counter shows it. Text
   * beyond it is kept, not cut, and the counter says by how much it is over, so nothing is lost silently
   * and the server's refusal can name the field.
   */
  limit: number;
  /** The counter shows only near the limit (from 80 %) rather than always. */
  near?: boolean;
  hint?: string;
  error?: string | undefined;
}

/** A text input showing its limit. */
export function CountedTextField({ id, label, value, onValueChange, limit, near = false, hint, error, ...input }: CountedProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'className' | 'id' | 'value'>) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} aside={<LengthCounter value={value} limit={limit} always={!near} />}>
      <input
        {...input}
        id={id}
        className="field__input"
        aria-describedby={describedBy(id, { hint, aside: true, error })}
        aria-invalid={error || textLength(value) > limit ? true : undefined}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
      />
    </FieldFrame>
  );
}

/** A multi-line input showing its limit. */
export function TextArea({ id, label, value, onValueChange, limit, hint, error, ...input }: CountedProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'className' | 'id' | 'value'>) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} aside={<LengthCounter value={value} limit={limit} always />}>
      <textarea
        {...input}
        id={id}
        className="field__input field__input--multiline"
        aria-describedby={describedBy(id, { hint, aside: true, error })}
        aria-invalid={error || textLength(value) > limit ? true : undefined}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
      />
    </FieldFrame>
  );
}
