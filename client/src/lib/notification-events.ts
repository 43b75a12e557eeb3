/**
 * Live notifications as events other areas can react to without importing the notifications feature: the
 * notification center publishes each new record it receives from the stream, and an area declares which of
 * its cached views a kind makes stale (refreshOnNotifications: a chat message reads the chats again, a new
 * website enquiry the inbox and its nav count) or listens to them itself.
 */
import type { NotificationKind, NotificationRecord } from '../../../common/contract/notifications.ts';
import { queryCache, type QueryKey } from './query-cache.ts';

type Listener = (record: NotificationRecord) => void;
const listeners = new Set<{ kinds: readonly NotificationKind[] | null; listener: Listener }>();

export function publishNotification(record: NotificationRecord): void {
  for (const entry of listeners) if (entry.kinds === null || entry.kinds.includes(record.kind)) entry.listener(record);
}

function subscribe(kinds: readonly NotificationKind[] | null, listener: Listener): () => void {
  const entry = { kinds, listener };
  listeners.add(entry);
  return () => {
    listeners.delete(entry);
  };
}

/** Calls listener with every live notification until the returned function is called. */
export const onNotification = (listener: Listener) => subscribe(null, listener);

/** Calls listener for each record of these kinds until the returned function is called. */
export const onNotificationKinds = (kinds: readonly NotificationKind[], listener: Listener) => subscribe(kinds, listener);

/**
 * The one way an area's views follow the stream: from its api.ts, when its code first loads, every cached
 * answer under `key` is read again when a notification of one of `kinds` arrives, for as long as the app runs
 * (a view not on screen is only marked stale). Before the area's code loads it has nothing cached to refresh.
 */
export function refreshOnNotifications(kinds: readonly NotificationKind[], key: QueryKey): void {
  subscribe(kinds, () => queryCache.invalidate(key));
}
