/**
 * A table module (lib/table.ts) declares its table's row once; the stores' column lists and row types derive
 * from it. This holds each module to the database the migrations make: the same columns, no more, no fewer,
 * and a 'date' read exactly where the column is a date.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../backend/src/db/database.ts';
import type { Columns, Table } from '../../../backend/src/lib/table.ts';
import { clientsTable } from '../../../backend/src/modules/clients/table.ts';
import { subscriptionsTable } from '../../../backend/src/modules/clients/subscription-table.ts';
import { deadlineFilingsTable, deadlineNoticesTable } from '../../../backend/src/modules/clients/deadline-table.ts';
import { clientDocumentsTable, documentRequestsTable } from '../../../backend/src/modules/clients/document-table.ts';
import { monthlyInsightsTable } from '../../../backend/src/modules/clients/insight-table.ts';
import { monthlyReportsTable } from '../../../backend/src/modules/clients/report-table.ts';
import { cannedRepliesTable, chatMessagesTable, chatRemindersTable, conversationReadsTable, conversationsTable } from '../../../backend/src/modules/chats/table.ts';
import { leadsTable } from '../../../backend/src/modules/crm/table.ts';
import { leadActivitiesTable } from '../../../backend/src/modules/crm/activity-table.ts';
import { clientEinvoicingTable, einvoiceAttemptsTable, einvoicesTable } from '../../../backend/src/modules/einvoicing/table.ts';
import { enquiriesTable } from '../../../backend/src/modules/enquiries/table.ts';
import { accountingCustomersTable, invoiceCountersTable, invoicesTable, invoiceSyncAttemptsTable } from '../../../backend/src/modules/invoices/table.ts';
import { invoiceLinesTable } from '../../../backend/src/modules/invoices/line-table.ts';
import { registrationDocumentsTable } from '../../../backend/src/modules/registrations/document-table.ts';
import { registrationEventsTable } from '../../../backend/src/modules/registrations/event-table.ts';
import { registrationMeetingsTable } from '../../../backend/src/modules/registrations/meeting-table.ts';
import { registrationActivationsTable, registrationPaymentsTable, registrationPlansTable } from '../../../backend/src/modules/registrations/step-table.ts';
import { companyProfilesTable, registrationsTable } from '../../../backend/src/modules/registrations/table.ts';
import { serviceRequestsTable } from '../../../backend/src/modules/requests/table.ts';
import { requestAttachmentsTable } from '../../../backend/src/modules/requests/attachment-table.ts';
import { requestTypesTable } from '../../../backend/src/modules/requests/type-table.ts';
import { plansTable, subscriptionCyclesTable } from '../../../backend/src/modules/plans/table.ts';
import { tasksTable } from '../../../backend/src/modules/tasks/table.ts';
import { taskCommentsTable } from '../../../backend/src/modules/tasks/comment-table.ts';
import { taskTemplatesTable } from '../../../backend/src/modules/tasks/template-table.ts';
import { profilesTable, usersTable } from '../../../backend/src/modules/users/table.ts';
import {
  amlDueTasksTable,
  amlEddDocumentsTable,
  amlFilesTable,
  amlLegalHoldsTable,
  amlListEntriesTable,
  amlListVersionsTable,
  amlMatchesTable,
  amlPartiesTable,
  amlRegisterEntriesTable,
  amlRescreenJobsTable,
} from '../../../backend/src/modules/aml/table.ts';
import { notificationsTable } from '../../../backend/src/modules/notifications/table.ts';
import { devicesTable, pushTokensTable } from '../../../backend/src/modules/devices/table.ts';
import { secondFactorRecoveryCodesTable, secondFactorsTable } from '../../../backend/src/modules/security/table.ts';
import { savedViewsTable } from '../../../backend/src/modules/views/table.ts';
import { faqsTable } from '../../../backend/src/modules/faqs/table.ts';
import { jobApplicationsTable, jobPostsTable } from '../../../backend/src/modules/careers/table.ts';
import { bulkJobRowsTable, bulkJobsTable } from '../../../backend/src/modules/bulk/table.ts';
import { auditEventsTable } from '../../../backend/src/lib/audit-table.ts';
import { timeEntriesTable, timersTable, timesheetsTable } from '../../../backend/src/modules/time/table.ts';
import { clientBudgetNoticesTable, staffLeaveDaysTable, timeWeekTotalsTable } from '../../../backend/src/modules/capacity/table.ts';
import { revenueMonthTotalsTable, staffCostRatesTable, timeMonthTotalsTable } from '../../../backend/src/modules/practice/table.ts';
import { openTestDatabase } from '../support.ts';

const TABLES: readonly Table<Columns>[] = [clientsTable, tasksTable, serviceRequestsTable, invoicesTable, leadsTable, registrationsTable, enquiriesTable, usersTable, subscriptionsTable, conversationsTable, chatMessagesTable, einvoicesTable, invoiceLinesTable, leadActivitiesTable,
  amlPartiesTable, amlFilesTable, amlMatchesTable, amlListVersionsTable, amlListEntriesTable, amlRegisterEntriesTable, amlRescreenJobsTable, amlDueTasksTable, amlEddDocumentsTable,
  notificationsTable,
  taskCommentsTable, taskTemplatesTable,
  requestAttachmentsTable, requestTypesTable,
  plansTable, subscriptionCyclesTable,
  deadlineFilingsTable, deadlineNoticesTable, clientDocumentsTable, documentRequestsTable, monthlyInsightsTable, monthlyReportsTable,
  registrationDocumentsTable, registrationEventsTable, registrationMeetingsTable, registrationPlansTable, registrationPaymentsTable, registrationActivationsTable,
  cannedRepliesTable, chatRemindersTable, conversationReadsTable,
  devicesTable, pushTokensTable, secondFactorsTable, secondFactorRecoveryCodesTable, profilesTable,
  savedViewsTable, faqsTable, jobPostsTable, jobApplicationsTable,
  bulkJobsTable, bulkJobRowsTable, auditEventsTable,
  amlLegalHoldsTable, companyProfilesTable,
  invoiceCountersTable, accountingCustomersTable, invoiceSyncAttemptsTable, einvoiceAttemptsTable, clientEinvoicingTable,
  timeEntriesTable, timersTable, timesheetsTable, staffLeaveDaysTable, clientBudgetNoticesTable, timeWeekTotalsTable, staffCostRatesTable, timeMonthTotalsTable, revenueMonthTotalsTable,
];

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
}, 120_000);
afterAll(() => db?.close());

describe('the table modules and the migrated database', () => {
  it.each(TABLES.map((each) => [each.name, each] as const))('%s: declares every column the migrations made, and reads dates as dates', async (_name, declared) => {
    const columns = await db.query<{ column_name: string; data_type: string }>(
      "SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 ORDER BY column_name",
      [declared.name],
    );
    expect(Object.keys(declared.columns).sort()).toEqual(columns.map((each) => each.column_name));
    const dates = columns.filter((each) => each.data_type === 'date').map((each) => each.column_name);
    expect(Object.entries(declared.columns).filter(([, each]) => each.read === 'date').map(([name]) => name).sort()).toEqual(dates);
  });

  it('has a table module for every table the migrations made (the migrations\' own ledger aside)', async () => {
    const tables = await db.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> 'schema_migrations' ORDER BY table_name",
    );
    expect(tables.map((each) => each.table_name).sort()).toEqual(TABLES.map((each) => each.name).sort());
  });
});
