/**
 * The notification stream's records, handed to whichever page wants to react to a kind of them live (the
 * Unsynced Inv page reloads when an invoice stops or syncs), without that page importing the notifications
 * feature: the notification center publishes every record it receives here.
 */
import type { NotificationKind, NotificationRecord } from '../../../common/contract/notifications.ts';

type Listener = (record: NotificationRecord) => void;
const listeners = new Set<{ kinds: readonly NotificationKind[]; listener: Listener }>();

export function publishNotification(record: NotificationRecord): void {
  for (const entry of listeners) if (entry.kinds.includes(record.kind)) entry.listener(record);
}

/** Calls listener for each record of these kinds until the returned function is called. */
export function onNotificationKinds(kinds: readonly NotificationKind[], listener: Listener): () => void {
  const entry = { kinds, listener };
  listeners.add(entry);
  return () => {
    listeners.delete(entry);
  };
}
