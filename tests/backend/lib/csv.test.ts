/** CSV cells: quoting per RFC 4180 and formula injection neutralised. */
import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from '../../../backend/src/lib/csv.ts';

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
