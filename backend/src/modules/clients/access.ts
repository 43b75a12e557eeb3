/**
 * Who may see which client, the one rule every area that belongs to a client applies (clients, their
 * documents, reports, tasks, requests, chats, invoices): ADMIN and REVIEWER see every client; a BOOKKEEPER
 * only the clients assigned to them. Another's record answers 404, never 403, so ids reveal nothing.
 */
import type { CurrentUser } from '../../plugins/auth.ts';
import type { Queryable } from '../../db/database.ts';
import { forbidden, notFound } from '../../lib/http-error.ts';
import type { SqlFilter } from '../../lib/sql-filter.ts';
import { may } from '../../../../common/access.ts';

/** Adds the visibility rule to a query over `clients` aliased `alias` (e.g. 'c'). */
export function addClientVisibility(filter: SqlFilter, user: Pick<CurrentUser, 'id' | 'role'>, alias = 'c'): void {
  if (may(user.role, 'see-own-clients-only')) filter.add((p) => `${alias}.bookkeeper_id = ${p}`, user.id);
}

/** The rule on a client row already read (its bookkeeper): ADMIN and REVIEWER see it, a BOOKKEEPER only their own. */
export function isVisibleTo(user: Pick<CurrentUser, 'id' | 'role'>, client: { bookkeeper_id: number | null }): boolean {
  return !may(user.role, 'see-own-clients-only') || client.bookkeeper_id === user.id;
}

/** Whether the user may see the client; undefined client ids are not seen. */
export async function canSeeClient(db: Queryable, user: Pick<CurrentUser, 'id' | 'role'>, clientId: number): Promise<boolean> {
  const [row] = await db.query<{ bookkeeper_id: number | null }>('SELECT bookkeeper_id FROM clients WHERE id = $1', [clientId]);
  return row !== undefined && isVisibleTo(user, row);
}

/** Throws 404 unless the user may see the client. */
export async function requireVisibleClient(db: Queryable, user: Pick<CurrentUser, 'id' | 'role'>, clientId: number): Promise<void> {
  if (!(await canSeeClient(db, user, clientId))) throw notFound('Client');
}

/** The part of a client its access rules read. */
export interface ClientTeam {
  bookkeeper_id: number | null;
  reviewer_id: number | null;
}

type Caller = Pick<CurrentUser, 'id' | 'role'>;

/**
 * What a caller who sees the client may do on it: ADMIN and the client's own bookkeeper work on it; only ADMIN
 * moves it to another team (a bookkeeper handing a client away would lose sight of it mid-change); REVIEWER
 * and ADMIN decide on reports in review.
 */
export function clientPermissions(user: Caller, client: ClientTeam): { edit: boolean; reassign: boolean; review: boolean } {
  return {
    edit: may(user.role, 'work-on-clients') && isVisibleTo(user, client),
    reassign: may(user.role, 'reassign-clients'),
    review: may(user.role, 'decide-reports'),
  };
}

/** Throws 403 unless the caller may work on the client (call after the visibility check, which answers 404). */
export function requireEditor(user: Caller, client: ClientTeam): void {
  if (!clientPermissions(user, client).edit) throw forbidden("Only an administrator or the client's bookkeeper may change this client.");
}
