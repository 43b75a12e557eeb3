/**
 * One name per area, from route to table. The console names a page by its route key (the spec's: its URL, its
 * feature folder client/src/features/<route key>/, its saved views' and bulk jobs' list, its next-unassigned
 * queue); the API names the same area by its resource (its module backend/src/modules/<resource>/, its
 * contract common/contract/<resource>.ts, its tables, its API paths and the console's cache keys, which start
 * with the resource). They are the same word except where the spec's route key is not the resource's name
 * ('contactus' is the enquiries inbox) or several pages show one resource (the onboarding pages are views of
 * registrations). This table says which is which; tests/common/areas.test.ts holds the tree to it.
 */
import type { RouteKey } from './access.ts';

export const RESOURCE_OF = {
  home: 'work',
  crm: 'crm',
  contactus: 'enquiries',
  registrations: 'registrations',
  'call-schedules': 'registrations',
  'due-diligence': 'registrations',
  'pending-payments': 'registrations',
  'pending-activation': 'registrations',
  'unsynced-inv': 'invoices',
  'on-demand-requests': 'requests',
  tasks: 'tasks',
  capacity: 'capacity',
  chats: 'chats',
  clients: 'clients',
  users: 'users',
  audit: 'audit',
  goaml: 'aml',
  'sanctions-lists': 'aml',
  faqs: 'faqs',
  careers: 'careers',
  practice: 'practice',
  settings: 'security',
  timesheet: 'time',
} as const satisfies Record<RouteKey, string>;

export type Resource = (typeof RESOURCE_OF)[RouteKey];

/** The resource a page shows: the first word of its cache keys, the module and contract it reads. */
export const resourceOf = (key: RouteKey): Resource => RESOURCE_OF[key];

export function isRouteKey(value: string): value is RouteKey {
  return Object.hasOwn(RESOURCE_OF, value);
}
