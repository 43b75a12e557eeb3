/**
 * The page of every route key of the table, each in its own chunk (lazyPage), so each page's code arrives
 * when it is first needed or its link is hovered, focused or scrolled near. Each area lists its own keys in
 * its routes.ts; the Record type makes a route without a page a type error, so the router cannot drift from
 * the route table. This table belongs to the signed-in shell's chunk: the login route downloads only the
 * public pages' table (public-pages.tsx), however many areas are added.
 */
import type { RouteKey } from '../../../common/access.ts';
import { routeForPath } from '../../../common/access.ts';
import { clientPages } from '../features/clients/routes.ts';
import { homePages } from '../features/home/routes.ts';
import { registrationPages } from '../features/registrations/routes.ts';
import { settingsPages } from '../features/settings/routes.ts';
import { userPages } from '../features/users/routes.ts';
// service desk
import { chatPages } from '../features/chats/routes.ts';
import { requestPages } from '../features/on-demand-requests/routes.ts';
import { taskPages } from '../features/tasks/routes.ts';
// Budgets and capacity
import { capacityPages } from '../features/capacity/routes.ts';
// Invoices
import { unsyncedInvoicePages } from '../features/unsynced-inv/routes.ts';
// Growth and content.
import { careerPages } from '../features/careers/routes.ts';
import { enquiryPages } from '../features/contactus/routes.ts';
import { crmPages } from '../features/crm/routes.ts';
import { faqPages } from '../features/faqs/routes.ts';
// Staff security.
import { auditPages } from '../features/audit/routes.ts';
// AML.
import { amlRegisterPages } from '../features/goaml/routes.ts';
import { sanctionsListsPages } from '../features/sanctions-lists/routes.ts';
// Time.
import { timesheetPages } from '../features/timesheet/routes.ts';
// The firm's own numbers.
import { practicePages } from '../features/practice/routes.ts';
import type { LazyPage } from '../lib/lazy-page.ts';
import { preloadPublicPath } from './public-pages.tsx';

/** One line per area. */
export const PAGES: Record<RouteKey, LazyPage> = {
  ...homePages,
  ...registrationPages,
  ...userPages,
  ...clientPages,
  ...settingsPages,
  // service desk
  ...taskPages,
  ...requestPages,
  ...chatPages,
  // Budgets and capacity
  ...capacityPages,
  // Invoices
  ...unsyncedInvoicePages,
  // Growth and content.
  ...enquiryPages,
  ...crmPages,
  ...careerPages,
  ...faqPages,
  // Staff security.
  ...auditPages,
  // AML.
  ...amlRegisterPages,
  ...sanctionsListsPages,
  // Time.
  ...timesheetPages,
  // The firm's own numbers.
  ...practicePages,
};

/** Starts loading the chunk of the page a path routes to (nav links call it on hover, focus and view). */
export function preloadPath(path: string): void {
  const route = routeForPath(path.split('?')[0] ?? path);
  if (route) void PAGES[route.id].preload();
  else preloadPublicPath(path);
}
