/** The chats area's route key and its page, in its own chunk. */
import type { RouteKey } from '../../../../common/access.ts';
import { lazyPage, type LazyPage } from '../../lib/lazy-page.ts';

export const chatPages = {
  chats: lazyPage(() => import('./pages/chats-page.tsx').then((module) => module.ChatsPage)),
} satisfies Partial<Record<RouteKey, LazyPage>>;
