/**
 * `npm run bench:service-desk`: the service desk at scale on a fresh in-memory PGlite. Figures are printed;
 * nothing is asserted. The lists through the store functions the routes call:
 * - 200,000 tasks over 2,000 clients and 40 bookkeepers: a bookkeeper's 'Mine' list (page of 20 with its
 *   count, due-date order), p50/p95 over BENCH_RUNS runs on varying pages; target p95 under 50 ms.
 * - 1,000,000 messages over 1,000 conversations: opening a conversation (newest page of 30) and paging back
 *   five pages, p50/p95; target p95 under 50 ms.
 * - 200 clients posting at once (BENCH_POSTERS, BENCH_POSTS messages each), over HTTP as a client's app does:
 *   POST /api/me/chat/messages through the gateway as production runs it (NODE_ENV=production,
 *   RS256 ID tokens checked against keys fetched over TLS, see lib/local-google-keys.ts) to the real back end on
 *   this same database (both in this process, on port 0). Each poster is a CLIENT user bound to the uid of its
 *   token, with its own client and conversation, and sends its messages one after another (the next once the
 *   last was answered); all posters at once. Then the database is read back: every message stored exactly once
 *   and in the order sent, per conversation. Prints messages, wall time, messages/s, p50/p95 per post,
 *   duplicates, missing and out-of-order counts, and the load average it ran under.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { buildBackend } from '../backend/src/app.ts';
import { loadConfig as loadBackendConfig } from '../backend/src/config.ts';
import { openDatabase, type Database } from '../backend/src/db/database.ts';
import { pageWindow } from '../backend/src/lib/pagination.ts';
import { messagesOf } from '../backend/src/modules/chats/store.ts';
import { listTasks } from '../backend/src/modules/tasks/store.ts';
import { requestOf } from '../common/contract/endpoint.ts';
import { chatsRoutes } from '../common/contract/chats-paths.ts';
import { buildApp } from '../gateway/src/app.ts';
import { loadConfig as loadGatewayConfig } from '../gateway/src/config.ts';
import { startLocalGoogleKeys } from './lib/local-google-keys.ts';

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

// 200 clients posting at once, over HTTP through the production gateway to the back end on this database.
const posters = await db.query<{ user_id: number; conversation_id: number }>(
  'SELECT c.user_id, v.id AS conversation_id FROM clients c JOIN conversations v ON v.client_id = c.id ORDER BY c.id LIMIT $1',
  [POSTERS],
);
// Each poster signs in as itself: its users row bound to the uid its ID token carries.
await db.query("UPDATE users SET firebase_uid = 'bench-client-' || id WHERE id = ANY($1::integer[])", [posters.map((poster) => poster.user_id)]);
const stack = await startStack(db);
try {
  const tokens = new Map(posters.map(({ user_id }) => [user_id, stack.token(`bench-client-${user_id}`)]));
  // A sign-in per client first (its first call also marks the account signed in), outside the timed burst.
  await Promise.all(posters.map(({ user_id }) => stack.call('GET', requestOf(chatsRoutes.mine).path, tokens.get(user_id)!)));
  const times: number[] = [];
  const failures = new Map<number, number>();
  const postStart = performance.now();
  await Promise.all(
    posters.map(async ({ user_id }) => {
      for (let n = 0; n < POSTS; n += 1) {
        const sent = performance.now();
        const status = await stack.call('POST', requestOf(chatsRoutes.myMessages).path, tokens.get(user_id)!, { body: `burst ${user_id} #${n}` }, `burst-${user_id}-${n}`);
        times.push(performance.now() - sent);
        if (status !== 201) failures.set(status, (failures.get(status) ?? 0) + 1);
      }
    }),
  );
  const postMs = performance.now() - postStart;
  times.sort((a, b) => a - b);
  // Read back from the database: per conversation, the burst's messages in the order they were stored (id).
  const stored = await db.query<{ user_id: number; bodies: string[] }>(
    `SELECT c.user_id, coalesce(array_agg(m.body ORDER BY m.id) FILTER (WHERE m.id IS NOT NULL), '{}') AS bodies
     FROM clients c JOIN conversations v ON v.client_id = c.id
     LEFT JOIN chat_messages m ON m.conversation_id = v.id AND m.from_client AND m.author_id = c.user_id AND m.body LIKE 'burst %'
     WHERE c.user_id = ANY($1::integer[]) GROUP BY c.user_id`,
    [posters.map((poster) => poster.user_id)],
  );
  let delivered = 0;
  let duplicates = 0;
  let missing = 0;
  let outOfOrder = 0;
  for (const { user_id, bodies } of stored) {
    const numbers = bodies.map((body) => Number(/^burst \d+ #(\d+)$/.exec(body)?.[1] ?? NaN));
    const distinct = new Set(numbers);
    delivered += bodies.length;
    duplicates += bodies.length - distinct.size;
    missing += Array.from({ length: POSTS }, (_unused, n) => n).filter((n) => !distinct.has(n)).length;
    // A message stored before one its client sent earlier (each client waits for its answer before the next).
    outOfOrder += numbers.filter((number, index) => index > 0 && number < numbers[index - 1]!).length;
    if (bodies.some((body) => !body.startsWith(`burst ${user_id} #`))) outOfOrder += 1;
  }
  const expected = posters.length * POSTS;
  console.log(
    `${posters.length} clients x ${POSTS} messages at once, POST /api/${requestOf(chatsRoutes.myMessages).path} through the gateway (RS256 ID tokens) to the back end: ` +
      `${expected.toLocaleString('en-GB')} in ${ms(postMs)} (${((expected / postMs) * 1000).toFixed(0)} messages/s); per post p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}`,
  );
  console.log(
    `  answered 201: ${expected - [...failures.values()].reduce((sum, count) => sum + count, 0)}${failures.size ? ` (others: ${[...failures].map(([status, count]) => `${count} x ${status}`).join(', ')})` : ''}; ` +
      `in the database: ${delivered} of ${expected}, duplicates ${duplicates}, missing ${missing}, out of order ${outOfOrder} (load average ${loadavg()[0]!.toFixed(2)} on ${availableParallelism()} cores)`,
  );
} finally {
  await stack.close();
}
await db.close();

/**
 * The back end (on the bench's database, the one the figures above were read from) behind the gateway as
 * production runs it (NODE_ENV=production, RS256 ID tokens checked against keys fetched over TLS from a local
 * stand-in for Google's key server, see lib/local-google-keys.ts), both in this process on port 0.
 */
async function startStack(database: Database) {
  const projectId = 'bench-service-desk';
  const keys = await startLocalGoogleKeys();
  // The gateway serves the console too; a placeholder page stands in for the build, which no figure here uses.
  const staticDir = await mkdtemp(join(tmpdir(), 'bench-service-desk-'));
  await writeFile(join(staticDir, 'index.html'), '<!doctype html><title>bench</title>');
  const backend = await buildBackend(loadBackendConfig({ DATA_DIR: 'memory://', FIREBASE_PROJECT_ID: projectId, LOG_LEVEL: 'warn' }), { database, httpAgent: keys.agent });
  await backend.listen({ port: 0, host: '127.0.0.1' });
  const gateway = await buildApp(
    loadGatewayConfig({
      NODE_ENV: 'production',
      API_UPSTREAM: `http://127.0.0.1:${(backend.server.address() as AddressInfo).port}`,
      FIREBASE_PROJECT_ID: projectId,
      FIREBASE_WEB_API_KEY: 'bench-web-api-key',
      // The revocation check needs service-account credentials for Google's Auth API, out of reach here.
      AUTH_CHECK_REVOKED: 'false',
      STATIC_DIR: staticDir,
      LOG_LEVEL: 'warn',
    }),
    { firebaseHttpAgent: keys.agent },
  );
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}/api/`;
  const agent = new Agent({ connections: POSTERS + 10 });
  return {
    token: (uid: string) => keys.signIdToken(projectId, uid),
    async call(method: 'GET' | 'POST', path: string, token: string, body?: unknown, idempotencyKey?: string): Promise<number> {
      const response = await request(base + path, {
        method,
        dispatcher: agent,
        headers: {
          authorization: `Firebase ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      await response.body.text();
      return response.statusCode;
    },
    async close() {
      await agent.close();
      await gateway.close();
      await backend.close();
      await keys.close();
      await rm(staticDir, { recursive: true, force: true });
    },
  };
}
