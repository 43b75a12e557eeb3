/**
 * The one notification model (spec section 3): items belong to a room, and removing a room removes every
 * item of it. The panel, the bell's badge and push toasts all read these signals; lib/notification-center.ts
 * fills them from the server and its live stream.
 */
import { computed, signal } from '@preact/signals-react';
import type { NotificationKind } from '../../../../common/contract/notifications.ts';

export interface NotificationItem {
  id: string;
  /** What the item is about (the page its link opens); removeRoom clears a whole thread at once. */
  room: string;
  title: string;
  body: string;
  /** Epoch milliseconds. */
  receivedAt: number;
  kind?: NotificationKind;
  link?: string | null;
  read?: boolean;
}

/** Newest first. */
export const notifications = signal<readonly NotificationItem[]>([]);

/** The server's unread count; null until first read. The badge shows this, never a local tally. */
export const unreadCount = signal<number | null>(null);

export const notificationCount = computed(() => unreadCount.value ?? notifications.value.filter((item) => !item.read).length);

/** Adds an item in its place by time (newest first); an id already held is ignored. */
export function addNotification(item: NotificationItem): void {
  if (notifications.value.some((existing) => existing.id === item.id)) return;
  notifications.value = [...notifications.value, item].sort((a, b) => b.receivedAt - a.receivedAt || Number(b.id) - Number(a.id));
}

export function replaceNotifications(items: readonly NotificationItem[]): void {
  notifications.value = items;
}

export function markItemsRead(isRead: (item: NotificationItem) => boolean): void {
  notifications.value = notifications.value.map((item) => (!item.read && isRead(item) ? { ...item, read: true } : item));
}

export function removeRoom(room: string): void {
  notifications.value = notifications.value.filter((item) => item.room !== room);
}
