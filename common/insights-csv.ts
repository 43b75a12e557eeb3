/**
 * The monthly insights CSV: a header row naming the columns (month, revenue, expenses, net_profit,
 * cash_at_bank, vat_payable, in any order, any case), then one row per month ('YYYY-MM', amounts in AED with up
 * to two decimals, thousands separators and a leading minus allowed). Parsing is all or nothing: the first bad
 * row is named with its row number as a spreadsheet shows it (the header is row 1), and nothing is imported.
 */
import { isIsoMonth, type IsoMonth } from './calendar.ts';
import { INSIGHT_CSV_HEADERS, INSIGHT_FIELDS, INSIGHT_LABELS, MAX_INSIGHT_FILS, MAX_INSIGHTS_CSV_ROWS, NON_NEGATIVE_INSIGHTS, netProfitProblem, type InsightField } from './clients.ts';
import { filsToDecimal, parseAedToFils } from './money.ts';

export type InsightFigures = Record<InsightField, number>;
export interface InsightRow extends InsightFigures {
  month: IsoMonth;
}

export type CsvParseResult = { ok: true; rows: InsightRow[] } | { ok: false; row: number | null; message: string };

/** RFC 4180 records: quoted fields may hold commas, quotes ("") and line breaks; CRLF or LF. */
export function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}

/** '-1,250.50' -> -125050; null when it is not an amount in AED. */
export function parseSignedAed(text: string): number | null {
  const trimmed = text.trim();
  const negative = trimmed.startsWith('-');
  const fils = parseAedToFils(negative ? trimmed.slice(1) : trimmed);
  if (fils === null) return null;
  return negative ? -fils : fils;
}

const normalise = (header: string) => header.trim().toLowerCase().replace(/^\ufeff/, '').replace(/[\s-]+/g, '_');
const quote = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}...` : text);

/** Parses the whole file; `latestMonth` is the last month figures may be given for (the current one). */
export function parseInsightsCsv(text: string, latestMonth: IsoMonth): CsvParseResult {
  // Row numbers as a spreadsheet shows them: record n is row n + 1 (a quoted cell's line breaks stay in its row).
  const records = csvRecords(text)
    .map((record, index) => ({ record, number: index + 1 }))
    .filter(({ record }) => record.some((cell) => cell.trim() !== ''));
  const [first, ...rows] = records;
  if (!first) return { ok: false, row: null, message: 'The CSV file is empty: it needs a header row and one row per month.' };
  const header = first.record;
  const columns = header.map(normalise);
  const wanted = ['month', ...INSIGHT_FIELDS] as const;
  const position = Object.fromEntries(wanted.map((name) => [name, columns.indexOf(INSIGHT_CSV_HEADERS[name])])) as Record<(typeof wanted)[number], number>;
  const missing = wanted.filter((name) => position[name] < 0).map((name) => INSIGHT_CSV_HEADERS[name]);
  if (missing.length > 0) {
    return { ok: false, row: first.number, message: `Row ${first.number} (the header) lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}.` };
  }
  if (rows.length === 0) return { ok: false, row: null, message: 'The CSV file has a header but no month.' };
  if (rows.length > MAX_INSIGHTS_CSV_ROWS) return { ok: false, row: null, message: `The CSV file has ${rows.length} months; at most ${MAX_INSIGHTS_CSV_ROWS} are imported at once.` };

  const seen = new Map<string, number>();
  const parsed: InsightRow[] = [];
  for (const { record, number } of rows) {
    const fail = (message: string): CsvParseResult => ({ ok: false, row: number, message: `Row ${number}: ${message}` });
    if (record.length !== header.length) return fail(`has ${record.length} cells where the header has ${header.length}.`);
    const month = (record[position.month] ?? '').trim();
    if (!isIsoMonth(month)) return fail(`month must be a month written YYYY-MM, such as 2025-03 (got '${quote(month)}').`);
    if (month > latestMonth) return fail(`month ${month} has not begun yet: figures can be given up to ${latestMonth}.`);
    const earlier = seen.get(month);
    if (earlier !== undefined) return fail(`month ${month} is already on row ${earlier}.`);
    seen.set(month, number);
    const figures = {} as InsightFigures;
    for (const field of INSIGHT_FIELDS) {
      const cell = (record[position[field]] ?? '').trim();
      const fils = parseSignedAed(cell);
      const label = INSIGHT_LABELS[field].toLowerCase();
      if (fils === null) return fail(`${label} must be an amount in AED such as 12500.00 (got '${quote(cell)}').`);
      if (Math.abs(fils) > MAX_INSIGHT_FILS) return fail(`${label} must be at most AED ${filsToDecimal(MAX_INSIGHT_FILS)}.`);
      if (fils < 0 && NON_NEGATIVE_INSIGHTS.includes(field)) return fail(`${label} must not be negative.`);
      figures[field] = fils;
    }
    const netProblem = netProfitProblem(figures);
    if (netProblem) return fail(`net profit ${netProblem}.`);
    parsed.push({ month, ...figures });
  }
  return { ok: true, rows: parsed };
}

/** The template the console offers: the header and one example row. */
export function insightsCsvTemplate(exampleMonth: IsoMonth): string {
  return `${['month', ...INSIGHT_FIELDS.map((field) => INSIGHT_CSV_HEADERS[field])].join(',')}\r\n${exampleMonth},125000.00,98000.00,27000.00,310000.00,6250.00\r\n`;
}
