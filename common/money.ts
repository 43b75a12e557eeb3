/**
 * Money, the UAE way: amounts are integers of fils (AED x 100) everywhere they are stored, computed or sent;
 * never floats. VAT is 5 %, rounded half up to the fil on each amount it applies to. Percentages are
 * basis points (1 % = 100 bp), so a discount is an integer too.
 */

/** UAE VAT: 5 % = 500 basis points. */
export const VAT_BP = 500;

/** amount x bp / 10,000, rounded half up to the fil (for non-negative amounts, as all here are). */
export function percentOf(amountFils: number, bp: number): number {
  if (!Number.isSafeInteger(amountFils) || !Number.isSafeInteger(bp)) throw new RangeError('fils and basis points are integers');
  return Math.floor((amountFils * bp + 5_000) / 10_000);
}

export const vatOf = (netFils: number) => percentOf(netFils, VAT_BP);

/** 'AED 1,250.00' from 125000 fils (an integer): the digits are placed, never divided as a float. */
export function formatFils(fils: number | null | undefined): string {
  if (fils === null || fils === undefined || !Number.isSafeInteger(fils)) return '-';
  const sign = fils < 0 ? '-' : '';
  const absolute = Math.abs(fils);
  const dirhams = Math.floor(absolute / 100).toLocaleString('en-GB');
  return `${sign}AED ${dirhams}.${String(absolute % 100).padStart(2, '0')}`;
}

/** '1,250.50' or '1250.5' -> 125050 fils; null for anything that is not a non-negative amount with at most 2 decimals. */
export function parseAedToFils(text: string): number | null {
  const match = /^\s*(\d{1,9}(?:,\d{3})*|\d{1,12})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const dirhams = Number(match[1]!.replace(/,/g, ''));
  const fils = Number((match[2] ?? '').padEnd(2, '0'));
  const total = dirhams * 100 + fils;
  return Number.isSafeInteger(total) ? total : null;
}

/** 125000 -> '1250.00': a decimal string for CSV and for APIs that take one (accounting systems). */
export const filsToDecimal = (fils: number) => `${fils < 0 ? '-' : ''}${Math.floor(Math.abs(fils) / 100)}.${String(Math.abs(fils) % 100).padStart(2, '0')}`;
