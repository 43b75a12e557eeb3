/** The database on disk: records survive closing and reopening, migrations run once, demo data is seeded once. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { connectDatabase, migrate } from '../../../backend/src/db/database.ts';
import { MIGRATIONS } from '../../../backend/src/db/migrations/index.ts';
import { auth, createUsers, onPostgres, openTestDatabase, startBackend, testDatabaseLocation } from '../support.ts';

const emulatorHost = inject('authEmulatorHost');
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'backend-db-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

it('keeps every record across a restart, without re-running migrations or the demo seed', { timeout: 90_000 }, async () => {
  const first = await startBackend(emulatorHost, dataDir);
  const users = await createUsers(first, emulatorHost, ['BD_MANAGER'], 'persist');
  const manager = users.get('BD_MANAGER')!;
  const device = { registration_id: 'persisted-device-token', device: 'Web browser', active: true, type: 'web' };
  expect((await first.inject({ method: 'POST', url: '/api/devices/', headers: auth(manager.token), payload: device })).statusCode).toBe(201);
  const pushToken = await first.inject({ method: 'PUT', url: '/api/users/me/push-token', headers: auth(manager.token), payload: { token: 'persisted-push-token' } });
  expect(pushToken.statusCode).toBe(200);
  const firstList = (await first.inject({ method: 'GET', url: '/api/registrations/?page_size=100', headers: auth(manager.token) })).json();
  await first.close();

  const second = await startBackend(emulatorHost, dataDir);
  try {
    const get = (url: string) => second.inject({ method: 'GET', url, headers: auth(manager.token) });
    expect((await get('/api/users/me')).json().email).toBe(manager.email);
    expect((await get('/api/devices/persisted-device-token')).json()).toEqual(device);
    expect((await get('/api/users/me/push-token')).json()).toEqual(pushToken.json());
    expect((await get('/api/registrations/?page_size=100')).json()).toEqual(firstList);
    const migrations = await second.db.query<{ id: number }>('SELECT id FROM schema_migrations ORDER BY id');
    expect(migrations.map((row) => row.id)).toEqual(MIGRATIONS.map((migration) => migration.id));
  } finally {
    await second.close();
  }
});

it('applies each migration once', async () => {
  const database = await openTestDatabase();
  try {
    expect(await migrate(database)).toEqual([]);
    const tables = await database.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
    );
    expect(tables.map((row) => row.table_name)).toEqual(
      [
        'accounting_customers',
        'aml_due_tasks',
        'aml_edd_documents',
        'aml_files',
        'aml_legal_holds',
        'aml_list_entries',
        'aml_list_versions',
        'aml_matches',
        'aml_parties',
        'aml_register_entries',
        'aml_rescreen_jobs',
        'audit_events',
        'bulk_job_rows',
        'bulk_jobs',
        'canned_replies',
        'chat_messages',
        'chat_reminders',
        'client_budget_notices',
        'client_deadline_filings',
        'client_deadline_notices',
        'client_document_requests',
        'client_documents',
        'client_einvoicing',
        'clients',
        'company_profiles',
        'conversation_reads',
        'conversations',
        'devices',
        'einvoice_attempts',
        'einvoices',
        'enquiries',
        'faqs',
        'invoice_counters',
        'invoice_lines',
        'invoice_sync_attempts',
        'invoices',
        'job_applications',
        'job_posts',
        'lead_activities',
        'leads',
        'monthly_insights',
        'monthly_reports',
        'notifications',
        'plans',
        'profiles',
        'push_tokens',
        'registration_activations',
        'registration_documents',
        'registration_events',
        'registration_meetings',
        'registration_payments',
        'registration_plans',
        'registrations',
        'request_attachments',
        'request_types',
        'revenue_month_totals',
        'saved_views',
        'schema_migrations',
        'second_factor_recovery_codes',
        'second_factors',
        'service_requests',
        'staff_cost_rates',
        'staff_leave_days',
        'subscription_cycles',
        'subscriptions',
        'task_comments',
        'task_templates',
        'tasks',
        'time_entries',
        'time_month_totals',
        'time_week_totals',
        'timers',
        'timesheets',
        'users',
      ],
    );
  } finally {
    await database.close();
  }
});

it('applies each migration exactly once when two replicas migrate the same database at once', async () => {
  const location = await testDatabaseLocation();
  // Two pools on one server are two replicas; PGlite has one connection per folder, so there both share it.
  const first = await connectDatabase(location);
  const second = onPostgres() ? await connectDatabase(location) : first;
  try {
    const [fromFirst, fromSecond] = await Promise.all([migrate(first), migrate(second)]);
    expect([...fromFirst, ...fromSecond].sort((a, b) => a - b)).toEqual(MIGRATIONS.map((migration) => migration.id));
    const rows = await first.query<{ id: number }>('SELECT id FROM schema_migrations ORDER BY id');
    expect(rows.map((row) => row.id)).toEqual(MIGRATIONS.map((migration) => migration.id));
  } finally {
    await first.close();
    if (second !== first) await second.close();
  }
});
