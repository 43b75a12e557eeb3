/** The settings area's route key and its page, in its own chunk. */
import type { RouteKey } from '../../../../common/access.ts';
import { lazyPage, type LazyPage } from '../../lib/lazy-page.ts';

export const settingsPages = {
  settings: lazyPage(() => import('./pages/settings-page.tsx').then((module) => module.SettingsPage)),
} satisfies Partial<Record<RouteKey, LazyPage>>;
