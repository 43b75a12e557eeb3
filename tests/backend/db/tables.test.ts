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
import { chatMessagesTable, conversationsTable } from '../../../backend/src/modules/chats/table.ts';
import { leadsTable } from '../../../backend/src/modules/crm/table.ts';
import { leadActivitiesTable } from '../../../backend/src/modules/crm/activity-table.ts';
import { einvoicesTable } from '../../../backend/src/modules/einvoicing/table.ts';
import { enquiriesTable } from '../../../backend/src/modules/enquiries/table.ts';
import { invoicesTable } from '../../../backend/src/modules/invoices/table.ts';
import { invoiceLinesTable } from '../../../backend/src/modules/invoices/line-table.ts';
import { registrationsTable } from '../../../backend/src/modules/registrations/table.ts';
import { serviceRequestsTable } from '../../../backend/src/modules/requests/table.ts';
import { tasksTable } from '../../../backend/src/modules/tasks/table.ts';
import { usersTable } from '../../../backend/src/modules/users/table.ts';
import {
  amlDueTasksTable,
  amlEddDocumentsTable,
  amlFilesTable,
  amlListEntriesTable,
  amlListVersionsTable,
  amlMatchesTable,
  amlPartiesTable,
  amlRegisterEntriesTable,
  amlRescreenJobsTable,
} from '../../../backend/src/modules/aml/table.ts';
import { notificationsTable } from '../../../backend/src/modules/notifications/table.ts';
import { timeEntriesTable, timersTable, timesheetsTable } from '../../../backend/src/modules/time/table.ts';
import { clientBudgetNoticesTable, staffLeaveDaysTable, timeWeekTotalsTable } from '../../../backend/src/modules/capacity/table.ts';
import { revenueMonthTotalsTable, staffCostRatesTable, timeMonthTotalsTable } from '../../../backend/src/modules/practice/table.ts';
import { openTestDatabase } from '../support.ts';

const TABLES: readonly Table<Columns>[] = [clientsTable, tasksTable, serviceRequestsTable, invoicesTable, leadsTable, registrationsTable, enquiriesTable, usersTable, subscriptionsTable, conversationsTable, chatMessagesTable, einvoicesTable, invoiceLinesTable, leadActivitiesTable,
  amlPartiesTable, amlFilesTable, amlMatchesTable, amlListVersionsTable, amlListEntriesTable, amlRegisterEntriesTable, amlRescreenJobsTable, amlDueTasksTable, amlEddDocumentsTable,
  notificationsTable,
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
});
