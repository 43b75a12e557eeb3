/**
 * `npm run bench:practice`: the firm's own numbers at scale, on PGlite (in memory) and on the npm-bundled
 * Postgres server the tests use. Seeds 50 staff with cost rates, 2,000 clients with subscriptions and a
 * year of monthly invoices (1 in 40 credited), and 12 months of time entries (about 500,000), then times
 * through the same store functions the routes call, p50/p95 over BENCH_PRACTICE_RUNS runs:
 * - profitability for the year grouped by client (target p95 < 200 ms), and by staff;
 * - the dashboard of the last month (target p95 < 300 ms);
 * - the Capacity view for 12 weeks (target p95 < 100 ms), the 12 weeks up to this one, every one of them with
 *   its time logged: capacity less holidays and leave, open tasks' estimates due, logged minutes.
 * The entries are loaded in bulk with the monthly- and weekly-totals triggers off and the totals summed once
 * after (as migrations 0116 and 0117 do for rows already there); one entry is then written through the
 * triggers to show they still run. Figures are printed; nothing is asserted. BENCH_PRACTICE_PGLITE_ONLY=1
 * skips Postgres; BENCH_PRACTICE_ENTRIES and BENCH_PRACTICE_RUNS make a quicker run.
 */
import { availableParallelism, loadavg } from 'node:os';
import { addDays, dubaiDate } from '../common/calendar.ts';
import { openDatabase, type Database } from '../backend/src/db/database.ts';
import { dashboard } from '../backend/src/modules/practice/dashboard-store.ts';
import { capacityWeeks } from '../backend/src/modules/capacity/store.ts';
import { profitability } from '../backend/src/modules/practice/profitability-store.ts';
import { seedPlans } from '../backend/src/modules/plans/seed.ts';
import { startPostgresCluster } from '../scripts/lib/postgres-cluster.ts';

const STAFF = 50;
const CLIENTS = 2_000;
const ENTRIES = Number(process.env.BENCH_PRACTICE_ENTRIES ?? 500_000);
const RUNS = Number(process.env.BENCH_PRACTICE_RUNS ?? 30);

const today = dubaiDate();
const thisMonth = today.slice(0, 7);
const monthsBack = (count: number) => {
  const [year, month] = thisMonth.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) - count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
};
const from = monthsBack(11);
const lastMonth = monthsBack(1);
const capacityFrom = addDays(today, -77);

async function seed(db: Database): Promise<void> {
  await db.transaction((tx) => seedPlans(tx));
  await db.query(
    `INSERT INTO users (email, display_name, role) SELECT 'staff' || i || '@bench.example', 'Staff ' || i, (ARRAY['BOOKKEEPER', 'BOOKKEEPER', 'BOOKKEEPER', 'REVIEWER', 'ADMIN'])[1 + i % 5] FROM generate_series(1, ${STAFF}) AS i`,
  );
  await db.query(`INSERT INTO staff_cost_rates (user_id, hourly_fils) SELECT id, 9000 + (id * 5147) % 26000 FROM users`);
  await db.query(`INSERT INTO staff_leave_days (user_id, day) SELECT u.id, current_date - (u.id * 7 + d) FROM users u, generate_series(0, 9) AS d`);
  await db.query(
    `INSERT INTO clients (legal_name, trade_licence_number, licensing_authority, legal_form, licence_expires_on, vat_registered, trn, vat_period, vat_first_period_end_month,
       financial_year_end_month, email, phone, address, bookkeeper_id, status, activated_at)
     SELECT 'Bench Client ' || i || ' LLC', 'CN-' || (2000000 + i), 'Mainland (DET)', 'Limited Liability Company (LLC)', current_date + (i % 400 - 30),
       i % 4 <> 0, CASE WHEN i % 4 <> 0 THEN '100' || lpad((i * 7919)::text, 12, '0') END, CASE WHEN i % 4 <> 0 THEN 'quarterly' END, CASE WHEN i % 4 <> 0 THEN 3 END,
       12, 'accounts' || i || '@bench.example', '+971 4 000 0000', 'Business Bay, Dubai', (SELECT min(id) FROM users) + i % ${STAFF},
       (ARRAY['active', 'active', 'active', 'active', 'active', 'active', 'active', 'active', 'paused', 'cancelled'])[1 + i % 10], now() - (30 + i % 700) * interval '1 day'
     FROM generate_series(1, ${CLIENTS}) AS i`,
  );
  await db.query(
    `INSERT INTO subscriptions (client_id, plan_id, cycle, discount_bp, net_fils, vat_fils, total_fils, starts_on, next_renewal_on, status, cancelled_on)
     SELECT c.id, p.id, 'monthly', 0, p.monthly_price_fils, p.monthly_price_fils / 20, p.monthly_price_fils + p.monthly_price_fils / 20, current_date - 400, current_date + 20, c.status,
       CASE WHEN c.status = 'cancelled' THEN current_date - c.id % 60 END
     FROM clients c JOIN plans p ON p.sort_order = c.id % 4`,
  );
  // A tax invoice per client and month; one in 40 gets a credit note for half of it, issued a week later.
  await db.query(
    `INSERT INTO invoices (kind, series, sequence, number, client_id, subscription_id, period_start, issued_on, due_on, client_name, client_address, net_fils, vat_fils, total_fils, sync_state)
     SELECT 'invoice', 'INV', row_number() OVER (), 'INV-B' || row_number() OVER (), s.client_id, s.id, m::date, m::date + 1, m::date + 15, 'Bench', 'Dubai',
       s.net_fils, s.vat_fils, s.total_fils, 'synced'
     FROM subscriptions s, generate_series(date_trunc('month', $1::date), date_trunc('month', current_date), interval '1 month') AS m`,
    [`${from}-01`],
  );
  await db.query(
    `INSERT INTO invoices (kind, series, sequence, number, client_id, credited_invoice_id, reason, issued_on, due_on, client_name, client_address, net_fils, vat_fils, total_fils, sync_state)
     SELECT 'credit_note', 'CN', row_number() OVER (), 'CN-B' || row_number() OVER (), i.client_id, i.id, 'Fee waived', i.issued_on + 7, i.issued_on + 7, 'Bench', 'Dubai',
       i.net_fils / 2, i.net_fils / 40, i.net_fils / 2 + i.net_fils / 40, 'synced'
     FROM invoices i WHERE i.kind = 'invoice' AND i.id % 40 = 0 AND i.issued_on + 7 <= current_date`,
  );
  // Each client is mostly one bookkeeper's; every fifth entry is someone else's (reviews, cover).
  await db.query('ALTER TABLE time_entries DISABLE TRIGGER time_entries_month_totals');
  await db.query('ALTER TABLE time_entries DISABLE TRIGGER time_entries_week_totals');
  await db.query(
    `INSERT INTO time_entries (user_id, client_id, work_date, minutes, billable, note)
     SELECT (SELECT min(id) FROM users) + CASE WHEN i % 5 = 0 THEN i % ${STAFF} ELSE c % ${STAFF} END, c, current_date - (i % 365), 10 + i % 170, i % 7 <> 0, ''
     FROM (SELECT i, (SELECT min(id) FROM clients) + (i * 37) % ${CLIENTS} AS c FROM generate_series(1, ${ENTRIES}) AS i) AS e`,
  );
  await db.query('ALTER TABLE time_entries ENABLE TRIGGER time_entries_month_totals');
  await db.query('ALTER TABLE time_entries ENABLE TRIGGER time_entries_week_totals');
  await db.query(
    `INSERT INTO time_month_totals (month, client_id, user_id, minutes, billable_minutes)
     SELECT date_trunc('month', work_date)::date, client_id, user_id, sum(minutes), coalesce(sum(minutes) FILTER (WHERE billable), 0) FROM time_entries GROUP BY 1, 2, 3`,
  );
  await db.query(`INSERT INTO time_week_totals (week, user_id, minutes) SELECT date_trunc('week', work_date)::date, user_id, sum(minutes) FROM time_entries GROUP BY 1, 2`);
  await db.query(
    `INSERT INTO tasks (client_id, title, status, assignee_id, due_on, estimate_minutes)
     SELECT (SELECT min(id) FROM clients) + i % ${CLIENTS}, 'Bench task ' || i, (ARRAY['to_do', 'in_progress', 'done'])[1 + i % 3], (SELECT min(id) FROM users) + i % ${STAFF}, current_date - 42 + i % 84, 30 + i % 240
     FROM generate_series(1, 20000) AS i`,
  );
  // One entry through the trigger, as the time module writes them.
  await db.query(`INSERT INTO time_entries (user_id, client_id, work_date, minutes) SELECT min(u.id), min(c.id), current_date, 30 FROM users u, clients c`);
  await db.query('VACUUM ANALYZE');
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** Wall time, and this process's CPU time (PGlite runs in it; on Postgres it is only the client's share), which other work on a shared machine barely moves. */
async function time(work: () => Promise<unknown>): Promise<{ p50: number; p95: number; cpu50: number; cpu95: number }> {
  await work(); // warm-up, as a running back end would be
  const times: number[] = [];
  const cpu: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    await work();
    const used = process.cpuUsage(cpuStarted);
    times.push(performance.now() - started);
    cpu.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), cpu50: percentile(cpu, 50), cpu95: percentile(cpu, 95) };
}

async function bench(label: string, db: Database): Promise<void> {
  console.log(`${label}: load average ${loadavg().map((value) => value.toFixed(1)).join(', ')} on ${availableParallelism()} cores before seeding`);
  const started = performance.now();
  await seed(db);
  const [counts] = await db.query<{ entries: number; totals: number; invoices: number }>(
    'SELECT (SELECT count(*) FROM time_entries)::integer AS entries, (SELECT count(*) FROM time_month_totals)::integer AS totals, (SELECT count(*) FROM invoices)::integer AS invoices',
  );
  console.log(
    `${label}: seeded ${counts!.entries.toLocaleString('en')} time entries (${counts!.totals.toLocaleString('en')} monthly totals), ${counts!.invoices.toLocaleString('en')} invoices and credit notes, ${CLIENTS} clients, ${STAFF} staff in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const cases: [string, number, () => Promise<unknown>][] = [
    [`profitability ${from}..${thisMonth} by client`, 200, () => profitability(db, { from, to: thisMonth, group: 'client' })],
    [`profitability ${from}..${thisMonth} by staff`, 200, () => profitability(db, { from, to: thisMonth, group: 'staff' })],
    [`dashboard ${lastMonth}`, 300, () => dashboard(db, lastMonth, today)],
    // The 12 weeks up to this one: every week has its time logged (weeks ahead have next to none).
    [`capacity ${capacityFrom}, 12 weeks`, 100, () => capacityWeeks(db, { from: capacityFrom, weeks: 12 }, true, today)],
  ];
  for (const [name, target, work] of cases) {
    const figures = await time(work);
    console.log(`  ${name}: p50 ${ms(figures.p50)}, p95 ${ms(figures.p95)} (target p95 < ${target} ms)${figures.p95 < target ? '' : '  OVER TARGET'}; CPU p50 ${ms(figures.cpu50)}, p95 ${ms(figures.cpu95)}`);
  }
}

console.log(`bench:practice: load average ${loadavg().map((value) => value.toFixed(1)).join(', ')} on ${availableParallelism()} cores, ${RUNS} runs each`);
const pglite = await openDatabase('memory://');
try {
  await bench('PGlite', pglite);
} finally {
  await pglite.close();
}
if (!process.env.BENCH_PRACTICE_PGLITE_ONLY) {
  const cluster = await startPostgresCluster();
  try {
    const db = await openDatabase(await cluster.createDatabase('bench_practice'));
    try {
      await bench('Postgres', db);
    } finally {
      await db.close();
    }
  } finally {
    await cluster.stop();
  }
}
