import { apiPaths, type NotificationRecord } from '../../../../common/api-contract.ts';
import { api } from '../../lib/api.ts';

/** Demo only: the back end sends the caller a notification (404 outside emulator mode). */
export function sendTestNotification(): Promise<NotificationRecord> {
  return api<NotificationRecord>(apiPaths.testNotification, { method: 'POST' });
}
