/**
 * The page component of every route key of the table. A feature plugs its page in here when it lands; the
 * Record type makes a route without a page a type error.
 */
import type { ComponentType } from 'react';
import type { RouteKey } from '../../../common/access.ts';
import { PlaceholderPage } from '../components/placeholder-page.tsx';
import { HomePage } from '../features/home/home-page.tsx';

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
  users: PlaceholderPage,
  faqs: PlaceholderPage,
  careers: PlaceholderPage,
  settings: PlaceholderPage,
};
