/**
 * /api/chats/... (conversations, messages, read marks, assignment, status, canned replies) and
 * /api/chat/reminder/ for the Chats page's roles; the store applies who sees which client (another's
 * conversation answers 404). The client's side is /api/me/chat (CLIENT role, its own conversation only).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { chatsEndpoints as endpoints } from '../../../../common/contract/chats.ts';
import { actionContext } from '../../lib/action.ts';
import { sendFile } from '../../lib/documents.ts';
import { pageWindow, toPage } from '../../lib/pagination.ts';
import { route } from '../../lib/routes.ts';
import { signedInUser } from '../../plugins/auth.ts';
import * as reminders from './reminder-store.ts';
import * as chats from './store.ts';

const actor = (request: FastifyRequest) => actionContext(request, signedInUser(request).id);

export async function chatRoutes(app: FastifyInstance) {
  route(app, endpoints.list, async (request) => {
    const window = pageWindow(request.query);
    const { count, results } = await chats.listConversations(app.db, signedInUser(request), request.query, window);
    return toPage(request, window, count, results);
  });

  route(app, endpoints.unread, async (request) => ({ unread: await chats.unreadTotal(app.db, signedInUser(request)) }));

  route(app, endpoints.cannedReplies, async () => ({ results: await chats.cannedReplies(app.db) }));
  route(app, endpoints.createCannedReply, async (request, reply) =>
    reply.code(201).send(await chats.createCannedReply(app.db, signedInUser(request), request.body, actor(request))),
  );
  route(app, endpoints.updateCannedReply, async (request) =>
    chats.updateCannedReply(app.db, signedInUser(request), request.params.replyId, request.body, actor(request)),
  );
  route(app, endpoints.deleteCannedReply, async (request) => {
    await chats.deleteCannedReply(app.db, signedInUser(request), request.params.replyId, actor(request));
    return { results: await chats.cannedReplies(app.db) };
  });

  route(app, endpoints.conversation, async (request) => chats.readConversation(app.db, signedInUser(request), request.params.conversationId));

  route(app, endpoints.messages, async (request) =>
    chats.staffMessages(app.db, signedInUser(request), request.params.conversationId, request.query),
  );

  route(app, endpoints.postMessage, async (request, reply) =>
    reply.code(201).send(await chats.postStaffMessage(app.db, signedInUser(request), request.params.conversationId, request.body, actor(request).idempotencyKey)),
  );

  route(app, endpoints.attachment, async (request, reply) =>
    sendFile(reply, await chats.staffMessageFile(app.db, signedInUser(request), request.params.conversationId, request.params.messageId), false),
  );

  route(app, endpoints.read, async (request) =>
    chats.readUpTo(app.db, signedInUser(request), request.params.conversationId, request.body.up_to),
  );

  route(app, endpoints.assign, async (request) =>
    chats.assignConversation(app.db, signedInUser(request), request.params.conversationId, request.body, actor(request)),
  );

  route(app, endpoints.status, async (request) =>
    chats.setConversationStatus(app.db, signedInUser(request), request.params.conversationId, request.body, actor(request)),
  );

  // ------------------------------------------------------------------------------------------- reminders

  route(app, endpoints.reminders, async (request) => ({
    results: await reminders.listReminders(app.db, signedInUser(request), request.query.conversation),
  }));

  route(app, endpoints.setReminder, async (request, reply) =>
    reply.code(201).send({ results: await reminders.setReminder(app.db, signedInUser(request), request.body, actor(request)) }),
  );

  route(app, endpoints.cancelReminder, async (request) =>
    reminders.cancelReminder(app.db, signedInUser(request), request.params.reminderId, actor(request)),
  );

  // ----------------------------------------------------------------------------------------- client side
  route(app, endpoints.mine, async (request) => chats.myMessages(app.db, signedInUser(request).id, request.query));

  route(app, endpoints.myMessages, async (request, reply) =>
    reply.code(201).send(await chats.postMyMessage(app.db, signedInUser(request).id, request.body, actor(request).idempotencyKey)),
  );
}
