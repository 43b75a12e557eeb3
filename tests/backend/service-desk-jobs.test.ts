/**
 * The service desk below HTTP, on a fresh database: recurring tasks created once per occurrence (due dates
 * moved off weekends and UAE holidays) even with two back ends running the job at the same moment, due
 * notices sent once, chat reminders that fire once and are cancelled by the client's reply, and message
 * order and paging. On Postgres the two "replicas" are two connection pools on one database; on PGlite they
 * share the one in-process database (the row claims are the same SQL either way).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dubaiDate, dubaiMidnight } from '../../common/calendar.ts';
import { clientNudgeTimes, occurrenceDueDate } from '../../common/service-desk.ts';
import { openDatabase, type Database } from '../../backend/src/db/database.ts';
import { fireDueReminders, NUDGE_TEXT } from '../../backend/src/modules/chats/index.ts';
import { setReminder } from '../../backend/src/modules/chats/reminder-store.ts';
import { messagesOf, postMyMessage, postStaffMessage } from '../../backend/src/modules/chats/store.ts';
import { createClient } from '../../backend/src/modules/clients/index.ts';
import { createRecurringTasks, runTaskJobs, sendTaskDueNotices } from '../../backend/src/modules/tasks/index.ts';
import { insertUser } from '../../backend/src/modules/users/index.ts';
import { deskClient } from './service-desk-fixtures.ts';
import { onPostgres, testDatabaseLocation } from './support.ts';

let db: Database;
let replica: Database;
let bookkeeper: number;
let clientUser: number;
let clientId: number;
const HOUR_MS = 3_600_000;


beforeAll(async () => {
  const location = await testDatabaseLocation();
  db = await openDatabase(location);
  // A second back end's pool on the same Postgres database; PGlite is one process's database.
  replica = onPostgres() ? await openDatabase(location) : db;
  await db.transaction(async (tx) => {
    bookkeeper = await insertUser(tx, 'desk-bookkeeper@example.test', 'Desk Bookkeeper', 'BOOKKEEPER');
    clientUser = await insertUser(tx, 'desk-client@example.test', 'Desk Client', 'CLIENT');
    clientId = await createClient(tx, deskClient({ userId: clientUser, bookkeeperId: bookkeeper }));
  });
  // Migrating a fresh database is slow on a loaded machine.
}, 120_000);
afterAll(async () => {
  if (replica !== db) await replica?.close();
  await db?.close();
});

describe('recurring tasks', () => {
  it('creates each occurrence once, due on a working day, with two back ends running at the same moment', async () => {
    // The 10th of January 2026 is a Saturday: that month's close is due Monday the 12th.
    expect(occurrenceDueDate('2026-01-01', 10)).toBe('2026-01-12');
    // 1 December (Commemoration Day) to 3 December (National Day) are holidays: due Thursday the 4th.
    expect(occurrenceDueDate('2025-12-01', 1)).toBe('2025-12-04');
    const [template] = await db.query<{ id: number }>(
      `INSERT INTO task_templates (client_id, title, assignee_id, frequency, day_of_month, lead_days, checklist, next_occurrence_on)
       VALUES ($1, 'Monthly close', $2, 'monthly', 10, 7, '[{"text":"Bank","done":true}]', '2026-01-01') RETURNING id`,
      [clientId, bookkeeper],
    );
    // 5 January 2026 (Dubai): the January occurrence (due the 12th, created from the 5th) is due; February's is not.
    const now = new Date(dubaiMidnight('2026-01-05').getTime() + 9 * HOUR_MS);
    const created = await Promise.all([createRecurringTasks(db, now), createRecurringTasks(replica, now), createRecurringTasks(db, now)]);
    expect(created.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await createRecurringTasks(replica, now)).toBe(0);
    const tasks = await db.query<{ due_on: string; checklist: { done: boolean }[] }>("SELECT to_char(due_on, 'YYYY-MM-DD') AS due_on, checklist FROM tasks WHERE template_id = $1 ORDER BY due_on", [template!.id]);
    expect(tasks).toEqual([{ due_on: '2026-01-12', checklist: [{ text: 'Bank', done: false }] }]);
    const [moved] = await db.query<{ next: string }>("SELECT to_char(next_occurrence_on, 'YYYY-MM-DD') AS next FROM task_templates WHERE id = $1", [template!.id]);
    expect(moved!.next).toBe('2026-02-01');
    // A back end down for two months catches up, one task per occurrence, once.
    const later = new Date(dubaiMidnight('2026-03-05').getTime());
    const caught = await Promise.all([createRecurringTasks(db, later), createRecurringTasks(replica, later)]);
    expect(caught[0] + caught[1]).toBe(2);
    const all = await db.query<{ due_on: string }>("SELECT to_char(due_on, 'YYYY-MM-DD') AS due_on FROM tasks WHERE template_id = $1 ORDER BY due_on", [template!.id]);
    expect(all.map((task) => task.due_on)).toEqual(['2026-01-12', '2026-02-10', '2026-03-10']);
    const notices = await db.query<{ count: number }>("SELECT count(*)::int AS count FROM notifications WHERE user_id = $1 AND kind = 'task_created'", [bookkeeper]);
    expect(notices[0]!.count).toBe(0);
    const assigned = await db.query<{ count: number }>("SELECT count(*)::int AS count FROM notifications WHERE user_id = $1 AND kind = 'task_assigned'", [bookkeeper]);
    expect(assigned[0]!.count).toBe(3);
  });

  it('sends the due-within-24-hours notice once per task, with two back ends at once', async () => {
    const now = new Date();
    const today = dubaiDate(now);
    const [task] = await db.query<{ id: number }>("INSERT INTO tasks (client_id, title, assignee_id, due_on) VALUES ($1, 'Due today', $2, $3) RETURNING id", [clientId, bookkeeper, today]);
    const [later] = await db.query<{ id: number }>("INSERT INTO tasks (client_id, title, assignee_id, due_on) VALUES ($1, 'Due next week', $2, $3) RETURNING id", [clientId, bookkeeper, addDays(today, 7)]);
    await db.query("INSERT INTO tasks (client_id, title, assignee_id, due_on, status) VALUES ($1, 'Done today', $2, $3, 'done')", [clientId, bookkeeper, today]);
    const sent = await Promise.all([sendTaskDueNotices(db, now), sendTaskDueNotices(replica, now), sendTaskDueNotices(db, now)]);
    expect(sent.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(1);
    expect((await runTaskJobs(db, now)).notices).toBe(0);
    const notices = await db.query<{ link: string }>("SELECT link FROM notifications WHERE user_id = $1 AND kind = 'task_due_soon' ORDER BY id", [bookkeeper]);
    expect(notices.filter((notice) => notice.link === `/tasks?task=${task!.id}`)).toHaveLength(1);
    expect(notices.map((notice) => notice.link)).not.toContain(`/tasks?task=${later!.id}`);
  });
});

describe('chat reminders', () => {
  const actor = () => ({ actorId: bookkeeper, idempotencyKey: null });
  const staff = () => ({ id: bookkeeper, role: 'BOOKKEEPER' as const });
  const conversationId = async () => (await db.query<{ id: number }>('SELECT id FROM conversations WHERE client_id = $1', [clientId]))[0]!.id;

  it('fires a "remind me" once, with two back ends at once, and not before its time', async () => {
    await postMyMessage(db, clientUser, { body: 'Hello, any news on our VAT return?' });
    const id = await conversationId();
    const now = new Date();
    const [reminder] = await setReminder(db, staff(), { conversation_id: id, kind: 'me', preset: 'in_1_hour' }, actor(), now);
    expect(Date.parse(reminder!.due_at) - now.getTime()).toBe(HOUR_MS);
    expect(await fireDueReminders(db, new Date(now.getTime() + HOUR_MS - 1000))).toBe(0);
    const at = new Date(now.getTime() + HOUR_MS);
    const fired = await Promise.all([fireDueReminders(db, at), fireDueReminders(replica, at), fireDueReminders(db, at)]);
    expect(fired.reduce((sum, count) => sum + count, 0)).toBe(1);
    const notices = await db.query<{ count: number }>("SELECT count(*)::int AS count FROM notifications WHERE user_id = $1 AND kind = 'chat_reminder'", [bookkeeper]);
    expect(notices[0]!.count).toBe(1);
  });

  it('nudges the client on the ladder, marks the conversation waiting at the last step, and stops once the client replies', async () => {
    const id = await conversationId();
    const now = new Date();
    await postStaffMessage(db, staff(), id, { body: 'Could you send the purchase invoices for March?' });
    const ladder = await setReminder(db, staff(), { conversation_id: id, kind: 'client' }, actor(), now);
    // 24 h, then 3 days more, each on the next working day (tests/backend/chats/nudge-ladder-calendar.test.ts).
    const [first, second] = clientNudgeTimes(now) as [Date, Date];
    expect(ladder.map((step) => step.due_at)).toEqual([first.toISOString(), second.toISOString()]);
    expect((await Promise.all([fireDueReminders(db, first), fireDueReminders(replica, first)])).reduce((a, b) => a + b, 0)).toBe(1);
    const after = await messagesOf(db, id, { limit: 1 });
    expect(after.results[0]).toMatchObject({ body: NUDGE_TEXT, from_client: false });
    expect(await fireDueReminders(db, second)).toBe(1);
    const [status] = await db.query<{ status: string }>('SELECT status FROM conversations WHERE id = $1', [id]);
    expect(status!.status).toBe('waiting');

    // A new ladder, answered by the client before its first step: nothing fires, the chat is open again.
    const again = new Date(now.getTime() + 100 * HOUR_MS);
    await setReminder(db, staff(), { conversation_id: id, kind: 'client' }, actor(), again);
    await postMyMessage(db, clientUser, { body: 'Sent them just now.' });
    const nudgesBefore = (await db.query<{ count: number }>('SELECT count(*)::int AS count FROM chat_messages WHERE conversation_id = $1 AND body = $2', [id, NUDGE_TEXT]))[0]!.count;
    expect(await fireDueReminders(db, new Date(again.getTime() + 200 * HOUR_MS))).toBe(0);
    const nudgesAfter = (await db.query<{ count: number }>('SELECT count(*)::int AS count FROM chat_messages WHERE conversation_id = $1 AND body = $2', [id, NUDGE_TEXT]))[0]!.count;
    expect(nudgesAfter).toBe(nudgesBefore);
    const rows = await db.query<{ status: string }>("SELECT status FROM chat_reminders WHERE conversation_id = $1 AND kind = 'client' ORDER BY id", [id]);
    expect(rows.map((row) => row.status)).toEqual(['fired', 'fired', 'cancelled', 'cancelled']);
    const [open] = await db.query<{ status: string }>('SELECT status FROM conversations WHERE id = $1', [id]);
    expect(open!.status).toBe('open');
  });
});

describe('messages', () => {
  it('keep one order for concurrent posts and page back without gaps or repeats', async () => {
    const id = (await db.query<{ id: number }>('SELECT id FROM conversations WHERE client_id = $1', [clientId]))[0]!.id;
    await Promise.all(Array.from({ length: 25 }, (_unused, index) => postMyMessage(index % 2 ? db : replica, clientUser, { body: `message ${index}` })));
    const all: number[] = [];
    let before: number | null | undefined;
    do {
      const page = await messagesOf(db, id, { limit: 7, ...(before ? { before } : {}) });
      all.unshift(...page.results.map((message) => message.id));
      before = page.before;
    } while (before);
    expect(all).toEqual([...all].sort((a, b) => a - b));
    expect(new Set(all).size).toBe(all.length);
    const [counted] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM chat_messages WHERE conversation_id = $1', [id]);
    expect(all).toHaveLength(counted!.count);
    const [last] = await db.query<{ last_message_id: string }>('SELECT last_message_id FROM conversations WHERE id = $1', [id]);
    expect(Number(last!.last_message_id)).toBe(all.at(-1));
  });
});
