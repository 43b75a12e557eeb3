/**
 * The audit trail: every write that changes a record calls writeAudit with the same transaction, so the
 * change and its event commit or roll back together. A registration's timeline and the staff administration
 * audit are both read from this one table.
 */
import type { AuditEntity, ChatEventKind, ClientEventKind, EinvoiceEventKind, GrowthEventKind, InvoiceEventKind, RegistrationEventKind, SpeedEventKind, RequestEventKind, TaskEventKind, UserEventKind } from '../../../common/events.ts';
import type { Queryable } from '../db/database.ts';

export interface AuditEvent {
  entity: AuditEntity;
  entityId: number;
  kind: RegistrationEventKind | UserEventKind | ClientEventKind | TaskEventKind | RequestEventKind | ChatEventKind | InvoiceEventKind | EinvoiceEventKind | GrowthEventKind | SpeedEventKind;
  /** The staff or client user who acted; null for the system (seeding, scheduled work). */
  actorId: number | null;
  /** What the event says beyond its kind: a reason, a comment's text, a document id. */
  data?: Record<string, unknown>;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** A client-chosen key: the same key on a retried request finds this event instead of acting twice. */
  idempotencyKey?: string | null;
  at?: Date;
}

export async function writeAudit(tx: Queryable, event: AuditEvent): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO audit_events (entity, entity_id, kind, actor_id, data, before, after, idempotency_key, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, coalesce($9, CURRENT_TIMESTAMP)) RETURNING id`,
    [
      event.entity,
      event.entityId,
      event.kind,
      event.actorId,
      JSON.stringify(event.data ?? {}),
      event.before === undefined || event.before === null ? null : JSON.stringify(event.before),
      event.after === undefined || event.after === null ? null : JSON.stringify(event.after),
      event.idempotencyKey ?? null,
      event.at ?? null,
    ],
  );
  return row!.id;
}

/** The event an earlier request with this idempotency key wrote on this record, if any. */
export async function findByIdempotencyKey(tx: Queryable, entity: AuditEntity, entityId: number, key: string): Promise<{ id: number; kind: string } | undefined> {
  const [row] = await tx.query<{ id: number; kind: string }>(
    'SELECT id, kind FROM audit_events WHERE entity = $1 AND entity_id = $2 AND idempotency_key = $3',
    [entity, entityId, key],
  );
  return row;
}
