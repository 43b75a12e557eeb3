/** The users area's route key and its page, in its own chunk. */
import type { RouteKey } from '../../../../common/access.ts';
import { lazyPage, type LazyPage } from '../../lib/lazy-page.ts';

export const userPages = {
  users: lazyPage(() => import('./pages/users-page.tsx').then((module) => module.UsersPage)),
} satisfies Partial<Record<RouteKey, LazyPage>>;
