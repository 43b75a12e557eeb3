/** The Timesheet route key (every staff role). */
import type { RouteKey } from '../../../../common/access.ts';
import { lazyPage, type LazyPage } from '../../lib/lazy-page.ts';

export const timesheetPages = {
  timesheet: lazyPage(() => import('./pages/timesheet-page.tsx').then((module) => module.TimesheetPage)),
} satisfies Partial<Record<RouteKey, LazyPage>>;
