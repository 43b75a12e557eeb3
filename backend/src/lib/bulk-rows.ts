/**
 * What the areas' bulk actions and 'Next unassigned' queues (lib/work-registry.ts) share, so each
 * area's work.ts only says which of its own actions runs: one row's outcome from the area's action (a
 * replayed key is done, a refusal is skipped or failed with the action's own sentence), the list's filter
 * read under the list's own query schema ('all N matching' selects what the list shows), and an area's
 * versioned action run inside the transaction that took a row with SKIP LOCKED.
 */
import type { TSchema } from 'typebox';
import type { AuditEntity, AuditEventKind } from '../../../common/events.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { ActionContext } from './action.ts';
import { createdWithKey, findByIdempotencyKey } from './audit.ts';
import { HttpError } from './http-error.ts';
import type { PageWindow } from './pagination.ts';
import { strictValidatorCompiler } from './validation.ts';
import type { BulkRowResult } from './work-registry.ts';

/** The caller of a bulk row or a Next unassigned as the area's action takes them (the routes' actionContext). */
export const callerContext = (caller: { id: number; idempotencyKey: string | null }): ActionContext => ({ actorId: caller.id, idempotencyKey: caller.idempotencyKey });

export const DONE: BulkRowResult = { outcome: 'done', reason: null };
export const skipped = (reason: string): BulkRowResult => ({ outcome: 'skipped', reason });

/**
 * One row of a bulk job: done at once when the row's key was already recorded on the record (a job re-run
 * after a crash; `entity` null for an action that keeps no key, whose `run` must then see a done row), else
 * `run` (the area's action). A refusal by the action is the row's result: a conflict
 * (changed meanwhile, already closed) is skipped, any other refusal (not found, not allowed) failed.
 */
export async function bulkRow(db: Queryable, entity: AuditEntity | null, id: number, idempotencyKey: string, run: () => Promise<BulkRowResult>): Promise<BulkRowResult> {
  try {
    if (entity && (await findByIdempotencyKey(db, entity, id, idempotencyKey))) return DONE;
    return await run();
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500) return { outcome: error.statusCode === 409 ? 'skipped' : 'failed', reason: error.message };
    throw error;
  }
}

export interface BulkRowStep<Row> {
  /** The audit entity of the row's events; null when the area's action keeps no Idempotency-Key (then `skip` must see a done row). */
  entity: AuditEntity | null;
  id: number;
  idempotencyKey: string;
  /** Reads the row as it is now (throws notFound when it is gone). */
  read: (db: Queryable) => Promise<Row>;
  /** Why the row is left alone (already as asked), or null to act. */
  skip: (row: Row) => string | null;
  /** The area's own action on the row (its version, checks, event and notifications). */
  act: (row: Row) => Promise<unknown>;
}

/**
 * The usual shape of a bulk row, on bulkRow: read the row as it is now, leave it with why when it is already
 * as asked, else act through the area's own action.
 */
export function bulkRowStep<Row>(db: Queryable, step: BulkRowStep<Row>): Promise<BulkRowResult> {
  return bulkRow(db, step.entity, step.id, step.idempotencyKey, async () => {
    const row = await step.read(db);
    const why = step.skip(row);
    if (why !== null) return skipped(why);
    await step.act(row);
    return DONE;
  });
}

/**
 * A bulk job's filter read as the list's query string (the same strict conversion and the same sentences),
 * so 'all N matching' is exactly the list's rows; a filter the list would refuse is refused as `filter.<name>`.
 */
export function parseListFilter<T>(schema: TSchema, filter: Record<string, string>): T {
  const validate = strictValidatorCompiler({ schema, httpPart: 'querystring', method: 'GET', url: '/' });
  const result = validate({ ...filter }) as { value?: unknown; error?: Error & { field?: string } };
  if (result.error) {
    const field = result.error.field ?? 'filter';
    throw new HttpError(400, 'INVALID_INPUT', result.error.message, `filter.${field}`);
  }
  return result.value as T;
}

/** The first `limit` rows of a list, as its page window. */
export const firstRows = (limit: number): PageWindow => ({ page: 1, size: limit, offset: 0 });

/**
 * An open transaction seen as a Database, so an area's versioned action (writeRecord: lock, version, audit,
 * notifications) runs inside the transaction that took its row FOR UPDATE SKIP LOCKED, instead of a second
 * one that another caller could slip between.
 */
function withinTransaction(db: Database, tx: Queryable): Database {
  return { query: (sql, params) => tx.query(sql, params), transaction: (work) => work(tx), listen: (channel, onMessage) => db.listen(channel, onMessage), close: async () => {} };
}

/** One row of a bulk assign: skipped when the row already has that assignee, else `assign` (the area's action). */
export async function assignRow(current: number | null, wanted: number | null, assign: () => Promise<unknown>): Promise<BulkRowResult> {
  if (current === wanted) return skipped(wanted === null ? 'Already unassigned.' : 'Already assigned to this person.');
  await assign();
  return DONE;
}

export interface TakeNext {
  entity: AuditEntity;
  /** The audit event kind of the area's assign action (how a retried press finds what it took). */
  assignedKind: AuditEventKind;
  /** The oldest unassigned row the caller may work, locked FOR UPDATE SKIP LOCKED in `tx`; null when none. */
  candidate: (tx: Queryable) => Promise<number | null>;
  /** The area's own assign action, to the caller, run inside the taking transaction. */
  assign: (db: Database, id: number) => Promise<void>;
  /** What the console shows and opens. */
  item: (tx: Queryable, id: number) => Promise<{ title: string; href: string }>;
}

/**
 * 'Next unassigned' for a queue: in one transaction, what a retried press (same key) took, or the oldest
 * unassigned row (SKIP LOCKED: two callers at once get different rows) assigned to the caller by the area's
 * own action.
 */
export function takeNext(db: Database, caller: { id: number; idempotencyKey: string | null }, take: TakeNext): Promise<{ id: number; title: string; href: string } | null> {
  return db.transaction(async (tx) => {
    // A retried press (same Idempotency-Key) answers what the first one took: the record of its assign event.
    let id = await createdWithKey(tx, take.entity, take.assignedKind, caller.id, caller.idempotencyKey);
    if (id === null) {
      id = await take.candidate(tx);
      if (id === null) return null;
      await take.assign(withinTransaction(db, tx), id);
    }
    return { id, ...(await take.item(tx, id)) };
  });
}
