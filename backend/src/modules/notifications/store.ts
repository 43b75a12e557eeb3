/**
 * Notifications per user, generic: each area decides who hears of what (its notify.ts) and writes through
 * notifyUsers / notifyRoles with its own transaction, so a notification exists exactly when the change it
 * reports committed; the pg_notify in the same transaction is delivered (to every process listening on the
 * database) only after that commit.
 */
import type { NotificationKind, NotificationRecord, NotificationsReadEvent, RecordSubject } from '../../../../common/contract/notifications.ts';
import { auditSubject } from '../../lib/audit.ts';
import type { Role } from '../../../../common/roles.ts';
import type { Queryable } from '../../db/database.ts';
import { insertList, selectList } from '../../lib/table.ts';
import { NEW_NOTIFICATION_FIELDS, NOTIFICATION_ROW_FIELDS, notificationsTable, type NotificationColumns } from './table.ts';

/** The one NOTIFY channel of notifications; payloads are NotificationSignal JSON. */
export const NOTIFICATION_CHANNEL = 'notifications';

/** Kept small: NOTIFY payloads are limited to 8000 bytes, so the row itself is read by whoever needs it. */
export type NotificationSignal =
  | { type: 'created'; userId: number; id: number; subject?: RecordSubject }
  | ({ type: 'read'; userId: number } & NotificationsReadEvent)
  /** The account's sessions ended at endedAt (ISO): streams opened by an earlier sign-in say so and close. */
  | { type: 'ended'; userId: number; endedAt: string; message: string };

export interface NewNotification {
  kind: NotificationKind;
  title: string;
  body: string;
  link: string | null;
  /** The record the notification is about; by default the one the transaction last wrote an audit event of. */
  subject?: RecordSubject;
}

const COLUMNS = selectList(notificationsTable, null, NOTIFICATION_ROW_FIELDS);
const INSERT = insertList(NEW_NOTIFICATION_FIELDS);

type NotificationRow = Pick<NotificationColumns, (typeof NOTIFICATION_ROW_FIELDS)[number]>;

const toRecord = (row: NotificationRow): NotificationRecord => ({
  ...row,
  created_at: row.created_at.toISOString(),
  read_at: row.read_at ? row.read_at.toISOString() : null,
});

async function signal(tx: Queryable, message: NotificationSignal): Promise<void> {
  await tx.query('SELECT pg_notify($1, $2)', [NOTIFICATION_CHANNEL, JSON.stringify(message)]);
}

/** 'NOTE' in ASCII: the advisory lock class of a recipient's notifications (the second key is the user's id). */
const RECIPIENT_LOCK = 0x4e4f5445;

/**
 * One notification for each user (duplicates ignored); answers the stored rows in the order of userIds.
 *
 * Ids come from one sequence shared by every recipient, and a stream resumes after the last id its client
 * got (Last-Event-ID), so one recipient's notifications must commit in id order: were id 101 to commit after
 * 102 had been delivered, a stream resuming after 102 would never read it. Each recipient's transaction-scoped
 * lock is taken before the id is drawn and held until the commit, so a second writer for the same recipient
 * draws its id only once the first has committed or rolled back. One call takes its locks in ascending user
 * id, so two writers notifying the same people in one call each cannot deadlock on them. Two calls in opposite
 * orders, or a row locked after notifying that another writer locked before it notifies, can: Postgres then
 * ends one of them (a 503 the console sends again with the same Idempotency-Key; plugins/errors.ts). Notify last.
 */
export async function notifyUsers(tx: Queryable, userIds: readonly number[], notification: NewNotification): Promise<NotificationRecord[]> {
  const created: NotificationRecord[] = [];
  const subject = notification.subject ?? auditSubject(tx);
  const recipients = [...new Set(userIds)];
  for (const userId of [...recipients].sort((a, b) => a - b)) await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [RECIPIENT_LOCK, userId]);
  for (const userId of recipients) {
    const [row] = await tx.query<NotificationRow>(
      `INSERT INTO notifications ${INSERT.columns} VALUES ${INSERT.values} RETURNING ${COLUMNS}`,
      [userId, notification.kind, notification.title, notification.body, notification.link],
    );
    // The subject travels with the signal only: what the live stream needs, and small enough for NOTIFY.
    await signal(tx, { type: 'created', userId, id: row!.id, ...(subject ? { subject } : {}) });
    created.push({ ...toRecord(row!), ...(subject ? { subject } : {}) });
  }
  return created;
}

/** Tells the user's open streams, in every process, that sessions signed in before endedAt are over (after the commit). */
export async function signalSessionsEnded(tx: Queryable, userId: number, endedAt: Date, message: string): Promise<void> {
  await signal(tx, { type: 'ended', userId, endedAt: endedAt.toISOString(), message });
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

/** The id of the user's newest notification (0: none yet). */
export async function latestNotificationId(db: Queryable, userId: number): Promise<number> {
  const [row] = await db.query<{ id: number | null }>('SELECT max(id) AS id FROM notifications WHERE user_id = $1', [userId]);
  return row?.id ?? 0;
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
