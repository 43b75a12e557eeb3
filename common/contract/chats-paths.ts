/** The chats area's paths (relative to API_BASE), importable by the console at runtime. */
const segment = (value: string | number) => encodeURIComponent(String(value));

export const CHAT_FILTERS = ['all', 'mine', 'unassigned', 'waiting', 'resolved'] as const;
export type ChatFilter = (typeof CHAT_FILTERS)[number];

export const chatPaths = {
  /** GET ?filter=&search=&page=: conversations, latest message first, with the caller's unread counts. */
  list: 'chats/',
  /** GET: the caller's total unread across the conversations they see (the nav badge). */
  unread: 'chats/unread-count',
  conversation: (conversationId: number | string) => `chats/${segment(conversationId)}`,
  /** GET ?before=&limit=: newest page first (cursor: the oldest id held); POST posts a staff message. */
  messages: (conversationId: number | string) => `chats/${segment(conversationId)}/messages`,
  attachment: (conversationId: number | string, messageId: number | string) => `chats/${segment(conversationId)}/messages/${segment(messageId)}/file`,
  /** POST { up_to }: marks read up to a message. */
  read: (conversationId: number | string) => `chats/${segment(conversationId)}/read`,
  assign: (conversationId: number | string) => `chats/${segment(conversationId)}/assign`,
  /** POST { status, version }: open, waiting, resolved. */
  status: (conversationId: number | string) => `chats/${segment(conversationId)}/status`,
  /** GET (staff), POST / PATCH / DELETE (ADMIN). */
  cannedReplies: 'chats/canned-replies/',
  cannedReply: (replyId: number | string) => `chats/canned-replies/${segment(replyId)}`,
  /** GET ?conversation=: pending and recent reminders; POST sets one; POST {id}/cancel withdraws it. */
  reminders: 'chat/reminder/',
  cancelReminder: (reminderId: number | string) => `chat/reminder/${segment(reminderId)}/cancel`,
  /** The client's side (CLIENT role): GET ?before= its conversation's messages, POST a message. */
  mine: 'me/chat',
  myMessages: 'me/chat/messages',
} as const;
