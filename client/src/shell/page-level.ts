/**
 * What the top bar shows for a path (spec section 2, page shell): a page one level deep its title, a deeper
 * page 'Back To Home', which goes back in history, or, with no console page behind, where backFallback says.
 */
import { firstAllowedPath, routeForPath } from '../../../common/access.ts';
import { crmPagePath } from '../../../common/contract/crm-paths.ts';
import { isStaffRole, type Role } from '../../../common/roles.ts';
import { pathDepth } from '../lib/links.ts';

/**
 * Another view of a one-level page, not a page below it: the CRM's list is the board's sibling (the CRM nav
 * switches between them), so it shows the page title as the board does.
 */
const ONE_LEVEL_VIEWS: ReadonlySet<string> = new Set([crmPagePath.list]);

/** Whether the top bar shows the page title (a page one level deep) rather than 'Back To Home' (a deeper page). */
export function showsPageTitle(pathname: string): boolean {
  return pathDepth(pathname) <= 1 || ONE_LEVEL_VIEWS.has(pathname.replace(/\/+$/, ''));
}

/**
 * Where 'Back To Home' goes when no console page is behind this one (a tab opened on a detail page): the
 * page's own list when the role may open it, else the role's first page; never a page the role may not open
 * (Home is not every role's: HR_MANAGER and MARKETING have none).
 */
export function backFallback(pathname: string, role: Role | null): string {
  if (!isStaffRole(role)) return '/';
  const route = routeForPath(pathname);
  return route && route.permission.includes(role) ? route.path : firstAllowedPath(role);
}
