/**
 * Who may see which client, the one rule every area that belongs to a client applies (clients, their
 * documents, reports, tasks, requests, chats, invoices): ADMIN and REVIEWER see every client; a BOOKKEEPER
 * only the clients assigned to them. Another's record answers 404, never 403, so ids reveal nothing.
 */
import type { CurrentUser } from '../../plugins/auth.ts';
import type { Queryable } from '../../db/database.ts';
import { notFound } from '../../lib/http-error.ts';
import type { SqlFilter } from '../../lib/sql-filter.ts';

/** Adds the visibility rule to a query over `clients` aliased `alias` (e.g. 'c'). */
export function addClientVisibility(filter: SqlFilter, user: Pick<CurrentUser, 'id' | 'role'>, alias = 'c'): void {
  if (user.role === 'BOOKKEEPER') filter.add((p) => `${alias}.bookkeeper_id = ${p}`, user.id);
}

/** Whether the user may see the client; undefined client ids are not seen. */
export async function canSeeClient(db: Queryable, user: Pick<CurrentUser, 'id' | 'role'>, clientId: number): Promise<boolean> {
  const [row] = await db.query<{ bookkeeper_id: number | null }>('SELECT bookkeeper_id FROM clients WHERE id = $1', [clientId]);
  if (!row) return false;
  return user.role !== 'BOOKKEEPER' || row.bookkeeper_id === user.id;
}

/** Throws 404 unless the user may see the client. */
export async function requireVisibleClient(db: Queryable, user: Pick<CurrentUser, 'id' | 'role'>, clientId: number): Promise<void> {
  if (!(await canSeeClient(db, user, clientId))) throw notFound('Client');
}
