/**
 * Chats demo data: client@example.com (Layla Mansour) becomes the user of the demo bookkeeper's first client,
 * so `npm run demo:chat` posts into a conversation the bookkeeper sees; conversations with a few exchanges
 * on a dozen clients (some with unread client messages, one assigned, one resolved, one waiting), a long one
 * of 80 messages to scroll back through, four canned replies and a pending 'remind me'.
 */
import type { Queryable } from '../../db/database.ts';
import type { DemoContext } from '../../demo/context.ts';

const MINUTE_MS = 60_000;

const EXCHANGES: [fromClient: boolean, text: string][] = [
  [true, 'Hi, we uploaded the bank statements for last month. Can you confirm you have everything?'],
  [false, 'Thanks! We have the statements; the credit card statement for the corporate card is still missing.'],
  [true, 'Sending it today. Also, is the VAT return on track for this quarter?'],
  [false, 'Yes, we will share the draft for your approval by Thursday.'],
  [true, 'Perfect, thank you. One more question: do we need to register for corporate tax before the licence renewal?'],
];

export async function seedChats(tx: Queryable, { now }: DemoContext): Promise<void> {
  const [bookkeeper] = await tx.query<{ id: number }>("SELECT id FROM users WHERE email = 'bookkeeper@example.com'");
  const [layla] = await tx.query<{ id: number }>("SELECT id FROM users WHERE email = 'client@example.com'");
  if (!bookkeeper) return;
  const clients = await tx.query<{ id: number; user_id: number | null }>("SELECT id, user_id FROM clients WHERE status = 'active' ORDER BY (bookkeeper_id = $1) IS TRUE DESC, id LIMIT 12", [bookkeeper.id]);
  if (layla && clients[0]) {
    await tx.query('UPDATE clients SET user_id = $2 WHERE id = $1', [clients[0].id, layla.id]);
    clients[0].user_id = layla.id;
  }
  for (const [index, client] of clients.entries()) {
    const [conversation] = await tx.query<{ id: number }>('INSERT INTO conversations (client_id, assignee_id, status) VALUES ($1, $2, $3) RETURNING id', [
      client.id,
      index === 1 ? bookkeeper.id : null,
      index === 4 ? 'resolved' : index === 5 ? 'waiting' : 'open',
    ]);
    const id = conversation!.id;
    const length = index === 2 ? 80 : 2 + (index % 4);
    const start = now.getTime() - (index + 1) * 95 * MINUTE_MS - length * 7 * MINUTE_MS;
    let lastClient: number | null = null;
    let last = { id: 0, at: new Date(start), text: '' };
    for (let n = 0; n < length; n += 1) {
      const [fromClient, text] = EXCHANGES[n % EXCHANGES.length]!;
      const at = new Date(start + n * 7 * MINUTE_MS);
      const body = length > 10 ? `${text} (${n + 1})` : text;
      const [row] = await tx.query<{ id: string }>('INSERT INTO chat_messages (conversation_id, author_id, from_client, body, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id', [
        id,
        fromClient ? client.user_id : bookkeeper.id,
        fromClient,
        body,
        at,
      ]);
      last = { id: Number(row!.id), at, text: body };
      if (fromClient) lastClient = last.id;
    }
    await tx.query('UPDATE conversations SET last_message_id = $2, last_message_at = $3, last_message_preview = $4, last_client_message_id = $5 WHERE id = $1', [id, last.id, last.at, last.text.slice(0, 140), lastClient]);
    // The bookkeeper has read the older conversations to their end; the three newest have their last client message unread.
    const readUpTo = index >= 3 ? last.id : (lastClient ?? last.id + 1) - 1;
    await tx.query('INSERT INTO conversation_reads (conversation_id, user_id, last_read_message_id) VALUES ($1, $2, $3)', [id, bookkeeper.id, readUpTo]);
    if (index === 1) await tx.query("INSERT INTO chat_reminders (conversation_id, kind, user_id, due_at, after_message_id) VALUES ($1, 'me', $2, $3, $4)", [id, bookkeeper.id, new Date(now.getTime() + 2 * 3_600_000), lastClient ?? 0]);
  }
  const [admin] = await tx.query<{ id: number }>("SELECT id FROM users WHERE email = 'admin@example.com'");
  await tx.query(
    `INSERT INTO canned_replies (title, body, created_by) VALUES
      ('Documents received', 'Thank you, we have received your documents and will review them within one working day.', $1),
      ('VAT return draft', 'Your VAT return draft is ready for your review. Please confirm the figures so we can file it before the deadline.', $1),
      ('Missing statements', 'We are still missing some bank statements for the period. Could you upload them to the portal?', $1),
      ('Closing', 'Glad we could help! Let us know if there is anything else.', $1)`,
    [admin?.id ?? null],
  );
}
