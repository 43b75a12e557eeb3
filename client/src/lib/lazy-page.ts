import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a page takes no props by default
export type LazyPage<P extends object = {}> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts downloading the page's chunk; safe to call any number of times. */
  preload: () => Promise<unknown>;
};

/**
 * A component in its own chunk. `load` is a dynamic import picking the named export, e.g.
 * `() => import('../features/home/home-page.tsx').then((module) => module.HomePage)`; the download starts
 * on first render or on preload, whichever comes first, and happens once.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a page takes no props by default
export function lazyPage<P extends object = {}>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () => (loading ??= load().then((component) => ({ default: component })));
  return Object.assign(lazy(start), { preload: start });
}
