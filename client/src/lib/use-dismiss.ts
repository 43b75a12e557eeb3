import { useEffect, useRef, type RefObject } from 'react';

/**
 * While `open`, Escape or a pointer down outside `wrapper` closes a popover (a menu, a panel): `close` is told
 * which, so Escape can hand focus back to the control that opened it.
 */
export function useDismiss(open: boolean, wrapper: RefObject<HTMLElement | null>, close: (by: 'escape' | 'outside') => void): void {
  // The latest close, so a new callback each render does not re-add the listeners.
  const latest = useRef(close);
  latest.current = close;
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') latest.current('escape');
    };
    const onPointer = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) latest.current('outside');
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, wrapper]);
}
