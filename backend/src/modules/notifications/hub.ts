/**
 * Fans the database's notification signals out to the streams this process holds. Every replica listens
 * on the same channel (Postgres LISTEN/NOTIFY; PGlite's listen in the demo), so a notification written by
 * any process reaches a stream held by any other; nothing is kept in memory beyond the open streams.
 */
import type { NotificationRecord, NotificationsReadEvent } from '../../../../common/contract/notifications.ts';
import type { Database } from '../../db/database.ts';
import { findNotification, NOTIFICATION_CHANNEL, type NotificationSignal } from './store.ts';

export type StreamEvent =
  | { type: 'notification'; notification: NotificationRecord }
  | { type: 'read'; read: NotificationsReadEvent }
  | { type: 'ended'; endedAt: number; message: string }
  /** The database's signals were lost for a while (its connection dropped and is back): read what was missed. */
  | { type: 'resume' };

export type StreamListener = (event: StreamEvent) => void;

export interface NotificationHub {
  /** Calls listener with the user's events until the returned function is called. */
  subscribe(userId: number, listener: StreamListener): () => void;
  /** Every signal seen on the channel, after the streams had theirs (push delivery hangs off this). */
  onSignal(handler: (signal: NotificationSignal) => void): void;
  close(): Promise<void>;
}

export async function startNotificationHub(db: Database, log: { warn(object: unknown, message: string): void }): Promise<NotificationHub> {
  const listeners = new Map<number, Set<StreamListener>>();
  const signalHandlers: ((signal: NotificationSignal) => void)[] = [];

  const dispatch = (userId: number, event: StreamEvent) => {
    for (const listener of listeners.get(userId) ?? []) listener(event);
  };

  const receive = async (payload: string) => {
    const message = JSON.parse(payload) as NotificationSignal;
    if (listeners.has(message.userId)) {
      if (message.type === 'created') {
        const notification = await findNotification(db, message.userId, message.id);
        if (notification) dispatch(message.userId, { type: 'notification', notification: message.subject ? { ...notification, subject: message.subject } : notification });
      } else if (message.type === 'ended') {
        dispatch(message.userId, { type: 'ended', endedAt: Date.parse(message.endedAt), message: message.message });
      } else {
        dispatch(message.userId, { type: 'read', read: { ids: message.ids, upTo: message.upTo } });
      }
    }
    for (const handler of signalHandlers) handler(message);
  };

  const unlisten = await db.listen(
    NOTIFICATION_CHANNEL,
    (payload) => {
      receive(payload).catch((error: unknown) => log.warn({ err: error }, 'notification signal not delivered'));
    },
    () => {
      for (const set of listeners.values()) for (const listener of set) listener({ type: 'resume' });
    },
  );

  return {
    subscribe(userId, listener) {
      let set = listeners.get(userId);
      if (!set) listeners.set(userId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(userId) === set) listeners.delete(userId);
      };
    },
    onSignal(handler) {
      signalHandlers.push(handler);
    },
    async close() {
      listeners.clear();
      await unlisten();
    },
  };
}
