/**
 * Live notifications as events other areas can react to without importing the notifications feature: the
 * notification center publishes each record it receives from the stream, and an area subscribes to all of
 * them or to the kinds it cares about (the chats area reads its conversation again when a 'chat_message'
 * arrives; the Unsynced Inv page reloads when an invoice stops or syncs).
 */
import type { NotificationKind, NotificationRecord } from '../../../common/contract/notifications.ts';

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
