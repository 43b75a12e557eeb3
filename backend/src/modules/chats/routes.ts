/**
 * /api/chats/... (conversations, messages, read marks, assignment, status, canned replies) and
 * /api/chat/reminder/ for the Chats page's roles; the store applies who sees which client (another's
 * conversation answers 404). The client's side is /api/me/chat (CLIENT role, its own conversation only).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AssignChatBody,
  CannedReplies,
  CannedReply,
  CannedReplyBody,
  ChatMessage,
  ChatQuery,
  ChatReminder,
  ChatReminders,
  ChatStatusBody,
  ConversationItem,
  MessagePage,
  MessageQuery,
  NewReminderBody,
  PostMessageBody,
  ReadBody,
  ReminderQuery,
  UnreadTotal,
  UpdateCannedReplyBody,
} from '../../../../common/contract/chats.ts';
import { MAX_DOCUMENT_BASE64 } from '../../../../common/contract/clients.ts';
import { IdempotencyHeaders, IdParams, NoBody, Page } from '../../../../common/contract/shared.ts';
import { actionContext } from '../../lib/action.ts';
import { sendFile } from '../../lib/documents.ts';
import { pageWindow, toPage } from '../../lib/pagination.ts';
import { access, signedInUser } from '../../plugins/auth.ts';
import * as reminders from './reminder-store.ts';
import * as chats from './store.ts';

const config = { access: access.page('chats') };
const actor = (request: FastifyRequest) => actionContext(request, signedInUser(request).id);
const MESSAGE_BODY_LIMIT = MAX_DOCUMENT_BASE64 + 32_768;

export async function chatRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const params = IdParams('conversationId');
  const action = { params, headers: IdempotencyHeaders };

  api.get('/chats/', { config, schema: { querystring: ChatQuery, response: { 200: Page(ConversationItem) } } }, async (request) => {
    const window = pageWindow(request.query);
    const { count, results } = await chats.listConversations(app.db, signedInUser(request), request.query, window);
    return toPage(request, window, count, results);
  });

  api.get('/chats/unread-count', { config, schema: { response: { 200: UnreadTotal } } }, async (request) => ({ unread: await chats.unreadTotal(app.db, signedInUser(request)) }));

  api.get('/chats/canned-replies/', { config, schema: { response: { 200: CannedReplies } } }, async () => ({ results: await chats.cannedReplies(app.db) }));
  api.post('/chats/canned-replies/', { config, schema: { headers: IdempotencyHeaders, body: CannedReplyBody, response: { 201: CannedReply } } }, async (request, reply) =>
    reply.code(201).send(await chats.createCannedReply(app.db, signedInUser(request), request.body)),
  );
  api.patch('/chats/canned-replies/:replyId', { config, schema: { params: IdParams('replyId'), headers: IdempotencyHeaders, body: UpdateCannedReplyBody, response: { 200: CannedReply } } }, async (request) =>
    chats.updateCannedReply(app.db, signedInUser(request), request.params.replyId, request.body),
  );
  api.delete('/chats/canned-replies/:replyId', { config, schema: { params: IdParams('replyId'), headers: IdempotencyHeaders, body: NoBody, response: { 200: CannedReplies } } }, async (request) => {
    await chats.deleteCannedReply(app.db, signedInUser(request), request.params.replyId);
    return { results: await chats.cannedReplies(app.db) };
  });

  api.get('/chats/:conversationId', { config, schema: { params, response: { 200: ConversationItem } } }, async (request) => chats.readConversation(app.db, signedInUser(request), request.params.conversationId));

  api.get('/chats/:conversationId/messages', { config, schema: { params, querystring: MessageQuery, response: { 200: MessagePage } } }, async (request) =>
    chats.staffMessages(app.db, signedInUser(request), request.params.conversationId, request.query),
  );

  api.post('/chats/:conversationId/messages', { config, bodyLimit: MESSAGE_BODY_LIMIT, schema: { ...action, body: PostMessageBody, response: { 201: ChatMessage } } }, async (request, reply) =>
    reply.code(201).send(await chats.postStaffMessage(app.db, signedInUser(request), request.params.conversationId, request.body)),
  );

  api.get('/chats/:conversationId/messages/:messageId/file', { config: { ...config, rawResponse: true }, schema: { params: IdParams('conversationId', 'messageId') } }, async (request, reply) =>
    sendFile(reply, await chats.staffMessageFile(app.db, signedInUser(request), request.params.conversationId, request.params.messageId), false),
  );

  api.post('/chats/:conversationId/read', { config, schema: { ...action, body: ReadBody, response: { 200: ConversationItem } } }, async (request) =>
    chats.readUpTo(app.db, signedInUser(request), request.params.conversationId, request.body.up_to),
  );

  api.post('/chats/:conversationId/assign', { config, schema: { ...action, body: AssignChatBody, response: { 200: ConversationItem } } }, async (request) =>
    chats.assignConversation(app.db, signedInUser(request), request.params.conversationId, request.body, actor(request)),
  );

  api.post('/chats/:conversationId/status', { config, schema: { ...action, body: ChatStatusBody, response: { 200: ConversationItem } } }, async (request) =>
    chats.setConversationStatus(app.db, signedInUser(request), request.params.conversationId, request.body, actor(request)),
  );

  // ------------------------------------------------------------------------------------------- reminders

  api.get('/chat/reminder/', { config, schema: { querystring: ReminderQuery, response: { 200: ChatReminders } } }, async (request) => ({
    results: await reminders.listReminders(app.db, signedInUser(request), request.query.conversation),
  }));

  api.post('/chat/reminder/', { config, schema: { headers: IdempotencyHeaders, body: NewReminderBody, response: { 201: ChatReminders } } }, async (request, reply) =>
    reply.code(201).send({ results: await reminders.setReminder(app.db, signedInUser(request), request.body, actor(request)) }),
  );

  api.post('/chat/reminder/:reminderId/cancel', { config, schema: { params: IdParams('reminderId'), headers: IdempotencyHeaders, body: NoBody, response: { 200: ChatReminder } } }, async (request) =>
    reminders.cancelReminder(app.db, signedInUser(request), request.params.reminderId, actor(request)),
  );

  // ----------------------------------------------------------------------------------------- client side
  const client = { access: access.client };

  api.get('/me/chat', { config: client, schema: { querystring: MessageQuery, response: { 200: MessagePage } } }, async (request) => chats.myMessages(app.db, signedInUser(request).id, request.query));

  api.post('/me/chat/messages', { config: client, bodyLimit: MESSAGE_BODY_LIMIT, schema: { headers: IdempotencyHeaders, body: PostMessageBody, response: { 201: ChatMessage } } }, async (request, reply) =>
    reply.code(201).send(await chats.postMyMessage(app.db, signedInUser(request).id, request.body)),
  );
}
