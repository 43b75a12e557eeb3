/**
 * The frame of every write on one record, for every area: one transaction that locks the record, replays a
 * seen Idempotency-Key (answering the current state without acting again), refuses a stale version with
 * 409 CONFLICT, acts, and answers the state read inside the same transaction. The action itself writes its
 * audit event and its notifications with the transaction it is given.
 */
import type { FastifyRequest } from 'fastify';
import type { AuditEntity } from '../../../common/events.ts';
import type { Database, Queryable } from '../db/database.ts';
import { refuseWhenFrozen } from './aml-freeze.ts';
import { findByIdempotencyKey, lockIdempotencyKey } from './audit.ts';
import { conflict } from './http-error.ts';

/** Who acts and the retry key of the request. */
export interface ActionContext {
  actorId: number;
  idempotencyKey: string | null;
}

export function actionContext(request: FastifyRequest, actorId: number): ActionContext {
  const key = request.headers['idempotency-key'];
  return { actorId, idempotencyKey: typeof key === 'string' ? key : null };
}

export interface RecordWrite<Row extends { id: number; version: number }, Result> {
  entity: AuditEntity;
  context: ActionContext;
  /** The version the user saw; null for writes that change no field of the record (comments). */
  version: number | null;
  /** What a stale version is told. */
  conflictMessage: string;
  /** Reads the record FOR UPDATE (and throws 404 when it does not exist or is not the caller's to see). */
  lock: (tx: Queryable) => Promise<Row>;
  /** Changes the record, writes its audit event (with the idempotency key) and its notifications. */
  act: (tx: Queryable, row: Row) => Promise<void>;
  /** The answer, read inside the transaction after the action (or for a replayed request). */
  read: (tx: Queryable, row: Row) => Promise<Result>;
  /**
   * The client the record belongs to, when a freeze of that client (a confirmed sanctions match) refuses the
   * write: 409 CLIENT_FROZEN before the version is checked (lib/aml-freeze.ts). Null: the record has no client.
   */
  frozenClient?: (row: Row) => number | null;
  /**
   * For a write whose event names another record than the one locked (a credit note made against an
   * invoice): the earlier request's answer under this key, or null. Asked under the row's lock, before the
   * version is checked, so a retry answers what its first request made instead of 409.
   */
  replay?: (tx: Queryable, row: Row, key: string) => Promise<Result | null>;
  /**
   * A delete: the record's id and the answer a retry gets once the row is gone (the first answer again),
   * so a retry, or a duplicate that waited for the first, answers as the first did instead of 404.
   */
  deletes?: { id: number; answer: (tx: Queryable) => Promise<Result> };
}

export async function writeRecord<Row extends { id: number; version: number }, Result>(db: Database, write: RecordWrite<Row, Result>): Promise<Result> {
  return db.transaction(async (tx) => {
    const key = write.context.idempotencyKey;
    // A delete takes the key's lock before the row's: a duplicate racing its original waits here, then finds
    // the original's event (behind the row's lock it would find the row gone). Other writes are serialised
    // by the row's lock, which outlives the change.
    if (key && write.deletes) {
      await lockIdempotencyKey(tx, key);
      if (await findByIdempotencyKey(tx, write.entity, write.deletes.id, key)) return write.deletes.answer(tx);
    }
    const row = await write.lock(tx);
    const replayed = key && write.replay ? await write.replay(tx, row, key) : null;
    if (replayed !== null) return replayed;
    if (key && (await findByIdempotencyKey(tx, write.entity, row.id, key))) return write.read(tx, row);
    const clientId = write.frozenClient?.(row) ?? null;
    if (clientId !== null) await refuseWhenFrozen(tx, { clientId });
    if (write.version !== null && row.version !== write.version) throw conflict(write.conflictMessage);
    await write.act(tx, row);
    return write.read(tx, row);
  });
}
