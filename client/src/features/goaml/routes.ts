/** The goAML register's route key (ADMIN in the navigation; only compliance officers get past its 404). */
import type { RouteKey } from '../../../../common/access.ts';
import { lazyPage, type LazyPage } from '../../lib/lazy-page.ts';

export const amlRegisterPages = {
  goaml: lazyPage(() => import('./pages/aml-register-page.tsx').then((module) => module.AmlRegisterPage)),
} satisfies Partial<Record<RouteKey, LazyPage>>;
