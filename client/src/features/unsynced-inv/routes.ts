/** The Unsynced Inv page's route key; the page loads in its own chunk. */
import type { RouteKey } from '../../../../common/access.ts';
import { lazyPage, type LazyPage } from '../../lib/lazy-page.ts';

export const unsyncedInvoicePages = {
  'unsynced-inv': lazyPage(() => import('./pages/unsynced-inv-page.tsx').then((module) => module.UnsyncedInvoicesPage)),
} satisfies Partial<Record<RouteKey, LazyPage>>;
