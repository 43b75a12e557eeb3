/**
 * Fills the notification model from the server and keeps it live: the list, the unread count (always the
 * server's, re-read after every write and every stream event; an answer older than the newest request is
 * dropped), and the stream, whose events become panel items and push toasts. Every open tab holds its own
 * stream, so read marks made in one tab reach the others as `read` events.
 */
import { publishNotification } from '../../lib/notification-events.ts';
import type { NotificationRecord, notificationsEndpoints, NotificationsReadEvent, SessionEndedEvent } from '../../../../common/contract/notifications.ts';
import { clientEndpoints, requestOf } from '../../../../common/contract/endpoint.ts';
import { NOTIFICATION_STREAM_EVENTS, notificationsRoutes } from '../../../../common/contract/notifications-paths.ts';
import { addNotification, markItemsRead, notifications, replaceNotifications, unreadCount, type NotificationItem } from './model.ts';
import { call } from '../../lib/call.ts';
import { openEventStream } from '../../lib/event-stream.ts';
import { reportStream, resetConnection } from '../../lib/connection.ts';
import { endSessionWith, sessionIdToken } from '../../lib/session-lost.ts';
import { serverWorded } from '../../lib/errors.ts';
import { workKeys } from '../../lib/work-api.ts';
import { PUSH_TOAST_DURATION_MS, showPushToast } from '../../lib/push-toast.ts';
import { queryCache } from '../../lib/query-cache.ts';

const endpoints = clientEndpoints<typeof notificationsEndpoints>(notificationsRoutes);

/** How many the panel loads; older ones stay on the server. */
const LIST_SIZE = 50;
/** 'Remind Later' on a notification's toast shows it again after this long. */
export const REMIND_LATER_MS = 10 * 60_000;

export function toItem(record: NotificationRecord): NotificationItem {
  return {
    id: String(record.id),
    room: record.link ?? record.kind,
    title: record.title,
    body: record.body,
    receivedAt: Date.parse(record.created_at),
    kind: record.kind,
    link: record.link,
    read: record.read_at !== null,
  };
}

let countRequest = 0;

export async function refreshUnreadCount(): Promise<void> {
  const request = ++countRequest;
  try {
    const { unread } = await call(endpoints.unreadCount);
    if (request === countRequest) unreadCount.value = unread;
  } catch (error) {
    console.warn('Unread notification count not refreshed', error);
  }
}

export async function loadNotifications(): Promise<void> {
  const page = await call(endpoints.list, { query: { page_size: LIST_SIZE } });
  const loaded = page.results.map(toItem);
  const known = new Set(loaded.map((item) => item.id));
  // Items the stream delivered while the list was on its way stay.
  replaceNotifications([...notifications.value.filter((item) => !known.has(item.id)), ...loaded].sort((a, b) => b.receivedAt - a.receivedAt));
}

/** Marks read at once on screen, then on the server; a failed write puts the server's state back. */
async function writeReadMark(isRead: (item: NotificationItem) => boolean, write: () => Promise<unknown>): Promise<void> {
  markItemsRead(isRead);
  try {
    await write();
  } catch (error) {
    loadNotifications().catch((reloadError: unknown) => console.warn('Notifications not reloaded', reloadError));
    throw error;
  } finally {
    void refreshUnreadCount();
  }
}

export function markNotificationRead(item: NotificationItem): Promise<void> {
  return writeReadMark((candidate) => candidate.id === item.id, () => call(endpoints.read, { params: { id: item.id } }));
}

export function markAllNotificationsRead(): Promise<void> {
  return writeReadMark(() => true, () => call(endpoints.readAll));
}

function announce(item: NotificationItem, navigate: (path: string) => void): void {
  const open = item.link
    ? () => {
        navigate(item.link!);
        void markNotificationRead(item).catch((error: unknown) => console.warn('Notification not marked read', error));
      }
    : undefined;
  // An incoming notification shows as a success-style toast for 5 seconds (spec section 4).
  showPushToast({
    variant: 'success',
    title: item.title,
    body: item.body,
    duration: PUSH_TOAST_DURATION_MS,
    ...(open ? { onOpen: open } : {}),
    onRemind: () => setTimeout(() => announce(item, navigate), REMIND_LATER_MS),
  });
}

/** Opens the stream for the signed-in user; returns the function that closes it (sign-out, unmount). */
export function startNotificationCenter(navigate: (path: string) => void): () => void {
  const stream = openEventStream({
    path: requestOf(notificationsRoutes.stream).path,
    getToken: sessionIdToken,
    onOpen: (resumed) => {
      reportStream(true);
      void refreshUnreadCount();
      // A resumed stream replays what was missed as events, which also makes their toasts.
      if (!resumed) loadNotifications().catch((error: unknown) => console.warn('Notifications not loaded', error));
    },
    // The top bar says 'Reconnecting…' until the stream opens again.
    onInterrupted: () => reportStream(false),
    // A 401 after a refreshed token: the session is over, unless it only waits for its code (the shell asks).
    onUnauthorized: (body) => {
      if ((body as { errorCode?: unknown } | undefined)?.errorCode === 'SECOND_FACTOR_REQUIRED') return false;
      void endSessionWith(serverWorded(body));
      return true;
    },
    onMessage: (message) => {
      if (message.event === NOTIFICATION_STREAM_EVENTS.ended) {
        // This tab's sessions were ended (by an administrator, or from another tab): it signs out now, not
        // at its next call or when the gateway's verification cache lapses.
        stream.close();
        void endSessionWith((JSON.parse(message.data) as SessionEndedEvent).message);
        return;
      }
      if (message.event === NOTIFICATION_STREAM_EVENTS.notification) {
        const record = JSON.parse(message.data) as NotificationRecord;
        const item = toItem(record);
        const isNew = !notifications.value.some((existing) => existing.id === item.id);
        addNotification(item);
        // Areas whose views a notification makes stale hear of each new one here (lib/notification-events.ts).
        if (isNew) publishNotification(record);
        if (isNew && !item.read) announce(item, navigate);
      } else if (message.event === NOTIFICATION_STREAM_EVENTS.read) {
        const { ids, upTo } = JSON.parse(message.data) as NotificationsReadEvent;
        markItemsRead((item) => ids.includes(Number(item.id)) || (upTo !== null && Number(item.id) <= upTo));
      }
      void refreshUnreadCount();
      // Something changed for this user: Home's blocks (one call) read again, so Home follows live.
      queryCache.invalidate(workKeys.myWork);
    },
  });
  return () => {
    stream.close();
    resetConnection();
    replaceNotifications([]);
    unreadCount.value = null;
  };
}
