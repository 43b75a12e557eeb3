/**
 * The chats' jobs below HTTP, on a fresh database: chat reminders that fire once, even with two back ends
 * running the job at the same moment, and are cancelled by the client's reply, and message order and paging
 * under concurrent posts. On Postgres the two "replicas" are two connection pools on one database; on PGlite
 * they share the one in-process database (the row claims are the same SQL either way).
 */
import { describe, expect, it } from 'vitest';
import { clientNudgeTimes } from '../../../common/service-desk.ts';
import { fireDueReminders, NUDGE_TEXT } from '../../../backend/src/modules/chats/index.ts';
import { setReminder } from '../../../backend/src/modules/chats/reminder-store.ts';
import { messagesOf, postMyMessage, postStaffMessage } from '../../../backend/src/modules/chats/store.ts';
import { deskDatabaseForFile } from '../clients/desk-client.ts';

const desk = deskDatabaseForFile();
const HOUR_MS = 3_600_000;

describe('chat reminders', () => {
  const actor = () => ({ actorId: desk.bookkeeper, idempotencyKey: null });
  const staff = () => ({ id: desk.bookkeeper, role: 'BOOKKEEPER' as const });
  const conversationId = async () => (await desk.db.query<{ id: number }>('SELECT id FROM conversations WHERE client_id = $1', [desk.clientId]))[0]!.id;

  it('fires a "remind me" once, with two back ends at once, and not before its time', async () => {
    await postMyMessage(desk.db, desk.clientUser, { body: 'Hello, any news on our VAT return?' });
    const id = await conversationId();
    const now = new Date();
    const [reminder] = await setReminder(desk.db, staff(), { conversation_id: id, kind: 'me', preset: 'in_1_hour' }, actor(), now);
    expect(Date.parse(reminder!.due_at) - now.getTime()).toBe(HOUR_MS);
    expect(await fireDueReminders(desk.db, new Date(now.getTime() + HOUR_MS - 1000))).toBe(0);
    const at = new Date(now.getTime() + HOUR_MS);
    const fired = await Promise.all([fireDueReminders(desk.db, at), fireDueReminders(desk.replica, at), fireDueReminders(desk.db, at)]);
    expect(fired.reduce((sum, count) => sum + count, 0)).toBe(1);
    const notices = await desk.db.query<{ count: number }>("SELECT count(*)::int AS count FROM notifications WHERE user_id = $1 AND kind = 'chat_reminder'", [desk.bookkeeper]);
    expect(notices[0]!.count).toBe(1);
  });

  it('nudges the client on the ladder, marks the conversation waiting at the last step, and stops once the client replies', async () => {
    const id = await conversationId();
    const now = new Date();
    await postStaffMessage(desk.db, staff(), id, { body: 'Could you send the purchase invoices for March?' });
    const ladder = await setReminder(desk.db, staff(), { conversation_id: id, kind: 'client' }, actor(), now);
    // 24 h, then 3 days more, each on the next working day (tests/backend/chats/nudge-ladder-calendar.test.ts).
    const [first, second] = clientNudgeTimes(now) as [Date, Date];
    expect(ladder.map((step) => step.due_at)).toEqual([first.toISOString(), second.toISOString()]);
    expect((await Promise.all([fireDueReminders(desk.db, first), fireDueReminders(desk.replica, first)])).reduce((a, b) => a + b, 0)).toBe(1);
    const after = await messagesOf(desk.db, id, { limit: 1 });
    expect(after.results[0]).toMatchObject({ body: NUDGE_TEXT, from_client: false });
    expect(await fireDueReminders(desk.db, second)).toBe(1);
    const [status] = await desk.db.query<{ status: string }>('SELECT status FROM conversations WHERE id = $1', [id]);
    expect(status!.status).toBe('waiting');

    // A new ladder, answered by the client before its first step: nothing fires, the chat is open again.
    const again = new Date(now.getTime() + 100 * HOUR_MS);
    await setReminder(desk.db, staff(), { conversation_id: id, kind: 'client' }, actor(), again);
    await postMyMessage(desk.db, desk.clientUser, { body: 'Sent them just now.' });
    const nudgesBefore = (await desk.db.query<{ count: number }>('SELECT count(*)::int AS count FROM chat_messages WHERE conversation_id = $1 AND body = $2', [id, NUDGE_TEXT]))[0]!.count;
    expect(await fireDueReminders(desk.db, new Date(again.getTime() + 200 * HOUR_MS))).toBe(0);
    const nudgesAfter = (await desk.db.query<{ count: number }>('SELECT count(*)::int AS count FROM chat_messages WHERE conversation_id = $1 AND body = $2', [id, NUDGE_TEXT]))[0]!.count;
    expect(nudgesAfter).toBe(nudgesBefore);
    const rows = await desk.db.query<{ status: string }>("SELECT status FROM chat_reminders WHERE conversation_id = $1 AND kind = 'client' ORDER BY id", [id]);
    expect(rows.map((row) => row.status)).toEqual(['fired', 'fired', 'cancelled', 'cancelled']);
    const [open] = await desk.db.query<{ status: string }>('SELECT status FROM conversations WHERE id = $1', [id]);
    expect(open!.status).toBe('open');
  });
});

describe('messages', () => {
  it('keep one order for concurrent posts and page back without gaps or repeats', async () => {
    const id = (await desk.db.query<{ id: number }>('SELECT id FROM conversations WHERE client_id = $1', [desk.clientId]))[0]!.id;
    await Promise.all(Array.from({ length: 25 }, (_unused, index) => postMyMessage(index % 2 ? desk.db : desk.replica, desk.clientUser, { body: `message ${index}` })));
    const all: number[] = [];
    let before: number | null | undefined;
    do {
      const page = await messagesOf(desk.db, id, { limit: 7, ...(before ? { before } : {}) });
      all.unshift(...page.results.map((message) => message.id));
      before = page.before;
    } while (before);
    expect(all).toEqual([...all].sort((a, b) => a - b));
    expect(new Set(all).size).toBe(all.length);
    const [counted] = await desk.db.query<{ count: number }>('SELECT count(*)::int AS count FROM chat_messages WHERE conversation_id = $1', [id]);
    expect(all).toHaveLength(counted!.count);
    const [last] = await desk.db.query<{ last_message_id: string }>('SELECT last_message_id FROM conversations WHERE id = $1', [id]);
    expect(Number(last!.last_message_id)).toBe(all.at(-1));
  });
});
