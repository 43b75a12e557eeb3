/** Careers' route key (/createjob, the editor of a new post, is its alias). */
import type { RouteKey } from '../../../../common/access.ts';
import { lazyPage, type LazyPage } from '../../lib/lazy-page.ts';

export const careerPages = {
  careers: lazyPage(() => import('./sub-routes.tsx').then((module) => module.CareerRoutes)),
} satisfies Partial<Record<RouteKey, LazyPage>>;
