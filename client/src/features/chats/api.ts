/**
 * The Chats page's calls (common/contract/chats.ts) and cache keys, all under 'chats'. Messages arrive live
 * through the notification stream: a 'chat_message' or 'chat_reminder' notification invalidates ['chats'],
 * so the list, the nav badge and the open conversation read again.
 */
import type { ChatFilter, ChatQuery, chatsEndpoints, ChatStatusBody, NewReminderBody, PostMessageBody } from '../../../../common/contract/chats.ts';
import { chatsChanges, chatsRoutes } from '../../../../common/contract/chats-paths.ts';
import { clientEndpoints } from '../../lib/endpoints.ts';
import type { tasksEndpoints } from '../../../../common/contract/tasks.ts';
import { tasksRoutes } from '../../../../common/contract/tasks-paths.ts';
import { call } from '../../lib/call.ts';
import { refreshOnNotifications, refreshOnRecordChange } from '../../lib/notification-events.ts';
import { useQuery, type QueryOptions } from '../../lib/use-query.ts';

type Headers = Record<string, string>;

export const chats = clientEndpoints<typeof chatsEndpoints>('chats', chatsRoutes, chatsChanges);
const tasks = clientEndpoints<typeof tasksEndpoints>('tasks', tasksRoutes);

export const chatKeys = {
  all: ['chats'] as const,
  list: (query: ChatQuery) => ['chats', 'list', query] as const,
  unread: ['chats', 'unread'] as const,
  conversation: (id: number) => ['chats', 'conversation', id] as const,
  reminders: (id: number) => ['chats', 'reminders', id] as const,
  canned: ['chats', 'canned'] as const,
  staff: ['chats', 'staff'] as const,
};

// An open conversation follows a change made to it elsewhere (assigned, closed, a reminder).
refreshOnRecordChange('conversation', ({ id }) => [chatKeys.conversation(id), chatKeys.reminders(id), ['chats', 'list']]);

refreshOnNotifications(['chat_message', 'chat_reminder', 'chat_assigned'], chatKeys.all);

export const fetchConversations = (query: ChatQuery, signal: AbortSignal) => call(chats.list, { query, signal });
export const fetchConversation = (id: number, signal: AbortSignal) => call(chats.conversation, { params: { conversationId: id }, signal });
export const fetchMessages = (id: number, query: { before?: number; after?: number; limit?: number }, signal?: AbortSignal) =>
  call(chats.messages, { params: { conversationId: id }, query, ...(signal ? { signal } : {}) });
export const fetchMessageFile = (id: number, messageId: number, signal: AbortSignal) => call(chats.attachment, { params: { conversationId: id, messageId }, responseType: 'blob', signal });
export const fetchReminders = (id: number, signal: AbortSignal) => call(chats.reminders, { query: { conversation: id }, signal });
export const fetchCanned = (signal: AbortSignal) => call(chats.cannedReplies, { signal });
export const fetchStaff = (signal: AbortSignal) => call(tasks.choices, { signal });

export const postMessage = (id: number, body: PostMessageBody, headers: Headers) => call(chats.postMessage, { params: { conversationId: id }, body, headers });
export const markRead = (id: number, upTo: number) => call(chats.read, { params: { conversationId: id }, body: { up_to: upTo } });
export const assignConversation = (id: number, version: number, assignee: number | null, headers: Headers) =>
  call(chats.assign, { params: { conversationId: id }, body: { version, assignee_id: assignee }, headers });
export const setConversationStatus = (id: number, body: ChatStatusBody, headers: Headers) => call(chats.status, { params: { conversationId: id }, body, headers });
export const setReminder = (body: NewReminderBody, headers: Headers) => call(chats.setReminder, { body, headers });
export const cancelReminder = (id: number, headers: Headers) => call(chats.cancelReminder, { params: { reminderId: id }, body: {}, headers });

/** The nav badge's number: the caller's unread client messages (capped at 99+ where it is shown). */
export function useChatUnread(enabled: boolean): number {
  const { data } = useQuery(chatKeys.unread, (signal) => call(chats.unread, { signal }), { enabled, notify: false, refetchOnFocus: true });
  return data?.unread ?? 0;
}

export type { ChatFilter };

export const useConversation = (id: number, options?: QueryOptions) => useQuery(chatKeys.conversation(id), (signal) => fetchConversation(id, signal), options);
export const useReminders = (id: number) => useQuery(chatKeys.reminders(id), (signal) => fetchReminders(id, signal));
export const useCannedReplies = () => useQuery(chatKeys.canned, fetchCanned);
export const useStaffChoices = () => useQuery(chatKeys.staff, fetchStaff);
