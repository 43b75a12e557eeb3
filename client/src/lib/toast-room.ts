/**
 * Keeps the toast column from covering what a page must keep in sight (the open conversation's messages at
 * 1024 x 768): while the page is shown, the column is cut off above the element and the toasts that
 * do not fit scroll inside it, newest first, each still closing on its own. Set through the CSSOM (the CSP
 * allows no inline style).
 */
import { useLayoutEffect, type RefObject } from 'react';

const BOUNDED = 'toast-stack--bounded';
/** Between the column's last toast and the element it stays above. */
const GAP_PX = 8;
/** At least one toast's height, so a toast is never cut to nothing on a very short window. */
const MIN_ROOM_PX = 72;

/** `shown`: whether the element is on screen now (a page that first shows a spinner passes false until then). */
export function useToastRoomAbove(ref: RefObject<HTMLElement | null>, shown = true): void {
  useLayoutEffect(() => {
    const element = ref.current;
    const stack = document.querySelector<HTMLElement>('.toast-stack');
    if (!shown || !element || !stack) return;
    const fit = () => {
      const room = element.getBoundingClientRect().top - stack.getBoundingClientRect().top - GAP_PX;
      stack.style.setProperty('--toast-room', `${Math.max(MIN_ROOM_PX, Math.floor(room))}px`);
    };
    stack.classList.add(BOUNDED);
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    observer.observe(document.documentElement);
    window.addEventListener('resize', fit);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', fit);
      stack.classList.remove(BOUNDED);
      stack.style.removeProperty('--toast-room');
    };
  }, [ref, shown]);
}
