/**
 * Keeps the keyboard focus on a control a reorder moves: after 'Move up' the list is read again and the row
 * re-rendered elsewhere (and the button may be disabled at the top), which drops the focus to the page. A
 * control names itself with `data-focus-key`; after `keep(key, fallback)` every render puts the focus back on
 * it, or on the fallback when it is disabled or gone, until the user moves the focus elsewhere or a few
 * seconds pass.
 */
import { useCallback, useLayoutEffect, useRef } from 'react';

const KEEP_MS = 5000;

interface Pending {
  keys: readonly string[];
  until: number;
}

const find = (key: string) => document.querySelector<HTMLElement>(`[data-focus-key="${CSS.escape(key)}"]`);
const usable = (element: HTMLElement | null): element is HTMLElement => element !== null && !(element as HTMLButtonElement).disabled;

export function useRestoreFocus(): (key: string, fallback?: string) => void {
  const pending = useRef<Pending | null>(null);

  useLayoutEffect(() => {
    const wanted = pending.current;
    if (!wanted) return;
    if (Date.now() > wanted.until) {
      pending.current = null;
      return;
    }
    const active = document.activeElement as HTMLElement | null;
    // The user moved on (focus on another control): leave it there.
    if (active && active !== document.body && !wanted.keys.includes(active.dataset.focusKey ?? '')) {
      pending.current = null;
      return;
    }
    const target = wanted.keys.map(find).find(usable);
    if (target && target !== active) target.focus();
  });

  return useCallback((key: string, fallback?: string) => {
    pending.current = { keys: fallback ? [key, fallback] : [key], until: Date.now() + KEEP_MS };
  }, []);
}
