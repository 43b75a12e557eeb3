/**
 * The console's one way to read server data into a component. The previous request is aborted when the key
 * changes or the component unmounts, and only the newest request may write the state, so a slow old
 * response never overwrites a newer one. Pages never write their own `let current = true` guards.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Page } from '../../../common/contract/shared.ts';
import { notifyError } from './toast.ts';

export type Fetcher<T> = (signal: AbortSignal) => Promise<T>;

export interface QueryOptions {
  /** false skips fetching (e.g. until a parameter is known). Default true. */
  enabled?: boolean;
  /** false keeps failures out of the shared error toast; the caller shows `error` itself. Default true. */
  notify?: boolean;
}

export interface QueryResult<T> {
  /** The newest data received; kept while a new key loads, so a list does not blank out between pages. */
  data: T | undefined;
  error: unknown;
  /** First load: no data to show yet. */
  isLoading: boolean;
  /** Any request in flight, including a refetch or a new key behind the data still shown. */
  isFetching: boolean;
  refetch: () => void;
}

interface QueryState<T> {
  data: T | undefined;
  error: unknown;
  isFetching: boolean;
}

function isAbort(error: unknown, signal: AbortSignal): boolean {
  return signal.aborted || (error instanceof Error && error.name === 'AbortError');
}

/** Reads `fetcher` for `key` (a string naming everything the request depends on). */
export function useQuery<T>(key: string, fetcher: Fetcher<T>, options: QueryOptions = {}): QueryResult<T> {
  const { enabled = true, notify = true } = options;
  const [state, setState] = useState<QueryState<T>>({ data: undefined, error: undefined, isFetching: enabled });
  const [generation, setGeneration] = useState(0);
  // The fetcher is a fresh closure each render; the key says when it means a different request.
  const fetcherRef = useRef(fetcher);
  const notifyRef = useRef(notify);
  useEffect(() => {
    fetcherRef.current = fetcher;
    notifyRef.current = notify;
  });

  useEffect(() => {
    if (!enabled) {
      setState((previous) => (previous.isFetching ? { ...previous, isFetching: false } : previous));
      return;
    }
    const controller = new AbortController();
    setState((previous) => ({ ...previous, error: undefined, isFetching: true }));
    fetcherRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ data, error: undefined, isFetching: false });
      },
      (error: unknown) => {
        if (isAbort(error, controller.signal)) return;
        if (notifyRef.current) notifyError(error);
        setState((previous) => ({ ...previous, error, isFetching: false }));
      },
    );
    return () => controller.abort();
  }, [key, enabled, generation]);

  const refetch = useCallback(() => setGeneration((value) => value + 1), []);
  return {
    data: state.data,
    error: state.error,
    isLoading: state.isFetching && state.data === undefined,
    isFetching: state.isFetching,
    refetch,
  };
}

export type PageFetcher<T> = (page: number, signal: AbortSignal) => Promise<Page<T>>;

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
}

interface InfiniteState<T> {
  key: string;
  items: T[];
  page: number;
  hasNextPage: boolean;
  isLoading: boolean;
  error: unknown;
  /** Bumped to ask for the page in `page`. */
  request: number;
}

const initialInfinite = <T>(key: string): InfiniteState<T> => ({ key, items: [], page: 1, hasNextPage: true, isLoading: true, error: undefined, request: 0 });

/**
 * A list read page by page following the envelope (spec section 4 'Infinite list'): the counter starts at
 * 1 and advances after each fetch while it is below total_pages; loading stops when there is no next page.
 * A failed page is logged (spec section 8) and loading stops; retry() asks for it again.
 */
export function useInfiniteQuery<T>(key: string, fetchPage: PageFetcher<T>): InfiniteQueryResult<T> {
  const [state, setState] = useState<InfiniteState<T>>(() => initialInfinite(key));
  const current = state.key === key ? state : initialInfinite<T>(key);
  if (current !== state) setState(current);
  const fetchRef = useRef(fetchPage);
  useEffect(() => {
    fetchRef.current = fetchPage;
  });

  const { page, request, isLoading } = current;
  useEffect(() => {
    if (!isLoading) return;
    const controller = new AbortController();
    fetchRef.current(page, controller.signal).then(
      (result) => {
        if (controller.signal.aborted) return;
        setState((previous) => {
          if (previous.key !== key) return previous;
          const advances = previous.page < result.total_pages;
          return {
            ...previous,
            items: [...previous.items, ...result.results],
            page: advances ? previous.page + 1 : previous.page,
            hasNextPage: advances && result.next !== null,
            isLoading: false,
          };
        });
      },
      (error: unknown) => {
        if (isAbort(error, controller.signal)) return;
        console.error(`Could not load page ${page}`, error);
        setState((previous) => (previous.key === key ? { ...previous, isLoading: false, error } : previous));
      },
    );
    return () => controller.abort();
  }, [key, page, request, isLoading]);

  const fetchNextPage = useCallback(() => {
    setState((previous) =>
      previous.isLoading || !previous.hasNextPage || previous.error !== undefined ? previous : { ...previous, isLoading: true, request: previous.request + 1 },
    );
  }, []);
  const retry = useCallback(() => {
    setState((previous) => (previous.error === undefined ? previous : { ...previous, error: undefined, isLoading: true, request: previous.request + 1 }));
  }, []);

  return {
    items: current.items,
    page: current.page,
    hasNextPage: current.hasNextPage,
    isLoading: current.isLoading,
    error: current.error,
    fetchNextPage,
    retry,
  };
}
