import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { isShortcutKey, usePageShortcuts, type Shortcut } from '../lib/shortcuts.ts';
import type { RowSelection } from '../lib/use-row-selection.ts';
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
  /** Row selection (a checkbox column; the list controller's `selection`): lists with bulk actions pass it. */
  selection?: RowSelection;
  /** How a row is named to a screen reader ('Select Gulf Trading LLC'); the row key otherwise. */
  rowLabel?: (row: T) => string;
  /** j/k move through the rows, Enter opens, x selects. Default true; false for a second table on a page. */
  keyboard?: boolean;
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
  const selection = props.selection;
  const tracks = columnTracks(columns as readonly Column<unknown>[]);
  const keys = useMemo(() => (rows ?? []).map(props.rowKey), [rows, props.rowKey]);
  const active = useRowKeys(table, rows, keys, props.rowHref, selection, props.keyboard ?? true);
  // Through the CSSOM: the strict CSP forbids style attributes, not this.
  useLayoutEffect(() => {
    table.current?.style.setProperty('--data-table-columns', tracks);
  }, [tracks]);
  return (
    <div ref={table} className="data-table" role="table" aria-label={label} aria-busy={isFetching || undefined}>
      <div role="rowgroup">
        <div role="row" className="data-table__row data-table__row--header">
          {columns.map((column, index) => (
            <HeaderCell
              key={column.id}
              column={column as Column<unknown>}
              sort={props.sort}
              onSort={props.onSort}
              lead={index === 0 && selection ? <PageCheckbox selection={selection} keys={keys} /> : undefined}
            />
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
          rows.map((row, index) => (
            <BodyRow
              key={props.rowKey(row)}
              row={row}
              columns={columns}
              href={props.rowHref?.(row)}
              active={index === active}
              select={
                selection && {
                  checked: selection.allMatching || selection.selected.has(keys[index]!),
                  label: props.rowLabel?.(row) ?? String(keys[index]),
                  onToggle: (range: boolean) => selection.toggle(keys, index, range),
                }
              }
            />
          ))
        )}
      </div>
    </div>
  );
}

const cellClass = (column: Pick<Column<unknown>, 'fit'>) => (column.fit ? 'data-table__cell data-table__cell--fit' : 'data-table__cell data-table__cell--wrap');

function HeaderCell({ column, sort, onSort, lead }: { column: Column<unknown>; sort: string | undefined; onSort: ((sort: string) => void) | undefined; lead?: ReactNode }) {
  const className = cellClass(column);
  if (!column.sortKey || !onSort) {
    return (
      <div role="columnheader" className={className}>
        {lead}
        {column.header}
      </div>
    );
  }
  const state = sortStateOf(column, sort);
  const sortKey = column.sortKey;
  return (
    <div role="columnheader" className={className} aria-sort={state}>
      {lead}
      <button type="button" className="data-table__sort" onClick={() => onSort(nextSort(sortKey, sort))}>
        {column.header}
        <span className={`data-table__sort-icon data-table__sort-icon--${state}`} aria-hidden="true" />
      </button>
    </div>
  );
}

interface RowSelect {
  checked: boolean;
  label: string;
  onToggle: (range: boolean) => void;
}

function BodyRow<T>({ row, columns, href, active, select }: { row: T; columns: readonly Column<T>[]; href: string | undefined; active: boolean; select: RowSelect | undefined }) {
  const classes = ['data-table__row', href ? 'data-table__row--link' : '', active ? 'data-table__row--active' : '', select?.checked ? 'data-table__row--selected' : ''].filter(Boolean).join(' ');
  return (
    <div role="row" className={classes} tabIndex={href ? undefined : -1} aria-selected={select ? select.checked : undefined}>
      {columns.map((column, index) => (
        <div key={column.id} role="cell" className={cellClass(column as Column<unknown>)}>
          {/* In the first cell rather than a column of its own, so the columns keep their places. */}
          {index === 0 && select && (
            <input
              type="checkbox"
              className="data-table__checkbox"
              aria-label={`Select ${select.label}`}
              checked={select.checked}
              onChange={() => {}}
              onClick={(event) => select.onToggle(event.shiftKey)}
            />
          )}
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

function PageCheckbox({ selection, keys }: { selection: RowSelection; keys: readonly (string | number)[] }) {
  const ref = useRef<HTMLInputElement>(null);
  const count = keys.filter((key) => selection.selected.has(key)).length;
  const all = selection.allMatching || (keys.length > 0 && count === keys.length);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = !all && count > 0;
  }, [all, count]);
  return <input ref={ref} type="checkbox" className="data-table__checkbox" aria-label="Select every row on this page" checked={all} disabled={keys.length === 0} onChange={() => selection.togglePage(keys)} />;
}

const ROW_SHORTCUTS: readonly Shortcut[] = [
  { keys: 'j', description: 'Next row' },
  { keys: 'k', description: 'Previous row' },
  { keys: 'Enter', description: 'Open the row' },
];
const SELECT_SHORTCUTS: readonly Shortcut[] = [...ROW_SHORTCUTS, { keys: 'x', description: 'Select or unselect the row' }];
const NO_SHORTCUTS: readonly Shortcut[] = [];

/**
 * j/k move through the rows (focusing the row's link, so a screen reader reads it and Enter opens it), Enter
 * opens the row, x toggles its selection; quiet while the user types or a dialog is open. Answers the row
 * that is active.
 */
function useRowKeys<T>(
  table: React.RefObject<HTMLDivElement | null>,
  rows: readonly T[] | undefined,
  keys: readonly (string | number)[],
  rowHref: ((row: T) => string | undefined) | undefined,
  selection: RowSelection | undefined,
  enabled: boolean,
): number {
  const [active, setActive] = useState(-1);
  const [, navigate] = useLocation();
  usePageShortcuts(!enabled ? NO_SHORTCUTS : selection ? SELECT_SHORTCUTS : ROW_SHORTCUTS);
  const latest = useRef({ rows, keys, rowHref, selection, active });
  latest.current = { rows, keys, rowHref, selection, active };
  // A new page of rows starts from the top.
  const [seenRows, setSeenRows] = useState(rows);
  if (seenRows !== rows) {
    setSeenRows(rows);
    if (active !== -1) setActive(-1);
  }

  useEffect(() => {
    if (!enabled) return;
    const focusRow = (index: number) => {
      const row = table.current?.querySelectorAll<HTMLElement>('.data-table__body > [role="row"]')[index];
      const target = row?.querySelector<HTMLElement>('.data-table__row-link') ?? row;
      target?.focus();
      target?.scrollIntoView({ block: 'nearest' });
    };
    const onKey = (event: KeyboardEvent) => {
      const { rows: shown, keys: shownKeys, rowHref: hrefOf, selection: select, active: current } = latest.current;
      if (!shown || shown.length === 0 || !isShortcutKey(event)) return;
      if (event.key === 'j' || event.key === 'k') {
        event.preventDefault();
        const next = event.key === 'j' ? Math.min(current + 1, shown.length - 1) : Math.max(current - 1, 0);
        setActive(next);
        focusRow(next);
      } else if (event.key === 'x' && select && current >= 0) {
        event.preventDefault();
        select.toggle(shownKeys, current, false);
      } else if (event.key === 'Enter' && current >= 0 && !(event.target instanceof HTMLAnchorElement) && !(event.target instanceof HTMLButtonElement)) {
        const href = hrefOf?.(shown[current]!);
        if (href) {
          event.preventDefault();
          navigate(href);
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled, navigate, table]);
  return active;
}
