/** The notifications area's endpoints (schemas and access: notificationsEndpoints in notifications.ts). */
export const notificationsRoutes = {
  list: 'GET /notifications/',
  unreadCount: 'GET /notifications/unread-count',
  read: 'POST /notifications/:id/read',
  readAll: 'POST /notifications/read-all',
  /** Server-Sent Events: `notification` events (id = the notification's id), `read` events and a last `ended`. */
  stream: 'GET /notifications/stream',
  /** Demo only (emulator mode): sends the caller a notification; 404 in production. */
  test: 'POST /notifications/test',
} as const;

/**
 * SSE event names of the stream. `ended`: the account's sessions were ended (sign out everywhere, a reset of
 * the second factor) and this stream's sign-in is one of them; the stream closes after it.
 */
export const NOTIFICATION_STREAM_EVENTS = { notification: 'notification', read: 'read', ended: 'ended' } as const;
