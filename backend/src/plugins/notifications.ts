/** Starts the notification hub for the app's lifetime and, when configured, push delivery through FCM. */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { applicationDefault, deleteApp, initializeApp } from 'firebase-admin/app';
import { getMessaging } from 'firebase-admin/messaging';
import { startNotificationHub, type NotificationHub } from '../notifications/hub.ts';
import { pushNotification, type PushTransport } from '../notifications/push.ts';

declare module 'fastify' {
  interface FastifyInstance {
    notificationHub: NotificationHub;
  }
}

export interface NotificationsPluginOptions {
  projectId: string;
  fcmPush: boolean;
  /** Replaces FCM (tests); without it and with fcmPush, firebase-admin messaging with the default credentials. */
  pushTransport?: PushTransport;
}

export const notificationsPlugin = fp<NotificationsPluginOptions>(
  async (app: FastifyInstance, options) => {
    const hub = await startNotificationHub(app.db, app.log);
    app.decorate('notificationHub', hub);
    app.addHook('onClose', () => hub.close());

    let transport = options.pushTransport;
    if (!transport && options.fcmPush) {
      const firebase = initializeApp({ projectId: options.projectId, credential: applicationDefault() }, `push-${randomUUID()}`);
      app.addHook('onClose', () => deleteApp(firebase));
      transport = getMessaging(firebase);
    }
    const push = transport;
    if (push) {
      hub.onSignal((signal) => {
        pushNotification(app.db, push, signal).catch((error: unknown) => app.log.warn({ err: error }, 'push delivery failed'));
      });
    }
  },
  { name: 'notifications', dependencies: ['db'] },
);
