/**
 * `npm run bench:enquiries`: Website Enquiries at scale. Figures are printed; nothing is asserted.
 *
 * 1. The inbox: 100,000 enquiries (BENCH_ENQUIRIES_ROWS) over the five forms and five statuses in a fresh
 *    in-memory PGlite database, migrated as the back end migrates it (the trigram search index included); a page
 *    of 20 with its count through the store function the route calls, p50/p95 over BENCH_ENQUIRIES_RUNS runs on
 *    varying pages: a tab's default view, a tab with a status filter, and searches (a name, an e-mail fragment,
 *    a company), target p95 under 50 ms.
 * 2. The public post at the rate limit's edge: a real back end (in-memory PGlite) behind a real gateway trusting
 *    the loopback proxy; ADDRESSES client addresses (X-Forwarded-For) each send LIMIT + 3 posts at once. Every
 *    address must get exactly LIMIT answers 202 and the rest 429 with Retry-After, and the database must hold
 *    exactly the accepted ones (none lost, none extra).
 */
import { availableParallelism, loadavg } from 'node:os';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { buildBackend } from '../backend/src/app.ts';
import { loadConfig as loadBackendConfig } from '../backend/src/config.ts';
import { openDatabase, type Database } from '../backend/src/db/database.ts';
import { pageWindow } from '../backend/src/lib/pagination.ts';
import { listEnquiries, type EnquiryFilters } from '../backend/src/modules/enquiries/store.ts';
import { buildApp } from '../gateway/src/app.ts';
import { loadConfig as loadGatewayConfig } from '../gateway/src/config.ts';

const TOTAL = Number(process.env.BENCH_ENQUIRIES_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_ENQUIRIES_RUNS ?? 60);
const ADDRESSES = Number(process.env.BENCH_ENQUIRIES_ADDRESSES ?? 40);
const LIMIT = 5;

const FIRST = ['Ahmed', 'Mariam', 'Khalid', 'Noura', 'Rajesh', 'Anita', 'Yousef', 'Hind', 'Tariq', 'Reem', 'Sanjay', 'Lina'];
const LAST = ['Al Maktoum', 'Al Falasi', 'Kapoor', 'Haddad', 'Pereira', 'Al Nuaimi', 'Iyer', 'Saleh', 'Menon', 'Rizvi'];
const COMPANIES = ['Zabeel Foods', 'Marina Yachts', 'Dune Ventures', 'Creek Freight', 'Pixel Souk Media', 'Gate Capital', 'Palm Organics', 'Tecom Cloud'];
const sqlArray = (values: string[]) => `ARRAY[${values.map((value) => `'${value}'`).join(', ')}]`;

async function seed(db: Database): Promise<void> {
  await db.query(
    `INSERT INTO enquiries (kind, status, name, email, phone, company, message, details, close_reason, created_at)
     SELECT (ARRAY['contactus', 'talktoexpert', 'cfo-enquiries', 'fundability', 'difc'])[1 + i % 5],
            (ARRAY['new', 'new', 'contacted', 'qualified', 'closed', 'spam'])[1 + (i / 5) % 6],
            (${sqlArray(FIRST)})[1 + i % ${FIRST.length}] || ' ' || (${sqlArray(LAST)})[1 + (i / 7) % ${LAST.length}],
            'person' || i || '@' || lower(replace((${sqlArray(COMPANIES)})[1 + i % ${COMPANIES.length}], ' ', '')) || '.ae',
            '+971 50 ' || lpad((i * 7919 % 10000000)::text, 7, '0'),
            (${sqlArray(COMPANIES)})[1 + i % ${COMPANIES.length}] || ' ' || (i % 997) || ' LLC',
            'Please call me about bookkeeping.', '{}'::jsonb,
            CASE WHEN (ARRAY['new', 'new', 'contacted', 'qualified', 'closed', 'spam'])[1 + (i / 5) % 6] = 'closed' THEN 'No reply' END,
            now() - (i % 86400) * interval '1 minute'
     FROM generate_series(1, ${TOTAL}) AS i`,
  );
  // A Postgres server's autovacuum would have done this by the time anyone lists.
  await db.query('VACUUM ANALYZE');
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

async function measure(db: Database, name: string, filters: EnquiryFilters, maxPage: number): Promise<void> {
  const times: number[] = [];
  let count = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const page = 1 + (run % maxPage);
    const started = performance.now();
    const result = await listEnquiries(db, filters, pageWindow({ page, page_size: 20 }));
    times.push(performance.now() - started);
    count = result.count;
  }
  times.sort((a, b) => a - b);
  console.log(`  ${name.padEnd(44)} ${String(count).padStart(7)} rows   p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms`);
}

async function inbox(): Promise<void> {
  const db = await openDatabase('memory://');
  const started = performance.now();
  await seed(db);
  console.log(`Inbox: ${TOTAL.toLocaleString('en-GB')} enquiries seeded in ${((performance.now() - started) / 1000).toFixed(1)} s; ${RUNS} runs per case, page of 20 with its count`);
  await measure(db, 'Talk to an expert tab, newest first', { kind: 'talktoexpert' }, 20);
  await measure(db, 'Contact us tab, status new', { kind: 'contactus', status: 'new' }, 20);
  await measure(db, 'all forms, deep pages (100-120)', {}, 1);
  await measure(db, 'DIFC tab, search a name ("haddad")', { kind: 'difc', search: 'haddad' }, 5);
  await measure(db, 'every form, search an e-mail ("person4242")', { search: 'person4242' }, 1);
  await measure(db, 'Fundability tab, search a company ("creek freight 51")', { kind: 'fundability', search: 'creek freight 51' }, 1);
  await db.close();
}

async function edge(): Promise<void> {
  const backend = await buildBackend(loadBackendConfig({ DATA_DIR: 'memory://', FIREBASE_PROJECT_ID: 'demo-bench', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9', LOG_LEVEL: 'warn', TRUST_PROXY: 'loopback' }));
  await backend.listen({ port: 0, host: '127.0.0.1' });
  const backendPort = (backend.server.address() as AddressInfo).port;
  const gateway = await buildApp(
    loadGatewayConfig({
      API_UPSTREAM: `http://127.0.0.1:${backendPort}`,
      FIREBASE_PROJECT_ID: 'demo-bench',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9',
      STATIC_DIR: 'dist/client',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '127.0.0.1',
      PUBLIC_RATE_LIMIT: String(LIMIT),
    }),
  );
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}/api/public/enquiries/contactus`;
  const perAddress = LIMIT + 3;
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: ADDRESSES * perAddress }, async (_unused, index) => {
      const address = `198.51.100.${1 + (index % ADDRESSES)}`;
      const sent = performance.now();
      const response = await request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({ name: 'Bench Visitor', email: `edge-${index}@bench.example`, message: `post ${index}` }),
      });
      await response.body.text();
      return { address, status: response.statusCode, retryAfter: response.headers['retry-after'], ms: performance.now() - sent };
    }),
  );
  const elapsed = performance.now() - started;
  const accepted = answers.filter((answer) => answer.status === 202);
  const limited = answers.filter((answer) => answer.status === 429);
  const other = answers.filter((answer) => answer.status !== 202 && answer.status !== 429);
  const perAddressOk = [...new Set(answers.map((answer) => answer.address))].every((address) => accepted.filter((answer) => answer.address === address).length === LIMIT);
  const [{ count: stored } = { count: 0 }] = await backend.db.query<{ count: number }>("SELECT count(*)::integer AS count FROM enquiries WHERE email LIKE 'edge-%@bench.example'");
  const sorted = (list: typeof answers) => list.map((answer) => answer.ms).sort((a, b) => a - b);
  console.log(`Public post at the rate limit's edge: ${ADDRESSES} addresses x ${perAddress} posts at once (limit ${LIMIT} a minute), ${answers.length} requests in ${elapsed.toFixed(0)} ms`);
  console.log(`  202 accepted ${accepted.length} (expected ${ADDRESSES * LIMIT}), 429 refused ${limited.length} (all with Retry-After: ${limited.every((answer) => Number(answer.retryAfter) >= 1)}), other ${other.length}`);
  console.log(`  exactly ${LIMIT} accepted per address: ${perAddressOk}; stored ${stored} of ${accepted.length} accepted (lost ${accepted.length - stored})`);
  console.log(`  latency accepted p50 ${percentile(sorted(accepted), 50).toFixed(1)} ms p95 ${percentile(sorted(accepted), 95).toFixed(1)} ms; refused p50 ${percentile(sorted(limited), 50).toFixed(1)} ms p95 ${percentile(sorted(limited), 95).toFixed(1)} ms`);
  await gateway.close();
  await backend.close();
}

console.log(`bench:enquiries on ${availableParallelism()} cores, load ${loadavg()[0]!.toFixed(2)}`);
await inbox();
await edge();
