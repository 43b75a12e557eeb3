/**
 * The page component of every route key of the table and of every public path. A feature plugs its page in
 * here when it lands; the Record types make a route or a public path without a page a type error, so the
 * router cannot drift from the paths the guard treats as public.
 */
import type { ComponentType } from 'react';
import type { PUBLIC_PATHS, RouteKey } from '../../../common/access.ts';
import { PlaceholderPage } from '../components/placeholder-page.tsx';
import { LoginPage } from '../features/auth/login-page.tsx';
import { PrivacyPage } from '../features/auth/privacy-page.tsx';
import { SetPasswordPage } from '../features/auth/set-password-page.tsx';
import { TermsPage } from '../features/auth/terms-page.tsx';
import { HomePage } from '../features/home/home-page.tsx';
import { UsersPage } from '../features/users/users-page.tsx';

export const PUBLIC_PAGES: Record<(typeof PUBLIC_PATHS)[number], ComponentType> = {
  '/auth/login': LoginPage,
  '/users/set-password': SetPasswordPage,
  '/T&C': TermsPage,
  '/PrivacyPolicy': PrivacyPage,
};

export const PAGES: Record<RouteKey, ComponentType> = {
  home: HomePage,
  crm: PlaceholderPage,
  contactus: PlaceholderPage,
  registrations: PlaceholderPage,
  'call-schedules': PlaceholderPage,
  'due-diligence': PlaceholderPage,
  'pending-payments': PlaceholderPage,
  'pending-activation': PlaceholderPage,
  'unsynced-inv': PlaceholderPage,
  'on-demand-requests': PlaceholderPage,
  tasks: PlaceholderPage,
  chats: PlaceholderPage,
  clients: PlaceholderPage,
  users: UsersPage,
  faqs: PlaceholderPage,
  careers: PlaceholderPage,
  settings: PlaceholderPage,
};
