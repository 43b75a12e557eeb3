/**
 * The Chats page's calls (common/contract/chats.ts) and cache keys, all under 'chats'. Messages arrive live
 * through the notification stream: a 'chat_message' or 'chat_reminder' notification invalidates ['chats'],
 * so the list, the nav badge and the open conversation read again.
 */
import type { CannedReplies, ChatFilter, ChatMessage, ChatQuery, ChatReminders, ChatStatusBody, ConversationItem, MessagePage, NewReminderBody, PostMessageBody, UnreadTotal } from '../../../../common/contract/chats.ts';
import { chatPaths } from '../../../../common/contract/chats-paths.ts';
import type { Page } from '../../../../common/contract/shared.ts';
import type { TaskChoices } from '../../../../common/contract/tasks.ts';
import { taskPaths } from '../../../../common/contract/tasks-paths.ts';
import { api } from '../../lib/api.ts';
import { refreshOnNotifications } from '../../lib/notification-events.ts';
import { useQuery } from '../../lib/use-query.ts';

type Headers = Record<string, string>;

export const chatKeys = {
  all: ['chats'] as const,
  list: (query: ChatQuery) => ['chats', 'list', query] as const,
  unread: ['chats', 'unread'] as const,
  conversation: (id: number) => ['chats', 'conversation', id] as const,
  reminders: (id: number) => ['chats', 'reminders', id] as const,
  canned: ['chats', 'canned'] as const,
  staff: ['chats', 'staff'] as const,
};

refreshOnNotifications(['chat_message', 'chat_reminder', 'chat_assigned'], chatKeys.all);

export const fetchConversations = (query: ChatQuery, signal: AbortSignal) => api<Page<ConversationItem>>(chatPaths.list, { query, signal });
export const fetchConversation = (id: number, signal: AbortSignal) => api<ConversationItem>(chatPaths.conversation(id), { signal });
export const fetchMessages = (id: number, query: { before?: number; after?: number; limit?: number }, signal?: AbortSignal) =>
  api<MessagePage>(chatPaths.messages(id), { query, ...(signal ? { signal } : {}) });
export const fetchMessageFile = (id: number, messageId: number, signal: AbortSignal) => api<Blob>(chatPaths.attachment(id, messageId), { responseType: 'blob', signal });
export const fetchReminders = (id: number, signal: AbortSignal) => api<ChatReminders>(chatPaths.reminders, { query: { conversation: id }, signal });
export const fetchCanned = (signal: AbortSignal) => api<CannedReplies>(chatPaths.cannedReplies, { signal });
export const fetchStaff = (signal: AbortSignal) => api<TaskChoices>(taskPaths.choices, { signal });

export const postMessage = (id: number, body: PostMessageBody, headers: Headers) => api<ChatMessage>(chatPaths.messages(id), { method: 'POST', body, headers });
export const markRead = (id: number, upTo: number) => api<ConversationItem>(chatPaths.read(id), { method: 'POST', body: { up_to: upTo } });
export const assignConversation = (id: number, version: number, assignee: number | null, headers: Headers) =>
  api<ConversationItem>(chatPaths.assign(id), { method: 'POST', body: { version, assignee_id: assignee }, headers });
export const setConversationStatus = (id: number, body: ChatStatusBody, headers: Headers) => api<ConversationItem>(chatPaths.status(id), { method: 'POST', body, headers });
export const setReminder = (body: NewReminderBody, headers: Headers) => api<ChatReminders>(chatPaths.reminders, { method: 'POST', body, headers });
export const cancelReminder = (id: number, headers: Headers) => api(chatPaths.cancelReminder(id), { method: 'POST', body: {}, headers });

/** The nav badge's number: the caller's unread client messages (capped at 99+ where it is shown). */
export function useChatUnread(enabled: boolean): number {
  const { data } = useQuery(chatKeys.unread, (signal) => api<UnreadTotal>(chatPaths.unread, { signal }), { enabled, notify: false, refetchOnFocus: true });
  return data?.unread ?? 0;
}

export type { ChatFilter };
