/** Starts the notification hub for the app's lifetime and, when configured, push delivery through FCM. */
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { applicationDefault, deleteApp, initializeApp } from 'firebase-admin/app';
import { getMessaging } from 'firebase-admin/messaging';
import type { ModuleOptions } from '../../lib/module.ts';
import { startNotificationHub, type NotificationHub } from './hub.ts';
import { pushNotification } from './push.ts';

declare module 'fastify' {
  interface FastifyInstance {
    notificationHub: NotificationHub;
  }
}

export async function setupNotifications(app: FastifyInstance, { config }: ModuleOptions): Promise<void> {
  const hub = await startNotificationHub(app.db, app.log);
  app.decorate('notificationHub', hub);
  app.addHook('onClose', () => hub.close());

  // The FCM stand-in of the tests, else firebase-admin messaging with the default credentials when enabled.
  let transport = app.buildExtras.pushTransport;
  if (!transport && config.FCM_PUSH) {
    const firebase = initializeApp({ projectId: config.FIREBASE_PROJECT_ID, credential: applicationDefault() }, `push-${randomUUID()}`);
    app.addHook('onClose', () => deleteApp(firebase));
    transport = getMessaging(firebase);
  }
  const push = transport;
  if (push) {
    hub.onSignal((signal) => {
      pushNotification(app.db, push, signal).catch((error: unknown) => app.log.warn({ err: error }, 'push delivery failed'));
    });
  }
}
