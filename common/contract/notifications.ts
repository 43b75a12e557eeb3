/** The signed-in staff user's notifications, their read state and the live stream's event shapes. */
import { Type, type Static } from 'typebox';
import { NOTIFICATION_KINDS } from '../events.ts';
import { Closed, Instant, Nullable, PageQuery } from './shared.ts';

export { NOTIFICATION_STREAM_EVENTS, notificationPaths } from './notifications-paths.ts';

export const NotificationQuery = Closed(PageQuery);
export type NotificationQuery = Static<typeof NotificationQuery>;

/** GET notifications/ lists the caller's own, newest first; the stream sends the same shape. */
export const NotificationRecord = Type.Object({
  id: Type.Integer(),
  kind: Type.Enum(NOTIFICATION_KINDS),
  title: Type.String(),
  body: Type.String(),
  /** A console path to open, e.g. '/due-diligence/details/12'; null when there is nothing to open. */
  link: Nullable(Type.String()),
  created_at: Instant,
  /** null while unread */
  read_at: Nullable(Instant),
});
export type NotificationRecord = Static<typeof NotificationRecord>;
export type NotificationKind = NotificationRecord['kind'];

/** GET notifications/unread-count, and the answer of every mark-read call. */
export const UnreadCount = Type.Object({ unread: Type.Integer() });
export type UnreadCount = Static<typeof UnreadCount>;

/** The stream's `read` event: these ids (or every one up to `upTo`) were marked read, in any tab or device. */
export interface NotificationsReadEvent {
  ids: number[];
  upTo: number | null;
}
