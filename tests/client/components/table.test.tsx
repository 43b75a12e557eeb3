// @vitest-environment happy-dom
/** The small Table: its totals' footer, the message of an empty body, a sorted heading, a chart's headless data table. */
import { describe, expect, it } from 'vitest';
import { Table, type TableColumn } from '../../../client/src/components/table.tsx';
import { useReactRoot } from '../react-dom.ts';

const dom = useReactRoot();

interface Line {
  name: string;
  amount: number;
}

const columns: TableColumn<Line>[] = [
  { id: 'name', header: 'Name', cell: (line) => line.name, rowHeader: true },
  { id: 'amount', header: 'Amount', cell: (line) => line.amount, className: 'num', headerClassName: 'num', sort: 'descending' },
];

describe('Table', () => {
  it('puts a row of totals in a tfoot, its label naming the row across the columns it spans', () => {
    dom.render(<Table className="lines" columns={columns} rows={[{ name: 'Audit', amount: 3 }]} rowKey={(line) => line.name} footer={[{ id: 'label', content: 'Total', rowHeader: true, colSpan: 1 }, { id: 'amount', content: 3, className: 'num' }]} />);
    const foot = dom.container.querySelector('tfoot tr');
    expect(foot?.querySelector('th[scope="row"]')?.textContent).toBe('Total');
    expect(foot?.querySelector('td.num')?.textContent).toBe('3');
    const heading = dom.container.querySelectorAll('thead th')[1];
    expect(heading?.className).toBe('num');
    expect(heading?.getAttribute('aria-sort')).toBe('descending');
  });

  it('says what an empty body means in one cell across the table', () => {
    dom.render(<Table className="lines" columns={columns} rows={[]} rowKey={(line) => line.name} empty="Nothing yet" />);
    const cell = dom.container.querySelector('tbody td');
    expect(cell?.textContent).toBe('Nothing yet');
    expect(cell?.getAttribute('colspan')).toBe('2');
    expect(dom.container.querySelector('tfoot')).toBeNull();
  });

  it('leaves the headings out of a headless table, its rows still named by their first cell', () => {
    dom.render(<Table className="visually-hidden" caption="Margin by month" headless columns={columns} rows={[{ name: 'Jan', amount: 1 }]} rowKey={(line) => line.name} />);
    expect(dom.container.querySelector('thead')).toBeNull();
    expect(dom.container.querySelector('caption')?.textContent).toBe('Margin by month');
    expect(dom.container.querySelector('tbody th[scope="row"]')?.textContent).toBe('Jan');
  });
});
