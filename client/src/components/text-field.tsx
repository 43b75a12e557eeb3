import type { InputHTMLAttributes, ReactNode } from 'react';

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

const count = new Intl.NumberFormat('en');

/**
 * A text's length as the server counts it (its validator counts characters, not UTF-16 units: an emoji is
 * one character, not two), so a counter and the server's limit agree.
 */
export const textLength = (text: string): number => [...text].length;

/** Counters appear from this share of the limit on (always in a CountedTextField or TextArea). */
const COUNTER_FROM = 0.8;

/**
 * 'n / limit' under a field, saying by how much it is over. Text beyond the limit is kept, never cut (a
 * native maxLength would cut a paste without a word): the server refuses it, naming the field and its limit.
 */
export function LengthCounter({ value, limit, always = false }: { value: string; limit: number; always?: boolean }) {
  const length = textLength(value);
  if (!always && length < limit * COUNTER_FROM) return null;
  const over = length > limit;
  return (
    <span className={over ? 'field__counter field__counter--over' : 'field__counter'}>
      {count.format(length)} / {count.format(limit)}
      <span className="visually-hidden"> characters</span>
      {over && ` (${count.format(length - limit)} over the limit)`}
    </span>
  );
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'className' | 'id' | 'value'> {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  hint?: string;
  error?: string | undefined;
}

/**
 * A labelled input with an optional hint and error, wired for screen readers (counted-field.tsx shows a limit
 * always). `maxLength` is the server's limit: a counter shows near it and text beyond it is kept, never cut.
 */
export function TextField({ id, label, value, onValueChange, hint, error, maxLength, ...input }: TextFieldProps) {
  const aside = maxLength === undefined ? null : <LengthCounter value={value} limit={maxLength} />;
  const over = maxLength !== undefined && textLength(value) > maxLength;
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} aside={aside}>
      <input
        {...input}
        id={id}
        className="field__input"
        aria-describedby={describedBy(id, { hint, aside, error })}
        aria-invalid={error || over ? true : undefined}
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
