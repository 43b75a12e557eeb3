/** The counter under a field with a limit, on its own so a page that only counts need not carry the fields. */
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
