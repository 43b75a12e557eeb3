/**
 * `npm run bench:clients`: the Clients list's SQL at scale. Seeds 10,000 clients (with their subscriptions,
 * 40 bookkeepers and the next-deadline columns the store keeps) into a fresh in-memory PGlite database,
 * migrated as the back end migrates it (the trigram search index included), then measures through the same
 * store function the route calls, a page of 20 with its count, p50/p95 over BENCH_CLIENTS_RUNS runs on varying
 * pages (target p95 under 50 ms):
 * - ADMIN's default view (legal name A-Z), and sorted by next deadline;
 * - a bookkeeper's 'Mine' (their ~250 clients);
 * - a search by name, by trade licence number and by TRN digits;
 * - filters together: plan, VAT registered, licence expiring within 90 days.
 * Figures are printed; nothing is asserted (speed is measured here, never in timed tests). BENCH_EXPLAIN=1 also
 * prints the query plans (EXPLAIN ANALYZE) of each case's page and count.
 */
import { availableParallelism, loadavg } from 'node:os';
import { openDatabase, type Database } from '../backend/src/db/database.ts';
import { pageWindow } from '../backend/src/lib/pagination.ts';
import { listClients } from '../backend/src/modules/clients/list-store.ts';
import { seedPlans } from '../backend/src/modules/plans/seed.ts';
import type { ClientExportQuery } from '../common/contract/clients.ts';

const TOTAL = Number(process.env.BENCH_CLIENTS_ROWS ?? 10_000);
const RUNS = Number(process.env.BENCH_CLIENTS_RUNS ?? 60);
const BOOKKEEPERS = 40;

const PLACES = ['Al Majaz', 'Zabeel', 'Saffron Lane', 'Gulf Bridge', 'Blue Lagoon', 'Nad Al Hamar', 'Sandstone', 'Harbour Point', 'Qasr Al Sultan', 'Greenfield', 'Cedar Peak', 'Coral Reef'];
const TRADES = ['Trading', 'Consultancy', 'Events', 'Interiors', 'Logistics', 'Real Estate', 'Perfumes', 'Software', 'Catering', 'Marine'];
const sqlArray = (values: string[]) => `ARRAY[${values.map((value) => `'${value}'`).join(', ')}]`;

async function seed(db: Database): Promise<void> {
  await db.transaction((tx) => seedPlans(tx));
  await db.query(
    `INSERT INTO users (email, display_name, role) SELECT 'bookkeeper' || i || '@bench.example', 'Bookkeeper ' || i, 'BOOKKEEPER' FROM generate_series(1, ${BOOKKEEPERS}) AS i`,
  );
  // The store keeps each client's nearest deadline on its row; here they are spread over the coming two months.
  await db.query(
    `INSERT INTO clients (legal_name, trade_licence_number, licensing_authority, legal_form, licence_expires_on, vat_registered, trn, vat_period,
       financial_year_end_month, email, phone, address, bookkeeper_id, reviewer_id, status, activated_at, next_deadline_on, next_deadline_key, next_deadline_title)
     SELECT (${sqlArray(PLACES)})[1 + i % ${PLACES.length}] || ' ' || (${sqlArray(TRADES)})[1 + (i / ${PLACES.length}) % ${TRADES.length}] || ' ' || i || ' LLC',
            'CN-' || (1000000 + i), 'Mainland (DET)', 'Limited Liability Company (LLC)', current_date + (i % 400 - 30),
            i % 4 <> 0, CASE WHEN i % 4 <> 0 THEN '100' || lpad((i * 7919)::text, 12, '0') END, CASE WHEN i % 4 <> 0 THEN 'quarterly' END,
            12, 'accounts' || i || '@bench.example', '+971 4 000 0000', 'Business Bay, Dubai',
            (SELECT id FROM users WHERE email = 'bookkeeper' || (1 + i % ${BOOKKEEPERS}) || '@bench.example'), NULL,
            (ARRAY['active', 'active', 'active', 'active', 'active', 'active', 'active', 'active', 'paused', 'cancelled'])[1 + i % 10],
            now() - (i % 700) * interval '1 day', current_date + (i % 60), 'vat_return:2026-01', 'VAT return Oct-Dec 2025'
     FROM generate_series(1, ${TOTAL}) AS i`,
  );
  await db.query(
    `INSERT INTO subscriptions (client_id, plan_id, cycle, discount_bp, net_fils, vat_fils, total_fils, starts_on, next_renewal_on, status)
     SELECT c.id, p.id, (ARRAY['monthly', 'quarterly', 'annual'])[1 + c.id % 3], 0, 100000, 5000, 105000, current_date - 10, current_date + 20, c.status
     FROM clients c JOIN plans p ON p.sort_order = c.id % 4`,
  );
  // A Postgres server's autovacuum would have done this by the time anyone lists.
  await db.query('VACUUM ANALYZE');
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

interface Figures {
  p50: number;
  p95: number;
  /** CPU time of this process per page (PGlite runs in it): barely moved by other work on the machine. */
  cpu50: number;
  cpu95: number;
  count: number;
}

async function time(db: Database, user: { id: number; role: 'ADMIN' | 'BOOKKEEPER' }, query: ClientExportQuery): Promise<Figures> {
  const times: number[] = [];
  const cpu: number[] = [];
  let count = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const result = await listClients(db, user, query, pageWindow({ page: 1 + (run % 5) }));
    const used = process.cpuUsage(cpuStarted);
    times.push(performance.now() - started);
    cpu.push((used.user + used.system) / 1000);
    count = result.count;
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), cpu50: percentile(cpu, 50), cpu95: percentile(cpu, 95), count };
}

/** Runs `work` with every query of it printed with its plan. */
async function explain(db: Database, label: string, work: () => Promise<unknown>): Promise<void> {
  const query = db.query.bind(db);
  db.query = async <T>(sql: string, params?: unknown[]) => {
    const plan = await query<{ 'QUERY PLAN': string }>(`EXPLAIN ANALYZE ${sql}`, params);
    console.log(`--- ${label}\n${plan.map((line) => line['QUERY PLAN']).join('\n')}`);
    return query<T>(sql, params);
  };
  try {
    await work();
  } finally {
    db.query = query;
  }
}

const db = await openDatabase('memory://');
try {
  const started = performance.now();
  await seed(db);
  console.log(`seeded ${TOTAL.toLocaleString('en')} clients in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const admin = { id: 0, role: 'ADMIN' as const };
  const [bookkeeper] = await db.query<{ id: number }>("SELECT id FROM users WHERE email = 'bookkeeper1@bench.example'");
  const [plan] = await db.query<{ id: number }>("SELECT id FROM plans WHERE code = 'growth'");
  const [sample] = await db.query<{ trade_licence_number: string; trn: string }>('SELECT trade_licence_number, trn FROM clients WHERE trn IS NOT NULL ORDER BY id OFFSET 4321 LIMIT 1');
  const cases: [string, { id: number; role: 'ADMIN' | 'BOOKKEEPER' }, ClientExportQuery][] = [
    ['ADMIN, default view (A-Z)', admin, {}],
    ['ADMIN, sorted by next deadline', admin, { sort: 'next_deadline' }],
    ["a bookkeeper's clients ('Mine')", { id: bookkeeper!.id, role: 'BOOKKEEPER' }, { bookkeeper: 'mine' }],
    ["search 'harbour'", admin, { search: 'harbour' }],
    [`search a licence number '${sample!.trade_licence_number}'`, admin, { search: sample!.trade_licence_number }],
    [`search TRN digits '${sample!.trn.slice(5, 13)}'`, admin, { search: sample!.trn.slice(5, 13) }],
    ['plan + VAT registered + licence within 90 days', admin, { plan: plan!.id, vat_registered: true, licence_expiring: '90' }],
  ];
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(`load average ${loadavg().map((value) => value.toFixed(1)).join(', ')} on ${availableParallelism()} cores`);
  for (const [label, user, query] of cases) {
    if (process.env.BENCH_EXPLAIN) await explain(db, label, () => listClients(db, user, query, pageWindow({ page: 2 })));
    await time(db, user, query); // warm-up, as a running back end would be
    const figures = await time(db, user, query);
    console.log(`${label} (${figures.count.toLocaleString('en')} rows): p50 ${ms(figures.p50)}, p95 ${ms(figures.p95)} (target p95 < 50 ms); CPU p50 ${ms(figures.cpu50)}, p95 ${ms(figures.cpu95)}`);
  }
} finally {
  await db.close();
}
