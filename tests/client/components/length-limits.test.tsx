// @vitest-environment happy-dom
/**
 * Over-long input is never cut without a word: a field with the server's limit keeps what was typed or
 * pasted (no native maxLength, which cut a 16-digit TRN to 15 and saved it), shows a counter near and over
 * the limit, and counts as the server does (an emoji is one character, not two).
 */
import { describe, expect, it } from 'vitest';
import { Line } from '../../../common/contract/shared.ts';
import { strictValidatorCompiler } from '../../../backend/src/lib/validation.ts';
import { CountedTextField } from '../../../client/src/components/counted-field.tsx';
import { textLength } from '../../../client/src/components/length-counter.tsx';
import { useReactRoot } from '../react-dom.ts';

const dom = useReactRoot();
const noop = () => {};

describe('fields with a limit', () => {
  it('keeps a 16-digit TRN whole in a 15-character field, says it is 1 over and marks the field invalid', () => {
    dom.render(<CountedTextField id="trn" label="TRN (15 digits)" value="1001234567890123" onValueChange={noop} limit={15} near />);
    const input = dom.container.querySelector('input')!;
    expect(input.hasAttribute('maxlength')).toBe(false);
    expect(input.value).toBe('1001234567890123');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(dom.container.querySelector('.field__counter')?.textContent).toBe('16 / 15 characters (1 over the limit)');
  });

  it('shows no counter far from the limit, and one from 80 % of it', () => {
    dom.render(<CountedTextField id="title" label="Title" value="Payroll" onValueChange={noop} limit={120} near />);
    expect(dom.container.querySelector('.field__counter')).toBeNull();
    dom.render(<CountedTextField id="title" label="Title" value={'x'.repeat(100)} onValueChange={noop} limit={120} near />);
    expect(dom.container.querySelector('.field__counter')?.textContent).toBe('100 / 120 characters');
  });

  it('counts an emoji as one character, as the server does', () => {
    const text = '😀'.repeat(5);
    expect(text.length).toBe(10);
    expect(textLength(text)).toBe(5);
    dom.render(<CountedTextField id="name" label="Name" value={text} onValueChange={noop} limit={5} />);
    expect(dom.container.querySelector('.field__counter')?.textContent).toBe('5 / 5 characters');
    // The server's validator counts the same way: five emoji fit a limit of five, six do not.
    const validate = strictValidatorCompiler({ schema: Line(5, { title: 'Name' }) as object, httpPart: 'body', method: 'POST', url: '/' }) as (value: unknown) => { error?: Error };
    expect(validate(text).error).toBeUndefined();
    expect(validate(`${text}😀`).error?.message).toMatch(/at most 5 characters/);
  });
});
