/**
 * Notification state (spec section 3): items belong to a room (a chat or a client thread), and removing
 * a room removes every item of it. Push delivery fills it in a later issue.
 */
import { computed, signal } from '@preact/signals-react';

export interface NotificationItem {
  id: string;
  room: string;
  title: string;
  body: string;
  /** Epoch milliseconds. */
  receivedAt: number;
}

export const notifications = signal<readonly NotificationItem[]>([]);

export const notificationCount = computed(() => notifications.value.length);

export function addNotification(item: NotificationItem): void {
  if (notifications.value.some((existing) => existing.id === item.id)) return;
  notifications.value = [...notifications.value, item];
}

export function removeRoom(room: string): void {
  notifications.value = notifications.value.filter((item) => item.room !== room);
}
