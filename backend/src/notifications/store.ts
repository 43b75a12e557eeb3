/**
 * Notifications per user: the SQL and the rules. Writers call notifyUsers / notifyRoles with their own
 * transaction, so a notification exists exactly when the change it reports committed; the pg_notify in the
 * same transaction is delivered (to every process listening on the database) only after that commit.
 */
import type { NotificationKind, NotificationRecord, NotificationsReadEvent } from '../../../common/api-contract.ts';
import { canSee } from '../../../common/access.ts';
import type { RegistrationEventKind } from '../../../common/events.ts';
import { onboardingPageOf, type QueuePosition } from '../../../common/onboarding.ts';
import { STAFF_ROLES, type Role } from '../../../common/roles.ts';
import type { Stage } from '../../../common/stages.ts';
import type { Queryable } from '../db/database.ts';

/** The one NOTIFY channel of notifications; payloads are NotificationSignal JSON. */
export const NOTIFICATION_CHANNEL = 'notifications';

/** Kept small: NOTIFY payloads are limited to 8000 bytes, so the row itself is read by whoever needs it. */
export type NotificationSignal = { type: 'created'; userId: number; id: number } | ({ type: 'read'; userId: number } & NotificationsReadEvent);

export interface NewNotification {
  kind: NotificationKind;
  title: string;
  body: string;
  link: string | null;
}

const COLUMNS = 'id, kind, title, body, link, created_at, read_at';

interface NotificationRow {
  id: number;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string | null;
  created_at: Date;
  read_at: Date | null;
}

const toRecord = (row: NotificationRow): NotificationRecord => ({
  ...row,
  created_at: row.created_at.toISOString(),
  read_at: row.read_at ? row.read_at.toISOString() : null,
});

async function signal(tx: Queryable, message: NotificationSignal): Promise<void> {
  await tx.query('SELECT pg_notify($1, $2)', [NOTIFICATION_CHANNEL, JSON.stringify(message)]);
}

/** One notification for each user (duplicates ignored); answers the stored rows in the order of userIds. */
export async function notifyUsers(tx: Queryable, userIds: readonly number[], notification: NewNotification): Promise<NotificationRecord[]> {
  const created: NotificationRecord[] = [];
  for (const userId of new Set(userIds)) {
    const [row] = await tx.query<NotificationRow>(
      `INSERT INTO notifications (user_id, kind, title, body, link) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
      [userId, notification.kind, notification.title, notification.body, notification.link],
    );
    await signal(tx, { type: 'created', userId, id: row!.id });
    created.push(toRecord(row!));
  }
  return created;
}

/** Every user holding one of the roles, except `except` (usually the actor, who knows what they did). */
export async function notifyRoles(tx: Queryable, roles: readonly Role[], notification: NewNotification, except: number | null = null): Promise<NotificationRecord[]> {
  const users = await tx.query<{ id: number }>('SELECT id FROM users WHERE role = ANY($1::text[]) AND id IS DISTINCT FROM $2 ORDER BY id', [roles, except]);
  return notifyUsers(tx, users.map((user) => user.id), notification);
}

export async function listNotifications(db: Queryable, userId: number, limit: number, offset: number): Promise<{ count: number; results: NotificationRecord[] }> {
  const [total] = await db.query<{ count: number }>('SELECT count(*)::integer AS count FROM notifications WHERE user_id = $1', [userId]);
  const rows = await db.query<NotificationRow>(`SELECT ${COLUMNS} FROM notifications WHERE user_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`, [userId, limit, offset]);
  return { count: total!.count, results: rows.map(toRecord) };
}

/** The user's notifications after `afterId`, oldest first: what a reconnecting stream missed. */
export async function notificationsAfter(db: Queryable, userId: number, afterId: number, limit: number): Promise<NotificationRecord[]> {
  const rows = await db.query<NotificationRow>(`SELECT ${COLUMNS} FROM notifications WHERE user_id = $1 AND id > $2 ORDER BY id LIMIT $3`, [userId, afterId, limit]);
  return rows.map(toRecord);
}

export async function findNotification(db: Queryable, userId: number, id: number): Promise<NotificationRecord | undefined> {
  const [row] = await db.query<NotificationRow>(`SELECT ${COLUMNS} FROM notifications WHERE user_id = $1 AND id = $2`, [userId, id]);
  return row && toRecord(row);
}

export async function unreadCount(db: Queryable, userId: number): Promise<number> {
  const [row] = await db.query<{ count: number }>('SELECT count(*)::integer AS count FROM notifications WHERE user_id = $1 AND read_at IS NULL', [userId]);
  return row!.count;
}

/** false when the user has no such notification (another user's id included). Reading twice keeps the first time. */
export async function markRead(tx: Queryable, userId: number, id: number): Promise<boolean> {
  const [row] = await tx.query<{ id: number }>(
    'UPDATE notifications SET read_at = coalesce(read_at, CURRENT_TIMESTAMP) WHERE user_id = $1 AND id = $2 RETURNING id',
    [userId, id],
  );
  if (!row) return false;
  await signal(tx, { type: 'read', userId, ids: [id], upTo: null });
  return true;
}

/** Marks every unread notification of the user read, up to the newest one now stored. */
export async function markAllRead(tx: Queryable, userId: number): Promise<void> {
  const [newest] = await tx.query<{ id: number | null }>('SELECT max(id) AS id FROM notifications WHERE user_id = $1', [userId]);
  if (newest?.id === null || newest?.id === undefined) return;
  await tx.query('UPDATE notifications SET read_at = CURRENT_TIMESTAMP WHERE user_id = $1 AND read_at IS NULL AND id <= $2', [userId, newest.id]);
  await signal(tx, { type: 'read', userId, ids: [], upTo: newest.id });
}

/** A registration event as the review actions report it. */
export interface RegistrationEvent {
  kind: RegistrationEventKind;
  /** registrations.id */
  registrationId: number;
  /** Who acted (staff or the client); never notified of their own action. */
  actorId: number | null;
  /** The staff user the registration is assigned to after the event, if any. */
  assigneeId: number | null;
  /** For stage_reached: the stage reached. */
  stage?: Stage;
}

interface RegistrationRow extends QueuePosition {
  user_id: number;
  legal_name: string;
}

/** The roles that work the due-diligence queue: whoever may open its page. */
export const DUE_DILIGENCE_ROLES: readonly Role[] = STAFF_ROLES.filter((role) => canSee(role, 'due-diligence'));

/** Where a notification about this registration takes the reader: the page it now waits on. */
export function registrationLink(registration: QueuePosition & { user_id: number }): string {
  return onboardingPageOf(registration) === 'due-diligence'
    ? `/due-diligence/details/${registration.user_id}`
    : `/registrations/${registration.user_id}/verification/?step=${registration.stage}`;
}

/**
 * What notifies whom. The assignee hears about their registration: assigned to them, resubmitted by the
 * client, documents received, returned or approved by someone else. A registration reaching due diligence
 * is news for the roles that work that queue. Nobody is notified of their own action.
 */
export async function notificationsForRegistrationEvent(tx: Queryable, event: RegistrationEvent): Promise<NotificationRecord[]> {
  const [registration] = await tx.query<RegistrationRow>(
    'SELECT user_id, legal_name, stage, status, review_state FROM registrations WHERE id = $1',
    [event.registrationId],
  );
  if (!registration) return [];
  const name = registration.legal_name;
  const link = registrationLink(registration);
  const toAssignee = (title: string, body: string) =>
    event.assigneeId === null || event.assigneeId === event.actorId ? Promise.resolve([]) : notifyUsers(tx, [event.assigneeId], { kind: event.kind, title, body, link });

  switch (event.kind) {
    case 'assigned':
      return toAssignee('Registration assigned to you', `${name} is now on your list.`);
    case 'resubmitted':
      return toAssignee('Registration resubmitted', `${name} was corrected and resubmitted.`);
    case 'document_uploaded':
      return toAssignee('Documents received', `New documents arrived for ${name}.`);
    case 'returned':
      return toAssignee('Registration returned', `${name} was returned to the client for correction.`);
    case 'approved':
      return toAssignee('Registration approved', `${name} passed due diligence.`);
    case 'stage_reached':
      if (event.stage !== 'documents_submitted') return [];
      return notifyRoles(tx, DUE_DILIGENCE_ROLES, { kind: event.kind, title: 'New registration for due diligence', body: `${name} is waiting for due diligence.`, link }, event.actorId);
    case 'unassigned':
    case 'comment_added':
      return [];
  }
}
