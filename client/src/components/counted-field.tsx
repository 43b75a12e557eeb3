import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
import type { Field, LimitedField } from '../../../common/contract/field.ts';
import { FieldFrame, describedBy } from './text-field.tsx';
import { LengthCounter, textLength } from './length-counter.tsx';

/**
 * The label and the limit: both from the area's field sheet (`field={faqFields.category}`), the form's own
 * label over the sheet's where it says more, or both written here for a text no request field holds.
 */
type LabelAndLimit = { field: LimitedField; label?: string; limit?: undefined } | { field: Field; label?: string; limit: number } | { label: string; limit: number; field?: undefined };

type CountedProps = LabelAndLimit & {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  /** The counter shows only near the limit (from 80 %) rather than always. */
  near?: boolean;
  hint?: string;
  error?: string | undefined;
};

/**
 * The server's maximum length for the field, from the contract's one source: a counter shows it. Text beyond
 * it is kept, not cut, and the counter says by how much it is over, so nothing is lost silently and the
 * server's refusal can name the field.
 */
const facts = ({ field, label, limit }: LabelAndLimit) => ({ label: label ?? field?.label ?? '', limit: limit ?? field?.max ?? 0 });

/** A text input showing its limit. */
export function CountedTextField({ id, field, label: ownLabel, limit: ownLimit, value, onValueChange, near = false, hint, error, ...input }: CountedProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'className' | 'id' | 'value'>) {
  const { label, limit } = facts({ field, label: ownLabel, limit: ownLimit } as LabelAndLimit);
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
export function TextArea({ id, field, label: ownLabel, limit: ownLimit, value, onValueChange, hint, error, ...input }: CountedProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'className' | 'id' | 'value'>) {
  const { label, limit } = facts({ field, label: ownLabel, limit: ownLimit } as LabelAndLimit);
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
