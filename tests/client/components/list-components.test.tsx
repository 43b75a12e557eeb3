// @vitest-environment happy-dom
/** The shared list pieces: page numbers with ellipsis, the range label, the table's states, row links and sorting. */
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, columnTracks, nextSort, type Column } from '../../../client/src/components/data-table.tsx';
import { Pagination, pageItems, rangeLabel } from '../../../client/src/components/pagination.tsx';
import { SearchBox } from '../../../client/src/components/search-box.tsx';
import { useReactRoot } from '../react-dom.ts';

const dom = useReactRoot();

describe('pagination', () => {
  it('shows first, last and the current page with its neighbours, with an ellipsis for longer gaps', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(1, 5)).toEqual([1, 2, 'gap', 5]);
    expect(pageItems(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pageItems(3, 10)).toEqual([1, 2, 3, 4, 'gap', 10]);
    expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("reads 'Showing 21-40 of 57' from the envelope", () => {
    expect(rangeLabel(2, 20, 57)).toBe('Showing 21-40 of 57');
    expect(rangeLabel(3, 20, 57)).toBe('Showing 41-57 of 57');
    expect(rangeLabel(1, 20, 0)).toBe('');
    expect(rangeLabel(9, 20, 57)).toBe('');
  });

  it('moves by previous, next and page number, disabling what leads nowhere', () => {
    const onPage = vi.fn();
    dom.render(<Pagination page={1} pageSize={20} count={57} totalPages={3} onPage={onPage} />);
    const button = (name: string) => [...dom.container.querySelectorAll('button')].find((element) => element.textContent === name);
    expect(button('Previous')?.disabled).toBe(true);
    act(() => button('Next')?.click());
    act(() => button('3')?.click());
    expect(onPage.mock.calls).toEqual([[2], [3]]);
    expect(dom.container.querySelector('[aria-current="page"]')?.textContent).toBe('1');
  });
});

interface Row {
  id: number;
  name: string;
}

const columns: Column<Row>[] = [
  { id: 'id', header: 'ID', cell: (row) => row.id },
  { id: 'name', header: 'Name', cell: (row) => row.name, span: 2, sortKey: 'name' },
];

function table(props: Partial<Parameters<typeof DataTable<Row>>[0]>) {
  return (
    <DataTable<Row>
      label="Rows"
      columns={columns}
      rows={undefined}
      rowKey={(row) => row.id}
      rowHref={(row) => `/rows/${row.id}`}
      isLoading={false}
      isFetching={false}
      error={undefined}
      onRetry={() => {}}
      {...props}
    />
  );
}

describe('data table', () => {
  it('shows skeleton rows on first load, then one link per row', () => {
    dom.render(table({ isLoading: true, isFetching: true }));
    expect(dom.container.querySelectorAll('.data-table__row--skeleton')).toHaveLength(8);
    dom.render(table({ rows: [{ id: 7, name: 'Acme' }, { id: 8, name: 'Beta' }] }));
    const links = [...dom.container.querySelectorAll('a')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/rows/7', '/rows/8']);
    expect((dom.container.querySelector('.data-table') as HTMLElement).style.getPropertyValue('--data-table-columns')).toBe('minmax(min-content, 1fr) minmax(min-content, 2fr)');
  });

  it('keeps old rows, dimmed, under the progress bar while refetching', () => {
    dom.render(table({ rows: [{ id: 7, name: 'Acme' }], isFetching: true }));
    expect(dom.container.querySelector('.data-table__body--stale a')?.getAttribute('href')).toBe('/rows/7');
    expect(dom.container.querySelector('.data-table__progress')?.getAttribute('data-active')).toBe('true');
  });

  it("shows 'No data to display' for an empty page and Retry after a failure", () => {
    dom.render(table({ rows: [] }));
    expect(dom.texts('.empty-state p')).toEqual(['No data to display']);
    const onRetry = vi.fn();
    dom.render(table({ rows: [{ id: 7, name: 'Acme' }], error: new Error('down'), onRetry }));
    const retry = [...dom.container.querySelectorAll('button')].find((button) => button.textContent === 'Retry');
    act(() => retry?.click());
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('sizes fitted columns (ids, dates, chips) by their content and lets the others share the rest', () => {
    expect(columnTracks([{ fit: true }, { span: 2 }, {}, { fit: true, span: 3 }])).toBe('max-content minmax(min-content, 2fr) minmax(min-content, 1fr) max-content');
  });

  it('sorts by a sortable column with aria-sort, ascending first', () => {
    const onSort = vi.fn();
    dom.render(table({ rows: [], sort: 'name', onSort }));
    const header = dom.container.querySelector('[aria-sort]');
    expect(header?.getAttribute('aria-sort')).toBe('ascending');
    act(() => header?.querySelector('button')?.click());
    expect(onSort).toHaveBeenCalledWith('-name');
    expect(nextSort('name', '-name')).toBe('name');
    expect(nextSort('name', 'other')).toBe('name');
  });
});

describe('search box', () => {
  it('reports the text in lower case 300 ms after typing stops, with the default placeholder', () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    dom.render(<SearchBox value="" onSearch={onSearch} />);
    const input = dom.container.querySelector('input');
    expect(input?.placeholder).toBe('Search...');
    const type = (text: string) =>
      act(() => {
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
        setter?.call(input, text);
        input?.dispatchEvent(new Event('input', { bubbles: true }));
      });
    type('Ac');
    act(() => vi.advanceTimersByTime(200));
    type('AcMe');
    act(() => vi.advanceTimersByTime(299));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch.mock.calls).toEqual([['acme']]);
    vi.useRealTimers();
  });
});
