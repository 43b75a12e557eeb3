import { describe, expect, it } from 'vitest';
import { cyclePrice, priceLines, storedPrice } from '../../common/pricing.ts';

describe('a price line by line', () => {
  it('shows the cycle discount and the negotiated discount as two lines, the second said to be of the price after the first', () => {
    // Growth at AED 1,500.00 a month, annual (10 %) plus 7.77 % negotiated.
    const price = cyclePrice(150_000, 'annual', 777);
    const lines = priceLines(price, 'annual', 777);
    expect(lines.map((line) => [line.label, line.fils])).toEqual([
      ['List (12 months)', 1_800_000],
      ['Annual discount 10 %', -180_000],
      ['Negotiated discount 7.77 % (of the price after the annual discount)', -125_874],
      ['Net', 1_494_126],
      ['VAT 5 %', 74_706],
      ['Total per annual cycle', 1_568_832],
    ]);
    // The lines add up to the net to the fil.
    expect(lines.filter((line) => line.kind === 'list' || line.kind === 'discount').reduce((sum, line) => sum + line.fils, 0)).toBe(price.net_fils);
  });

  it('leaves out a discount of zero, and splits a stored price back into its two discounts', () => {
    expect(priceLines(cyclePrice(150_000, 'monthly', 0), 'monthly', 0).map((line) => line.kind)).toEqual(['list', 'net', 'vat', 'total']);
    expect(priceLines(cyclePrice(150_000, 'monthly', 500), 'monthly', 500)[1]!.label).toBe('Negotiated discount 5 %');
    const price = cyclePrice(99_900, 'quarterly', 1_250);
    const { cycle_discount_fils: _cycle, negotiated_discount_fils: _negotiated, ...stored } = price;
    expect(storedPrice(stored, 'quarterly')).toEqual(price);
  });
});
