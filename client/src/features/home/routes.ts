/** The home area's route key and its page, in its own chunk. */
import type { RouteKey } from '../../../../common/access.ts';
import { lazyPage, type LazyPage } from '../../lib/lazy-page.ts';

export const homePages = {
  home: lazyPage(() => import('./pages/home-page.tsx').then((module) => module.HomePage)),
} satisfies Partial<Record<RouteKey, LazyPage>>;
