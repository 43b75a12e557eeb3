// @vitest-environment happy-dom
/**
 * The one data layer: abort and stale-response rules, kept data while a new key loads, errors through the
 * toast, the infinite list's counter, and the shared cache (one request for two views, invalidation
 * refreshing every view, an answer put in place).
 */
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Page } from '../../../common/contract/shared.ts';
import { queryCache } from '../../../client/src/lib/query-cache.ts';
import { useInfiniteQuery, useQuery, type InfiniteQueryResult, type QueryResult } from '../../../client/src/lib/use-query.ts';
import { useReactRoot } from '../react-dom.ts';

// The toast module is the shared error handler; the test only needs to see that it was called.
const notifyError = vi.hoisted(() => vi.fn());
vi.mock('../../../client/src/lib/toast.ts', () => ({ notifyError }));

const dom = useReactRoot();

afterEach(() => {
  notifyError.mockReset();
  queryCache.clear();
});

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
  signal?: AbortSignal;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Requests the hook made, by key, each resolvable by the test. */
function controlledFetcher() {
  const calls: (Deferred<string> & { key: string })[] = [];
  const make = (key: string) => (signal: AbortSignal) => {
    const call = { ...deferred<string>(), key, signal };
    calls.push(call);
    return call.promise;
  };
  return { calls, make };
}

let latest: QueryResult<string>;
function Probe({ queryKey, fetcher, notify, keepPrevious }: { queryKey: string; fetcher: (signal: AbortSignal) => Promise<string>; notify?: boolean; keepPrevious?: boolean }) {
  latest = useQuery(['probe', queryKey], fetcher, { notify, keepPrevious });
  return <p>{latest.data ?? 'none'}</p>;
}

const flush = () => act(() => Promise.resolve());

describe('useQuery', () => {
  it('lets a newer request win over a slower older one, and aborts the older one', async () => {
    const { calls, make } = controlledFetcher();
    dom.render(<Probe queryKey="a" fetcher={make('a')} />);
    dom.render(<Probe queryKey="b" fetcher={make('b')} />);
    const [old, fresh] = [calls.find((call) => call.key === 'a'), calls.at(-1)];
    expect(fresh?.key).toBe('b');
    expect(old?.signal?.aborted).toBe(true);
    fresh?.resolve('fresh');
    await flush();
    old?.resolve('old');
    await flush();
    expect(dom.texts('p')).toEqual(['fresh']);
    expect(latest.isFetching).toBe(false);
  });

  it('keeps the previous data while a new key loads: fetching, not first-loading', async () => {
    const { calls, make } = controlledFetcher();
    dom.render(<Probe queryKey="1" fetcher={make('1')} keepPrevious />);
    expect(latest.isLoading).toBe(true);
    calls.at(-1)?.resolve('page 1');
    await flush();
    dom.render(<Probe queryKey="2" fetcher={make('2')} keepPrevious />);
    expect(latest).toMatchObject({ data: 'page 1', isLoading: false, isFetching: true, isPlaceholder: true });
    calls.at(-1)?.resolve('page 2');
    await flush();
    expect(latest).toMatchObject({ data: 'page 2', isLoading: false, isFetching: false, isPlaceholder: false });
  });

  it('shows no previous data next to the new key’s error, and none at all for a record (no keepPrevious)', async () => {
    const { calls, make } = controlledFetcher();
    dom.render(<Probe queryKey="1" fetcher={make('1')} keepPrevious />);
    calls.at(-1)?.resolve('page 1');
    await flush();
    dom.render(<Probe queryKey="2" fetcher={make('2')} keepPrevious />);
    calls.at(-1)?.reject(new Error('refused'));
    await flush();
    expect(latest).toMatchObject({ data: undefined, isPlaceholder: false });
    expect(latest.error).toBeInstanceOf(Error);
    dom.render(<Probe queryKey="3" fetcher={make('3')} />);
    expect(latest).toMatchObject({ data: undefined, isLoading: true });
  });

  it('sends a failure to the shared error handler once, clears the loading flag, and refetches on demand', async () => {
    const { calls, make } = controlledFetcher();
    dom.render(<Probe queryKey="x" fetcher={make('x')} />);
    const failure = new Error('down');
    calls.at(-1)?.reject(failure);
    await flush();
    expect(notifyError).toHaveBeenCalledTimes(1);
    expect(notifyError).toHaveBeenCalledWith(failure);
    expect(latest).toMatchObject({ error: failure, isLoading: false, isFetching: false });
    const before = calls.length;
    act(() => latest.refetch());
    expect(calls.length).toBe(before + 1);
    calls.at(-1)?.resolve('back');
    await flush();
    expect(latest).toMatchObject({ data: 'back', error: undefined });
  });

  it('keeps failures out of the toast when the caller opts out, and ignores aborts on unmount', async () => {
    const { calls, make } = controlledFetcher();
    dom.render(<Probe queryKey="x" fetcher={make('x')} notify={false} />);
    calls.at(-1)?.reject(new Error('quiet'));
    await flush();
    expect(notifyError).not.toHaveBeenCalled();
    expect(latest.error).toBeInstanceOf(Error);
    dom.render(<Probe queryKey="y" fetcher={make('y')} />);
    dom.render(<p>gone</p>);
    expect(calls.at(-1)?.signal?.aborted).toBe(true);
    calls.at(-1)?.reject(new DOMException('aborted', 'AbortError'));
    await flush();
    expect(notifyError).not.toHaveBeenCalled();
  });
});

describe('the shared cache', () => {
  function Twice({ fetcher, notify = true }: { fetcher: (signal: AbortSignal) => Promise<string>; notify?: boolean }) {
    const first = useQuery(['shared'], fetcher, { notify });
    const second = useQuery(['shared'], fetcher, { notify });
    return (
      <>
        <p>{first.data ?? 'none'}</p>
        <p>{second.data ?? 'none'}</p>
      </>
    );
  }

  it('gives two views of one key one request and one answer, and one toast when it fails', async () => {
    const fetcher = vi.fn(() => Promise.resolve('shared answer'));
    dom.render(<Twice fetcher={fetcher} />);
    await flush();
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(dom.texts('p')).toEqual(['shared answer', 'shared answer']);

    queryCache.clear();
    const failing = vi.fn(() => Promise.reject(new Error('down')));
    dom.render(<p>gone</p>);
    dom.render(<Twice fetcher={failing} />);
    await flush();
    expect(failing).toHaveBeenCalledTimes(1);
    expect(notifyError).toHaveBeenCalledTimes(1);
  });

  it('reads every watched entry under an invalidated prefix again, and leaves other areas alone', async () => {
    let version = 1;
    const list = vi.fn(() => Promise.resolve(`list v${version}`));
    const other = vi.fn(() => Promise.resolve('other'));
    function Views() {
      const a = useQuery(['area', 'list', { page: 1 }], list);
      const b = useQuery(['elsewhere'], other);
      return <p>{`${a.data} ${b.data}`}</p>;
    }
    dom.render(<Views />);
    await flush();
    expect(dom.texts('p')).toEqual(['list v1 other']);
    version = 2;
    act(() => queryCache.invalidate(['area']));
    await flush();
    expect(dom.texts('p')).toEqual(['list v2 other']);
    expect(list).toHaveBeenCalledTimes(2);
    expect(other).toHaveBeenCalledTimes(1);
  });

  it('reads an invalidated entry again when its view comes back, after leaving cut its read short', async () => {
    // Home invalidated by a take that opens the record taken: its refresh starts, Home unmounts, the read is
    // aborted; back on Home within STALE_MS the entry must not pass for fresh with the data from before the take.
    const { calls, make } = controlledFetcher();
    dom.render(<Probe queryKey="home" fetcher={make('home')} />);
    await flush();
    calls[0]!.resolve('before');
    await flush();
    act(() => queryCache.invalidate(['probe']));
    expect(calls).toHaveLength(2);
    dom.render(<p>record</p>);
    expect(calls[1]!.signal!.aborted).toBe(true);
    dom.render(<Probe queryKey="home" fetcher={make('home')} />);
    await flush();
    expect(calls).toHaveLength(3);
    calls[2]!.resolve('after');
    await flush();
    expect(dom.texts('p')).toEqual(['after']);
  });

  it('shows an answer put in place at once, in every view of its key', async () => {
    dom.render(<Twice fetcher={() => Promise.resolve('read')} />);
    await flush();
    act(() => queryCache.setData(['shared'], 'written'));
    expect(dom.texts('p')).toEqual(['written', 'written']);
  });

  it('asks a rule per error whether it goes to the toast (a 404 the page explains does not)', async () => {
    const notFound = Object.assign(new Error('missing'), { status: 404 });
    function Record() {
      const result = useQuery(['record'], () => Promise.reject(notFound), { notify: (error) => (error as { status?: number }).status !== 404 });
      return <p>{result.error ? 'missing' : 'loading'}</p>;
    }
    dom.render(<Record />);
    await flush();
    expect(dom.texts('p')).toEqual(['missing']);
    expect(notifyError).not.toHaveBeenCalled();
  });
});

let infinite: InfiniteQueryResult<number>;
function InfiniteProbe({ fetchPage }: { fetchPage: (page: number, signal: AbortSignal) => Promise<Page<number>> }) {
  infinite = useInfiniteQuery(['numbers'], fetchPage);
  return <p>{infinite.items.join(',')}</p>;
}

const pageOf = (page: number, totalPages: number): Page<number> => ({
  count: totalPages * 2,
  total_pages: totalPages,
  next: page < totalPages ? `/api/numbers/?page=${page + 1}` : null,
  previous: page > 1 ? `/api/numbers/?page=${page - 1}` : null,
  results: [page * 10, page * 10 + 1],
});

describe('useInfiniteQuery', () => {
  it('starts at page 1, advances while below total_pages, and stops when there is no next page', async () => {
    const fetchPage = vi.fn((page: number) => Promise.resolve(pageOf(page, 2)));
    dom.render(<InfiniteProbe fetchPage={fetchPage} />);
    await flush();
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(fetchPage.mock.calls[0]?.[0]).toBe(1);
    expect(infinite).toMatchObject({ page: 2, hasNextPage: true, isLoading: false });
    act(() => infinite.fetchNextPage());
    await flush();
    expect(fetchPage.mock.calls[1]?.[0]).toBe(2);
    expect(infinite).toMatchObject({ page: 2, hasNextPage: false, isLoading: false });
    act(() => infinite.fetchNextPage());
    await flush();
    expect(fetchPage).toHaveBeenCalledTimes(2);
    expect(dom.texts('p')).toEqual(['10,11,20,21']);
  });

  it('logs a failed page, stops loading, and fetches the same page again on retry', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    const fetchPage = vi.fn((page: number) => (page === 2 && fail ? Promise.reject(new Error('page 2 failed')) : Promise.resolve(pageOf(page, 3))));
    dom.render(<InfiniteProbe fetchPage={fetchPage} />);
    await flush();
    act(() => infinite.fetchNextPage());
    await flush();
    expect(error).toHaveBeenCalledTimes(1);
    expect(infinite).toMatchObject({ page: 2, isLoading: false });
    expect(infinite.error).toBeInstanceOf(Error);
    act(() => infinite.fetchNextPage());
    await flush();
    expect(fetchPage).toHaveBeenCalledTimes(2);
    fail = false;
    act(() => infinite.retry());
    await flush();
    expect(fetchPage.mock.calls.map((call) => call[0])).toEqual([1, 2, 2]);
    expect(infinite).toMatchObject({ page: 3, hasNextPage: true, error: undefined });
    error.mockRestore();
  });

  it('reads every loaded page again on invalidation and swaps them in together', async () => {
    let suffix = 0;
    const fetchPage = vi.fn((page: number) => Promise.resolve({ ...pageOf(page, 3), results: [page * 10 + suffix] }));
    dom.render(<InfiniteProbe fetchPage={fetchPage} />);
    await flush();
    act(() => infinite.fetchNextPage());
    await flush();
    expect(dom.texts('p')).toEqual(['10,20']);
    suffix = 5;
    act(() => queryCache.invalidate(['numbers']));
    await flush();
    expect(fetchPage.mock.calls.map((call) => call[0])).toEqual([1, 2, 1, 2]);
    expect(dom.texts('p')).toEqual(['15,25']);
    expect(infinite).toMatchObject({ page: 3, hasNextPage: true });
  });
});
