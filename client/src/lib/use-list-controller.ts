/**
 * The one list controller (react-admin's useListController, in the console's terms): the URL holds the
 * list's view (search, page, filters, sort; url-list-state.ts), the rows come through the shared cache
 * (use-query.ts), and export downloads what the view selects. A list page names its endpoint and schema
 * (`useListController({ endpoint: tasks.list, schema })`): the key and the call come from the endpoint
 * (endpoints.ts), the query from the view, and the page only renders what this returns.
 */
import { useCallback, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { AnswerOf, QueryOf } from '../../../common/contract/endpoint.ts';
import { DEFAULT_PAGE_SIZE } from '../../../common/contract/http.ts';
import type { Page } from '../../../common/contract/shared.ts';
import { keyOf, readEndpoint, type EndpointHandle, type ReadInput } from './endpoints.ts';
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

/**
 * The query a view asks its endpoint for when the page says nothing else: the page and its size, and every
 * other field of the view that is not at rest (an empty search, an 'all' filter, no choice of many). A page
 * whose filters are named otherwise than its endpoint's query says so in `query`.
 */
export function listQueryOf<S extends ListSchema>(schema: S, view: ListView<S>, pageSize: number): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  for (const name of Object.keys(schema)) {
    const value: unknown = view[name];
    if (value === '' || value === 'all' || (Array.isArray(value) && value.length === 0)) continue;
    query[name] = Array.isArray(value) ? value.join(',') : value;
  }
  return { ...query, page_size: pageSize };
}

type RowOf<E> = AnswerOf<E> extends Page<infer T> ? T : never;

interface CommonListOptions<S extends ListSchema> {
  schema: S;
  /** Downloads every row the view selects (all pages). */
  exportRows?: (view: ListView<S>) => Promise<void>;
  pageSize?: number;
  /**
   * The list's key (its page's route key, 'due-diligence'): with it the list gets server-side saved views
   * (SavedViewsBar) and row selection for bulk actions (DataTable's `selection`, BulkBar).
   */
  list?: string;
  /**
   * URL parameters that open one record beside the list (?task=, ?conversation=) rather than narrow it: a
   * saved view does not store them, and opening a record keeps the selection.
   */
  recordParams?: readonly string[];
}

/** A list by hand: its own key and fetch (a list the endpoint table does not describe as one call). */
export interface ListControllerOptions<S extends ListSchema, T> extends CommonListOptions<S> {
  /** The cache key of one view's page, area first (['registrations', 'list', query]). */
  queryKey: (view: ListView<S>) => QueryKey;
  fetchPage: (view: ListView<S>, signal: AbortSignal) => Promise<Page<T>>;
  endpoint?: never;
}

/** A list over one endpoint of its area's table: the key is keyOf(endpoint, { params, query }). */
export interface EndpointListOptions<S extends ListSchema, E> extends CommonListOptions<S> {
  endpoint: EndpointHandle<E>;
  /** The endpoint's path values (a job's applications: { jobId }). */
  params?: ReadInput<E>['params'];
  /** The view's query when its names are not the endpoint's (default: listQueryOf). */
  query?: (view: ListView<S>) => QueryOf<E>;
  queryKey?: never;
  fetchPage?: never;
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
  /** What the view asks the endpoint for (a bulk action's filter); undefined for a list by hand. */
  query: Record<string, unknown> | undefined;
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

export function useListController<S extends ListSchema, E>(options: EndpointListOptions<S, E>): ListController<S, RowOf<E>>;
export function useListController<S extends ListSchema, T>(options: ListControllerOptions<S, T>): ListController<S, T>;
export function useListController<S extends ListSchema, T>(options: ListControllerOptions<S, T> | EndpointListOptions<S, unknown>): ListController<S, T> {
  const { schema, exportRows, pageSize = DEFAULT_PAGE_SIZE, list, recordParams = NO_PARAMS } = options;
  const [view, update] = useListParams(schema);
  const savedViews = useSavedViews(list, recordParams);
  const selection = useRowSelection(withoutParams(serialiseListView(schema, view), recordParams));
  let apiQuery: Record<string, unknown> | undefined;
  let key: QueryKey;
  let fetchPage: (signal: AbortSignal) => Promise<Page<T>>;
  if (options.endpoint) {
    const { endpoint, params } = options;
    const asked = (options.query?.(view) as Record<string, unknown> | undefined) ?? listQueryOf(schema, view, pageSize);
    apiQuery = asked;
    const input = { ...(params ? { params } : {}), query: asked };
    key = keyOf(endpoint, input as never);
    fetchPage = (signal) => readEndpoint(endpoint, input, signal) as unknown as Promise<Page<T>>;
  } else {
    const { queryKey, fetchPage: fetchViewPage } = options;
    key = queryKey(view);
    fetchPage = (signal) => fetchViewPage(view, signal);
  }
  const query = useQuery(key, fetchPage, { keepPrevious: true });
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
    query: apiQuery,
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
