/**
 * The freeze a confirmed sanctions match puts on a client (the aml module confirms and lifts it): every staff
 * write for it is refused with 409 CLIENT_FROZEN: the pipeline's actions on its registration, its tasks,
 * requests, subscription, invoices (issue, retry, the accounting sync), e-invoice sends. Here in lib/ so each
 * area's write frame reaches it without importing the aml module: writeRecord checks it for any write whose
 * `frozenClient` names the record's client, and creates call refuseWhenFrozen themselves.
 *
 * Chat replies stay possible, and a client's own calls are never refused by it: a refusal naming the freeze
 * would tip the client off.
 */
import type { ClientFreeze } from '../../../common/contract/aml-freeze.ts';
import type { PersonRef } from '../../../common/contract/shared.ts';
import type { Queryable } from '../db/database.ts';
import { HttpError } from './http-error.ts';
import { personJson } from './person-sql.ts';

export const FROZEN_MESSAGE = 'The client is frozen by a confirmed sanctions match: nothing may be done for it until the freeze is lifted.';

export type FrozenWhere = { registrationId: number } | { clientId: number };

/** The aml_files row of the registration or of the client it became. */
const fileOf = (where: FrozenWhere) =>
  'registrationId' in where
    ? { join: 'aml_files f', on: 'f.registration_id = $1', value: where.registrationId }
    : { join: 'clients c JOIN aml_files f ON f.registration_id = c.registration_id', on: 'c.id = $1', value: where.clientId };

/** Whether the registration (or the client it became) is frozen. */
export async function isFrozen(db: Queryable, where: FrozenWhere): Promise<boolean> {
  const file = fileOf(where);
  const [row] = await db.query<{ frozen: boolean }>(`SELECT f.frozen_at IS NOT NULL AS frozen FROM ${file.join} WHERE ${file.on}`, [file.value]);
  return row?.frozen ?? false;
}

/** 409 CLIENT_FROZEN naming the freeze when the registration or client is frozen. */
export async function refuseWhenFrozen(db: Queryable, where: FrozenWhere): Promise<void> {
  if (await isFrozen(db, where)) throw new HttpError(409, 'CLIENT_FROZEN', FROZEN_MESSAGE);
}

/** The freeze as staff pages show it (null: not frozen). */
export async function readFreeze(db: Queryable, where: FrozenWhere): Promise<ClientFreeze | null> {
  const file = fileOf(where);
  const [row] = await db.query<{ frozen_at: Date | null; version: number; lift_by: PersonRef | null; lift_at: Date | null; lift_reason: string | null }>(
    `SELECT f.frozen_at, f.version, ${personJson('lift_u')} AS lift_by, f.freeze_lift_requested_at AS lift_at, f.freeze_lift_reason AS lift_reason
     FROM ${file.join} LEFT JOIN users lift_u ON lift_u.id = f.freeze_lift_requested_by WHERE ${file.on}`,
    [file.value],
  );
  if (!row?.frozen_at) return null;
  return {
    at: row.frozen_at.toISOString(),
    version: row.version,
    lift_requested: row.lift_by && row.lift_at ? { by: row.lift_by, at: row.lift_at.toISOString(), reason: row.lift_reason ?? '' } : null,
  };
}

/** SQL: the client in `clientColumn` is not frozen (scheduled billing and the accounting sync pass a frozen client by). */
export const notFrozenClient = (clientColumn: string) =>
  `NOT EXISTS (SELECT 1 FROM clients frozen_c JOIN aml_files frozen_f ON frozen_f.registration_id = frozen_c.registration_id WHERE frozen_c.id = ${clientColumn} AND frozen_f.frozen_at IS NOT NULL)`;

/** SQL: whether the client in `clientColumn` is frozen, as a boolean column of a list. */
export const clientFrozenColumn = (clientColumn: string) => `NOT ${notFrozenClient(clientColumn)}`;
