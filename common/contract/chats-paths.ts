/** The chats area's paths (relative to API_BASE), importable by the console at runtime. */
import type { AreaChanges } from './endpoint.ts';

export const CHAT_FILTERS = ['all', 'mine', 'unassigned', 'waiting', 'resolved'] as const;
export type ChatFilter = (typeof CHAT_FILTERS)[number];

export const chatsRoutes = {
  /** ?filter=&search=&page=: conversations, latest message first, with the caller's unread counts. */
  list: 'GET /chats/',
  /** The caller's total unread across the conversations they see (the nav badge). */
  unread: 'GET /chats/unread-count',
  cannedReplies: 'GET /chats/canned-replies/',
  /** ADMIN: add, change and delete canned replies. */
  createCannedReply: 'POST /chats/canned-replies/',
  updateCannedReply: 'PATCH /chats/canned-replies/:replyId',
  deleteCannedReply: 'DELETE /chats/canned-replies/:replyId',
  conversation: 'GET /chats/:conversationId',
  /** ?before=&limit=: newest page first (cursor: the oldest id held). */
  messages: 'GET /chats/:conversationId/messages',
  postMessage: 'POST /chats/:conversationId/messages',
  attachment: 'GET /chats/:conversationId/messages/:messageId/file',
  /** { up_to }: marks read up to a message. */
  read: 'POST /chats/:conversationId/read',
  assign: 'POST /chats/:conversationId/assign',
  /** { status, version }: open, waiting, resolved. */
  status: 'POST /chats/:conversationId/status',
  /** ?conversation=: pending and recent reminders. */
  reminders: 'GET /chat/reminder/',
  setReminder: 'POST /chat/reminder/',
  cancelReminder: 'POST /chat/reminder/:reminderId/cancel',
  /** The client's side (CLIENT role): ?before= its conversation's messages, and a new message. */
  mine: 'GET /me/chat',
  myMessages: 'POST /me/chat/messages',
} as const;

/** The Chats list's bulk actions and their labels (params schemas: chatsBulkActions in chats.ts). */
export const chatsBulkLabels = { assign: 'Assign', resolve: 'Resolve' } as const;

/** Besides the chats: an assigned or resolved conversation is what My work lists. */
export const chatsChanges = {
  assign: ['work'],
  status: ['work'],
} as const satisfies AreaChanges<typeof chatsRoutes>;
