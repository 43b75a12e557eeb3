/** The FAQs route key (ADMIN). */
import type { RouteKey } from '../../../../common/access.ts';
import { lazyPage, type LazyPage } from '../../lib/lazy-page.ts';

export const faqPages = {
  faqs: lazyPage(() => import('./pages/faqs-page.tsx').then((module) => module.FaqsPage)),
} satisfies Partial<Record<RouteKey, LazyPage>>;
