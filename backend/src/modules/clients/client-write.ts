/**
 * The lock every write on one client goes through: the client row locked for the caller under the clients
 * visibility rule, and the write primitive for actions that change none of the client's own fields.
 */
import { CLIENT_CONFLICT_MESSAGE } from '../../../../common/clients.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { writeRecord, type ActionContext } from '../../lib/action.ts';
import { notFound } from '../../lib/http-error.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { selectList } from '../../lib/table.ts';
import { isVisibleTo, requireEditor } from './access.ts';
import { clientsTable, LOCKED_CLIENT_FIELDS, type ClientColumns } from './table.ts';

/** A client row as writes lock it. */
export type LockedClient = Pick<ClientColumns, (typeof LOCKED_CLIENT_FIELDS)[number]>;
const LOCKED_COLUMNS = selectList(clientsTable, null, LOCKED_CLIENT_FIELDS);

/**
 * Locks the client for a write by `user`: 404 when it does not exist or the user may not see it, 403 when the
 * user sees it but may not change it (unless `edit` is false: the caller checks its own rule).
 */
export async function lockClient(tx: Queryable, user: Pick<CurrentUser, 'id' | 'role'>, clientId: number, edit = true): Promise<LockedClient> {
  const [client] = await tx.query<LockedClient>(
    `SELECT ${LOCKED_COLUMNS} FROM clients WHERE id = $1 FOR UPDATE`,
    [clientId],
  );
  if (!client || !isVisibleTo(user, client)) throw notFound('Client');
  if (edit) requireEditor(user, client);
  return client;
}

/**
 * A write on a client that changes none of the client's own fields (a document, a request, a filing, a month's
 * figures): the client row locked for the caller (404 unseen, 403 not theirs to change), no version, the
 * request's Idempotency-Key replayed from the event the action writes.
 */
export function clientWrite<Result>(
  db: Database,
  user: Pick<CurrentUser, 'id' | 'role'>,
  clientId: number,
  context: ActionContext,
  act: (tx: Queryable, client: LockedClient) => Promise<void>,
  read: (tx: Queryable, client: LockedClient) => Promise<Result>,
): Promise<Result> {
  return writeRecord(db, { entity: 'client', context, version: null, conflictMessage: CLIENT_CONFLICT_MESSAGE, lock: (tx) => lockClient(tx, user, clientId), frozenClient: (client) => client.id, act, read });
}
