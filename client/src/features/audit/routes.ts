/** The audit area's route key and its page, in its own chunk. */
import type { RouteKey } from '../../../../common/access.ts';
import { lazyPage, type LazyPage } from '../../lib/lazy-page.ts';

export const auditPages = {
  audit: lazyPage(() => import('./pages/audit-page.tsx').then((module) => module.AuditPage)),
} satisfies Partial<Record<RouteKey, LazyPage>>;
