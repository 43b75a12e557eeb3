/**
 * Page chunks are fetched ahead of the click: when a link to the page is hovered or focused, and when it
 * scrolls within 200 px of the viewport (spec section 9, link prefetch root margin). The composition root
 * provides the function that maps a path to its page's preload; without it links preload nothing.
 */
import { createContext, useContext, useEffect, useRef, type RefObject } from 'react';

export type PreloadPath = (path: string) => void;

export const RoutePreloadContext = createContext<PreloadPath>(() => {});

export const PREFETCH_ROOT_MARGIN = '200px';

let observer: IntersectionObserver | undefined;
const onVisible = new Map<Element, () => void>();

function sharedObserver(): IntersectionObserver | undefined {
  if (typeof IntersectionObserver === 'undefined') return undefined;
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        onVisible.get(entry.target)?.();
        observer?.unobserve(entry.target);
        onVisible.delete(entry.target);
      }
    },
    { rootMargin: PREFETCH_ROOT_MARGIN },
  );
  return observer;
}

export interface PreloadHandlers<E extends Element> {
  ref: RefObject<E | null>;
  onMouseEnter: () => void;
  onFocus: () => void;
}

/** Spread onto an internal link: preloads the page of `path` on hover, focus, or coming into view. */
export function useRoutePreload<E extends Element>(path: string): PreloadHandlers<E> {
  const preload = useContext(RoutePreloadContext);
  const ref = useRef<E>(null);
  useEffect(() => {
    const element = ref.current;
    const io = sharedObserver();
    if (!element || !io) return;
    onVisible.set(element, () => preload(path));
    io.observe(element);
    return () => {
      io.unobserve(element);
      onVisible.delete(element);
    };
  }, [path, preload]);
  return { ref, onMouseEnter: () => preload(path), onFocus: () => preload(path) };
}
