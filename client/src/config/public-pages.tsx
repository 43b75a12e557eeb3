/**
 * The page of every public path, each in its own chunk (lazyPage). The Record type makes a public path
 * without a page a type error, so the router cannot drift from the paths the guard treats as public. Only
 * this table is on the login route; the signed-in pages' table (pages.tsx) comes with the signed-in shell.
 */
import type { PUBLIC_PATHS } from '../../../common/access.ts';
import { lazyPage, type LazyPage } from '../lib/lazy-page.ts';

export const PUBLIC_PAGES: Record<(typeof PUBLIC_PATHS)[number], LazyPage> = {
  '/auth/login': lazyPage(() => import('../features/auth/login-page.tsx').then((module) => module.LoginPage)),
  '/auth/forgot-password': lazyPage(() => import('../features/auth/forgot-password-page.tsx').then((module) => module.ForgotPasswordPage)),
  '/users/set-password': lazyPage(() => import('../features/auth/set-password-page.tsx').then((module) => module.SetPasswordPage)),
  '/T&C': lazyPage(() => import('../features/auth/terms-page.tsx').then((module) => module.TermsPage)),
  '/PrivacyPolicy': lazyPage(() => import('../features/auth/privacy-page.tsx').then((module) => module.PrivacyPage)),
};

/** Preloads a public page's chunk (the links between the signed-out pages). */
export function preloadPublicPath(path: string): void {
  void PUBLIC_PAGES[(path.split('?')[0] ?? path) as keyof typeof PUBLIC_PAGES]?.preload();
}
