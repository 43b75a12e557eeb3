/** The notifications area's paths (relative to API_BASE). */
export const notificationPaths = {
  list: 'notifications/',
  unreadCount: 'notifications/unread-count',
  read: (id: number) => `notifications/${id}/read`,
  readAll: 'notifications/read-all',
  /** Server-Sent Events: `notification` events (id = the notification's id) and `read` events. */
  stream: 'notifications/stream',
  /** Demo only (emulator mode): sends the caller a notification; 404 in production. */
  test: 'notifications/test',
} as const;

/** SSE event names of the stream. */
export const NOTIFICATION_STREAM_EVENTS = { notification: 'notification', read: 'read' } as const;
