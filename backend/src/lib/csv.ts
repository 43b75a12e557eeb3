/**
 * CSV cells and rows (RFC 4180, CRLF). A cell a spreadsheet would read as a formula (starting with = + - @,
 * or a tab or carriage return that some programs skip before one) gets a leading apostrophe, as OWASP's
 * CSV-injection advice says, so exported company names cannot run formulas on a colleague's machine.
 */
export type CsvValue = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
/** A negative amount ('-8229.38') starts with '-' but runs nothing: it stays a number the spreadsheet sums. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
