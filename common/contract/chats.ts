/**
 * Chats: one conversation per client between the client's user and staff; messages (text, optional
 * PDF/PNG/JPEG attachment) cursor-paged newest first; read marks and unread counts; assignment, status,
 * canned replies; reminders (chat/reminder/). The client's side is me/chat.
 */
import { Type, type Static } from 'typebox';
import { DOCUMENT_CONTENT_TYPES } from '../review.ts';
import { CONVERSATION_STATUSES, MAX_CANNED_TITLE, MAX_MESSAGE_LENGTH, MAX_MESSAGE_PAGE_SIZE } from '../service-desk.ts';
import { AttachmentInput } from './requests.ts';
import { MAX_ID } from './http.ts';
import { MAX_DOCUMENT_BASE64 } from './clients.ts';
import { bulkActions } from './bulk.ts';
import { access, endpoints } from './endpoint.ts';
import { Closed, Id, IdempotencyHeaders, IdParams, Instant, Line, NoBody, Nullable, Page, PageQuery, Paragraphs, PersonRef, Search, Version } from './shared.ts';
import { CHAT_FILTERS, chatsBulkLabels, chatsRoutes } from './chats-paths.ts';

export { CHAT_FILTERS, chatsRoutes, type ChatFilter } from './chats-paths.ts';

const StatusSchema = Type.Enum(CONVERSATION_STATUSES, { title: 'Status' });

export const ConversationItem = Type.Object({
  id: Type.Integer(),
  version: Type.Integer(),
  client: Type.Object({ id: Type.Integer(), legal_name: Type.String() }),
  assignee: Nullable(PersonRef),
  status: StatusSchema,
  last_message: Nullable(Type.Object({ id: Type.Integer(), preview: Type.String(), at: Instant })),
  unread: Type.Integer(),
});
export type ConversationItem = Static<typeof ConversationItem>;

export const ChatQuery = Closed({ filter: Type.Optional(Type.Enum(CHAT_FILTERS, { title: 'Filter' })), search: Type.Optional(Search), ...PageQuery });
export type ChatQuery = Static<typeof ChatQuery>;

export const UnreadTotal = Type.Object({ unread: Type.Integer() });
export type UnreadTotal = Static<typeof UnreadTotal>;

export const ChatMessage = Type.Object({
  id: Type.Integer(),
  conversation_id: Type.Integer(),
  author: Nullable(PersonRef),
  from_client: Type.Boolean(),
  body: Type.String(),
  attachment: Nullable(Type.Object({ file_name: Type.String(), content_type: Type.String(), size_bytes: Type.Integer() })),
  created_at: Instant,
});
export type ChatMessage = Static<typeof ChatMessage>;

/** A page of messages, oldest first within the page; `before` is the cursor of the next older page (null: none). */
export const MessagePage = Type.Object({ results: Type.Array(ChatMessage), before: Nullable(Type.Integer()) });
export type MessagePage = Static<typeof MessagePage>;

export const MessageQuery = Closed({
  before: Type.Optional(Id('Before')),
  after: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_ID, title: 'After' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_MESSAGE_PAGE_SIZE, title: 'Limit' })),
});
export type MessageQuery = Static<typeof MessageQuery>;

export const PostMessageBody = Closed({
  body: Paragraphs(MAX_MESSAGE_LENGTH, { title: 'Message' }),
  attachment: Type.Optional(Closed(AttachmentInput.properties, { title: 'Attachment' })),
});
export type PostMessageBody = Static<typeof PostMessageBody>;

export const ReadBody = Closed({ up_to: Id('Up to') });
export const AssignChatBody = Closed({ version: Version, assignee_id: Nullable(Id('Assignee')) });
export type AssignChatBody = Static<typeof AssignChatBody>;
export const ChatStatusBody = Closed({ version: Version, status: StatusSchema });
export type ChatStatusBody = Static<typeof ChatStatusBody>;

export const CannedReply = Type.Object({ id: Type.Integer(), version: Type.Integer(), title: Type.String(), body: Type.String() });
export type CannedReply = Static<typeof CannedReply>;
export const CannedReplies = Type.Object({ results: Type.Array(CannedReply) });
export type CannedReplies = Static<typeof CannedReplies>;
export const CannedReplyBody = Closed({ title: Line(MAX_CANNED_TITLE, { minLength: 1, title: 'Title' }), body: Paragraphs(MAX_MESSAGE_LENGTH, { minLength: 1, title: 'Text' }) });
export type CannedReplyBody = Static<typeof CannedReplyBody>;
export const UpdateCannedReplyBody = Closed({ version: Version, title: Line(MAX_CANNED_TITLE, { minLength: 1, title: 'Title' }), body: Paragraphs(MAX_MESSAGE_LENGTH, { minLength: 1, title: 'Text' }) });
export type UpdateCannedReplyBody = Static<typeof UpdateCannedReplyBody>;

export const ChatReminder = Type.Object({
  id: Type.Integer(),
  conversation_id: Type.Integer(),
  kind: Type.Enum(['me', 'client'] as const),
  step: Type.Integer(),
  last_step: Type.Boolean(),
  due_at: Instant,
  status: Type.Enum(['pending', 'fired', 'cancelled'] as const),
  fired_at: Nullable(Instant),
  user: PersonRef,
});
export type ChatReminder = Static<typeof ChatReminder>;
export const ChatReminders = Type.Object({ results: Type.Array(ChatReminder) });
export type ChatReminders = Static<typeof ChatReminders>;
export const ReminderQuery = Closed({ conversation: Id('Conversation'), ...PageQuery });
export type ReminderQuery = Static<typeof ReminderQuery>;
/** 'me': at a preset or a time; 'client': the ladder of CLIENT_NUDGE_LADDER_HOURS on working days (clientNudgeTimes; a time is not taken). */
export const NewReminderBody = Closed({
  conversation_id: Id('Conversation'),
  kind: Type.Enum(['me', 'client'] as const, { title: 'Kind' }),
  preset: Type.Optional(Type.Enum(['in_1_hour', 'tomorrow_9'] as const, { title: 'Preset' })),
  at: Type.Optional(Type.String({ format: 'date-time', maxLength: 40, title: 'Time' })),
});
export type NewReminderBody = Static<typeof NewReminderBody>;

const chatsPage = access.page('chats');
const visible = 'Only conversations of clients the caller sees (another\'s answer 404).';
const own = 'The caller\'s own conversation only.';
const params = IdParams('conversationId');
const action = { access: chatsPage, ownership: visible, params, headers: IdempotencyHeaders };
/** A message with its one attachment, base64, and the envelope around it. */
const MESSAGE_BODY_LIMIT = MAX_DOCUMENT_BASE64 + 32_768;
const cannedAdmin = 'Changing canned replies is ADMIN\'s (the store checks).';

export const chatsEndpoints = endpoints('chats', chatsRoutes, {
  list: { summary: 'Conversations, latest message first', access: chatsPage, ownership: visible, query: ChatQuery, response: { 200: Page(ConversationItem) } },
  unread: { summary: 'The caller\'s unread client messages (the nav badge)', access: chatsPage, ownership: visible, response: { 200: UnreadTotal } },
  cannedReplies: { summary: 'Canned replies', access: chatsPage, response: { 200: CannedReplies } },
  createCannedReply: { summary: 'Add a canned reply', access: chatsPage, ownership: cannedAdmin, headers: IdempotencyHeaders, body: CannedReplyBody, response: { 201: CannedReply } },
  updateCannedReply: { summary: 'Change a canned reply', access: chatsPage, ownership: cannedAdmin, params: IdParams('replyId'), headers: IdempotencyHeaders, body: UpdateCannedReplyBody, response: { 200: CannedReply } },
  deleteCannedReply: { summary: 'Delete a canned reply', access: chatsPage, ownership: cannedAdmin, params: IdParams('replyId'), headers: IdempotencyHeaders, body: NoBody, response: { 200: CannedReplies } },
  conversation: { summary: 'One conversation', access: chatsPage, ownership: visible, params, response: { 200: ConversationItem } },
  messages: { summary: 'A conversation\'s messages, newest page first', access: chatsPage, ownership: visible, params, query: MessageQuery, response: { 200: MessagePage } },
  postMessage: { summary: 'Post a staff message', ...action, body: PostMessageBody, response: { 201: ChatMessage }, bodyLimit: MESSAGE_BODY_LIMIT },
  attachment: {
    summary: 'A message\'s file',
    access: chatsPage,
    ownership: visible,
    params: IdParams('conversationId', 'messageId'),
    raw: { contentTypes: DOCUMENT_CONTENT_TYPES, description: 'The file, inline' },
  },
  read: { summary: 'Mark the conversation read up to a message', ...action, body: ReadBody, response: { 200: ConversationItem } },
  assign: { summary: 'Assign the conversation', ...action, body: AssignChatBody, response: { 200: ConversationItem } },
  status: { summary: 'Set the conversation\'s status', ...action, body: ChatStatusBody, response: { 200: ConversationItem } },
  reminders: { summary: 'Pending and recent reminders of a conversation', access: chatsPage, ownership: visible, query: ReminderQuery, response: { 200: ChatReminders } },
  setReminder: { summary: 'Set a reminder to the client', access: chatsPage, ownership: visible, headers: IdempotencyHeaders, body: NewReminderBody, response: { 201: ChatReminders } },
  cancelReminder: { summary: 'Withdraw a reminder', access: chatsPage, ownership: visible, params: IdParams('reminderId'), headers: IdempotencyHeaders, body: NoBody, response: { 200: ChatReminder } },
  mine: { summary: 'The client\'s conversation\'s messages', access: access.client, ownership: own, query: MessageQuery, response: { 200: MessagePage } },
  myMessages: { summary: 'The client posts a message', access: access.client, ownership: own, headers: IdempotencyHeaders, body: PostMessageBody, response: { 201: ChatMessage }, bodyLimit: MESSAGE_BODY_LIMIT },
});

/** The Chats list's bulk actions: assign (null unassigns) and resolve. */
export const chatsBulkActions = bulkActions('chats', chatsBulkLabels, { assign: Closed({ assignee_id: Nullable(Id('Assign to')) }), resolve: Closed({}) });
