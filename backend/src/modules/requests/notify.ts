/**
 * Who hears of what on requests: the client (its user) of every change staff make, in the action's
 * transaction; the client's bookkeeper of a new request; the assignee when assigned and when the client
 * accepts a quote (the bookkeeper when nobody is assigned). Staff links open the request in the inbox.
 */
import type { NotificationKind } from '../../../../common/contract/notifications.ts';
import type { Queryable } from '../../db/database.ts';
import { notifyUsers } from '../notifications/index.ts';
import { requestListPath } from '../../../../common/links.ts';

export const requestLink = (requestId: number) => requestListPath({ request: requestId });

export async function notifyRequestClient(tx: Queryable, row: { id: number; client_user_id: number | null }, kind: NotificationKind, title: string, body: string): Promise<void> {
  if (row.client_user_id === null) return;
  await notifyUsers(tx, [row.client_user_id], { kind, title, body, link: null });
}

export async function notifyRequestStaff(tx: Queryable, row: { id: number }, userIds: readonly (number | null)[], kind: NotificationKind, title: string, body: string): Promise<void> {
  await notifyUsers(tx, userIds.filter((id): id is number => id !== null), { kind, title, body, link: requestLink(row.id) });
}
