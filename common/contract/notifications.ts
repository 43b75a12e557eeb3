/** The signed-in staff user's notifications, their read state and the live stream's event shapes. */
import { Type, type Static } from 'typebox';
import { AUDIT_ENTITIES, NOTIFICATION_KINDS } from '../events.ts';
import { access, endpoints } from './endpoint.ts';
import { notificationsRoutes } from './notifications-paths.ts';
import { Closed, IdParams, Instant, NoBody, Nullable, Page, PageQuery } from './shared.ts';

export { NOTIFICATION_STREAM_EVENTS, notificationsRoutes } from './notifications-paths.ts';

export const NotificationQuery = Closed(PageQuery);
export type NotificationQuery = Static<typeof NotificationQuery>;

/**
 * The record a change was made to, named by its audit event (entity and id, and the client it belongs to when
 * it has one), so an open page showing that record reads it again whatever the notification's link says.
 */
export const RecordSubject = Type.Object({
  entity: Type.Enum(AUDIT_ENTITIES),
  id: Type.Integer(),
  client_id: Nullable(Type.Integer()),
});
export type RecordSubject = Static<typeof RecordSubject>;

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
  /** On the live stream only (not stored): the record whose change this notification reports. */
  subject: Type.Optional(RecordSubject),
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

/** The stream's `ended` event: the sentence the console signs out with (by an administrator, or by oneself). */
export interface SessionEndedEvent {
  message: string;
}

/** Notifications appear in the shell of every staff page; Settings is the page every staff role may open. */
const shell = access.page('settings');
const own = 'The caller\'s own notifications only.';

export const notificationsEndpoints = endpoints('notifications', notificationsRoutes, {
  list: { summary: 'The caller\'s notifications, newest first', access: shell, ownership: own, query: NotificationQuery, response: { 200: Page(NotificationRecord) } },
  unreadCount: { summary: 'How many of the caller\'s notifications are unread', access: shell, ownership: own, response: { 200: UnreadCount } },
  read: { summary: 'Mark one notification read', access: shell, ownership: own, params: IdParams('id'), body: NoBody, response: { 200: UnreadCount } },
  readAll: { summary: 'Mark every notification read', access: shell, ownership: own, body: NoBody, response: { 200: UnreadCount } },
  stream: {
    summary: 'The live stream: notification and read events (Last-Event-ID resumes)',
    access: shell,
    ownership: own,
    raw: { contentTypes: ['text/event-stream'], description: 'Server-Sent Events until the token expires' },
  },
  test: {
    summary: 'Send the caller a test notification (the Settings page\'s demo button)',
    access: shell,
    body: NoBody,
    response: { 201: NotificationRecord },
    condition: 'Only while tokens come from the Auth emulator (the demo).',
  },
});
