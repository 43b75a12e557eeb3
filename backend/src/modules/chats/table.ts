/**
 * The chat tables' rows, declared once (lib/table.ts): a conversation (one per client) and its messages. The
 * store's column lists (a conversation's SELECT, its assign, status and last-message updates, a message's
 * page, its attachment and its insert) and its row types (ConversationRow, MessageRow) derive from them. The
 * columns were made by migration 0040. Beside them the tables the conversations carry: who read up to where,
 * the reminders set on them, and the canned replies staff answer from.
 */
import type { ConversationStatus } from '../../../../common/service-desk.ts';
import { column, table, type RowOf } from '../../lib/table.ts';

export const conversationsTable = table('conversations', {
  id: column<number>(),
  version: column<number>(),
  client_id: column<number>(),
  assignee_id: column<number | null>(),
  status: column<ConversationStatus>(),
  // bigint message ids: node-postgres answers them as text, PGlite as numbers.
  last_message_id: column<string | number | null>(),
  last_message_at: column<Date | null>(),
  last_message_preview: column<string | null>(),
  last_client_message_id: column<string | number | null>(),
  created_at: column<Date>(),
});

export type ConversationColumns = RowOf<typeof conversationsTable.columns>;
export type ConversationColumn = keyof ConversationColumns & string;

/** The columns a conversation's list row, page and lock read as stored (its client's name and team are joined beside them). */
export const CONVERSATION_ROW_FIELDS = [
  'id',
  'version',
  'client_id',
  'assignee_id',
  'status',
  'last_message_id',
  'last_message_at',
  'last_message_preview',
  'last_client_message_id',
] as const satisfies readonly ConversationColumn[];

/** What a new message sets on its conversation (the client's last message and a reopening are decided in SQL beside them). */
export const LAST_MESSAGE_FIELDS = ['last_message_id', 'last_message_at', 'last_message_preview'] as const satisfies readonly ConversationColumn[];

export const chatMessagesTable = table('chat_messages', {
  // bigserial: node-postgres answers it as text, PGlite as a number.
  id: column<string | number>(),
  conversation_id: column<number>(),
  author_id: column<number | null>(),
  from_client: column<boolean>(),
  body: column<string>(),
  file_name: column<string | null>(),
  content_type: column<string | null>(),
  size_bytes: column<number | null>(),
  content: column<Uint8Array | null>(),
  created_at: column<Date>(),
});

export type ChatMessageColumns = RowOf<typeof chatMessagesTable.columns>;
export type ChatMessageColumn = keyof ChatMessageColumns & string;

/** The columns a message in a page reads (its author is joined beside them; the attachment's bytes are read alone). */
export const MESSAGE_ROW_FIELDS = ['id', 'conversation_id', 'from_client', 'body', 'file_name', 'content_type', 'size_bytes', 'created_at'] as const satisfies readonly ChatMessageColumn[];

/** An attachment's download. */
export const ATTACHMENT_FIELDS = ['file_name', 'content_type', 'content'] as const satisfies readonly ChatMessageColumn[];

/** The columns a message is written with (its id and time are the database's). */
export const NEW_MESSAGE_FIELDS = ['conversation_id', 'author_id', 'from_client', 'body', 'file_name', 'content_type', 'size_bytes', 'content'] as const satisfies readonly ChatMessageColumn[];

export const conversationReadsTable = table('conversation_reads', {
  conversation_id: column<number>(),
  user_id: column<number>(),
  // bigint message id: node-postgres answers it as text, PGlite as a number.
  last_read_message_id: column<string | number>(),
});

export type ConversationReadColumn = keyof RowOf<typeof conversationReadsTable.columns> & string;

/** What a read mark writes (a later mark keeps the greater of the two). */
export const READ_MARK_FIELDS = ['conversation_id', 'user_id', 'last_read_message_id'] as const satisfies readonly ConversationReadColumn[];

export const chatRemindersTable = table('chat_reminders', {
  id: column<number>(),
  conversation_id: column<number>(),
  kind: column<'me' | 'client'>(),
  step: column<number>(),
  last_step: column<boolean>(),
  user_id: column<number>(),
  due_at: column<Date>(),
  // bigint message id: node-postgres answers it as text, PGlite as a number.
  after_message_id: column<string | number>(),
  status: column<'pending' | 'fired' | 'cancelled'>(),
  fired_at: column<Date | null>(),
  created_at: column<Date>(),
});

export type ChatReminderColumns = RowOf<typeof chatRemindersTable.columns>;
export type ChatReminderColumn = keyof ChatReminderColumns & string;

/** The columns a reminder's list row and the firing read (its owner is joined beside them in the list). */
export const REMINDER_ROW_FIELDS = ['id', 'conversation_id', 'kind', 'step', 'last_step', 'user_id', 'due_at', 'after_message_id', 'status', 'fired_at'] as const satisfies readonly ChatReminderColumn[];

/** The columns a reminder is set with (its status starts pending). */
export const NEW_REMINDER_FIELDS = ['conversation_id', 'kind', 'step', 'last_step', 'user_id', 'due_at', 'after_message_id'] as const satisfies readonly ChatReminderColumn[];

export const cannedRepliesTable = table('canned_replies', {
  id: column<number>(),
  version: column<number>(),
  title: column<string>(),
  body: column<string>(),
  created_by: column<number | null>(),
  created_at: column<Date>(),
});

export type CannedReplyColumn = keyof RowOf<typeof cannedRepliesTable.columns> & string;

/** The columns a canned reply shows (and a write answers with). */
export const CANNED_REPLY_FIELDS = ['id', 'version', 'title', 'body'] as const satisfies readonly CannedReplyColumn[];

/** The columns a new canned reply is written with. */
export const NEW_CANNED_REPLY_FIELDS = ['title', 'body', 'created_by'] as const satisfies readonly CannedReplyColumn[];

/** What a change writes (its version is counted up in SQL beside them). */
export const CANNED_REPLY_EDIT_FIELDS = ['title', 'body'] as const satisfies readonly CannedReplyColumn[];
