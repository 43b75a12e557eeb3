/**
 * The console's own view of the tab's history: how the last navigation happened (a link or a list change
 * pushed an entry, search typing replaced one, Back or Forward popped), how deep inside the console the
 * current entry is, and where each entry was scrolled. The browser knows none of this in a usable form:
 * history.length counts entries of other sites (a new tab's about:blank), and its own scroll restoration
 * runs before a page's data has arrived.
 *
 * Each entry carries its depth in history.state, so Back and a reload find it again.
 */
export type NavigationKind = 'load' | 'push' | 'replace' | 'pop';

const DEPTH = 'consoleDepth';

let depth = readDepth();
let kind: NavigationKind = 'load';
const scrollPositions = new Map<number, number>();
/** Read when Back or Forward arrives, before the new page's first (shorter) render moves the scroll. */
let restoreTarget: number | undefined;
let stamping = false;

function readDepth(): number {
  const state: unknown = typeof history === 'undefined' ? null : history.state;
  const value = typeof state === 'object' && state !== null ? (state as Record<string, unknown>)[DEPTH] : undefined;
  return typeof value === 'number' ? value : 0;
}

/** Writes the depth into the current entry's state, keeping whatever else the state holds. */
function stamp(): void {
  const state: unknown = history.state;
  if (readDepth() === depth && state !== null) return;
  stamping = true;
  try {
    history.replaceState({ ...(typeof state === 'object' && state !== null ? state : {}), [DEPTH]: depth }, '');
  } finally {
    stamping = false;
  }
}

function remember(): void {
  scrollPositions.set(depth, window.scrollY);
}

if (typeof window !== 'undefined') {
  history.scrollRestoration = 'manual';
  // wouter announces its own pushState and replaceState calls as events of these names (it patches history).
  window.addEventListener('pushState', () => {
    // Dispatched by wouter's own pushState call, before the new page renders: scrollY is still the old page's.
    remember();
    depth += 1;
    kind = 'push';
    stamp();
  });
  window.addEventListener('replaceState', () => {
    if (stamping) return;
    kind = 'replace';
    stamp();
  });
  window.addEventListener('popstate', () => {
    // The page may already have re-rendered here (see use-route-effects.ts), so the position the scroll
    // listener last recorded for the entry left stands; reading scrollY now could read the new page's.
    depth = readDepth();
    kind = 'pop';
    restoreTarget = scrollPositions.get(depth);
  });
  let pending = false;
  window.addEventListener(
    'scroll',
    () => {
      if (pending) return;
      pending = true;
      requestAnimationFrame(() => {
        pending = false;
        remember();
      });
    },
    { passive: true },
  );
}

/** How the current entry was reached. */
export function lastNavigation(): NavigationKind {
  return kind;
}

/** Whether Back stays inside the console (a page opened in a new tab has nowhere to go back to). */
export function canGoBackInConsole(): boolean {
  return depth > 0;
}

/** After Back or Forward: where the entry arrived at was scrolled when it was left, once. */
export function takeRestoreTarget(): number | undefined {
  const target = restoreTarget;
  restoreTarget = undefined;
  return target;
}
