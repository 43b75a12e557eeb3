/** The tasks area's route key and its page, in its own chunk. */
import type { RouteKey } from '../../../../common/access.ts';
import { lazyPage, type LazyPage } from '../../lib/lazy-page.ts';

export const taskPages = {
  tasks: lazyPage(() => import('./pages/tasks-page.tsx').then((module) => module.TasksPage)),
} satisfies Partial<Record<RouteKey, LazyPage>>;
