/** Notifications: generic per-user notifications, the live stream and web push. Areas notify through notifyUsers / notifyRoles. */
import type { BackendModule } from '../../lib/module.ts';
import { notificationRoutes } from './routes.ts';
import { setupNotifications } from './setup.ts';
import { notificationsWork } from './work.ts';

export { notifyRoles, notifyUsers, signalSessionsEnded, type NewNotification } from './store.ts';
export type { PushTransport } from './push.ts';
export type { NotificationHub } from './hub.ts';

export const notificationsModule: BackendModule = { name: 'notifications', setup: setupNotifications, routes: notificationRoutes, work: notificationsWork };
