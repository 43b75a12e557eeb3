/**
 * The monthly insights CSV (common/insights-csv.ts): RFC 4180 cells, headers in any order and case, amounts in
 * AED to fils (thousands separators, a minus), and refusals that name the row as a spreadsheet numbers it.
 */
import { describe, expect, it } from 'vitest';
import { csvRecords, insightsCsvTemplate, parseInsightsCsv, parseSignedAed } from '../../common/insights-csv.ts';

const header = 'month,revenue,expenses,net_profit,cash_at_bank,vat_payable';

describe('CSV records', () => {
  it('reads quoted cells with commas, doubled quotes and line breaks, CRLF or LF', () => {
    expect(csvRecords('a,"b,c","say ""hi"""\r\n"two\nlines",x\n')).toEqual([
      ['a', 'b,c', 'say "hi"'],
      ['two\nlines', 'x'],
    ]);
    expect(csvRecords('a,b')).toEqual([['a', 'b']]);
  });
});

describe('amounts', () => {
  it('turn AED into integer fils, with thousands separators and a minus', () => {
    expect(['1250', '1,250.5', '-3,200.05', ' 0.01 ', '12x', '1.234', '', '-'].map(parseSignedAed)).toEqual([125_000, 125_050, -320_005, 1, null, null, null, null]);
  });
});

describe('parsing a file', () => {
  it('takes the columns in any order and case, skips blank lines, and reads a spreadsheet BOM', () => {
    const text = `\ufeffVAT Payable,Month,Revenue,Expenses,Net Profit,Cash at Bank\r\n\r\n250.5,2025-02,"10,000",8000,2000,-50\r\n`;
    expect(parseInsightsCsv(text, '2025-03')).toEqual({
      ok: true,
      rows: [{ month: '2025-02', revenue_fils: 1_000_000, expenses_fils: 800_000, net_profit_fils: 200_000, cash_at_bank_fils: -5_000, vat_payable_fils: 25_050 }],
    });
  });

  it('names the first bad row by its spreadsheet number, blank lines counted', () => {
    const fail = (text: string) => parseInsightsCsv(text, '2025-12');
    expect(fail(`${header}\n2025-01,1,1,0,0,0\n\n2025-1,1,1,0,0,0`)).toEqual({ ok: false, row: 4, message: "Row 4: month must be a month written YYYY-MM, such as 2025-03 (got '2025-1')." });
    expect(fail(`${header}\n2025-01,-1,1,0,0,0`)).toMatchObject({ row: 2, message: 'Row 2: revenue must not be negative.' });
    expect(fail(`${header}\n2025-01,1,1,0,0`)).toMatchObject({ row: 2, message: 'Row 2: has 5 cells where the header has 6.' });
    expect(fail(`${header}\n2026-01,1,1,0,0,0`)).toMatchObject({ row: 2, message: 'Row 2: month 2026-01 has not begun yet: figures can be given up to 2025-12.' });
    expect(fail(`${header}\n2025-01,1,1,0,0,999999999999`)).toMatchObject({ row: 2, message: expect.stringContaining('vat payable must be at most AED') });
    expect(fail('')).toMatchObject({ ok: false, row: null });
    expect(fail(header)).toMatchObject({ ok: false, message: 'The CSV file has a header but no month.' });
  });

  it('offers a template it reads back', () => {
    expect(parseInsightsCsv(insightsCsvTemplate('2025-04'), '2025-04')).toMatchObject({ ok: true, rows: [{ month: '2025-04', revenue_fils: 12_500_000 }] });
  });
});
