/**
 * CSV cells and rows (RFC 4180, CRLF), and the one convention every export writes its values in: a date as a
 * date ('2026-12-04'), an instant in Dubai time with its zone said ('2026-12-04 14:05 +04:00'), money in AED
 * as a plain decimal ('14175.00', with net, VAT and total each a column of their own). A cell a spreadsheet would read as a formula (starting with = + - @,
 * or a tab or carriage return that some programs skip before one) gets a leading apostrophe, as OWASP's
 * CSV-injection advice says, so exported company names cannot run formulas on a colleague's machine.
 */
import { filsToDecimal } from '../../../common/money.ts';

export type CsvValue = string | number | null | undefined;

/** One column of an export: its header and its cell of a row. */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => CsvValue;
}

const DUBAI = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Dubai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
/** Dubai keeps one offset all year (no daylight saving), so every instant says the same zone. */
const DUBAI_OFFSET = '+04:00';

/** An instant (an ISO string or a Date) as '2026-12-04 14:05 +04:00': Dubai time, the zone said. */
export function csvInstant(value: string | Date | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return `${DUBAI.format(typeof value === 'string' ? new Date(value) : value)} ${DUBAI_OFFSET}`;
}

/** A calendar date as 'YYYY-MM-DD': a stored date as it is, an instant as its Dubai day. */
export function csvDate(value: string | Date | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  return DUBAI.format(typeof value === 'string' ? new Date(value) : value).slice(0, 10);
}

/** Fils as AED with two decimals ('14175.00'), the form a spreadsheet sums. */
export const csvAed = (fils: number | null | undefined): string | null => (fils === null || fils === undefined ? null : filsToDecimal(fils));

/** The header line and a row's line of a table of columns. */
export const csvHeader = <T>(columns: readonly CsvColumn<T>[]) => csvRow(columns.map((column) => column.header));
export const csvLine = <T>(columns: readonly CsvColumn<T>[], row: T) => csvRow(columns.map((column) => column.value(row)));

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
