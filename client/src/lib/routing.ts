/** How the console applies the route table: router patterns, the login redirect and where sign-in lands. */
import { LOGIN_PATH, decideAccess, firstAllowedPath, type RouteEntry } from '../../../common/access.ts';
import { isStaffRole } from '../../../common/roles.ts';
import { safeReturnPath } from './links.ts';

export const RETURN_PARAM = 'next';

/** Access goes by first segment, so each entry also owns every deeper path ('/due-diligence/details/4'). */
export function routePattern(entry: RouteEntry): string {
  return entry.path === '/' ? '/' : `${entry.path}/*?`;
}

/** The entry's own pattern and one per alias (/talktoexpert, /createjob): the same page serves them all. */
export function routePatterns(entry: RouteEntry): string[] {
  return [routePattern(entry), ...(entry.aliases ?? []).map((alias) => `/${alias}/*?`)];
}

/** The login page, remembering the page that was asked for so sign-in can return to it. */
export function loginHref(returnTo: string): string {
  const target = safeReturnPath(returnTo);
  if (!target || target === '/' || target.startsWith(LOGIN_PATH)) return LOGIN_PATH;
  return `${LOGIN_PATH}?${new URLSearchParams({ [RETURN_PARAM]: target })}`;
}

/** After sign-in: the remembered page when the role may open it, else the role's first entry. */
export function destinationAfterSignIn(role: unknown, returnTo: string | null): string {
  if (!isStaffRole(role)) return '/';
  const target = safeReturnPath(returnTo);
  if (target && decideAccess(role, target).kind === 'allowed') return target;
  return firstAllowedPath(role);
}
