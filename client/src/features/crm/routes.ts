/** The CRM's route key: the board (/crm), the list (/crm/list) and one lead (/crm/leads/{id}), each in its own chunk. */
import type { RouteKey } from '../../../../common/access.ts';
import { lazyPage, type LazyPage } from '../../lib/lazy-page.ts';

export const crmPages = {
  crm: lazyPage(() => import('./sub-routes.tsx').then((module) => module.CrmRoutes)),
} satisfies Partial<Record<RouteKey, LazyPage>>;
