/**
 * Live notifications as events other areas can react to without importing the notifications feature: the
 * notification center publishes each one it receives from the stream, and an area subscribes to the kinds
 * it cares about (the chats area reads its conversation again when a 'chat_message' arrives).
 */
import type { NotificationRecord } from '../../../common/contract/notifications.ts';

type Listener = (notification: NotificationRecord) => void;
const listeners = new Set<Listener>();

export function publishNotification(notification: NotificationRecord): void {
  for (const listener of listeners) listener(notification);
}

/** Calls listener with every live notification until the returned function is called. */
export function onNotification(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
