/**
 * The page of every route key of the table and of every public path, each in its own chunk (lazyPage), so
 * the login page downloads no signed-in code and each page's code arrives when it is first needed or its
 * link is hovered, focused or scrolled near. The Record types make a route or a public path without a page
 * a type error, so the router cannot drift from the paths the guard treats as public.
 *
 * A key's page serves every path under it ('/due-diligence/details/4' too, see routePattern): a feature
 * with sub-routes registers a small component holding its own wouter <Switch> of absolute paths, e.g.
 * `<Switch><Route path="/due-diligence/details/:id" component={DetailPage} /><Route component={ListPage} /></Switch>`.
 */
import type { PUBLIC_PATHS, RouteKey } from '../../../common/access.ts';
import { routeForPath } from '../../../common/access.ts';
import { lazyPage, type LazyPage } from '../lib/lazy-page.ts';

const placeholder = lazyPage(() => import('../components/placeholder-page.tsx').then((module) => module.PlaceholderPage));

export const PUBLIC_PAGES: Record<(typeof PUBLIC_PATHS)[number], LazyPage> = {
  '/auth/login': lazyPage(() => import('../features/auth/login-page.tsx').then((module) => module.LoginPage)),
  '/users/set-password': lazyPage(() => import('../features/auth/set-password-page.tsx').then((module) => module.SetPasswordPage)),
  '/T&C': lazyPage(() => import('../features/auth/terms-page.tsx').then((module) => module.TermsPage)),
  '/PrivacyPolicy': lazyPage(() => import('../features/auth/privacy-page.tsx').then((module) => module.PrivacyPage)),
};

export const PAGES: Record<RouteKey, LazyPage> = {
  home: lazyPage(() => import('../features/home/home-page.tsx').then((module) => module.HomePage)),
  crm: placeholder,
  contactus: placeholder,
  registrations: lazyPage(() => import('./registration-routes.tsx').then((module) => module.RegistrationRoutes)),
  'call-schedules': lazyPage(() => import('../features/onboarding/call-schedules-page.tsx').then((module) => module.CallSchedulesPage)),
  'due-diligence': lazyPage(() => import('./due-diligence-routes.tsx').then((module) => module.DueDiligenceRoutes)),
  'pending-payments': lazyPage(() => import('../features/onboarding/pending-payments-page.tsx').then((module) => module.PendingPaymentsPage)),
  'pending-activation': lazyPage(() => import('../features/onboarding/pending-activation-page.tsx').then((module) => module.PendingActivationPage)),
  'unsynced-inv': placeholder,
  'on-demand-requests': placeholder,
  tasks: placeholder,
  chats: placeholder,
  clients: placeholder,
  users: lazyPage(() => import('../features/users/users-page.tsx').then((module) => module.UsersPage)),
  faqs: placeholder,
  careers: placeholder,
  settings: lazyPage(() => import('../features/settings/settings-page.tsx').then((module) => module.SettingsPage)),
};

/** Starts loading the chunk of the page a path routes to (nav links call it on hover, focus and view). */
export function preloadPath(path: string): void {
  const route = routeForPath(path.split('?')[0] ?? path);
  if (route) void PAGES[route.id].preload();
}
