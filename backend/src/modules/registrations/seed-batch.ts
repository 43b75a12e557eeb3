/**
 * The demo seed writes a few thousand history rows on every fresh start (and in every test that starts a
 * back end): these write them in multi-row statements instead of one round trip each.
 */
import type { Queryable } from '../../db/database.ts';
import type { AuditEvent } from '../../lib/audit.ts';

const CHUNK = 200;

async function insertRows<T>(tx: Queryable, table: string, columns: readonly string[], rows: readonly T[], values: (row: T) => unknown[]): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK);
    const tuples = chunk.map((_row, index) => `(${columns.map((_column, column) => `$${index * columns.length + column + 1}`).join(', ')})`);
    await tx.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}`, chunk.flatMap(values));
  }
}

/** Timeline events of the seeded history (no idempotency keys, no before/after: nobody acted through the API). */
export function insertAuditEvents(tx: Queryable, events: readonly AuditEvent[]): Promise<void> {
  return insertRows(tx, 'audit_events', ['entity', 'entity_id', 'kind', 'actor_id', 'data', 'created_at'], events, (event) => [
    event.entity,
    event.entityId,
    event.kind,
    event.actorId,
    JSON.stringify(event.data ?? {}),
    event.at ?? new Date(),
  ]);
}

export interface StatusLine {
  registrationId: number;
  text: string;
  at: Date;
}

/** The stepper's current_status history of the seeded registrations. */
export function insertStatusLines(tx: Queryable, lines: readonly StatusLine[]): Promise<void> {
  return insertRows(tx, 'registration_events', ['registration_id', 'status_text', 'created_at'], lines, (line) => [line.registrationId, line.text, line.at]);
}
