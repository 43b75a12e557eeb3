import { clientEndpoints } from '../../../../common/contract/endpoint.ts';
import type { notificationsEndpoints } from '../../../../common/contract/notifications.ts';
import { notificationsRoutes } from '../../../../common/contract/notifications-paths.ts';
import { call } from '../../lib/call.ts';

const notifications = clientEndpoints<typeof notificationsEndpoints>(notificationsRoutes);

/** Demo only: the back end sends the caller a notification (404 outside emulator mode). */
export function sendTestNotification() {
  return call(notifications.test);
}
