/** The Practice route key (ADMIN): the owner's dashboard, profitability and the staff cost rates. */
import type { RouteKey } from '../../../../common/access.ts';
import { lazyPage, type LazyPage } from '../../lib/lazy-page.ts';

export const practicePages = {
  practice: lazyPage(() => import('./pages/practice-page.tsx').then((module) => module.PracticePage)),
} satisfies Partial<Record<RouteKey, LazyPage>>;
