/**
 * The scroll trigger of the infinite lists (spec section 9): the next page is asked for when the user is
 * within 800 px of the bottom, debounced 200 ms. The page counter and the stop rule belong to the query
 * (useInfiniteQuery); this only decides when to ask, and never while a page is loading, after the last
 * page, or after a failure (the list then offers 'Retry').
 */
import { useEffect, useRef } from 'react';

export const NEAR_BOTTOM_PX = 800;
export const SCROLL_DEBOUNCE_MS = 200;

export interface ScrollMetrics {
  scrollTop: number;
  viewportHeight: number;
  scrollHeight: number;
}

export function isNearBottom(metrics: ScrollMetrics, threshold = NEAR_BOTTOM_PX): boolean {
  return metrics.scrollHeight - (metrics.scrollTop + metrics.viewportHeight) <= threshold;
}

export interface ScrollTriggerOptions {
  metrics: () => ScrollMetrics;
  /** false while a page loads, when there is no next page, or after a failed fetch. */
  canLoad: () => boolean;
  loadMore: () => void;
  delayMs?: number;
}

export interface ScrollTrigger {
  /** A scroll or resize happened: check once things have been still for the debounce time. */
  schedule(): void;
  dispose(): void;
}

export function createScrollTrigger({ metrics, canLoad, loadMore, delayMs = SCROLL_DEBOUNCE_MS }: ScrollTriggerOptions): ScrollTrigger {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    schedule() {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        if (canLoad() && isNearBottom(metrics())) loadMore();
      }, delayMs);
    },
    dispose() {
      clearTimeout(timer);
    },
  };
}

const windowMetrics = (): ScrollMetrics => ({
  scrollTop: window.scrollY,
  viewportHeight: window.innerHeight,
  scrollHeight: document.documentElement.scrollHeight,
});

export interface InfiniteScrollOptions {
  canLoad: boolean;
  loadMore: () => void;
  /** Changes whenever rows were added (e.g. the number of loaded rows). */
  loaded: number;
}

/**
 * Watches the page's scrolling (the console scrolls the window). After each page arrives it checks again,
 * so a list shorter than the screen keeps filling it without a scroll the user cannot make.
 */
export function useInfiniteScroll({ canLoad, loadMore, loaded }: InfiniteScrollOptions): void {
  const latest = useRef({ canLoad, loadMore });
  latest.current = { canLoad, loadMore };
  const trigger = useRef<ScrollTrigger | null>(null);

  useEffect(() => {
    const created = createScrollTrigger({
      metrics: windowMetrics,
      canLoad: () => latest.current.canLoad,
      loadMore: () => latest.current.loadMore(),
    });
    trigger.current = created;
    const schedule = () => created.schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      created.dispose();
      trigger.current = null;
    };
  }, []);

  useEffect(() => {
    if (canLoad) trigger.current?.schedule();
  }, [loaded, canLoad]);
}
