/**
 * Loads one resource for a key and keeps it while the key stays the same: a newer key or unmounting aborts
 * the call in flight, so a late answer never overwrites a newer one. Failures go to the shared error handler
 * and the loading flag is cleared afterwards (spec section 8). Stand-in until the shared data layer lands.
 */
import { useCallback, useEffect, useState } from 'react';
import { notifyError } from '../../lib/toast.ts';

export interface Loaded<T> {
  data: T | undefined;
  loading: boolean;
  /** Loads again (after a write, or when a conflict says the data is stale). */
  reload: () => void;
  /** Takes a fresh copy a write answered with, without another call. */
  replace: (data: T) => void;
}

export function useLoaded<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Loaded<T> {
  const [state, setState] = useState<{ key: string; data: T | undefined; loading: boolean; round: number }>({ key, data: undefined, loading: true, round: 0 });
  if (state.key !== key) setState({ key, data: undefined, loading: true, round: state.round });
  const round = state.round;

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => setState((current) => ({ ...current, data, loading: false })),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        notifyError(error);
        setState((current) => ({ ...current, loading: false }));
      },
    );
    return () => controller.abort();
    // load is keyed by `key`; a new function identity with the same key must not refetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, round]);

  const reload = useCallback(() => setState((current) => ({ ...current, loading: true, round: current.round + 1 })), []);
  const replace = useCallback((data: T) => setState((current) => ({ ...current, data, loading: false })), []);
  return { data: state.data, loading: state.loading, reload, replace };
}
