/**
 * The demo data tells a true story: no seeded row is dated after the moment the seed ran (a future event would
 * top 'newest first'), and a registration's timeline names the assignee its page shows. Seeded for a moment
 * hours before the database's clock (as a demo started at any time of day), its history still ends at that
 * moment, and today's time holds no more than has passed of the working day.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dubaiDate } from '../../../common/calendar.ts';
import type { Database } from '../../../backend/src/db/database.ts';
import { seedDemoData } from '../../../backend/src/demo/seed.ts';
import { openTestDatabase, startBackend } from '../support.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await startBackend(inject('authEmulatorHost'));
});
afterAll(() => app?.close());

describe('the demo seed', () => {
  it('dates no row of any table in the future: audit events, and every record’s creation and last change', async () => {
    const columns = await app.db.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
       WHERE table_schema = current_schema() AND column_name IN ('created_at', 'updated_at') AND data_type LIKE 'timestamp%'
       ORDER BY table_name, column_name`,
    );
    expect(columns.map((column) => column.table_name)).toContain('audit_events');
    const future: string[] = [];
    for (const { table_name: table, column_name: column } of columns) {
      const rows = await app.db.query<{ id: unknown; at: Date }>(`SELECT ${column} AS at, to_jsonb(t) ->> 'id' AS id FROM "${table}" t WHERE ${column} > now() ORDER BY ${column} DESC LIMIT 3`);
      for (const row of rows) future.push(`${table}.${column} of row ${String(row.id)}: ${row.at.toISOString()}`);
    }
    expect(future).toEqual([]);
  });

  it('names in each registration’s timeline the assignee its page shows (the last assignment event)', async () => {
    const rows = await app.db.query<{ registration_id: string; assignee_id: number | null; last: { id: number } | null; kind: string | null }>(
      `SELECT r.registration_id, r.assignee_id, last.data -> 'assignee' AS last, last.kind
       FROM registrations r
       JOIN LATERAL (SELECT a.kind, a.data FROM audit_events a WHERE a.entity = 'registration' AND a.entity_id = r.id AND a.kind IN ('assigned', 'unassigned')
                     ORDER BY a.created_at DESC, a.id DESC LIMIT 1) last ON true`,
    );
    expect(rows.length).toBeGreaterThan(0);
    const wrong = rows.filter((row) => (row.kind === 'assigned' ? row.last?.id !== row.assignee_id : row.assignee_id !== null));
    expect(wrong.map((row) => `${row.registration_id}: timeline says ${row.kind} ${row.last?.id}, assignee ${row.assignee_id}`)).toEqual([]);
  });
});

/** The moments of what happened: timelines, the audit, calls, documents, time, timesheets, comments, messages, notices. */
const HISTORY: readonly (readonly [table: string, column: string])[] = [
  ['audit_events', 'created_at'],
  ['registration_events', 'created_at'],
  ['registration_meetings', 'booked_at'],
  ['registration_meetings', 'outcome_at'],
  ['registration_documents', 'uploaded_at'],
  ['time_entries', 'created_at'],
  ['time_entries', 'updated_at'],
  ['timesheets', 'submitted_at'],
  ['timesheets', 'decided_at'],
  ['timers', 'started_at'],
  ['task_comments', 'created_at'],
  ['chat_messages', 'created_at'],
  ['notifications', 'created_at'],
];

describe('the demo seeded for an earlier moment', () => {
  // Monday 23 November 2026, 10:00 in Dubai: an hour into the working day, and before any run of this test.
  const now = new Date('2026-11-23T06:00:00Z');
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedDemoData(database, now);
  }, 300_000);
  afterAll(() => database?.close());

  it('dates nothing in its history after that moment', async () => {
    const future: string[] = [];
    for (const [table, column] of HISTORY) {
      const [row] = await database.query<{ count: number; latest: Date | null; total: number }>(
        `SELECT count(*) FILTER (WHERE ${column} > $1)::integer AS count, max(${column}) AS latest, count(${column})::integer AS total FROM ${table}`,
        [now],
      );
      expect(row!.total, `${table}.${column} has no seeded rows`).toBeGreaterThan(0);
      if (row!.count > 0) future.push(`${table}.${column}: ${row!.count} after ${now.toISOString()}, the latest ${row!.latest!.toISOString()}`);
    }
    const [days] = await database.query<{ count: number }>('SELECT count(*)::integer AS count FROM time_entries WHERE work_date > $1::date', [dubaiDate(now)]);
    if (days!.count > 0) future.push(`time_entries.work_date: ${days!.count} after ${dubaiDate(now)}`);
    expect(future).toEqual([]);
  });

  it('logs for nobody more time today than the hour the working day has run', async () => {
    const today = await database.query<{ user_id: number; minutes: number }>(
      'SELECT user_id, sum(minutes)::integer AS minutes FROM time_entries WHERE work_date = $1::date GROUP BY user_id ORDER BY user_id',
      [dubaiDate(now)],
    );
    expect(today.length).toBeGreaterThan(0);
    expect(today.filter((row) => row.minutes > 60)).toEqual([]);
  });
});
