/**
 * The audit_events table's row, declared once (lib/table.ts): writeAudit's insert and the Audit page's SELECT
 * and its row type derive from it. It sits in lib/ beside writeAudit, which every module's writes call.
 */
import type { AuditEntity } from '../../../common/events.ts';
import { column, table, type RowOf } from './table.ts';

export const auditEventsTable = table('audit_events', {
  id: column<number>(),
  entity: column<AuditEntity>(),
  entity_id: column<number>(),
  kind: column<string>(),
  actor_id: column<number | null>(),
  data: column<Record<string, unknown>>(),
  before: column<Record<string, unknown> | null>(),
  after: column<Record<string, unknown> | null>(),
  idempotency_key: column<string | null>(),
  created_at: column<Date>(),
  request_id: column<string | null>(),
  client_address: column<string | null>(),
});

export type AuditEventColumns = RowOf<typeof auditEventsTable.columns>;
export type AuditEventColumn = keyof AuditEventColumns & string;

/** The columns an event is written with (its id is the database's; its time the caller's or now). */
export const NEW_AUDIT_EVENT_FIELDS = ['entity', 'entity_id', 'kind', 'actor_id', 'data', 'before', 'after', 'idempotency_key', 'created_at', 'request_id', 'client_address'] as const satisfies readonly AuditEventColumn[];

/** The columns the Audit page reads of an event (its actor's email and name are joined beside them). */
export const AUDIT_ENTRY_FIELDS = ['id', 'created_at', 'actor_id', 'kind', 'entity', 'entity_id', 'data', 'before', 'after', 'request_id', 'client_address'] as const satisfies readonly AuditEventColumn[];
