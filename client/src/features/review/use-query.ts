/**
 * Stand-in for the shared data layer (client/src/lib/use-query.ts of the onboarding-lists work, not on main
 * yet), with its signature: when that lands, this file goes and the imports point at lib/use-query.ts.
 * The call in flight is aborted when the key changes or the component unmounts, so a late answer never
 * overwrites a newer one; failures go to the shared error handler and the loading flag is cleared after.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { notifyError } from '../../lib/toast.ts';

export interface QueryResult<T> {
  /** The newest data received; kept while a refetch runs. */
  data: T | undefined;
  error: unknown;
  /** First load: no data to show yet. */
  isLoading: boolean;
  isFetching: boolean;
  refetch: () => void;
}

export function useQuery<T>(key: string, fetcher: (signal: AbortSignal) => Promise<T>): QueryResult<T> {
  const [state, setState] = useState<{ data: T | undefined; error: unknown; isFetching: boolean }>({ data: undefined, error: undefined, isFetching: true });
  const [generation, setGeneration] = useState(0);
  // The fetcher is a fresh closure each render; the key says when it means a different request.
  const fetcherRef = useRef(fetcher);
  useEffect(() => {
    fetcherRef.current = fetcher;
  });

  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => ({ ...previous, error: undefined, isFetching: true }));
    fetcherRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ data, error: undefined, isFetching: false });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        notifyError(error);
        setState((previous) => ({ ...previous, error, isFetching: false }));
      },
    );
    return () => controller.abort();
  }, [key, generation]);

  const refetch = useCallback(() => setGeneration((value) => value + 1), []);
  return { data: state.data, error: state.error, isLoading: state.isFetching && state.data === undefined, isFetching: state.isFetching, refetch };
}
