/** The Sanctions lists page's route key (ADMIN users: compliance officers are ADMIN users). */
import type { RouteKey } from '../../../../common/access.ts';
import { lazyPage, type LazyPage } from '../../lib/lazy-page.ts';

export const sanctionsListsPages = {
  'sanctions-lists': lazyPage(() => import('./pages/sanctions-lists-page.tsx').then((module) => module.SanctionsListsPage)),
} satisfies Partial<Record<RouteKey, LazyPage>>;
