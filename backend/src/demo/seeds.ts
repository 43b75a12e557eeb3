/**
 * Every area's demo data, in the order it is written: a seed may rely on the rows of the ones before it
 * (users first; registrations before the clients they became; tasks before the requests that convert into
 * them; enquiries before the CRM, whose seed converts some; saved views last, over every list). The
 * modules do not know their seeds: production code never imports demo code (eslint.config.js).
 */
import { seedAml } from '../modules/aml/seed.ts';
import { seedCapacity } from '../modules/capacity/seed.ts';
import { seedCareers } from '../modules/careers/seed.ts';
import { seedChats } from '../modules/chats/seed.ts';
import { seedClients } from '../modules/clients/seed.ts';
import { seedCrm } from '../modules/crm/seed.ts';
import { seedEinvoicing } from '../modules/einvoicing/seed.ts';
import { seedEnquiries } from '../modules/enquiries/seed.ts';
import { seedFaqs } from '../modules/faqs/seed.ts';
import { seedInvoices } from '../modules/invoices/seed.ts';
import { seedPlans } from '../modules/plans/seed.ts';
import { seedPractice } from '../modules/practice/seed.ts';
import { seedRegistrations } from '../modules/registrations/seed.ts';
import { seedRequests } from '../modules/requests/seed.ts';
import { seedSecurity } from '../modules/security/seed.ts';
import { seedTasks } from '../modules/tasks/seed.ts';
import { seedTime } from '../modules/time/seed.ts';
import { seedUsers } from '../modules/users/seed.ts';
import { seedViews } from '../modules/views/seed.ts';
import type { DemoSeed } from './context.ts';

export const DEMO_SEEDS: readonly DemoSeed[] = [
  seedUsers,
  // Staff security: the demo staff's second factor.
  seedSecurity,
  seedPlans,
  seedRegistrations,
  seedClients,
  seedTasks,
  seedRequests,
  seedChats,
  // E-invoicing before the invoices: their documents are made at issue from its TINs.
  seedEinvoicing,
  seedInvoices,
  seedEnquiries,
  seedCrm,
  seedCareers,
  seedFaqs,
  // AML due diligence: after the registrations and the clients they became.
  seedAml,
  // Time: after the clients, their tasks and the staff who serve them.
  seedTime,
  // Budgets and capacity: estimates on the tasks seeded above, leave, a part-timer.
  seedCapacity,
  // The firm's own numbers: a cost rate for every member of staff.
  seedPractice,
  seedViews,
];
