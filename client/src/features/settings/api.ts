import type { NotificationRecord } from '../../../../common/contract/notifications.ts';
import { notificationPaths } from '../../../../common/contract/notifications-paths.ts';
import { api } from '../../lib/api.ts';

/** Demo only: the back end sends the caller a notification (404 outside emulator mode). */
export function sendTestNotification(): Promise<NotificationRecord> {
  return api<NotificationRecord>(notificationPaths.test, { method: 'POST' });
}
