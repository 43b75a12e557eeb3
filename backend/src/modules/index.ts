/**
 * The back end's modules, one per area, in the order the app sets them up and registers their routes (their
 * demo data is seeded in demo/seeds.ts's order). Adding an area is one line here (README, 'Adding an area').
 */
import type { BackendModule } from '../lib/module.ts';
import { clientsModule } from './clients/index.ts';
import { devicesModule } from './devices/index.ts';
import { healthModule } from './health/index.ts';
import { notificationsModule } from './notifications/index.ts';
import { plansModule } from './plans/index.ts';
import { registrationsModule } from './registrations/index.ts';
import { usersModule } from './users/index.ts';
// Staff security: the Audit page.
import { auditModule } from './audit/index.ts';
import { securityModule } from './security/index.ts';
// service desk
import { chatsModule } from './chats/index.ts';
import { requestsModule } from './requests/index.ts';
import { tasksModule } from './tasks/index.ts';
// Invoices
import { invoicesModule } from './invoices/index.ts';
// E-invoicing
import { einvoicingModule } from './einvoicing/index.ts';
// Growth and content: enquiries before the CRM (a conversion makes a lead).
import { careersModule } from './careers/index.ts';
import { crmModule } from './crm/index.ts';
import { enquiriesModule } from './enquiries/index.ts';
import { faqsModule } from './faqs/index.ts';
// AML due diligence
import { amlModule } from './aml/index.ts';
// Time: entries, timers, timesheets.
import { timeModule } from './time/index.ts';
// Budgets and capacity: after clients and tasks, whose rows it reads.
import { capacityModule } from './capacity/index.ts';
// The firm's own numbers: cost rates, profitability, the owner's dashboard
import { practiceModule } from './practice/index.ts';
// Work at speed: after every area, since they read the areas' contributions (BackendModule.work).
import { bulkModule } from './bulk/index.ts';
import { searchModule } from './search/index.ts';
import { viewsModule } from './views/index.ts';
import { workModule } from './work/index.ts';
// The API's own description, from every route above.
import { apiDocsModule } from './api-docs/index.ts';

export const MODULES: readonly BackendModule[] = [healthModule, notificationsModule, usersModule, devicesModule, plansModule, registrationsModule, clientsModule,
  // service desk: tasks before requests (requests convert into tasks), chats last
  tasksModule, requestsModule, chatsModule,
  // Invoices
  invoicesModule,
  // E-invoicing
  einvoicingModule,
  // Growth and content
  enquiriesModule, crmModule, careersModule, faqsModule,
  // AML due diligence
  amlModule,
  // Time
  timeModule,
  // Budgets and capacity
  capacityModule,
  // The firm's own numbers
  practiceModule,
  // Work at speed: last
  searchModule, workModule, viewsModule, bulkModule,
  // Staff security
  auditModule, securityModule,
  apiDocsModule,
];
