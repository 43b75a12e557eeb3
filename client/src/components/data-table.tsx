import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from './button.tsx';
import { EmptyState } from './empty-state.tsx';
import './data-table.css';

export interface Column<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /**
   * As wide as its widest value, never cut or wrapped: ids, dates, amounts, status chips. Other columns
   * share the rest of the width and wrap their text when the window is narrow.
   */
  fit?: boolean;
  /** The share of the remaining width a wrapping column takes (the Company column takes 2). */
  span?: 1 | 2 | 3;
  /** The sort value ordering by this column ascending; descending is '-' + it. Absent: not sortable. */
  sortKey?: string;
}

export interface DataTableProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: readonly Column<T>[];
  /** undefined until the first page arrives. */
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string | number;
  /**
   * Each row with an href is a real link: middle- and Ctrl-click open a new tab, Tab reaches it once.
   * Without one (e.g. the role may not open the target) the row is plain.
   */
  rowHref?: (row: T) => string | undefined;
  isLoading: boolean;
  isFetching: boolean;
  error: unknown;
  onRetry: () => void;
  /** The current sort value ('requested_on' or '-requested_on'). */
  sort?: string;
  onSort?: (sort: string) => void;
}

const SKELETON_ROWS = 8;

type AriaSort = 'ascending' | 'descending' | 'none';

function sortStateOf(column: Column<unknown>, sort: string | undefined): AriaSort {
  if (!column.sortKey) return 'none';
  if (sort === column.sortKey) return 'ascending';
  if (sort === `-${column.sortKey}`) return 'descending';
  return 'none';
}

/** Ascending first; a second click on the same column turns it round. */
export function nextSort(sortKey: string, current: string | undefined): string {
  return current === sortKey ? `-${sortKey}` : sortKey;
}

/** The grid's tracks: fitted columns take their content's width, the others share what is left. */
export function columnTracks(columns: readonly Pick<Column<unknown>, 'fit' | 'span'>[]): string {
  return columns.map((column) => (column.fit ? 'max-content' : `minmax(min-content, ${column.span ?? 1}fr)`)).join(' ');
}

/**
 * The one list table: a CSS grid with ARIA table roles, so rows can be links; every row is a subgrid of
 * it, so a column is as wide as its widest cell in any row. The first cell's link stretches over the
 * whole row. While a later page or search loads, the old rows stay, dimmed, under a slim progress bar
 * that takes no space of its own.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { label, columns, rows, isLoading, isFetching, error, onRetry } = props;
  const failed = error !== undefined && !isFetching;
  const table = useRef<HTMLDivElement>(null);
  const tracks = columnTracks(columns as readonly Column<unknown>[]);
  // Through the CSSOM: the strict CSP forbids style attributes, not this.
  useLayoutEffect(() => {
    table.current?.style.setProperty('--data-table-columns', tracks);
  }, [tracks]);
  return (
    <div ref={table} className="data-table" role="table" aria-label={label} aria-busy={isFetching || undefined}>
      <div role="rowgroup">
        <div role="row" className="data-table__row data-table__row--header">
          {columns.map((column) => (
            <HeaderCell key={column.id} column={column as Column<unknown>} sort={props.sort} onSort={props.onSort} />
          ))}
        </div>
      </div>
      <div className="data-table__progress" data-active={isFetching && !isLoading} aria-hidden="true" />
      <div role="rowgroup" className={isFetching && !isLoading ? 'data-table__body data-table__body--stale' : 'data-table__body'}>
        {failed ? (
          <FullWidthRow>
            <div className="data-table__error" role="alert">
              <p>The list could not be loaded.</p>
              <Button variant="outlined" onClick={onRetry}>
                Retry
              </Button>
            </div>
          </FullWidthRow>
        ) : isLoading || rows === undefined ? (
          Array.from({ length: SKELETON_ROWS }, (_, index) => (
            <div key={index} role="row" className="data-table__row data-table__row--skeleton" aria-hidden="true">
              <span className="skeleton-row" />
            </div>
          ))
        ) : rows.length === 0 ? (
          <FullWidthRow>
            <EmptyState />
          </FullWidthRow>
        ) : (
          rows.map((row) => <BodyRow key={props.rowKey(row)} row={row} columns={columns} href={props.rowHref?.(row)} />)
        )}
      </div>
    </div>
  );
}

const cellClass = (column: Pick<Column<unknown>, 'fit'>) => (column.fit ? 'data-table__cell data-table__cell--fit' : 'data-table__cell data-table__cell--wrap');

function HeaderCell({ column, sort, onSort }: { column: Column<unknown>; sort: string | undefined; onSort: ((sort: string) => void) | undefined }) {
  const className = cellClass(column);
  if (!column.sortKey || !onSort) {
    return (
      <div role="columnheader" className={className}>
        {column.header}
      </div>
    );
  }
  const state = sortStateOf(column, sort);
  const sortKey = column.sortKey;
  return (
    <div role="columnheader" className={className} aria-sort={state}>
      <button type="button" className="data-table__sort" onClick={() => onSort(nextSort(sortKey, sort))}>
        {column.header}
        <span className={`data-table__sort-icon data-table__sort-icon--${state}`} aria-hidden="true" />
      </button>
    </div>
  );
}

function BodyRow<T>({ row, columns, href }: { row: T; columns: readonly Column<T>[]; href: string | undefined }) {
  return (
    <div role="row" className={href ? 'data-table__row data-table__row--link' : 'data-table__row'}>
      {columns.map((column, index) => (
        <div key={column.id} role="cell" className={cellClass(column as Column<unknown>)}>
          {index === 0 && href ? (
            <Link href={href} className="data-table__row-link">
              {column.cell(row)}
            </Link>
          ) : (
            column.cell(row)
          )}
        </div>
      ))}
    </div>
  );
}

function FullWidthRow({ children }: { children: ReactNode }) {
  return (
    <div role="row" className="data-table__row data-table__row--full">
      <div role="cell" className="data-table__cell data-table__cell--full">
        {children}
      </div>
    </div>
  );
}
