/**
 * The one list controller (react-admin's useListController, in the console's terms): the URL holds the
 * list's view (search, page, filters, sort; url-list-state.ts), the rows come through the shared cache
 * (use-query.ts), and export downloads what the view selects. A list page declares its schema, key and
 * calls and only renders what this returns.
 */
import { useCallback, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { DEFAULT_PAGE_SIZE } from '../../../common/contract/http.ts';
import type { Page } from '../../../common/contract/shared.ts';
import { notifyError } from './toast.ts';
import { changeView, parseListView, serialiseListView, type ListSchema, type ListView } from './url-list-state.ts';
import { useQuery, type QueryKey } from './use-query.ts';
import { useRowSelection, type RowSelection } from './use-row-selection.ts';
import { useSavedViews, type SavedViewsState } from './use-saved-views.ts';

const NO_PARAMS: readonly string[] = [];

function withoutParams(query: string, names: readonly string[]): string {
  if (names.length === 0) return query;
  const params = new URLSearchParams(query);
  for (const name of names) params.delete(name);
  return params.toString();
}

/**
 * The list view of the current URL and a setter that writes changes back to it (see url-list-state.ts for
 * the history and page-reset rules). The URL is the only copy of the view.
 */
export function useListParams<S extends ListSchema>(schema: S): [ListView<S>, (patch: Partial<ListView<S>>) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const view = useMemo(() => parseListView(schema, search), [schema, search]);
  const update = useCallback(
    (patch: Partial<ListView<S>>) => {
      const change = changeView(view, patch);
      const query = serialiseListView(schema, change.view);
      if (query === serialiseListView(schema, view)) return;
      navigate(query ? `${location}?${query}` : location, { replace: change.replace });
    },
    [schema, view, location, navigate],
  );
  return [view, update];
}

export interface ListControllerOptions<S extends ListSchema, T> {
  schema: S;
  /** The cache key of one view's page, area first (['registrations', 'list', query]). */
  queryKey: (view: ListView<S>) => QueryKey;
  fetchPage: (view: ListView<S>, signal: AbortSignal) => Promise<Page<T>>;
  /** Downloads every row the view selects (all pages). */
  exportRows?: (view: ListView<S>) => Promise<void>;
  pageSize?: number;
  /**
   * The list's key (its page's route key, 'due-diligence'): with it the list gets server-side saved views
   * (SavedViewsBar) and row selection for bulk actions (DataTable's `selection`, BulkBar). Issue 22.
   */
  list?: string;
  /**
   * URL parameters that open one record beside the list (?task=, ?conversation=) rather than narrow it: a
   * saved view does not store them, and opening a record keeps the selection.
   */
  recordParams?: readonly string[];
}

export interface ListController<S extends ListSchema, T> {
  view: ListView<S>;
  update: (patch: Partial<ListView<S>>) => void;
  setSearch: (search: string) => void;
  setPage: (page: number) => void;
  setSort: (sort: string) => void;
  /**
   * The rows of the view's page; while the next page or search loads, the previous one's (dimmed by the
   * table). undefined before the first answer and after a failure, so no stale rows or pager show beside
   * the error.
   */
  rows: readonly T[] | undefined;
  /** The envelope of the page shown (count, total_pages), under the same rule as rows. */
  page: Page<T> | undefined;
  pageSize: number;
  isLoading: boolean;
  isFetching: boolean;
  error: unknown;
  retry: () => void;
  exporting: boolean;
  exportRows: () => void;
  /** The list's saved views; undefined without `list`. */
  savedViews: SavedViewsState | undefined;
  /** The rows selected (a new view starts a new selection). */
  selection: RowSelection;
}

export function useListController<S extends ListSchema, T>({ schema, queryKey, fetchPage, exportRows, pageSize = DEFAULT_PAGE_SIZE, list, recordParams = NO_PARAMS }: ListControllerOptions<S, T>): ListController<S, T> {
  const [view, update] = useListParams(schema);
  const savedViews = useSavedViews(list, recordParams);
  const selection = useRowSelection(withoutParams(serialiseListView(schema, view), recordParams));
  const query = useQuery(queryKey(view), (signal) => fetchPage(view, signal), { keepPrevious: true });
  const [exporting, setExporting] = useState(false);

  const setSearch = useCallback((search: string) => update({ search } as Partial<ListView<S>>), [update]);
  const setPage = useCallback((page: number) => update({ page } as Partial<ListView<S>>), [update]);
  const setSort = useCallback((sort: string) => update({ sort } as Partial<ListView<S>>), [update]);

  const runExport = useCallback(() => {
    if (!exportRows || exporting) return;
    setExporting(true);
    exportRows(view)
      .catch((error: unknown) => notifyError(error))
      .finally(() => setExporting(false));
  }, [exportRows, exporting, view]);

  const shown = query.error === undefined ? query.data : undefined;
  return {
    view,
    update,
    setSearch,
    setPage,
    setSort,
    rows: shown?.results,
    page: shown,
    pageSize,
    isLoading: query.isLoading,
    isFetching: query.isFetching,
    error: query.error,
    retry: query.refetch,
    exporting,
    exportRows: runExport,
    savedViews,
    selection,
  };
}
