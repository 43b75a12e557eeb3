import type { ReactNode } from 'react';

export interface TableColumn<T> {
  id: string;
  /** The column's heading; a heading read only by screen readers is wrapped in a visually-hidden span by the caller. */
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** The cell's class (a date's, a number's alignment), or the row's own (a negative figure in red). */
  className?: string | ((row: T) => string | undefined);
  /** The cell names its row (a th with scope="row"): the month of a table of figures. */
  rowHeader?: boolean;
  /** The heading's class (a number column's alignment). */
  headerClassName?: string;
  /** The heading of a sortable table: the order it sorts by now. */
  sort?: 'ascending' | 'descending' | 'none' | undefined;
}

/** A cell of the footer row (a table's totals). */
export interface TableFooterCell {
  id: string;
  content: ReactNode;
  /** The cell names the row (a th with scope="row"): "Total". */
  rowHeader?: boolean;
  colSpan?: number;
  className?: string;
}

interface TableProps<T> {
  /** The feature's table class (its own layout: 'client-table', 'sanctions-table'). */
  className: string;
  /** What the table holds, for screen readers (a visually hidden caption). */
  caption?: ReactNode;
  columns: readonly TableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  rowClassName?: (row: T) => string | undefined;
  /** What the body says when there are no rows, in one cell across the table. */
  empty?: ReactNode;
  /** One row of totals, in a tfoot. */
  footer?: readonly TableFooterCell[];
  /** A table without headings (a chart's hidden data table, its rows named by their first cell). */
  headless?: boolean;
}

/**
 * A small table of a record's rows, all on one page (a client's deadlines, a list's versions, the goAML
 * register): a real table with its headings scoped, beside DataTable, which is the paged, sortable and
 * selectable list of a list page.
 */
export function Table<T>({ className, caption, columns, rows, rowKey, rowClassName, empty, footer, headless }: TableProps<T>) {
  const cellClass = (column: TableColumn<T>, row: T) => (typeof column.className === 'function' ? column.className(row) : column.className);
  return (
    <table className={className}>
      {caption && <caption className="visually-hidden">{caption}</caption>}
      {!headless && (
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.id} scope="col" className={column.headerClassName} aria-sort={column.sort}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
      )}
      <tbody>
        {rows.length === 0 && empty !== undefined && (
          <tr>
            <td colSpan={columns.length}>{empty}</td>
          </tr>
        )}
        {rows.map((row) => (
          <tr key={rowKey(row)} className={rowClassName?.(row)}>
            {columns.map((column) =>
              column.rowHeader ? (
                <th key={column.id} scope="row" className={cellClass(column, row)}>
                  {column.cell(row)}
                </th>
              ) : (
                <td key={column.id} className={cellClass(column, row)}>
                  {column.cell(row)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
      {footer && (
        <tfoot>
          <tr>
            {footer.map((cell) =>
              cell.rowHeader ? (
                <th key={cell.id} scope="row" colSpan={cell.colSpan} className={cell.className}>
                  {cell.content}
                </th>
              ) : (
                <td key={cell.id} colSpan={cell.colSpan} className={cell.className}>
                  {cell.content}
                </td>
              ),
            )}
          </tr>
        </tfoot>
      )}
    </table>
  );
}
