/** The clients area's route key; the list and one client's page below it load in their own chunks. */
import type { RouteKey } from '../../../../common/access.ts';
import { lazyPage, type LazyPage } from '../../lib/lazy-page.ts';

export const clientPages = {
  clients: lazyPage(() => import('./sub-routes.tsx').then((module) => module.ClientRoutes)),
} satisfies Partial<Record<RouteKey, LazyPage>>;
