/**
 * `npm run bench:search`: search everywhere (GET search/?q=) at scale, through the same function the
 * route calls (every registered provider, each under its visibility rule, in one read-only transaction).
 * Seeds a fresh in-memory PGlite database, migrated as the back end migrates it, with 100,000 registrations
 * (half with a company profile: trade licence number and TRN), 10,000 clients and 40 bookkeepers, and 200,000
 * tasks on those clients when the tasks area is present (a `tasks` table and a 'task' search provider;
 * otherwise the bench says it skipped them). Prints p50/p95 per kind of query and
 * over all of them (target p95 under 50 ms); nothing is asserted. BENCH_SEARCH_RUNS sets the runs per case.
 */
import { availableParallelism, loadavg } from 'node:os';
import { openDatabase, type Database } from '../backend/src/db/database.ts';
import { MODULES } from '../backend/src/modules/index.ts';
import { searchEverywhere, searchProviders } from '../backend/src/modules/search/store.ts';
import type { Caller } from '../backend/src/lib/work-registry.ts';

const REGISTRATIONS = Number(process.env.BENCH_SEARCH_REGISTRATIONS ?? 100_000);
const CLIENTS = Number(process.env.BENCH_SEARCH_CLIENTS ?? 10_000);
const TASKS = Number(process.env.BENCH_SEARCH_TASKS ?? 200_000);
const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 40);
const BOOKKEEPERS = 40;

const PLACES = ['Al Noor', 'Marina Bay', 'Desert Rose', 'Jumeirah', 'Creek Side', 'Palm Crest', 'Falcon Ridge', 'Deira', 'Karama', 'Al Quoz', 'Hatta', 'Satwa'];
const TRADES = ['Trading', 'Consultancy', 'Events', 'Interiors', 'Logistics', 'Real Estate', 'Perfumes', 'Software', 'Catering', 'Marine'];
const TASK_TITLES = ['VAT return', 'Bank reconciliation', 'Payroll run', 'Month-end close', 'Corporate tax filing', 'Audit support', 'Invoice chase', 'ESR notification'];
const STAGES = ['signed_up', 'completed_registration', 'profile_verified', 'meeting_scheduled', 'documents_submitted', 'payment_completed'];
const sqlArray = (values: string[]) => `ARRAY[${values.map((value) => `'${value}'`).join(', ')}]`;
const NAME = (id: string) => `(${sqlArray(PLACES)})[1 + ${id} % ${PLACES.length}] || ' ' || (${sqlArray(TRADES)})[1 + (${id} / ${PLACES.length}) % ${TRADES.length}] || ' ' || ${id}`;

async function seed(db: Database): Promise<void> {
  // Loading 100,000 rows under the trigram indexes takes minutes; building them afterwards, seconds (as a
  // restore does). The same indexes the migrations made are put back before anything is measured.
  const trigram = await db.query<{ indexname: string; indexdef: string }>(
    "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND indexdef LIKE '%gin_trgm_ops%'",
  );
  for (const index of trigram) await db.query(`DROP INDEX ${index.indexname}`);
  await load(db);
  for (const index of trigram) await db.query(index.indexdef);
  await db.query('VACUUM ANALYZE');
}

async function load(db: Database): Promise<void> {
  await db.query(
    `INSERT INTO users (email, display_name, role) SELECT 'bookkeeper' || i || '@bench.example', 'Bookkeeper ' || i, 'BOOKKEEPER' FROM generate_series(1, ${BOOKKEEPERS}) AS i`,
  );
  await db.query(
    `INSERT INTO users (email, display_name, role, date_joined)
     SELECT 'owner' || i || '@bench.example', 'Owner ' || i, 'CLIENT', now() - (i % 700) * interval '1 hour' FROM generate_series(1, ${REGISTRATIONS}) AS i`,
  );
  await db.query(
    `INSERT INTO registrations (user_id, registration_id, legal_name, stage, status, status_label, requested_on, recieved_on)
     SELECT u.id, 'REG-B-' || u.id, ${NAME('u.id')} || ' LLC', (${sqlArray(STAGES)})[1 + u.id % ${STAGES.length}],
            CASE WHEN u.id % 9 = 0 THEN 'inactive' ELSE 'active' END, 'Pending', now() - (u.id % 400) * interval '1 hour', now() - (u.id % 300) * interval '1 hour'
     FROM users u WHERE u.email LIKE 'owner%@bench.example'`,
  );
  await db.query(
    `INSERT INTO company_profiles (registration_id, trade_licence_number, licensing_authority, legal_form, licence_issued_on, licence_expires_on, vat_registered, trn,
       contact_person, email, phone, address)
     SELECT r.id, 'CN-' || (2000000 + r.id), 'Mainland (DET)', 'LLC', current_date - 300, current_date + 65, true, '100' || lpad((r.id * 7919)::text, 12, '0'),
            'Owner', 'owner@bench.example', '+971 4 000 0000', 'Dubai'
     FROM registrations r WHERE r.id % 2 = 0`,
  );
  await db.query(
    `INSERT INTO clients (legal_name, trade_licence_number, licensing_authority, legal_form, licence_expires_on, vat_registered, trn, vat_period,
       financial_year_end_month, email, phone, address, bookkeeper_id, status)
     SELECT ${NAME('i')} || ' FZE', 'CN-' || (1000000 + i), 'Mainland (DET)', 'LLC', current_date + (i % 400 - 30),
            i % 4 <> 0, CASE WHEN i % 4 <> 0 THEN '200' || lpad((i * 7919)::text, 12, '0') END, CASE WHEN i % 4 <> 0 THEN 'quarterly' END,
            12, 'accounts' || i || '@client.example', '+971 4 000 0000', 'Dubai',
            (SELECT id FROM users WHERE lower(email) = 'bookkeeper' || (1 + i % ${BOOKKEEPERS}) || '@bench.example'), 'active'
     FROM generate_series(1, ${CLIENTS}) AS i`,
  );
}

/** 200,000 tasks spread over the clients, a tenth done, due dates a year either side of today. */
async function seedTasks(db: Database): Promise<void> {
  await db.query(
    `INSERT INTO tasks (client_id, title, due_on, priority, status)
     SELECT 1 + i % ${CLIENTS}, (${sqlArray(TASK_TITLES)})[1 + i % ${TASK_TITLES.length}] || ' ' || (i % 97) || ' ' || i, current_date + (i % 730 - 365),
            (ARRAY['low', 'normal', 'high', 'urgent'])[1 + i % 4], CASE WHEN i % 10 = 0 THEN 'done' ELSE 'to_do' END
     FROM generate_series(1, ${TASKS}) AS i`,
  );
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

const db = await openDatabase('memory://');
try {
  const started = performance.now();
  await seed(db);
  console.log(`seeded ${REGISTRATIONS.toLocaleString('en')} registrations and ${CLIENTS.toLocaleString('en')} clients in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const providers = searchProviders(MODULES);
  const [{ tasks } = { tasks: false }] = await db.query<{ tasks: boolean }>("SELECT to_regclass('public.tasks') IS NOT NULL AS tasks");
  const withTasks = tasks && providers.some((provider) => provider.kind === 'task');
  if (withTasks) {
    const begun = performance.now();
    await seedTasks(db);
    console.log(`seeded ${TASKS.toLocaleString('en')} tasks in ${((performance.now() - begun) / 1000).toFixed(1)} s`);
  } else {
    console.log(`tasks: the tasks area is not in this build (no tasks table or task search provider): ${TASKS.toLocaleString('en')} tasks skipped`);
  }
  await db.query('VACUUM ANALYZE');
  const admin: Caller = { id: 1, role: 'ADMIN' };
  const [bookkeeper] = await db.query<{ id: number }>("SELECT id FROM users WHERE email = 'bookkeeper7@bench.example'");
  const [client] = await db.query<{ trn: string; trade_licence_number: string }>('SELECT trn, trade_licence_number FROM clients WHERE trn IS NOT NULL ORDER BY id OFFSET 4321 LIMIT 1');
  const [profile] = await db.query<{ trn: string; trade_licence_number: string }>('SELECT trn, trade_licence_number FROM company_profiles ORDER BY registration_id OFFSET 23456 LIMIT 1');
  const cases: [string, Caller, (run: number) => string][] = [
    ['a company name (two words)', admin, (run) => `${PLACES[run % PLACES.length]!.toLowerCase()} ${TRADES[run % TRADES.length]!.toLowerCase()}`],
    ["a misspelt name ('jumeriah intriors 4')", admin, (run) => `jumeriah intriors ${4 + run}`],
    ['a registration id', admin, (run) => `REG-B-${1000 + run * 977}`],
    ['a client TRN', admin, () => client!.trn],
    ['a registration TRN', admin, () => profile!.trn],
    ['a trade licence number', admin, () => client!.trade_licence_number],
    ['an e-mail', admin, (run) => `owner${500 + run * 1013}@bench.example`],
    ["a bookkeeper's search (own clients only)", { id: bookkeeper!.id, role: 'BOOKKEEPER' }, (run) => `${PLACES[run % PLACES.length]!.toLowerCase()} ${run}`],
    ...(withTasks
      ? ([
          ["a task's title ('payroll run 42')", admin, (run) => `${TASK_TITLES[run % TASK_TITLES.length]!.toLowerCase()} ${run % 97}`],
          ["a bookkeeper's task search (own clients' tasks only)", { id: bookkeeper!.id, role: 'BOOKKEEPER' }, (run) => `${TASK_TITLES[run % TASK_TITLES.length]!.toLowerCase()} ${run}`],
        ] satisfies [string, Caller, (run: number) => string][])
      : []),
  ];
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(`load average ${loadavg().map((value) => value.toFixed(1)).join(', ')} on ${availableParallelism()} cores; ${RUNS} runs per case`);
  const all: number[] = [];
  for (const [label, caller, query] of cases) {
    for (let run = 0; run < 3; run += 1) await searchEverywhere(db, providers, caller, query(run)); // warm-up
    const times: number[] = [];
    let hits = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const begun = performance.now();
      const result = await searchEverywhere(db, providers, caller, query(run));
      times.push(performance.now() - begun);
      hits += result.groups.reduce((sum, group) => sum + group.hits.length, 0);
    }
    all.push(...times);
    times.sort((a, b) => a - b);
    console.log(`${label}: p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))} (${(hits / RUNS).toFixed(1)} hits on average)`);
  }
  all.sort((a, b) => a - b);
  console.log(`every case together: p50 ${ms(percentile(all, 50))}, p95 ${ms(percentile(all, 95))} (target p95 < 50 ms)`);
} finally {
  await db.close();
}
