import type { ListController } from '../lib/use-list-controller.ts';
import type { ListSchema } from '../lib/url-list-state.ts';
import { DataTable, type DataTableProps } from './data-table.tsx';
import { Pagination } from './pagination.tsx';

/** What a list page's table reads of its list controller: the page and sort of any list's view. */
export type ListTableSource<T> = Pick<ListController<ListSchema, T>, 'rows' | 'page' | 'pageSize' | 'isLoading' | 'isFetching' | 'error' | 'retry' | 'setSort' | 'setPage' | 'selection'> & {
  view: { page: number; sort?: string };
};

type FromTheList = 'rows' | 'isLoading' | 'isFetching' | 'error' | 'onRetry' | 'sort' | 'onSort' | 'selection';

export interface ListTableProps<T> extends Omit<DataTableProps<T>, FromTheList> {
  list: ListTableSource<T>;
  /** A checkbox per row for the bulk bar: for lists whose bulk actions the role may use. */
  selectable?: boolean;
  /** The column headers sort the list (the view has a sort). */
  sortable?: boolean;
}

/**
 * A list page's table and its pager, bound to the page's list controller: rows, loading, errors, sort,
 * selection and paging come from the controller (and so from the URL), so a page names only its columns and
 * how a row is named and opened.
 */
export function ListTable<T>({ list, selectable = false, sortable = false, ...table }: ListTableProps<T>) {
  return (
    <>
      <DataTable<T>
        {...table}
        rows={list.rows}
        selection={selectable ? list.selection : undefined}
        isLoading={list.isLoading}
        isFetching={list.isFetching}
        error={list.error}
        onRetry={list.retry}
        sort={sortable ? list.view.sort : undefined}
        onSort={sortable ? list.setSort : undefined}
      />
      {list.page && <Pagination page={list.view.page} pageSize={list.pageSize} count={list.page.count} totalPages={list.page.total_pages} onPage={list.setPage} />}
    </>
  );
}
