/** Amounts as the console shows them. */

const AED = new Intl.NumberFormat('en-AE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** '1250.00' -> 'AED 1,250.00'; a missing or malformed amount is a dash. */
export function formatAed(amount: string | null): string {
  if (amount === null || amount.trim() === '' || !Number.isFinite(Number(amount))) return '-';
  return `AED ${AED.format(Number(amount))}`;
}
