/**
 * `npm run bench:service-desk`: the service desk's SQL at scale on a fresh in-memory PGlite, through the
 * store functions the routes call. Figures are printed; nothing is asserted.
 * - 200,000 tasks over 2,000 clients and 40 bookkeepers: a bookkeeper's 'Mine' list (page of 20 with its
 *   count, due-date order), p50/p95 over BENCH_RUNS runs on varying pages; target p95 under 50 ms.
 * - 1,000,000 messages over 1,000 conversations: opening a conversation (newest page of 30) and paging back
 *   five pages, p50/p95; target p95 under 50 ms.
 * - 200 clients posting at once (BENCH_POSTS each), through the store function me/chat calls (the gateway
 *   and HTTP are not in this figure; tests/e2e/service-desk.test.ts times the live path): every message
 *   stored once and in order per conversation.
 */
import { openDatabase, type Database } from '../backend/src/db/database.ts';
import { pageWindow } from '../backend/src/lib/pagination.ts';
import { messagesOf, postMyMessage } from '../backend/src/modules/chats/store.ts';
import { listTasks } from '../backend/src/modules/tasks/store.ts';

const TASKS = Number(process.env.BENCH_TASKS ?? 200_000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const POSTERS = Number(process.env.BENCH_POSTERS ?? 200);
const POSTS = Number(process.env.BENCH_POSTS ?? 5);
const CLIENTS = 2_000;
const BOOKKEEPERS = 40;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function timed(runs: number, run: (index: number) => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    const started = performance.now();
    await run(index);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

async function seed(db: Database): Promise<{ bookkeeper: number }> {
  await db.query(`INSERT INTO users (email, display_name, role) SELECT 'bk' || i || '@bench.example', 'Bookkeeper ' || i, 'BOOKKEEPER' FROM generate_series(1, ${BOOKKEEPERS}) AS i`);
  await db.query(`INSERT INTO users (email, display_name, role) SELECT 'client' || i || '@bench.example', 'Client ' || i, 'CLIENT' FROM generate_series(1, ${CLIENTS}) AS i`);
  await db.query(
    `INSERT INTO clients (user_id, legal_name, trade_licence_number, licensing_authority, legal_form, licence_expires_on, vat_registered, financial_year_end_month, email, phone, address, bookkeeper_id)
     SELECT u.id, 'Bench Trading ' || u.id || ' LLC', 'CN-' || u.id, 'Mainland (DET)', 'LLC', CURRENT_DATE + 300, false, 12, u.email, '+971 4 000 0000', 'Dubai',
            (SELECT id FROM users WHERE email = 'bk' || (1 + u.id % ${BOOKKEEPERS}) || '@bench.example')
     FROM users u WHERE u.email LIKE 'client%@bench.example'`,
  );
  await db.query(
    `INSERT INTO tasks (client_id, title, assignee_id, due_on, priority, status)
     SELECT c.id, 'Task ' || i, c.bookkeeper_id, CURRENT_DATE + (i % 90) - 30, (ARRAY['low','normal','high','urgent'])[1 + i % 4],
            (ARRAY['to_do','in_progress','waiting_on_client','done','done'])[1 + i % 5]
     FROM generate_series(1, ${TASKS}) AS i JOIN clients c ON c.id = (SELECT min(id) FROM clients) + (i % ${CLIENTS})`,
  );
  const conversations = Math.min(1_000, CLIENTS);
  await db.query(`INSERT INTO conversations (client_id) SELECT id FROM clients ORDER BY id LIMIT ${conversations}`);
  // In batches: one INSERT of a million rows holds them all in PGlite's memory at once.
  const perBatch = 100_000;
  for (let offset = 0; offset < MESSAGES; offset += perBatch) {
    await db.query(
      `INSERT INTO chat_messages (conversation_id, from_client, body, created_at)
       SELECT (SELECT min(id) FROM conversations) + (i % ${conversations}), i % 2 = 0, 'Message number ' || i || ' about the monthly close and the VAT return.', now() - (${MESSAGES} - i) * interval '1 second'
       FROM generate_series(${offset + 1}, ${Math.min(MESSAGES, offset + perBatch)}) AS i`,
    );
  }
  await db.query(`UPDATE conversations v SET last_message_id = m.id, last_message_at = m.created_at, last_message_preview = left(m.body, 140)
    FROM (SELECT DISTINCT ON (conversation_id) conversation_id, id, created_at, body FROM chat_messages ORDER BY conversation_id, id DESC) m WHERE m.conversation_id = v.id`);
  await db.query('VACUUM ANALYZE');
  const [bookkeeper] = await db.query<{ id: number }>("SELECT id FROM users WHERE email = 'bk1@bench.example'");
  return { bookkeeper: bookkeeper!.id };
}

const db = await openDatabase('memory://');
const seedStart = performance.now();
const { bookkeeper } = await seed(db);
console.log(`seeded ${TASKS.toLocaleString('en-GB')} tasks, ${MESSAGES.toLocaleString('en-GB')} messages in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`);

const user = { id: bookkeeper, role: 'BOOKKEEPER' as const };
const first = await listTasks(db, user, { assignee: 'mine' }, pageWindow({ page: 1 }));
const mine = await timed(RUNS, (index) => listTasks(db, user, { assignee: 'mine', sort: 'due_on' }, pageWindow({ page: 1 + (index % 10) })));
console.log(`tasks 'Mine' (${first.count.toLocaleString('en-GB')} of ${TASKS.toLocaleString('en-GB')}), page of 20 with count: p50 ${ms(mine.p50)}, p95 ${ms(mine.p95)}`);
const overdue = await timed(RUNS, (index) => listTasks(db, user, { assignee: 'mine', due: 'overdue' }, pageWindow({ page: 1 + (index % 3) })));
console.log(`tasks 'Mine', overdue filter: p50 ${ms(overdue.p50)}, p95 ${ms(overdue.p95)}`);

const [{ min } = { min: 1 }] = await db.query<{ min: number }>('SELECT min(id) AS min FROM conversations');
const open = await timed(RUNS, (index) => messagesOf(db, min + ((index * 37) % 1000), { limit: 30 }));
console.log(`open a conversation (newest 30 of ${(MESSAGES / 1000).toLocaleString('en-GB')}): p50 ${ms(open.p50)}, p95 ${ms(open.p95)}`);
const back = await timed(RUNS, async (index) => {
  let page = await messagesOf(db, min + ((index * 53) % 1000), { limit: 30 });
  for (let step = 0; step < 5 && page.before; step += 1) page = await messagesOf(db, min + ((index * 53) % 1000), { limit: 30, before: page.before });
});
console.log(`open and page back 5 pages: p50 ${ms(back.p50)} for 6 reads (${ms(back.p50 / 6)} each), p95 ${ms(back.p95)}`);

// 200 clients posting at once.
const posters = await db.query<{ user_id: number }>('SELECT c.user_id FROM clients c JOIN conversations v ON v.client_id = c.id ORDER BY c.id LIMIT $1', [POSTERS]);
const postStart = performance.now();
await Promise.all(
  posters.map(async ({ user_id }) => {
    for (let n = 0; n < POSTS; n += 1) await postMyMessage(db, user_id, { body: `burst ${user_id} #${n}` });
  }),
);
const postMs = performance.now() - postStart;
const stored = await db.query<{ author_id: number; bodies: string[] }>(
  "SELECT author_id, array_agg(body ORDER BY id) AS bodies FROM chat_messages WHERE body LIKE 'burst %' GROUP BY author_id",
);
const inOrder = stored.every((row) => row.bodies.length === POSTS && row.bodies.every((body, n) => body === `burst ${row.author_id} #${n}`));
console.log(`${posters.length} clients x ${POSTS} messages at once: ${(posters.length * POSTS).toLocaleString('en-GB')} in ${ms(postMs)}; each stored once and in order: ${inOrder && stored.length === posters.length ? 'yes' : 'NO'}`);
await db.close();
