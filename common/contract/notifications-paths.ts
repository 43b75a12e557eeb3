/** The notifications area's endpoints (schemas and access: notificationsEndpoints in notifications.ts). */
export const notificationsRoutes = {
  list: 'GET /notifications/',
  unreadCount: 'GET /notifications/unread-count',
  read: 'POST /notifications/:id/read',
  readAll: 'POST /notifications/read-all',
  /** Server-Sent Events: `notification` events (id = the notification's id) and `read` events. */
  stream: 'GET /notifications/stream',
  /** Demo only (emulator mode): sends the caller a notification; 404 in production. */
  test: 'POST /notifications/test',
} as const;

/** SSE event names of the stream. */
export const NOTIFICATION_STREAM_EVENTS = { notification: 'notification', read: 'read' } as const;
