/**
 * What a page change does to the window, in one place for every page:
 * - a link or a list change (a pushed entry) starts the new view at the top, so page 2 does not open
 *   scrolled to where page 1's pager was;
 * - Back and Forward put the view back where it was left (the console keeps the positions: the browser's
 *   own restoration runs before the page's rows are there), once the page is tall enough;
 * - moving to another page puts the keyboard focus on its heading, so a keyboard user who opened a row
 *   continues from the top of what opened, and a screen reader announces it.
 * Search typing (a replaced entry) does none of this.
 */
import { useLayoutEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { showsPageTitle } from './page-level.ts';
import { lastNavigation, takeRestoreTarget } from '../lib/navigation-history.ts';

/** How long a restore or a focus waits for the page to render what it needs (rows, its heading). */
const WAIT_MS = 4000;

function untilReady(ready: () => boolean): () => void {
  const started = performance.now();
  let frame = 0;
  const stopOnInput = () => stop();
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const event of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) window.removeEventListener(event, stopOnInput);
  };
  for (const event of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) window.addEventListener(event, stopOnInput, { passive: true });
  const step = () => {
    if (ready() || performance.now() - started > WAIT_MS) stop();
    else frame = requestAnimationFrame(step);
  };
  step();
  return stop;
}

function restoreScroll(target: number): () => void {
  return untilReady(() => {
    const reachable = document.documentElement.scrollHeight - window.innerHeight;
    window.scrollTo(0, Math.min(target, Math.max(reachable, 0)));
    return reachable >= target;
  });
}

/** The page's own heading when it has one (a record's name), else the top bar's title. */
function focusHeading(deep: boolean): () => void {
  const before = document.activeElement;
  return untilReady(() => {
    // The user moved on by themselves: leave their focus alone.
    if (document.activeElement !== before && document.activeElement !== document.body) return true;
    const heading = document.querySelector<HTMLElement>('#content h1') ?? (deep ? null : document.querySelector<HTMLElement>('.top-bar__title'));
    if (!heading) return false;
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
    return true;
  });
}

export function useRouteEffects(): void {
  const [pathname] = useLocation();
  const search = useSearch();
  const shownPath = useRef(pathname);

  useLayoutEffect(() => {
    const pageChanged = shownPath.current !== pathname;
    shownPath.current = pathname;
    const stops: (() => void)[] = [];
    // Back and Forward re-render the page before navigation-history.ts hears the popstate (the router's
    // listener was there first and React renders in the microtask after it): decide in the next frame,
    // still before it is painted.
    const frame = requestAnimationFrame(() => {
      const kind = lastNavigation();
      if (kind === 'pop') {
        const target = takeRestoreTarget();
        if (target !== undefined) stops.push(restoreScroll(target));
      } else if (kind === 'push') {
        window.scrollTo(0, 0);
      }
      if (pageChanged && kind !== 'load') stops.push(focusHeading(!showsPageTitle(pathname)));
    });
    return () => {
      cancelAnimationFrame(frame);
      stops.forEach((stop) => stop());
    };
  }, [pathname, search]);
}
