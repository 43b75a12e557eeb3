/**
 * Who hears of what in chats. A client's message notifies the conversation's assignee, or the client's
 * bookkeeper while nobody is assigned: that notification is also how an open console learns of the message
 * live (the notification stream, across replicas through LISTEN/NOTIFY; docs/areas/chats.md). A staff reply
 * notifies the client's user. Reminders notify the staff member who set them.
 */
import type { Queryable } from '../../db/database.ts';
import { notifyUsers } from '../notifications/index.ts';
import { chatListPath } from '../../../../common/links.ts';

export const chatLink = (conversationId: number) => chatListPath({ conversation: conversationId });

interface NotifiedConversation {
  id: number;
  client_name: string;
  client_user_id: number | null;
  assignee_id: number | null;
  bookkeeper_id: number | null;
}

const short = (text: string) => (text.length > 120 ? `${text.slice(0, 119)}\u2026` : text);

export async function notifyStaffMessage(tx: Queryable, conversation: NotifiedConversation, _messageId: number, text: string): Promise<void> {
  const to = conversation.assignee_id ?? conversation.bookkeeper_id;
  if (to === null) return;
  await notifyUsers(tx, [to], { kind: 'chat_message', title: `Message from ${conversation.client_name}`, body: short(text), link: chatLink(conversation.id) });
}

export async function notifyClientMessage(tx: Queryable, conversation: NotifiedConversation, text: string): Promise<void> {
  if (conversation.client_user_id === null) return;
  await notifyUsers(tx, [conversation.client_user_id], { kind: 'chat_message', title: 'New message from your team', body: short(text), link: null });
}

export async function notifyChatAssigned(tx: Queryable, conversation: NotifiedConversation, assigneeId: number): Promise<void> {
  await notifyUsers(tx, [assigneeId], { kind: 'chat_assigned', title: 'Chat assigned to you', body: `The conversation with ${conversation.client_name} is yours.`, link: chatLink(conversation.id) });
}

export async function notifyReminder(tx: Queryable, conversation: NotifiedConversation, userId: number, body: string): Promise<void> {
  await notifyUsers(tx, [userId], { kind: 'chat_reminder', title: `Reminder: ${conversation.client_name}`, body, link: chatLink(conversation.id) });
}
