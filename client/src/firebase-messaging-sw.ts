/**
 * The messaging service worker, served unhashed at /firebase-messaging-sw.js with scope / (scripts/build.ts
 * builds it as its own entry). The back end sends data-only FCM messages, so this worker shows them itself
 * and opens or focuses the console at the notification's link when it is clicked. It needs no Firebase SDK:
 * FCM delivers the payload as the push event's JSON.
 */

interface FcmPayload {
  data?: { id?: string; title?: string; body?: string; link?: string };
}

interface NotificationClick extends Event {
  notification: Notification;
  waitUntil(work: Promise<unknown>): void;
}

interface PushMessage extends Event {
  data: { json(): unknown } | null;
  waitUntil(work: Promise<unknown>): void;
}

interface WindowClient {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}

interface WorkerScope {
  location: Location;
  registration: ServiceWorkerRegistration;
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: 'push', listener: (event: PushMessage) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationClick) => void): void;
}

const worker = self as unknown as WorkerScope;

/** Only paths of this console are opened; anything else lands on its home page. */
function consoleUrl(link: string | undefined): string {
  const path = link && link.startsWith('/') && !link.startsWith('//') ? link : '/';
  return new URL(path, worker.location.origin).href;
}

worker.addEventListener('push', (event) => {
  let payload: FcmPayload = {};
  try {
    payload = (event.data?.json() ?? {}) as FcmPayload;
  } catch {
    // Not FCM's JSON: show a plain notice rather than nothing.
  }
  const data = payload.data ?? {};
  event.waitUntil(
    worker.registration.showNotification(data.title ?? 'New notification', {
      body: data.body ?? '',
      tag: data.id ? `notification-${data.id}` : undefined,
      data: { link: data.link ?? '/' },
      icon: '/favicon.svg',
    }),
  );
});

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = consoleUrl((event.notification.data as { link?: string } | null)?.link);
  event.waitUntil(
    (async () => {
      const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === worker.location.origin);
      if (open) {
        await open.focus();
        await open.navigate(target);
        return;
      }
      await worker.clients.openWindow(target);
    })(),
  );
});
