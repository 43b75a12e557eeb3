/**
 * The demo data tells a true story: no seeded row is dated after the moment the seed ran (a future event would
 * top 'newest first'), and a registration's timeline names the assignee its page shows.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startBackend } from '../support.ts';

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
