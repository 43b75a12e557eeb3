/**
 * /api/notifications/...: the caller's own notifications, their read state, the live stream (Server-Sent
 * Events) and, in emulator mode only, a test notification for the Settings page's demo button.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NOTIFICATION_STREAM_EVENTS, type NotificationRecord, type Page, type UnreadCount } from '../../../common/api-contract.ts';
import { authorize } from '../plugins/auth.ts';
import { invalidInput, notFound } from '../lib/http-error.ts';
import { pageQuerySchema, pageWindow, toPage, type PageQuery } from '../lib/pagination.ts';
import type { StreamEvent } from '../notifications/hub.ts';
import { listNotifications, markAllRead, markRead, notificationsAfter, notifyUsers, unreadCount } from '../notifications/store.ts';

export interface NotificationRouteOptions {
  heartbeatMs: number;
  /** The demo's test notification exists only while tokens come from the Auth emulator. */
  demoMode: boolean;
}

/** How many missed notifications a reconnecting stream is sent; older ones are in the list. */
const RESUME_LIMIT = 200;

/** Notifications appear in the shell of every staff page; Settings is the page every staff role may open. */
const guard = (request: FastifyRequest) => authorize(request, 'settings');

export async function notificationRoutes(app: FastifyInstance, options: NotificationRouteOptions) {
  const openStreams = new Set<() => void>();
  // Open streams would hold the server's graceful close until their tokens expire.
  app.addHook('preClose', () => {
    for (const end of openStreams) end();
  });

  app.get<{ Querystring: PageQuery }>(
    '/notifications/',
    { schema: { querystring: { type: 'object', properties: pageQuerySchema } } },
    async (request): Promise<Page<NotificationRecord>> => {
      const user = guard(request);
      const window = pageWindow(request.query);
      const { count, results } = await listNotifications(app.db, user.id, window.size, window.offset);
      return toPage(request, window, count, results);
    },
  );

  app.get('/notifications/unread-count', async (request): Promise<UnreadCount> => {
    const user = guard(request);
    return { unread: await unreadCount(app.db, user.id) };
  });

  app.post<{ Params: { id: number } }>(
    '/notifications/:id/read',
    { schema: { params: { type: 'object', properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } } } } },
    async (request): Promise<UnreadCount> => {
      const user = guard(request);
      const found = await app.db.transaction((tx) => markRead(tx, user.id, request.params.id));
      if (!found) throw notFound('Notification');
      return { unread: await unreadCount(app.db, user.id) };
    },
  );

  app.post('/notifications/read-all', async (request): Promise<UnreadCount> => {
    const user = guard(request);
    await app.db.transaction((tx) => markAllRead(tx, user.id));
    return { unread: await unreadCount(app.db, user.id) };
  });

  if (options.demoMode) {
    app.post('/notifications/test', async (request, reply): Promise<NotificationRecord> => {
      const user = guard(request);
      const [created] = await app.db.transaction((tx) =>
        notifyUsers(tx, [user.id], { kind: 'test', title: 'Test notification', body: 'Notifications reach this console live.', link: '/settings' }),
      );
      reply.code(201);
      return created!;
    });
  }

  app.get('/notifications/stream', async (request, reply) => {
    const user = guard(request);
    const lastEventId = parseLastEventId(request.headers['last-event-id']);
    const sent = new Set<number>();
    // Live events that arrive while the missed ones are read are held, then sent after them in order.
    let held: StreamEvent[] | null = [];
    const out = reply.raw;

    const write = (event: StreamEvent) => {
      if (event.type === 'notification') {
        if (sent.has(event.notification.id)) return;
        sent.add(event.notification.id);
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

    const heartbeat = setInterval(() => out.write(': heartbeat\n\n'), options.heartbeatMs);
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

    try {
      if (lastEventId !== null) for (const notification of await notificationsAfter(app.db, user.id, lastEventId, RESUME_LIMIT)) write({ type: 'notification', notification });
    } catch (error) {
      request.log.warn({ err: error }, 'missed notifications not read');
    }
    const pending = held;
    held = null;
    for (const event of pending) write(event);
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
