/** The infinite lists' scroll trigger (spec section 9: within 800 px of the bottom, debounced 200 ms), on fake timers. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NEAR_BOTTOM_PX, SCROLL_DEBOUNCE_MS, createScrollTrigger, isNearBottom, type ScrollMetrics } from '../../../client/src/lib/use-infinite-scroll.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('isNearBottom', () => {
  it('is true within 800 px of the bottom, inclusive, and false beyond', () => {
    expect(NEAR_BOTTOM_PX).toBe(800);
    const at = (scrollTop: number): ScrollMetrics => ({ scrollTop, viewportHeight: 900, scrollHeight: 5000 });
    expect(isNearBottom(at(5000 - 900 - 801))).toBe(false);
    expect(isNearBottom(at(5000 - 900 - 800))).toBe(true);
    expect(isNearBottom(at(5000 - 900))).toBe(true);
    expect(isNearBottom({ scrollTop: 0, viewportHeight: 900, scrollHeight: 600 })).toBe(true);
  });
});

describe('the scroll trigger', () => {
  function setup(initial: Partial<ScrollMetrics> = {}) {
    const metrics: ScrollMetrics = { scrollTop: 0, viewportHeight: 900, scrollHeight: 5000, ...initial };
    const state = { canLoad: true };
    const loadMore = vi.fn();
    const trigger = createScrollTrigger({ metrics: () => metrics, canLoad: () => state.canLoad, loadMore });
    return { metrics, state, loadMore, trigger };
  }

  it('asks for the next page once, 200 ms after a burst of scroll events ends near the bottom', () => {
    expect(SCROLL_DEBOUNCE_MS).toBe(200);
    const { metrics, loadMore, trigger } = setup();
    for (let step = 0; step < 10; step += 1) {
      metrics.scrollTop = 3000 + step * 50;
      trigger.schedule();
      vi.advanceTimersByTime(100);
    }
    expect(loadMore).not.toHaveBeenCalled();
    vi.advanceTimersByTime(99);
    expect(loadMore).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(loadMore).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(loadMore).toHaveBeenCalledTimes(1);
  });

  it('reads the position when the debounce ends, not when the event fired', () => {
    const { metrics, loadMore, trigger } = setup({ scrollTop: 3500 });
    trigger.schedule();
    metrics.scrollTop = 0;
    vi.advanceTimersByTime(SCROLL_DEBOUNCE_MS);
    expect(loadMore).not.toHaveBeenCalled();
  });

  it('does nothing far from the bottom, while a page loads, after the last page or a failure', () => {
    const { metrics, state, loadMore, trigger } = setup({ scrollTop: 1000 });
    trigger.schedule();
    vi.advanceTimersByTime(SCROLL_DEBOUNCE_MS);
    expect(loadMore).not.toHaveBeenCalled();

    metrics.scrollTop = 4000;
    state.canLoad = false;
    trigger.schedule();
    vi.advanceTimersByTime(SCROLL_DEBOUNCE_MS);
    expect(loadMore).not.toHaveBeenCalled();

    state.canLoad = true;
    trigger.schedule();
    vi.advanceTimersByTime(SCROLL_DEBOUNCE_MS);
    expect(loadMore).toHaveBeenCalledTimes(1);
  });

  it('drops a pending check when disposed', () => {
    const { loadMore, trigger } = setup({ scrollTop: 4000 });
    trigger.schedule();
    trigger.dispose();
    vi.advanceTimersByTime(SCROLL_DEBOUNCE_MS * 2);
    expect(loadMore).not.toHaveBeenCalled();
  });
});
