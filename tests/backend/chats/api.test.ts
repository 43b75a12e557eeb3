/**
 * Chats through HTTP (app.inject with real Auth emulator tokens): the role rule and client ownership (another
 * bookkeeper's conversation is 404), unread counts, paging, bad input, canned replies and reminders.
 */
import { describe, expect, it } from 'vitest';
import type { ChatMessage, ChatReminders, ConversationItem, MessagePage } from '../../../common/contract/chats.ts';
import type { Page } from '../../../common/contract/shared.ts';
import { makePdf } from '../../../backend/src/demo/files.ts';
import { deskBackend } from '../clients/desk-client.ts';
import { auth } from '../support.ts';

const desk = deskBackend('chats');
const { users, get, post, ok, notificationsOf } = desk;

it('keeps staff routes to the page roles and the client side to CLIENT', async () => {
  for (const url of ['chats/', 'chats/unread-count']) {
    expect((await get(url, 'BD_EXEC')).statusCode, url).toBe(403);
    expect((await get(url, 'CLIENT')).statusCode, url).toBe(403);
    expect((await get(url, 'REVIEWER')).statusCode, url).toBe(200);
  }
  expect((await get('me/chat', 'BOOKKEEPER')).statusCode).toBe(403);
  expect((await get('me/chat', 'CLIENT')).statusCode).toBe(200);
  expect((await post('chats/canned-replies/', { title: 'Hi', body: 'Hello' }, 'BOOKKEEPER')).statusCode).toBe(403);
  ok(await post('chats/canned-replies/', { title: 'Hi', body: 'Hello there' }, 'ADMIN'), 201);
});

it('changes a canned reply at the version shown: a retry with its key answers the change, a stale version is 409, a delete retried answers as the first', async () => {
  const made = ok<{ id: number; version: number }>(await post('chats/canned-replies/', { title: 'VAT reminder', body: 'Your VAT return is due on the 28th.' }, 'ADMIN'), 201);
  const send = (method: 'PATCH' | 'DELETE', key: string, payload?: Record<string, unknown>) =>
    desk.app.inject({ method, url: `/api/chats/canned-replies/${made.id}`, headers: { ...auth(users.get('ADMIN')!.token), 'idempotency-key': key }, ...(payload ? { payload } : {}) });
  const change = { version: made.version, title: 'VAT return reminder', body: 'Your VAT return is due on the 28th day after the period.' };
  const changed = ok<{ version: number; title: string }>(await send('PATCH', 'canned-change', change));
  expect(changed).toMatchObject({ version: made.version + 1, title: 'VAT return reminder' });
  expect(ok(await send('PATCH', 'canned-change', change))).toEqual(changed);
  const stale = await send('PATCH', 'canned-stale', change);
  expect(stale.statusCode).toBe(409);
  expect(stale.json<{ message: string }>().message).toBe('This reply was changed by someone else. Reload it and try again.');
  const events = await desk.app.db.query<{ kind: string }>("SELECT kind FROM audit_events WHERE entity = 'canned_reply' AND entity_id = $1 ORDER BY id", [made.id]);
  expect(events.map((event) => event.kind)).toEqual(['canned_reply_created', 'canned_reply_updated']);
  expect((await send('DELETE', 'canned-delete')).statusCode).toBe(200);
  expect((await send('DELETE', 'canned-delete')).statusCode).toBe(200);
  expect((await send('DELETE', 'canned-delete-again')).statusCode).toBe(404);
});

describe('chats', () => {
  let conversation: ConversationItem;

  it("shows a client's message with an unread count to its bookkeeper only, and clears it on read", async () => {
    const sent = ok<ChatMessage>(await post('me/chat/messages', { body: 'Hello <b>team</b>, see https://example.com' }, 'CLIENT'), 201);
    expect(sent).toMatchObject({ from_client: true, body: 'Hello <b>team</b>, see https://example.com' });
    const list = ok<Page<ConversationItem>>(await get('chats/?filter=all', 'BOOKKEEPER'));
    conversation = list.results.find((item) => item.client.id === desk.clients.mine)!;
    expect(conversation).toMatchObject({ unread: 1, last_message: { id: sent.id } });
    expect(ok<{ unread: number }>(await get('chats/unread-count', 'BOOKKEEPER')).unread).toBe(1);
    expect(await notificationsOf('BOOKKEEPER', 'chat_message')).toEqual([expect.objectContaining({ link: `/chats?conversation=${conversation.id}` })]);
    expect(ok<Page<ConversationItem>>(await get('chats/', 'OTHER_BOOKKEEPER')).results.map((item) => item.id)).not.toContain(conversation.id);
    for (const url of [`chats/${conversation.id}`, `chats/${conversation.id}/messages`, `chat/reminder/?conversation=${conversation.id}`]) expect((await get(url, 'OTHER_BOOKKEEPER')).statusCode, url).toBe(404);
    expect((await post(`chats/${conversation.id}/messages`, { body: 'hi' }, 'OTHER_BOOKKEEPER')).statusCode).toBe(404);
    expect(ok<ConversationItem>(await post(`chats/${conversation.id}/read`, { up_to: sent.id }, 'BOOKKEEPER')).unread).toBe(0);
    expect(ok<{ unread: number }>(await get('chats/unread-count', 'BOOKKEEPER')).unread).toBe(0);
  });

  it('refuses an empty message, a 100 kB message and an attachment whose bytes are not its type', async () => {
    expect((await post(`chats/${conversation.id}/messages`, { body: '   ' }, 'BOOKKEEPER')).json()).toMatchObject({ errorCode: 'INVALID_INPUT', field: 'body' });
    expect((await post(`chats/${conversation.id}/messages`, { body: 'x'.repeat(100 * 1024) }, 'BOOKKEEPER')).statusCode).toBe(400);
    expect((await post('me/chat/messages', { body: 'x'.repeat(100 * 1024) }, 'CLIENT')).statusCode).toBe(400);
    const wrong = await post(`chats/${conversation.id}/messages`, { body: 'scan', attachment: { file_name: 'scan.png', content_type: 'image/png', content_base64: makePdf('x', []).toString('base64') } }, 'BOOKKEEPER');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ field: 'attachment.content_base64' });
    const withFile = ok<ChatMessage>(await post(`chats/${conversation.id}/messages`, { body: '', attachment: { file_name: 'draft.pdf', content_type: 'application/pdf', content_base64: makePdf('VAT draft', ['Q1']).toString('base64') } }, 'BOOKKEEPER'), 201);
    expect(withFile.attachment).toMatchObject({ file_name: 'draft.pdf', content_type: 'application/pdf' });
    const file = await get(`chats/${conversation.id}/messages/${withFile.id}/file`, 'BOOKKEEPER');
    expect(file.headers['content-security-policy']).toContain('sandbox');
  });

  it('pages messages back in order for staff and the client alike', async () => {
    for (let n = 0; n < 12; n += 1) ok(await post(n % 2 ? 'me/chat/messages' : `chats/${conversation.id}/messages`, { body: `m${n}` }, n % 2 ? 'CLIENT' : 'BOOKKEEPER'), 201);
    const first = ok<MessagePage>(await get(`chats/${conversation.id}/messages?limit=5`, 'BOOKKEEPER'));
    expect(first.results.map((message) => message.body)).toEqual(['m7', 'm8', 'm9', 'm10', 'm11']);
    const back = ok<MessagePage>(await get(`chats/${conversation.id}/messages?limit=5&before=${first.before}`, 'BOOKKEEPER'));
    expect(back.results.map((message) => message.body)).toEqual(['m2', 'm3', 'm4', 'm5', 'm6']);
    const client = ok<MessagePage>(await get(`me/chat?limit=5&before=${first.before}`, 'CLIENT'));
    expect(client.results.map((message) => message.id)).toEqual(back.results.map((message) => message.id));
    expect(ok<MessagePage>(await get('me/chat', 'OTHER_CLIENT')).results).toEqual([]);
  });

  it('assigns, resolves, and sets and cancels reminders', async () => {
    let current = ok<ConversationItem>(await get(`chats/${conversation.id}`, 'BOOKKEEPER'));
    current = ok<ConversationItem>(await post(`chats/${conversation.id}/assign`, { version: current.version, assignee_id: users.get('BOOKKEEPER')!.id }, 'ADMIN'));
    expect(current.assignee?.id).toBe(users.get('BOOKKEEPER')!.id);
    expect(ok<Page<ConversationItem>>(await get('chats/?filter=mine', 'BOOKKEEPER')).results.map((item) => item.id)).toEqual([conversation.id]);
    const set = ok<ChatReminders>(await post('chat/reminder/', { conversation_id: conversation.id, kind: 'me', preset: 'tomorrow_9' }, 'BOOKKEEPER'), 201);
    expect((await post('chat/reminder/', { conversation_id: conversation.id, kind: 'me', at: '2020-01-01T10:00:00+04:00' }, 'BOOKKEEPER')).statusCode).toBe(400);
    const ladder = ok<ChatReminders>(await post('chat/reminder/', { conversation_id: conversation.id, kind: 'client' }, 'BOOKKEEPER'), 201);
    expect(ladder.results.map((step) => step.step)).toEqual([1, 2]);
    expect((await post('chat/reminder/', { conversation_id: conversation.id, kind: 'client' }, 'BOOKKEEPER')).statusCode).toBe(409);
    ok(await post(`chat/reminder/${set.results[0]!.id}/cancel`, {}, 'BOOKKEEPER'));
    const listed = ok<ChatReminders>(await get(`chat/reminder/?conversation=${conversation.id}`, 'BOOKKEEPER'));
    expect(listed.results.find((reminder) => reminder.id === set.results[0]!.id)?.status).toBe('cancelled');
    current = ok<ConversationItem>(await post(`chats/${conversation.id}/status`, { version: current.version, status: 'resolved' }, 'BOOKKEEPER'));
    expect(current.status).toBe('resolved');
    const after = ok<ChatReminders>(await get(`chat/reminder/?conversation=${conversation.id}`, 'BOOKKEEPER'));
    expect(after.results.filter((reminder) => reminder.kind === 'client').map((reminder) => reminder.status)).toEqual(['cancelled', 'cancelled']);
  });
});
