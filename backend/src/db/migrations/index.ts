/**
 * The schema migrations in the order they apply, one file each. They are TypeScript rather than .sql files so
 * the bundled server carries them; the SQL is plain PostgreSQL, so the same statements run on PGlite and on a
 * Postgres server. Never edit a released migration: add a file and a line here. Ids need only increase.
 */
import type { Migration } from './migration.ts';
import { migration as m0001 } from './0001-users-registrations-devices.ts';
import { migration as m0002 } from './0002-registration-review-state.ts';
import { migration as m0003 } from './0003-audit-events.ts';
import { migration as m0004 } from './0004-onboarding-list-columns.ts';
import { migration as m0005 } from './0005-due-diligence-review.ts';
import { migration as m0006 } from './0006-user-deactivation.ts';
import { migration as m0007 } from './0007-notifications.ts';
import { migration as m0008 } from './0008-open-audit-entities.ts';
import { migration as m0009 } from './0009-user-first-sign-in.ts';
import { migration as m0010 } from './0010-plans-clients-subscriptions.ts';
import { migration as m0020 } from './0020-onboarding-pipeline.ts';
import { migration as m0030 } from './0030-client-workspace.ts';
import { migration as m0031 } from './0031-client-documents.ts';
import { migration as m0032 } from './0032-monthly-reports.ts';
import { migration as m0033 } from './0033-monthly-insights.ts';
import { migration as m0034 } from './0034-client-deadlines.ts';
// service desk
import { migration as m0040 } from './0040-service-desk.ts';
import { migration as m0041 } from './0041-task-title-search.ts';
// Invoices: ids 50-59.
import { migration as m0050 } from './0050-invoices.ts';
// Growth and content.
import { migration as m0060 } from './0060-website-enquiries-crm.ts';
import { migration as m0061 } from './0061-careers-faqs.ts';
// Work at speed: saved views, bulk jobs, search indexes.
import { migration as m0070 } from './0070-work-at-speed.ts';
// Search everywhere at speed (the p95 target).
import { migration as m0071 } from './0071-staff-search-index.ts';
// AML due diligence: ids 80-89.
import { migration as m0080 } from './0080-aml.ts';
import { migration as m0082 } from './0082-aml-due-tasks.ts';
import { migration as m0083 } from './0083-aml-edd-evidence.ts';
// E-invoicing: ids 90-99.
import { migration as m0090 } from './0090-einvoicing.ts';
// Staff security: ids 100-109.
import { migration as m0100 } from './0100-append-only-audit.ts';
import { migration as m0102 } from './0102-second-factor.ts';
// Sanctions lists that cannot be emptied by accident
import { migration as m0103 } from './0103-aml-list-guards.ts';
import { migration as m0104 } from './0104-aml-decisions.ts';
import { migration as m0105 } from './0105-aml-freeze-lift.ts';
import { migration as m0106 } from './0106-company-tin.ts';
import { migration as m0107 } from './0107-sessions-ended.ts';
import { migration as m0109 } from './0109-subscription-discount-note.ts';
import { migration as m0110 } from './0110-practice-time.ts';
import { migration as m0111 } from './0111-aml-legal-hold.ts';
import { migration as m0114 } from './0114-timesheet-ids.ts';
import { migration as m0115 } from './0115-capacity.ts';
import { migration as m0116 } from './0116-practice-rollup.ts';
import { migration as m0117 } from './0117-time-week-totals.ts';
import { migration as m0118 } from './0118-revenue-month-totals.ts';
import { migration as m0101 } from './0101-audit-request-origin.ts';

export type { Migration };

export const MIGRATIONS: readonly Migration[] = [m0001, m0002, m0003, m0004, m0005, m0006, m0007, m0008, m0009, m0010, m0020, m0030, m0031, m0032, m0033, m0034,
  // service desk
  m0040, m0041,
  // Invoices
  m0050,
  // Growth and content
  m0060, m0061,
  // Work at speed
  m0070,
  // Search everywhere's speed
  m0071,
  // AML due diligence
  m0080,
  m0082,
  m0083,
  // E-invoicing
  m0090,
  // Staff security
  m0100, m0101, m0102,
  // Guarded sanctions lists, decisions with four eyes, the freeze's two-person lift, the company's TIN, sessions
  // ended at once, the negotiated discount's reason on the subscription
  m0103, m0104, m0105, m0106, m0107, m0109,
  // The firm's own numbers: time, timers, timesheets, leave, capacity, cost rates, plan hours, estimates
  m0110,
  // A compliance officer's legal hold on an AML file: no purge while it stands
  m0111,
  // Time: a timesheet's own id (audit, idempotency)
  m0114,
  // Budgets and capacity: versions on a person's weekly capacity and on a plan, the planned-work index
  m0115,
  // The profitability report's monthly totals of time
  m0116,
  // The Capacity view's weekly totals of time, the profitability report's monthly revenue
  m0117, m0118,
];
