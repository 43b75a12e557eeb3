/**
 * Chats below HTTP: one conversation per client (made on first use), its messages (text and an optional
 * PDF/PNG/JPEG attachment, checked by its bytes), per-user read marks and unread counts (messages from the
 * client after the user's mark), assignment, status and canned replies. Posting locks the conversation row,
 * so ids within a conversation follow commit order: every reader pages and sees messages in one order.
 * Who sees a conversation is who sees its client; the client's side is keyed by the caller.
 */
import type {
  AssignChatBody,
  CannedReply,
  CannedReplyBody,
  ChatMessage,
  ChatQuery,
  ChatStatusBody,
  ConversationItem,
  MessagePage,
  MessageQuery,
  PostMessageBody,
  UpdateCannedReplyBody,
} from '../../../../common/contract/chats.ts';
import { MAX_DOCUMENT_BYTES } from '../../../../common/review.ts';
import { MESSAGE_PAGE_SIZE } from '../../../../common/service-desk.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { writeRecord, type ActionContext } from '../../lib/action.ts';
import { createdWithKey, eventWithKey, writeAudit } from '../../lib/audit.ts';
import { cleanFileName, decodeDocument } from '../../lib/documents.ts';
import { forbidden, invalidInput, notFound } from '../../lib/http-error.ts';
import { containsPattern, type PageWindow } from '../../lib/pagination.ts';
import { SqlFilter } from '../../lib/sql-filter.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { addClientVisibility, isVisibleTo, myClientId } from '../clients/index.ts';
import { requireWorker } from '../tasks/index.ts';
import { notifyChatAssigned, notifyClientMessage, notifyStaffMessage } from './notify.ts';
import { assignList, insertList, selectList } from '../../lib/table.ts';
import {
  ATTACHMENT_FIELDS,
  CANNED_REPLY_EDIT_FIELDS,
  CANNED_REPLY_FIELDS,
  cannedRepliesTable,
  chatMessagesTable,
  CONVERSATION_ROW_FIELDS,
  conversationsTable,
  LAST_MESSAGE_FIELDS,
  MESSAGE_ROW_FIELDS,
  NEW_CANNED_REPLY_FIELDS,
  NEW_MESSAGE_FIELDS,
  READ_MARK_FIELDS,
  type ChatMessageColumns,
  type ConversationColumns,
} from './table.ts';
import { may } from '../../../../common/access.ts';
import { personJson } from '../../lib/person-sql.ts';
import { type PersonRef } from '../../../../common/contract/shared.ts';

type Caller = Pick<CurrentUser, 'id' | 'role'>;

export const CHAT_CONFLICT = 'This conversation was changed by someone else. Reload it and try again.';
const PREVIEW_LENGTH = 140;

/** A conversation as stored, with its client's name, sign-in user and bookkeeper (who sees it, who is told). */
export type ConversationRow = Pick<ConversationColumns, (typeof CONVERSATION_ROW_FIELDS)[number]> & {
  client_name: string;
  client_user_id: number | null;
  bookkeeper_id: number | null;
  assignee: PersonRef | null;
};

const SELECT = `SELECT ${selectList(conversationsTable, 'v', CONVERSATION_ROW_FIELDS)}, c.legal_name AS client_name, c.user_id AS client_user_id, c.bookkeeper_id,
    ${personJson('a')} AS assignee
  FROM conversations v JOIN clients c ON c.id = v.client_id LEFT JOIN users a ON a.id = v.assignee_id`;

/** Unread for user $1: the client's messages after the user's read mark. */
const UNREAD = `(SELECT count(*)::int FROM chat_messages m WHERE m.conversation_id = v.id AND m.from_client
    AND m.id > coalesce((SELECT r.last_read_message_id FROM conversation_reads r WHERE r.conversation_id = v.id AND r.user_id = $1), 0))`;

function toItem(row: ConversationRow & { unread?: number }): ConversationItem {
  return {
    id: row.id,
    version: row.version,
    client: { id: row.client_id, legal_name: row.client_name },
    assignee: row.assignee,
    status: row.status,
    last_message:
      row.last_message_id !== null && row.last_message_at ? { id: Number(row.last_message_id), preview: row.last_message_preview ?? '', at: row.last_message_at.toISOString() } : null,
    unread: row.unread ?? 0,
  };
}

/** The conversation of a client, made on first use (two at once make one: the client id is unique). */
export async function conversationOf(tx: Queryable, clientId: number): Promise<number> {
  await tx.query('INSERT INTO conversations (client_id) VALUES ($1) ON CONFLICT (client_id) DO NOTHING', [clientId]);
  const [row] = await tx.query<{ id: number }>('SELECT id FROM conversations WHERE client_id = $1', [clientId]);
  return row!.id;
}

export async function listConversations(db: Queryable, user: Caller, query: ChatQuery, window: PageWindow): Promise<{ count: number; results: ConversationItem[] }> {
  const filter = new SqlFilter();
  filter.bind(user.id);
  addClientVisibility(filter, user, 'c');
  const view = query.filter ?? 'all';
  if (view === 'mine') filter.addClause('v.assignee_id = $1');
  if (view === 'unassigned') filter.addClause("v.assignee_id IS NULL AND v.status <> 'resolved'");
  if (view === 'waiting') filter.addClause("v.status = 'waiting'");
  if (view === 'resolved') filter.addClause("v.status = 'resolved'");
  if (query.search) filter.add((p) => `lower(c.legal_name) LIKE ${p} ESCAPE '\\'`, containsPattern(query.search));
  filter.addClause('v.last_message_id IS NOT NULL');
  const [counted] = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM conversations v JOIN clients c ON c.id = v.client_id ${filter.where} AND $1::int IS NOT NULL`,
    filter.params,
  );
  const rows = await db.query<ConversationRow & { unread: number }>(
    `${SELECT.replace('FROM conversations', `, ${UNREAD} AS unread FROM conversations`)} ${filter.where}
     ORDER BY v.last_message_at DESC NULLS LAST, v.id DESC LIMIT ${filter.bind(window.size)} OFFSET ${filter.bind(window.offset)}`,
    filter.params,
  );
  return { count: counted!.count, results: rows.map(toItem) };
}

/** The caller's unread total over the conversations they see (the nav badge caps it at 99+). */
export async function unreadTotal(db: Queryable, user: Caller): Promise<number> {
  const filter = new SqlFilter();
  filter.bind(user.id);
  addClientVisibility(filter, user, 'c');
  const [row] = await db.query<{ unread: number }>(`SELECT coalesce(sum(${UNREAD}), 0)::int AS unread FROM conversations v JOIN clients c ON c.id = v.client_id ${filter.where}`, filter.params);
  return row!.unread;
}

export async function findConversation(db: Queryable, user: Caller, id: number, lock = false): Promise<ConversationRow> {
  const [row] = await db.query<ConversationRow>(`${SELECT} WHERE v.id = $1${lock ? ' FOR UPDATE OF v' : ''}`, [id]);
  if (!row || !isVisibleTo(user, row)) throw notFound('Conversation');
  return row;
}

export async function readConversation(db: Queryable, user: Caller, id: number): Promise<ConversationItem> {
  const [row] = await db.query<ConversationRow & { unread: number }>(`${SELECT.replace('FROM conversations', `, ${UNREAD} AS unread FROM conversations`)} WHERE v.id = $2`, [user.id, id]);
  if (!row || !isVisibleTo(user, row)) throw notFound('Conversation');
  return toItem(row);
}

type MessageRow = Pick<ChatMessageColumns, (typeof MESSAGE_ROW_FIELDS)[number]> & { author: PersonRef | null };

const toMessage = (row: MessageRow): ChatMessage => ({
  id: Number(row.id),
  conversation_id: row.conversation_id,
  author: row.author,
  from_client: row.from_client,
  body: row.body,
  attachment: row.file_name && row.content_type ? { file_name: row.file_name, content_type: row.content_type, size_bytes: row.size_bytes ?? 0 } : null,
  created_at: row.created_at.toISOString(),
});

const MESSAGE_COLUMNS = `${selectList(chatMessagesTable, 'm', MESSAGE_ROW_FIELDS)}, ${personJson('u')} AS author`;
const NEW_MESSAGE_INSERT = insertList(NEW_MESSAGE_FIELDS);

/**
 * A page of messages: the newest `limit` before the cursor (or after `after`, for catching up live),
 * answered oldest first; `before` is the cursor of the next older page, null at the start.
 */
export async function messagesOf(db: Queryable, conversationId: number, query: MessageQuery): Promise<MessagePage> {
  const limit = query.limit ?? MESSAGE_PAGE_SIZE;
  if (query.after !== undefined) {
    const rows = await db.query<MessageRow>(
      `SELECT ${MESSAGE_COLUMNS} FROM chat_messages m LEFT JOIN users u ON u.id = m.author_id WHERE m.conversation_id = $1 AND m.id > $2 ORDER BY m.id LIMIT $3`,
      [conversationId, query.after, limit],
    );
    return { results: rows.map(toMessage), before: null };
  }
  const rows = await db.query<MessageRow>(
    `SELECT ${MESSAGE_COLUMNS} FROM chat_messages m LEFT JOIN users u ON u.id = m.author_id
     WHERE m.conversation_id = $1 AND m.id < $2 ORDER BY m.id DESC LIMIT $3`,
    [conversationId, query.before ?? Number.MAX_SAFE_INTEGER, limit + 1],
  );
  const more = rows.length > limit;
  const page = rows.slice(0, limit).reverse();
  return { results: page.map(toMessage), before: more && page.length > 0 ? Number(page[0]!.id) : null };
}

export async function staffMessages(db: Queryable, user: Caller, conversationId: number, query: MessageQuery): Promise<MessagePage> {
  await findConversation(db, user, conversationId);
  return messagesOf(db, conversationId, query);
}

export async function messageFile(db: Queryable, conversationId: number, messageId: number): Promise<{ file_name: string; content_type: string; content: Uint8Array }> {
  const [row] = await db.query<Pick<ChatMessageColumns, (typeof ATTACHMENT_FIELDS)[number]>>(
    `SELECT ${selectList(chatMessagesTable, null, ATTACHMENT_FIELDS)} FROM chat_messages WHERE id = $1 AND conversation_id = $2`,
    [messageId, conversationId],
  );
  if (!row?.content || !row.file_name || !row.content_type) throw notFound('Attachment');
  return { file_name: row.file_name, content_type: row.content_type, content: row.content };
}

export async function staffMessageFile(db: Queryable, user: Caller, conversationId: number, messageId: number) {
  await findConversation(db, user, conversationId);
  return messageFile(db, conversationId, messageId);
}

function checkedMessage(body: PostMessageBody): { text: string; file: { file_name: string; content_type: string; content: Buffer } | null } {
  const text = body.body.trim();
  const file = body.attachment
    ? {
        content: decodeDocument(body.attachment.content_base64, body.attachment.content_type, MAX_DOCUMENT_BYTES, 'attachment.content_base64'),
        file_name: cleanFileName(body.attachment.file_name, body.attachment.content_type),
        content_type: body.attachment.content_type,
      }
    : null;
  if (text === '' && !file) throw invalidInput('body', 'must not be empty');
  return { text, file };
}

/** Inserts a message in the locked conversation and keeps the conversation's last-message columns. */
export async function insertMessage(
  tx: Queryable,
  conversation: ConversationRow,
  message: { authorId: number | null; fromClient: boolean; text: string; file: { file_name: string; content_type: string; content: Buffer } | null },
): Promise<number> {
  const written: Pick<ChatMessageColumns, (typeof NEW_MESSAGE_FIELDS)[number]> = {
    conversation_id: conversation.id,
    author_id: message.authorId,
    from_client: message.fromClient,
    body: message.text,
    file_name: message.file?.file_name ?? null,
    content_type: message.file?.content_type ?? null,
    size_bytes: message.file?.content.length ?? null,
    content: message.file?.content ?? null,
  };
  const [row] = await tx.query<Pick<ChatMessageColumns, 'id' | 'created_at'>>(
    `INSERT INTO chat_messages ${NEW_MESSAGE_INSERT.columns} VALUES ${NEW_MESSAGE_INSERT.values} RETURNING id, created_at`,
    NEW_MESSAGE_FIELDS.map((field) => written[field]),
  );
  const id = Number(row!.id);
  const preview = (message.text || `Attachment: ${message.file?.file_name ?? ''}`).replace(/\s+/g, ' ').slice(0, PREVIEW_LENGTH);
  await tx.query(
    `UPDATE conversations SET ${assignList(LAST_MESSAGE_FIELDS, 2)},
       last_client_message_id = CASE WHEN $5 THEN $2 ELSE last_client_message_id END,
       status = CASE WHEN $5 AND status <> 'open' THEN 'open' ELSE status END
     WHERE id = $1`,
    [conversation.id, id, row!.created_at, preview, message.fromClient],
  );
  return id;
}

/** A staff reply: the conversation locked (order), the sender's own read mark moved past it, the client told. */
export async function postStaffMessage(db: Database, user: Caller, conversationId: number, body: PostMessageBody, idempotencyKey: string | null = null): Promise<ChatMessage> {
  const message = checkedMessage(body);
  const id = await db.transaction(async (tx) => {
    const posted = await postedWithKey(tx, user.id, idempotencyKey);
    if (posted) {
      await findConversation(tx, user, posted.conversationId);
      return posted.messageId;
    }
    const conversation = await findConversation(tx, user, conversationId, true);
    const id = await insertMessage(tx, conversation, { authorId: user.id, fromClient: false, ...message });
    await messagePosted(tx, conversation.id, id, user.id, idempotencyKey);
    await markRead(tx, conversation.id, user.id, id);
    await notifyClientMessage(tx, conversation, message.text || 'An attachment');
    return id;
  });
  return readMessage(db, id);
}

/**
 * A retried post (its answer lost) finds the message its first post made, under the key's lock, so a racing
 * duplicate waits for the first to commit: a message is never posted twice.
 */
async function postedWithKey(tx: Queryable, actorId: number, key: string | null): Promise<{ conversationId: number; messageId: number } | null> {
  const event = await eventWithKey(tx, 'conversation', 'chat_message_posted', actorId, key);
  return event ? { conversationId: event.entity_id, messageId: Number(event.data['message_id']) } : null;
}

/** The posted message's event: what a retry with the same key finds (postedWithKey). */
const messagePosted = (tx: Queryable, conversationId: number, messageId: number, actorId: number, key: string | null) =>
  writeAudit(tx, { entity: 'conversation', entityId: conversationId, kind: 'chat_message_posted', actorId, data: { message_id: messageId }, idempotencyKey: key });

async function readMessage(db: Queryable, id: number): Promise<ChatMessage> {
  const [row] = await db.query<MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM chat_messages m LEFT JOIN users u ON u.id = m.author_id WHERE m.id = $1`, [id]);
  return toMessage(row!);
}

const READ_MARK = insertList(READ_MARK_FIELDS);

export async function markRead(tx: Queryable, conversationId: number, userId: number, upTo: number): Promise<void> {
  await tx.query(
    `INSERT INTO conversation_reads ${READ_MARK.columns} VALUES ${READ_MARK.values}
     ON CONFLICT (conversation_id, user_id) DO UPDATE SET last_read_message_id = GREATEST(conversation_reads.last_read_message_id, EXCLUDED.last_read_message_id)`,
    [conversationId, userId, upTo],
  );
}

export async function readUpTo(db: Database, user: Caller, conversationId: number, upTo: number): Promise<ConversationItem> {
  await findConversation(db, user, conversationId);
  await markRead(db, conversationId, user.id, upTo);
  return readConversation(db, user, conversationId);
}

function conversationWrite(db: Database, user: Caller, id: number, version: number, context: ActionContext, act: (tx: Queryable, row: ConversationRow) => Promise<void>) {
  return writeRecord(db, {
    entity: 'conversation',
    context,
    version,
    conflictMessage: CHAT_CONFLICT,
    lock: (tx) => findConversation(tx, user, id, true),
    act,
    read: (tx, row) => readConversation(tx, user, row.id),
  });
}

export function assignConversation(db: Database, user: Caller, id: number, body: AssignChatBody, context: ActionContext): Promise<ConversationItem> {
  return conversationWrite(db, user, id, body.version, context, async (tx, row) => {
    await requireWorker(tx, body.assignee_id, 'assignee_id');
    await tx.query(`UPDATE conversations SET ${assignList(['assignee_id'], 2)}, version = version + 1 WHERE id = $1`, [row.id, body.assignee_id]);
    await writeAudit(tx, { entity: 'conversation', entityId: row.id, kind: 'chat_assigned', actorId: context.actorId, data: { from: row.assignee_id, to: body.assignee_id }, idempotencyKey: context.idempotencyKey });
    if (body.assignee_id !== null && body.assignee_id !== context.actorId) await notifyChatAssigned(tx, row, body.assignee_id);
  });
}

export function setConversationStatus(db: Database, user: Caller, id: number, body: ChatStatusBody, context: ActionContext): Promise<ConversationItem> {
  return conversationWrite(db, user, id, body.version, context, async (tx, row) => {
    await tx.query(`UPDATE conversations SET ${assignList(['status'], 2)}, version = version + 1 WHERE id = $1`, [row.id, body.status]);
    await writeAudit(tx, { entity: 'conversation', entityId: row.id, kind: 'chat_status_changed', actorId: context.actorId, data: { from: row.status, to: body.status }, idempotencyKey: context.idempotencyKey });
    // Resolving ends the wait for the client's reply.
    if (body.status === 'resolved') await tx.query("UPDATE chat_reminders SET status = 'cancelled' WHERE conversation_id = $1 AND kind = 'client' AND status = 'pending'", [row.id]);
  });
}

// ------------------------------------------------------------------------------------------- client side

async function myConversation(tx: Queryable, userId: number, lock = false): Promise<ConversationRow> {
  const clientId = await myClientId(tx, userId);
  const id = await conversationOf(tx, clientId);
  const [row] = await tx.query<ConversationRow>(`${SELECT} WHERE v.id = $1${lock ? ' FOR UPDATE OF v' : ''}`, [id]);
  return row!;
}

export async function myMessages(db: Database, userId: number, query: MessageQuery): Promise<MessagePage> {
  const id = await db.transaction(async (tx) => (await myConversation(tx, userId)).id);
  return messagesOf(db, id, query);
}

/** The client's message: the conversation locked, reopened if resolved or waiting, its pending client nudges cancelled, staff told. */
export async function postMyMessage(db: Database, userId: number, body: PostMessageBody, idempotencyKey: string | null = null): Promise<ChatMessage> {
  const message = checkedMessage(body);
  const id = await db.transaction(async (tx) => {
    const posted = await postedWithKey(tx, userId, idempotencyKey);
    if (posted) return posted.messageId;
    const conversation = await myConversation(tx, userId, true);
    const id = await insertMessage(tx, conversation, { authorId: userId, fromClient: true, ...message });
    await messagePosted(tx, conversation.id, id, userId, idempotencyKey);
    await tx.query("UPDATE chat_reminders SET status = 'cancelled' WHERE conversation_id = $1 AND kind = 'client' AND status = 'pending'", [conversation.id]);
    await notifyStaffMessage(tx, conversation, id, message.text || 'An attachment');
    return id;
  });
  return readMessage(db, id);
}

// ----------------------------------------------------------------------------------------- canned replies

const CANNED_REPLY = selectList(cannedRepliesTable, null, CANNED_REPLY_FIELDS);
const NEW_CANNED_REPLY = insertList(NEW_CANNED_REPLY_FIELDS);

export async function cannedReplies(db: Queryable): Promise<CannedReply[]> {
  return db.query<CannedReply>(`SELECT ${CANNED_REPLY} FROM canned_replies ORDER BY lower(title), id`);
}

function requireAdmin(user: Caller): void {
  if (!may(user.role, 'manage-canned-replies')) throw forbidden('Only an administrator manages canned replies.');
}

/** A retry with the same key answers the reply its first request made (as it stands now), under the key's lock. */
export async function createCannedReply(db: Database, user: Caller, body: CannedReplyBody, context: ActionContext): Promise<CannedReply> {
  requireAdmin(user);
  return db.transaction(async (tx) => {
    const made = await createdWithKey(tx, 'canned_reply', 'canned_reply_created', context.actorId, context.idempotencyKey);
    if (made !== null) {
      const [row] = await tx.query<CannedReply>(`SELECT ${CANNED_REPLY} FROM canned_replies WHERE id = $1`, [made]);
      if (!row) throw notFound('Canned reply');
      return row;
    }
    const [row] = await tx.query<CannedReply>(`INSERT INTO canned_replies ${NEW_CANNED_REPLY.columns} VALUES ${NEW_CANNED_REPLY.values} RETURNING ${CANNED_REPLY}`, [body.title.trim(), body.body.trim(), user.id]);
    await writeAudit(tx, { entity: 'canned_reply', entityId: row!.id, kind: 'canned_reply_created', actorId: context.actorId, after: { title: row!.title, body: row!.body }, idempotencyKey: context.idempotencyKey });
    return row!;
  });
}

async function lockCannedReply(tx: Queryable, id: number): Promise<CannedReply> {
  const [row] = await tx.query<CannedReply>(`SELECT ${CANNED_REPLY} FROM canned_replies WHERE id = $1 FOR UPDATE`, [id]);
  if (!row) throw notFound('Canned reply');
  return row;
}

export function updateCannedReply(db: Database, user: Caller, id: number, body: UpdateCannedReplyBody, context: ActionContext): Promise<CannedReply> {
  requireAdmin(user);
  return writeRecord(db, {
    entity: 'canned_reply',
    context,
    version: body.version,
    conflictMessage: 'This reply was changed by someone else. Reload it and try again.',
    lock: (tx) => lockCannedReply(tx, id),
    act: async (tx, row) => {
      const [updated] = await tx.query<CannedReply>(`UPDATE canned_replies SET ${assignList(CANNED_REPLY_EDIT_FIELDS, 2)}, version = version + 1 WHERE id = $1 RETURNING ${CANNED_REPLY}`, [id, body.title.trim(), body.body.trim()]);
      await writeAudit(tx, { entity: 'canned_reply', entityId: id, kind: 'canned_reply_updated', actorId: context.actorId, before: { title: row.title, body: row.body }, after: { title: updated!.title, body: updated!.body }, idempotencyKey: context.idempotencyKey });
    },
    read: (tx) => lockCannedReply(tx, id),
  });
}

/** A retried delete answers as the first did (the list without it), not 404. */
export async function deleteCannedReply(db: Database, user: Caller, id: number, context: ActionContext): Promise<void> {
  requireAdmin(user);
  await writeRecord(db, {
    entity: 'canned_reply',
    context,
    deletes: { id, answer: async () => undefined },
    version: null,
    conflictMessage: '',
    lock: (tx) => lockCannedReply(tx, id),
    act: async (tx, row) => {
      await tx.query('DELETE FROM canned_replies WHERE id = $1', [id]);
      await writeAudit(tx, { entity: 'canned_reply', entityId: id, kind: 'canned_reply_deleted', actorId: context.actorId, before: { title: row.title, body: row.body }, idempotencyKey: context.idempotencyKey });
    },
    read: async () => undefined,
  });
}
