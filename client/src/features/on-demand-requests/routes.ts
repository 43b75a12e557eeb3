/** The on-demand requests area's route key and its page, in its own chunk. */
import type { RouteKey } from '../../../../common/access.ts';
import { lazyPage, type LazyPage } from '../../lib/lazy-page.ts';

export const requestPages = {
  'on-demand-requests': lazyPage(() => import('./pages/requests-page.tsx').then((module) => module.RequestsPage)),
} satisfies Partial<Record<RouteKey, LazyPage>>;
