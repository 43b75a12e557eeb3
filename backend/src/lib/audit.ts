/**
 * The audit trail: every write that changes a record calls writeAudit with the same transaction, so the
 * change and its event commit or roll back together. A registration's timeline and the staff administration
 * audit are both read from this one table.
 */
import type { AuditEntity, AuditEventKind } from '../../../common/events.ts';
import type { RecordSubject } from '../../../common/contract/notifications.ts';
import type { Queryable } from '../db/database.ts';
import { requestOrigin } from './request-origin.ts';
import { insertList } from './table.ts';
import { NEW_AUDIT_EVENT_FIELDS } from './audit-table.ts';

// Its values are written out below: the time is the caller's or, without one, the database's.
const NEW_EVENT = insertList(NEW_AUDIT_EVENT_FIELDS);

export interface AuditEvent {
  entity: AuditEntity;
  entityId: number;
  kind: AuditEventKind;
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

/**
 * The record each open transaction last wrote an event of: the notifications written in the same transaction
 * name it as their subject (notifyUsers), so no area has to repeat it. Keyed by the transaction's own handle,
 * which is dropped with it.
 */
const subjects = new WeakMap<Queryable, RecordSubject>();

/** The record the transaction last wrote an audit event of, if any. */
export const auditSubject = (tx: Queryable): RecordSubject | undefined => subjects.get(tx);

export async function writeAudit(tx: Queryable, event: AuditEvent): Promise<number> {
  const clientId = event.entity === 'client' ? event.entityId : event.data?.['client_id'];
  subjects.set(tx, { entity: event.entity, id: event.entityId, client_id: typeof clientId === 'number' ? clientId : null });
  const origin = requestOrigin();
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO audit_events ${NEW_EVENT.columns}
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, coalesce($9, CURRENT_TIMESTAMP), $10, $11) RETURNING id`,
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
      origin?.requestId ?? null,
      origin?.clientAddress ?? null,
    ],
  );
  return row!.id;
}

/**
 * Holds this Idempotency-Key until the transaction ends: another request with the same key (a retry racing its
 * original, or the same request sent to the other back end) waits here until this one commits or rolls back.
 * A write on an existing record is serialised by the record's row lock (writeRecord); a create has no row to
 * lock before it exists, so without this both requests would look for the replay, find none, and both create.
 * Taken first in the transaction, before any row lock, so it can never be part of a lock cycle.
 */
export async function lockIdempotencyKey(tx: Queryable, key: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`idempotency-key:${key}`]);
}

/**
 * A create's replay: under the key's lock (lockIdempotencyKey), the record an earlier request with this key
 * created (its `kind` event by this actor), or null when there is none and the caller creates it.
 */
export async function createdWithKey(tx: Queryable, entity: AuditEntity, kind: AuditEventKind, actorId: number, key: string | null): Promise<number | null> {
  return (await eventWithKey(tx, entity, kind, actorId, key))?.entity_id ?? null;
}

/**
 * Like createdWithKey, for a write whose answer is more than the record the event names (the reminders a
 * conversation's reminder made, the message posted in it): the earlier event's record and data, under the
 * key's lock, or null when there is none and the caller acts.
 */
export async function eventWithKey(tx: Queryable, entity: AuditEntity, kind: AuditEventKind, actorId: number, key: string | null): Promise<{ entity_id: number; data: Record<string, unknown> } | null> {
  if (!key) return null;
  await lockIdempotencyKey(tx, key);
  const [row] = await tx.query<{ entity_id: number; data: Record<string, unknown> }>(
    'SELECT entity_id, data FROM audit_events WHERE entity = $1 AND kind = $2 AND actor_id = $3 AND idempotency_key = $4',
    [entity, kind, actorId, key],
  );
  return row ?? null;
}

/** The event an earlier request with this idempotency key wrote on this record, if any. */
export async function findByIdempotencyKey(tx: Queryable, entity: AuditEntity, entityId: number, key: string): Promise<{ id: number; kind: string } | undefined> {
  const [row] = await tx.query<{ id: number; kind: string }>(
    'SELECT id, kind FROM audit_events WHERE entity = $1 AND entity_id = $2 AND idempotency_key = $3',
    [entity, entityId, key],
  );
  return row;
}
