/**
 * One row of a bulk action (issue 22) done through an area's own single-row action, the same way for every
 * area: a row the job already acted on (its audit event carries the job-and-row key) answers done without
 * acting again, a row already as asked is skipped with why, and the action's own refusals become the row's
 * result (409, the row changed meanwhile: skipped; any other 4xx: failed), each with the action's message.
 */
import type { AuditEntity } from '../../../common/events.ts';
import type { Queryable } from '../db/database.ts';
import { findByIdempotencyKey } from './audit.ts';
import { HttpError, invalidInput } from './http-error.ts';
import type { BulkOutcome } from './work-registry.ts';

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

export async function bulkRow<Row>(db: Queryable, step: BulkRowStep<Row>): Promise<BulkOutcome> {
  try {
    if (step.entity && (await findByIdempotencyKey(db, step.entity, step.id, step.idempotencyKey))) return { outcome: 'done', reason: null };
    const row = await step.read(db);
    const why = step.skip(row);
    if (why !== null) return { outcome: 'skipped', reason: why };
    await step.act(row);
    return { outcome: 'done', reason: null };
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500) return { outcome: error.statusCode === 409 ? 'skipped' : 'failed', reason: error.message };
    throw error;
  }
}

/**
 * A bulk filter's value that must be one of `choices` (the list's own filter values); undefined when absent.
 * A value the list would not take is refused rather than dropped: dropped, it would widen 'all matching'.
 */
export function filterChoice<T extends string>(filter: Record<string, string>, name: string, choices: readonly T[]): T | undefined {
  const value = filter[name];
  if (value === undefined || value === '') return undefined;
  if (!(choices as readonly string[]).includes(value)) throw invalidInput(`filter.${name}`, `must be one of ${choices.join(', ')}`);
  return value as T;
}

/** A bulk filter's id value; undefined when absent, refused when not an id. */
export function filterId(filter: Record<string, string>, name: string): number | undefined {
  const value = filter[name];
  if (value === undefined || value === '') return undefined;
  if (!/^[1-9][0-9]{0,9}$/.test(value) || Number(value) > 2_147_483_647) throw invalidInput(`filter.${name}`, 'must be an id');
  return Number(value);
}

/** Refuses filter keys the list does not have (a misspelt key would otherwise select every row). */
export function onlyFilters(filter: Record<string, string>, names: readonly string[]): void {
  const unknown = Object.keys(filter).find((key) => !names.includes(key));
  if (unknown !== undefined) throw invalidInput(`filter.${unknown}`, `is not a filter of this list (${names.join(', ')})`);
}
