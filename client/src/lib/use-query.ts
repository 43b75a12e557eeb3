/**
 * The console's one way to read server data into a component, through the shared cache (query-cache.ts):
 * views of the same key share one request and one answer, a write's invalidation refreshes them all, a
 * newer request always wins over an older one, and leaving aborts what nobody waits for. Pages never
 * write their own `let current = true` guards.
 */
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import type { Page } from '../../../common/contract/shared.ts';
import { queryCache, type EntryState, type NotifyRule, type QueryEntry, type QueryFn, type QueryKey } from './query-cache.ts';

export type { QueryKey } from './query-cache.ts';

export interface QueryOptions {
  /** false skips fetching (e.g. until a parameter is known). Default true. */
  enabled?: boolean;
  /** Whether a failure goes to the shared error toast (or a rule per error); the caller shows `error` itself otherwise. Default true. */
  notify?: NotifyRule;
  /**
   * Keep showing the previous key's data while a new key loads (a list between pages), so it does not
   * blank out; never next to the new key's error. Default false (a record must not show another's data).
   */
  keepPrevious?: boolean;
  /** Read again when the user comes back to the tab (the navigation's counts). Default false. */
  refetchOnFocus?: boolean;
}

export interface QueryResult<T> {
  /** The newest data for the key, or the previous key's while this one loads (keepPrevious). */
  data: T | undefined;
  error: unknown;
  /** First load: no data to show yet. */
  isLoading: boolean;
  /** Any request in flight, including a refetch or a new key behind the data still shown. */
  isFetching: boolean;
  /** The data shown is the previous key's. */
  isPlaceholder: boolean;
  refetch: () => void;
}

const idle: EntryState<never> = { data: undefined, error: undefined, fetching: false, updatedAt: 0 };

/** Subscribes a component to one entry: re-renders on every change of its state. */
function useEntryState<T>(entry: QueryEntry<T>, enabled: boolean, notify: NotifyRule): EntryState<T> {
  const notifyRef = useRef(notify);
  notifyRef.current = notify;
  const subscribe = useCallback(
    (listener: () => void) => (enabled ? entry.subscribe(listener, (error: unknown) => evaluate(notifyRef.current, error)) : () => {}),
    [entry, enabled],
  );
  return useSyncExternalStore(subscribe, () => (enabled ? entry.state : (idle as EntryState<T>)));
}

const evaluate = (rule: NotifyRule, error: unknown) => (typeof rule === 'function' ? rule(error) : rule);

/** Reads `queryFn` for `queryKey` (an array naming everything the request depends on, area first). */
export function useQuery<T>(queryKey: QueryKey, queryFn: QueryFn<T>, options: QueryOptions = {}): QueryResult<T> {
  const { enabled = true, notify = true, keepPrevious = false, refetchOnFocus = false } = options;
  const entry = queryCache.entry<T>(queryKey);
  // The function is a fresh closure each render; the key says when it means a different request.
  entry.queryFn = queryFn;
  const state = useEntryState(entry, enabled, notify);

  useEffect(() => {
    if (enabled && entry.needsFetch()) void entry.fetch();
  }, [entry, enabled]);

  useEffect(() => {
    if (!enabled || !refetchOnFocus) return;
    const onReturn = () => {
      if (document.visibilityState === 'visible') void entry.fetch();
    };
    document.addEventListener('visibilitychange', onReturn);
    window.addEventListener('focus', onReturn);
    return () => {
      document.removeEventListener('visibilitychange', onReturn);
      window.removeEventListener('focus', onReturn);
    };
  }, [entry, enabled, refetchOnFocus]);

  const previous = useRef<T | undefined>(undefined);
  if (state.data !== undefined) previous.current = state.data;
  const placeholder = keepPrevious && state.data === undefined && state.error === undefined && previous.current !== undefined;

  const refetch = useCallback(() => void entry.fetch(), [entry]);
  return {
    data: placeholder ? previous.current : state.data,
    error: state.error,
    isLoading: enabled && state.data === undefined && !placeholder && (state.fetching || state.updatedAt === 0) && state.error === undefined,
    isFetching: state.fetching,
    isPlaceholder: placeholder,
    refetch,
  };
}

export type PageFetcher<T> = (page: number, signal: AbortSignal) => Promise<Page<T>>;

/** An infinite list's cache entry: the pages read so far, in order. */
export interface InfiniteData<T> {
  pages: Page<T>[];
}

export interface InfiniteQueryResult<T> {
  items: T[];
  /** The page the next fetch asks for; starts at 1 (spec section 4). */
  page: number;
  hasNextPage: boolean;
  isLoading: boolean;
  error: unknown;
  /** Fetches the next page unless one is loading, the last one failed, or there is none. */
  fetchNextPage: () => void;
  /** Fetches the page that failed again. */
  retry: () => void;
  /** How many rows match across every page (the last page's count); undefined before the first answer. */
  count?: number;
}

/** Spec section 4: the counter advances after each fetch while it is below total_pages. */
function progress<T>(pages: readonly Page<T>[]): { page: number; hasNextPage: boolean } {
  const last = pages.at(-1);
  if (!last) return { page: 1, hasNextPage: true };
  const advances = pages.length < last.total_pages;
  return { page: advances ? pages.length + 1 : pages.length, hasNextPage: advances && last.next !== null };
}

/**
 * A list read page by page following the envelope (spec section 4 'Infinite list'): the counter starts at
 * 1 and advances after each fetch while it is below total_pages; loading stops when there is no next page.
 * A failed page is logged (spec section 8) and loading stops; retry() asks for it again. An invalidation
 * reads every page loaded so far again, in order, and swaps them in together, so the rows and the scroll
 * position stay while it runs.
 */
export function useInfiniteQuery<T>(queryKey: QueryKey, fetchPage: PageFetcher<T>): InfiniteQueryResult<T> {
  const entry = queryCache.entry<InfiniteData<T>>(queryKey);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  entry.queryFn = async (signal) => {
    const wanted = Math.max(entry.state.data?.pages.length ?? 0, 1);
    const pages: Page<T>[] = [];
    for (let page = 1; page <= wanted; page += 1) {
      const result = await loadPage(fetchRef.current, page, signal);
      pages.push(result);
      if (!progress(pages).hasNextPage) break;
    }
    return { pages };
  };
  const state = useEntryState(entry, true, false);

  useEffect(() => {
    if (entry.needsFetch()) void entry.fetch();
  }, [entry]);

  const pages = state.data?.pages ?? [];
  const { page, hasNextPage } = progress(pages);
  const fetchNext = useCallback(
    (force: boolean) => {
      const current = entry.state;
      const loaded = current.data?.pages ?? [];
      const next = progress(loaded);
      if (current.fetching || !next.hasNextPage || (current.error !== undefined && !force)) return;
      if (loaded.length === 0) {
        void entry.fetch();
        return;
      }
      void entry.fetch(async (signal) => ({ pages: [...loaded, await loadPage(fetchRef.current, next.page, signal)] }));
    },
    [entry],
  );

  return {
    items: pages.flatMap((result) => result.results),
    page,
    hasNextPage,
    isLoading: state.fetching || (state.updatedAt === 0 && state.error === undefined),
    error: state.error,
    fetchNextPage: useCallback(() => fetchNext(false), [fetchNext]),
    retry: useCallback(() => fetchNext(true), [fetchNext]),
    count: pages.at(-1)?.count,
  };
}

async function loadPage<T>(fetchPage: PageFetcher<T>, page: number, signal: AbortSignal): Promise<Page<T>> {
  try {
    return await fetchPage(page, signal);
  } catch (error) {
    if (!signal.aborted) console.error(`Could not load page ${page}`, error);
    throw error;
  }
}
