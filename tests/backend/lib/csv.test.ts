/** CSV cells: quoting per RFC 4180 and formula injection neutralised. */
import { describe, expect, it } from 'vitest';
import { csvAed, csvCell, csvDate, csvInstant, csvRow } from '../../../backend/src/lib/csv.ts';

describe('CSV cells', () => {
  it.each([
    ['=HYPERLINK("http://evil","x")', `"'=HYPERLINK(""http://evil"",""x"")"`],
    ['+971 4 000 0000', "'+971 4 000 0000"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['Al Noor Trading LLC', 'Al Noor Trading LLC'],
    ['Oud, Amber & Co', '"Oud, Amber & Co"'],
    ['line\nbreak', '"line\nbreak"'],
    ['a "quoted" name', '"a ""quoted"" name"'],
    ['a=b', 'a=b'],
    // A negative amount (a credit note's) runs nothing: it stays a number a spreadsheet sums.
    ['-8229.38', '-8229.38'],
    ['-1', '-1'],
    ['-1e3', "'-1e3"],
  ])('writes %j as %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('writes empty cells for missing values and ends rows with CRLF', () => {
    expect(csvRow(['REG-1', null, undefined, 1250])).toBe('REG-1,,,1250\r\n');
  });
});

describe('the one convention of every export', () => {
  it('writes an instant in Dubai time with its zone, a date as a date, money as AED with two decimals', () => {
    expect(csvInstant('2026-12-04T10:05:00.000Z')).toBe('2026-12-04 14:05 +04:00');
    // Late in the UTC evening it is already the next day in Dubai.
    expect(csvInstant(new Date('2026-12-31T21:30:00Z'))).toBe('2027-01-01 01:30 +04:00');
    expect(csvDate('2026-12-04')).toBe('2026-12-04');
    expect(csvDate('2026-12-03T20:00:00.000Z')).toBe('2026-12-04');
    expect(csvAed(1_417_500)).toBe('14175.00');
    expect([csvInstant(null), csvDate(undefined), csvAed(null)]).toEqual([null, null, null]);
  });
});
