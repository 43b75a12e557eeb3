/** The Capacity route key (ADMIN and the managers). */
import type { RouteKey } from '../../../../common/access.ts';
import { lazyPage, type LazyPage } from '../../lib/lazy-page.ts';

export const capacityPages = {
  capacity: lazyPage(() => import('./pages/capacity-page.tsx').then((module) => module.CapacityPage)),
} satisfies Partial<Record<RouteKey, LazyPage>>;
