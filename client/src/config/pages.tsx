/**
 * The page of every route key of the table and of every public path, each in its own chunk (lazyPage), so
 * the login page downloads no signed-in code and each page's code arrives when it is first needed or its
 * link is hovered, focused or scrolled near. Each area lists its own keys in its routes.ts; the Record
 * types make a route or a public path without a page a type error, so the router cannot drift from the
 * route table or from the paths the guard treats as public.
 */
import type { PUBLIC_PATHS, RouteKey } from '../../../common/access.ts';
import { routeForPath } from '../../../common/access.ts';
import { homePages } from '../features/home/routes.ts';
import { registrationPages } from '../features/registrations/routes.ts';
import { settingsPages } from '../features/settings/routes.ts';
import { userPages } from '../features/users/routes.ts';
import { lazyPage, type LazyPage } from '../lib/lazy-page.ts';

const placeholder = lazyPage(() => import('../components/placeholder-page.tsx').then((module) => module.PlaceholderPage));

export const PUBLIC_PAGES: Record<(typeof PUBLIC_PATHS)[number], LazyPage> = {
  '/auth/login': lazyPage(() => import('../features/auth/login-page.tsx').then((module) => module.LoginPage)),
  '/users/set-password': lazyPage(() => import('../features/auth/set-password-page.tsx').then((module) => module.SetPasswordPage)),
  '/T&C': lazyPage(() => import('../features/auth/terms-page.tsx').then((module) => module.TermsPage)),
  '/PrivacyPolicy': lazyPage(() => import('../features/auth/privacy-page.tsx').then((module) => module.PrivacyPage)),
};

/** One line per area; a key no area serves yet shows the placeholder (its title and the empty state). */
export const PAGES: Record<RouteKey, LazyPage> = {
  crm: placeholder,
  contactus: placeholder,
  'unsynced-inv': placeholder,
  'on-demand-requests': placeholder,
  tasks: placeholder,
  chats: placeholder,
  clients: placeholder,
  faqs: placeholder,
  careers: placeholder,
  ...homePages,
  ...registrationPages,
  ...userPages,
  ...settingsPages,
};

/** Starts loading the chunk of the page a path routes to (nav links call it on hover, focus and view). */
export function preloadPath(path: string): void {
  const route = routeForPath(path.split('?')[0] ?? path);
  if (route) void PAGES[route.id].preload();
}
