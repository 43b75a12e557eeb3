/**
 * The freeze a confirmed sanctions match puts on a client (issue 31; the aml module confirms it): every
 * pipeline action on its registration, its billing and its invoices' sync are refused with 409 naming the
 * freeze. Here in lib/ so the pipeline and the invoices reach it without importing the aml module.
 */
import type { Queryable } from '../db/database.ts';
import { HttpError } from './http-error.ts';

export const FROZEN_MESSAGE = 'The client is frozen by a confirmed sanctions match: nothing may be done for it until the freeze is lifted.';

/** Whether the registration (or the client it became) is frozen. */
export async function isFrozen(db: Queryable, where: { registrationId: number } | { clientId: number }): Promise<boolean> {
  const [row] = 'registrationId' in where
    ? await db.query<{ frozen: boolean }>('SELECT frozen_at IS NOT NULL AS frozen FROM aml_files WHERE registration_id = $1', [where.registrationId])
    : await db.query<{ frozen: boolean }>('SELECT f.frozen_at IS NOT NULL AS frozen FROM clients c JOIN aml_files f ON f.registration_id = c.registration_id WHERE c.id = $1', [where.clientId]);
  return row?.frozen ?? false;
}

/** 409 CONFLICT naming the freeze when the registration or client is frozen. */
export async function refuseWhenFrozen(db: Queryable, where: { registrationId: number } | { clientId: number }): Promise<void> {
  if (await isFrozen(db, where)) throw new HttpError(409, 'CONFLICT', FROZEN_MESSAGE);
}

/** SQL: the client in `clientColumn` is not frozen (scheduled billing and the accounting sync pass a frozen client by). */
export const notFrozenClient = (clientColumn: string) =>
  `NOT EXISTS (SELECT 1 FROM clients frozen_c JOIN aml_files frozen_f ON frozen_f.registration_id = frozen_c.registration_id WHERE frozen_c.id = ${clientColumn} AND frozen_f.frozen_at IS NOT NULL)`;
