/**
 * /api/notifications/...: the caller's own notifications, their read state, the live stream (Server-Sent
 * Events) and, in emulator mode only, a test notification for the Settings page's demo button.
 */
import type { FastifyInstance } from 'fastify';
import { NOTIFICATION_STREAM_EVENTS, notificationsEndpoints as endpoints } from '../../../../common/contract/notifications.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { invalidInput, notFound } from '../../lib/http-error.ts';
import type { ModuleOptions } from '../../lib/module.ts';
import { pageWindow, toPage } from '../../lib/pagination.ts';
import { route } from '../../lib/routes.ts';
import type { StreamEvent } from './hub.ts';
import { latestNotificationId, listNotifications, markAllRead, markRead, notificationsAfter, notifyUsers, unreadCount } from './store.ts';
import { SETTINGS_PATH } from '../../../../common/links.ts';

/** How many missed notifications a reconnecting stream is sent; older ones are in the list. */
const RESUME_LIMIT = 200;

export async function notificationRoutes(app: FastifyInstance, { config: settings }: ModuleOptions) {
  const heartbeatMs = settings.STREAM_HEARTBEAT_MS;
  // The demo's test notification exists only while tokens come from the Auth emulator.
  const demoMode = Boolean(settings.FIREBASE_AUTH_EMULATOR_HOST);
  const openStreams = new Set<() => void>();
  // Open streams would hold the server's graceful close until their tokens expire.
  app.addHook('preClose', () => {
    for (const end of openStreams) end();
  });

  route(app, endpoints.list, async (request) => {
    const user = signedInUser(request);
    const window = pageWindow(request.query);
    const { count, results } = await listNotifications(app.db, user.id, window.size, window.offset);
    return toPage(request, window, count, results);
  });

  route(app, endpoints.unreadCount, async (request) => {
    const user = signedInUser(request);
    return { unread: await unreadCount(app.db, user.id) };
  });

  route(app, endpoints.read, async (request) => {
    const user = signedInUser(request);
    const found = await app.db.transaction((tx) => markRead(tx, user.id, request.params.id));
    if (!found) throw notFound('Notification');
    return { unread: await unreadCount(app.db, user.id) };
  });

  route(app, endpoints.readAll, async (request) => {
    const user = signedInUser(request);
    await app.db.transaction((tx) => markAllRead(tx, user.id));
    return { unread: await unreadCount(app.db, user.id) };
  });

  if (demoMode) {
    route(app, endpoints.test, async (request, reply) => {
      const user = signedInUser(request);
      const [created] = await app.db.transaction((tx) =>
        notifyUsers(tx, [user.id], { kind: 'test', title: 'Test notification', body: 'Notifications reach this console live.', link: SETTINGS_PATH }),
      );
      return reply.code(201).send(created!);
    });
  }

  // An event stream, not a JSON answer: written on the raw socket, so no response schema.
  route(app, endpoints.stream, async (request, reply) => {
    const user = signedInUser(request);
    const lastEventId = parseLastEventId(request.headers['last-event-id']);
    const sent = new Set<number>();
    // Live events that arrive while the missed ones are read are held, then sent after them in order.
    let held: StreamEvent[] | null = [];
    // The newest notification this stream has sent or its client had (Last-Event-ID): a catch-up reads after it.
    let cursor = lastEventId ?? 0;
    const out = reply.raw;

    const write = (event: StreamEvent) => {
      if (event.type === 'ended') {
        // Whole seconds, as the auth plugin and Firebase compare: a sign-in after the end keeps its stream.
        if (request.idToken && request.idToken.auth_time < Math.floor(event.endedAt / 1000)) {
          out.write(sseMessage(NOTIFICATION_STREAM_EVENTS.ended, { message: event.message }));
          end();
        }
      } else if (event.type === 'resume') {
        void catchUp();
      } else if (event.type === 'notification') {
        if (sent.has(event.notification.id)) return;
        sent.add(event.notification.id);
        cursor = Math.max(cursor, event.notification.id);
        out.write(sseMessage(NOTIFICATION_STREAM_EVENTS.notification, event.notification, event.notification.id));
      } else {
        out.write(sseMessage(NOTIFICATION_STREAM_EVENTS.read, event.read));
      }
    };
    const unsubscribe = app.notificationHub.subscribe(user.id, (event) => (held ? held.push(event) : write(event)));

    reply.hijack();
    out.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      'x-request-id': request.id,
      // One stream per connection: when it ends, the socket goes too instead of idling in a keep-alive pool.
      connection: 'close',
    });
    out.write(': stream open\n\n');

    const heartbeat = setInterval(() => out.write(': heartbeat\n\n'), heartbeatMs);
    // The stream lives as long as the token it was opened with; the browser reconnects with a fresh one.
    const expiry = setTimeout(() => end(), Math.max(0, request.tokenExpiresAt - Date.now()));
    const end = () => {
      cleanup();
      // The socket goes with the stream: a half-closed keep-alive connection would hold the server's close.
      out.end(() => out.destroy());
    };
    const cleanup = () => {
      clearInterval(heartbeat);
      clearTimeout(expiry);
      unsubscribe();
      openStreams.delete(end);
    };
    openStreams.add(end);
    out.once('close', cleanup);

    /**
     * Sends what was written after the cursor: the notifications a reconnecting client missed, or those whose
     * signals were lost while this back end's listening connection was down (a database restart), which no
     * reconnect would fetch as the stream itself stayed open. Live events wait meanwhile, then follow in order.
     */
    const catchUp = async () => {
      held ??= [];
      try {
        for (const notification of await notificationsAfter(app.db, user.id, cursor, RESUME_LIMIT)) write({ type: 'notification', notification });
      } catch (error) {
        request.log.warn({ err: error }, 'missed notifications not read');
      }
      const pending = held;
      held = null;
      for (const event of pending) write(event);
    };

    if (lastEventId === null) {
      // No Last-Event-ID: nothing older is due to this stream, but a later catch-up needs to know where "later" starts.
      try {
        cursor = Math.max(cursor, await latestNotificationId(app.db, user.id));
      } catch (error) {
        request.log.warn({ err: error }, 'newest notification not read');
      }
      const pending = held;
      held = null;
      for (const event of pending) write(event);
    } else {
      await catchUp();
    }
  });
}

/** The Last-Event-ID a reconnecting EventSource-style client sends: the id of the last notification it got. */
function parseLastEventId(header: string | string[] | undefined): number | null {
  if (header === undefined || header === '') return null;
  if (typeof header !== 'string' || !/^\d{1,10}$/.test(header)) throw invalidInput('Last-Event-ID', 'must be a notification id');
  return Number(header);
}

function sseMessage(event: string, data: unknown, id?: number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}
