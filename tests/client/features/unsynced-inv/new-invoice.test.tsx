// @vitest-environment happy-dom
/**
 * The New invoice form's words for what it cannot take: a unit price of three decimals (whose totals used
 * to show AED 0.00 beside a disabled 'Issue invoice' that said nothing) is refused beside the field, and a
 * disabled submit button says why beside itself.
 */
import { describe, expect, it } from 'vitest';
import { FormDialog } from '../../../../client/src/components/dialog.tsx';
import { quantityProblem, unitPriceProblem } from '../../../../client/src/features/unsynced-inv/model.ts';
import { useReactRoot } from '../../react-dom.ts';

const dom = useReactRoot();
const noop = () => {};

describe("a New invoice line's fields", () => {
  it('refuse a unit price of three decimals, saying so, and take AED with up to two', () => {
    expect(unitPriceProblem('12.345')).toBe('Unit price must have at most two decimals (AED and fils).');
    expect(unitPriceProblem('1,250.505')).toBe('Unit price must have at most two decimals (AED and fils).');
    expect(unitPriceProblem('12.34')).toBeNull();
    expect(unitPriceProblem('1,250')).toBeNull();
    expect(unitPriceProblem('')).toBeNull();
    expect(unitPriceProblem('twelve')).toBe('Unit price must be an amount in AED, such as 1250.00.');
  });

  it('refuse a quantity that is not a whole number from 1 to 10,000', () => {
    expect(quantityProblem('0')).toBe('Quantity must be a whole number from 1 to 10,000.');
    expect(quantityProblem('1.5')).toBe('Quantity must be a whole number from 1 to 10,000.');
    expect(quantityProblem('3')).toBeNull();
  });
});

describe('a disabled submit button', () => {
  it('says why beside it, and is described by it', () => {
    dom.render(
      <FormDialog title="New invoice" submitLabel="Issue invoice" busy={false} submitDisabled disabledReason="Line 1: Unit price must have at most two decimals (AED and fils)." onSubmit={noop} onClose={noop}>
        <p>Lines</p>
      </FormDialog>,
    );
    const button = [...dom.container.ownerDocument.querySelectorAll('button')].find((candidate) => candidate.textContent === 'Issue invoice')!;
    expect(button.disabled).toBe(true);
    const why = dom.container.ownerDocument.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(why?.textContent).toBe('Line 1: Unit price must have at most two decimals (AED and fils).');
    expect(why?.closest('.dialog__footer')).toBe(button.closest('.dialog__footer'));
  });

  it('says nothing once it can be pressed', () => {
    dom.render(
      <FormDialog title="New invoice" submitLabel="Issue invoice" busy={false} submitDisabled={false} disabledReason="Choose a client to invoice." onSubmit={noop} onClose={noop}>
        <p>Lines</p>
      </FormDialog>,
    );
    expect(dom.container.ownerDocument.querySelector('.dialog__reason')).toBeNull();
  });
});
