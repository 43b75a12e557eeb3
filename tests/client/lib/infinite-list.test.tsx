// @vitest-environment happy-dom
/**
 * The infinite list as the Users page wires it (useInfiniteQuery + useInfiniteScroll) in happy-dom, on fake
 * timers: the page counter starts at 1 and advances while below total_pages, the next page is asked for
 * only near the bottom and 200 ms after scrolling stops, loading stops at the last page, and a failed page
 * stops loading until Retry.
 */
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Page } from '../../../common/contract/shared.ts';
import { useInfiniteScroll } from '../../../client/src/lib/use-infinite-scroll.ts';
import { queryCache } from '../../../client/src/lib/query-cache.ts';
import { useInfiniteQuery, type PageFetcher } from '../../../client/src/lib/use-query.ts';
import { useReactRoot } from '../react-dom.ts';

const dom = useReactRoot();
const VIEWPORT = 900;
let documentHeight = 10_000;

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: VIEWPORT });
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, get: () => documentHeight });
  scrollTo(0);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  queryCache.clear();
});

function scrollTo(y: number): void {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  window.dispatchEvent(new Event('scroll'));
}

/** Lets resolved fetches reach React. */
const settle = () => act(async () => {});
const advance = (ms: number) => act(async () => void vi.advanceTimersByTime(ms));

const PAGE_SIZES = [20, 20, 7];
function pageOf(page: number): Page<number> {
  const size = PAGE_SIZES[page - 1] ?? 0;
  const offset = PAGE_SIZES.slice(0, page - 1).reduce((sum, count) => sum + count, 0);
  return {
    count: 47,
    total_pages: PAGE_SIZES.length,
    next: page < PAGE_SIZES.length ? `http://x/api/users/?page=${page + 1}` : null,
    previous: null,
    results: Array.from({ length: size }, (_, index) => offset + index),
  };
}

function List({ fetchPage }: { fetchPage: PageFetcher<number> }) {
  const list = useInfiniteQuery(['list'], fetchPage);
  useInfiniteScroll({ canLoad: list.hasNextPage && !list.isLoading && list.error === undefined, loadMore: list.fetchNextPage, loaded: list.items.length });
  return (
    <div id="list" data-page={list.page} data-rows={list.items.length} data-more={String(list.hasNextPage)} data-failed={String(list.error !== undefined)}>
      <button type="button" onClick={list.retry}>
        Retry
      </button>
    </div>
  );
}

const state = () => {
  const element = dom.container.querySelector('#list') as HTMLElement;
  return { page: Number(element.dataset.page), rows: Number(element.dataset.rows), more: element.dataset.more === 'true', failed: element.dataset.failed === 'true' };
};

describe('the infinite list', () => {
  it('counts pages from 1, loads the next one only near the bottom after 200 ms, and stops at the last page', async () => {
    documentHeight = 10_000;
    const fetchPage = vi.fn<PageFetcher<number>>(async (page) => pageOf(page));
    dom.render(<List fetchPage={fetchPage} />);
    await settle();
    expect(fetchPage.mock.calls.map(([page]) => page)).toEqual([1]);
    expect(state()).toEqual({ page: 2, rows: 20, more: true, failed: false });

    // Far from the bottom: nothing, however long the user waits.
    scrollTo(1000);
    await advance(1000);
    expect(fetchPage).toHaveBeenCalledTimes(1);

    // Within 800 px of the bottom: asked for 200 ms after the last scroll event, not before.
    scrollTo(documentHeight - VIEWPORT - 700);
    await advance(150);
    scrollTo(documentHeight - VIEWPORT - 600);
    await advance(199);
    expect(fetchPage).toHaveBeenCalledTimes(1);
    await advance(1);
    await settle();
    expect(fetchPage.mock.calls.map(([page]) => page)).toEqual([1, 2]);
    expect(state()).toEqual({ page: 3, rows: 40, more: true, failed: false });

    // Still near the bottom after the page arrived: the check after each page asks for the next one.
    await advance(200);
    await settle();
    expect(fetchPage.mock.calls.map(([page]) => page)).toEqual([1, 2, 3]);
    // page 3 of 3: the counter stays, there is no next page, and no scrolling asks again.
    expect(state()).toEqual({ page: 3, rows: 47, more: false, failed: false });
    scrollTo(documentHeight - VIEWPORT);
    await advance(1000);
    expect(fetchPage).toHaveBeenCalledTimes(3);
  });

  it('stops after a failed page, asks nothing while scrolling, and loads it again on Retry', async () => {
    documentHeight = 10_000;
    let failNext = false;
    const fetchPage = vi.fn<PageFetcher<number>>(async (page) => {
      if (failNext) {
        failNext = false;
        throw new Error('network down');
      }
      return pageOf(page);
    });
    dom.render(<List fetchPage={fetchPage} />);
    await settle();
    failNext = true;
    scrollTo(documentHeight - VIEWPORT);
    await advance(200);
    await settle();
    expect(fetchPage.mock.calls.map(([page]) => page)).toEqual([1, 2]);
    expect(state()).toEqual({ page: 2, rows: 20, more: true, failed: true });
    expect(console.error).toHaveBeenCalled();

    scrollTo(documentHeight - VIEWPORT - 10);
    await advance(1000);
    expect(fetchPage).toHaveBeenCalledTimes(2);

    await act(async () => (dom.container.querySelector('button') as HTMLButtonElement).click());
    await settle();
    expect(fetchPage.mock.calls.map(([page]) => page)).toEqual([1, 2, 2]);
    expect(state()).toMatchObject({ page: 3, rows: 40, failed: false });
  });
});
