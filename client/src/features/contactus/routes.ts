/** Website Enquiries' route key (its tabs /talktoexpert, /cfo-enquiries, /fundability, /difc are aliases of it). */
import type { RouteKey } from '../../../../common/access.ts';
import { lazyPage, type LazyPage } from '../../lib/lazy-page.ts';

export const enquiryPages = {
  contactus: lazyPage(() => import('./sub-routes.tsx').then((module) => module.EnquiryRoutes)),
} satisfies Partial<Record<RouteKey, LazyPage>>;
