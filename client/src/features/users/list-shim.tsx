/**
 * TEMPORARY stand-in for the shared list machinery of issue 7 (lib/use-query.ts, lib/url-list-state.ts,
 * lib/use-list-params.ts, components/search-box.tsx), which had not reached
 * main when this page was built. Same names and signatures; delete this file and import those instead once
 * they are on main.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { Page } from '../../../../common/api-contract.ts';
import { notifyError } from '../../lib/toast.ts';

export function useQuery<T>(key: string, fetcher: (signal: AbortSignal) => Promise<T>): { data: T | undefined } {
  const [data, setData] = useState<T | undefined>(undefined);
  const ref = useRef(fetcher);
  ref.current = fetcher;
  useEffect(() => {
    const controller = new AbortController();
    ref.current(controller.signal).then(
      (value) => !controller.signal.aborted && setData(value),
      (error: unknown) => !controller.signal.aborted && notifyError(error),
    );
    return () => controller.abort();
  }, [key]);
  return { data };
}

export type PageFetcher<T> = (page: number, signal: AbortSignal) => Promise<Page<T>>;

interface InfiniteState<T> {
  key: string;
  items: T[];
  page: number;
  hasNextPage: boolean;
  isLoading: boolean;
  error: unknown;
  request: number;
}

const initial = <T,>(key: string): InfiniteState<T> => ({ key, items: [], page: 1, hasNextPage: true, isLoading: true, error: undefined, request: 0 });

export function useInfiniteQuery<T>(key: string, fetchPage: PageFetcher<T>) {
  const [state, setState] = useState<InfiniteState<T>>(() => initial(key));
  const current = state.key === key ? state : initial<T>(key);
  if (current !== state) setState(current);
  const ref = useRef(fetchPage);
  ref.current = fetchPage;
  const { page, request, isLoading } = current;
  useEffect(() => {
    if (!isLoading) return;
    const controller = new AbortController();
    ref.current(page, controller.signal).then(
      (result) => {
        if (controller.signal.aborted) return;
        setState((previous) => {
          if (previous.key !== key) return previous;
          const advances = previous.page < result.total_pages;
          return { ...previous, items: [...previous.items, ...result.results], page: advances ? previous.page + 1 : previous.page, hasNextPage: advances && result.next !== null, isLoading: false };
        });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(`Could not load page ${page}`, error);
        setState((previous) => (previous.key === key ? { ...previous, isLoading: false, error } : previous));
      },
    );
    return () => controller.abort();
  }, [key, page, request, isLoading]);
  const fetchNextPage = useCallback(() => {
    setState((previous) => (previous.isLoading || !previous.hasNextPage || previous.error !== undefined ? previous : { ...previous, isLoading: true, request: previous.request + 1 }));
  }, []);
  const retry = useCallback(() => {
    setState((previous) => (previous.error === undefined ? previous : { ...previous, error: undefined, isLoading: true, request: previous.request + 1 }));
  }, []);
  return { items: current.items, page: current.page, hasNextPage: current.hasNextPage, isLoading: current.isLoading, error: current.error, fetchNextPage, retry };
}

export interface Field<V> {
  defaultValue: V;
  parse(raw: string): V | undefined;
  format(value: V): string;
}

export const integerField = (defaultValue: number): Field<number> => ({
  defaultValue,
  parse: (raw) => (/^\d+$/.test(raw) && Number(raw) >= 1 ? Number(raw) : undefined),
  format: String,
});

export const textField = (options: { lowerCase?: boolean } = {}): Field<string> => {
  const clean = (raw: string) => (options.lowerCase ? raw.trim().toLowerCase() : raw.trim());
  return { defaultValue: '', parse: clean, format: clean };
};

export function multiChoiceField<T extends string>(values: readonly T[]): Field<T[]> {
  return {
    defaultValue: [],
    parse: (raw) => {
      const chosen = values.filter((value) => raw.split(',').includes(value));
      return chosen.length > 0 ? chosen : undefined;
    },
    format: (chosen) => values.filter((value) => chosen.includes(value)).join(','),
  };
}

interface AnyField {
  defaultValue: unknown;
  parse(raw: string): unknown;
  format(value: never): string;
}
type View<S> = { [K in keyof S]: S[K] extends Field<infer V> ? V : never };

export function useListParams<S extends Record<string, AnyField>>(schema: S): [View<S>, (patch: Partial<View<S>>) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const view = useMemo(() => {
    const params = new URLSearchParams(search);
    return Object.fromEntries(
      Object.entries(schema).map(([name, field]) => {
        const raw = params.get(name);
        const parsed = raw === null ? undefined : field.parse(raw);
        return [name, parsed === undefined || parsed === '' ? field.defaultValue : parsed];
      }),
    ) as View<S>;
  }, [schema, search]);
  const update = useCallback(
    (patch: Partial<View<S>>) => {
      const next = { ...view, ...patch, page: 1 } as Record<string, unknown>;
      const params = new URLSearchParams();
      for (const [name, field] of Object.entries(schema)) {
        const text = field.format(next[name] as never);
        if (text !== '' && text !== field.format(field.defaultValue as never)) params.set(name, text);
      }
      const query = params.toString();
      navigate(query ? `${location}?${query}` : location, { replace: Object.keys(patch).every((name) => name === 'search') });
    },
    [schema, view, location, navigate],
  );
  return [view, update];
}

export function SearchBox({ value, onSearch, placeholder, label }: { value: string; onSearch: (value: string) => void; placeholder?: string; label?: string }) {
  const [text, setText] = useState(value);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onSearch(text), 300);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return <input type="search" className="field__input users-toolbar__search" aria-label={label} placeholder={placeholder} value={text} onChange={(event) => setText(event.target.value.toLowerCase())} />;
}
