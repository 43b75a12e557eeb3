/**
 * `npm run bench:lists`: the registration list's SQL at scale. Seeds 100,000 registrations into a fresh
 * in-memory PGlite database (migrated as the back end migrates it, pg_trgm index included), then measures
 * through the same store functions the routes call:
 * - the due-diligence page as the console asks for it (queue=due-diligence, oldest request first, 20 rows
 *   with the count) without and with a search term,
 *   p50/p95 over BENCH_API_RUNS runs on varying pages; target p95 under 50 ms;
 * - the CSV export of that queue (20,000 rows), batches read and every row formatted; target under 2 s.
 * Figures are printed; nothing is asserted (speed is measured here, never in timed tests).
 */
import { openDatabase } from '../backend/src/db/database.ts';
import { csvRow } from '../backend/src/lib/csv.ts';
import { pageWindow } from '../backend/src/lib/pagination.ts';
import { EXPORT_COLUMNS, exportRegistrations, listRegistrations, type ListFilters } from '../backend/src/modules/registrations/list-store.ts';

const TOTAL = Number(process.env.BENCH_API_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_API_RUNS ?? 60);

const PLACES = ['Al Noor', 'Marina Bay', 'Desert Rose', 'Jumeirah', 'Creek Side', 'Palm Crest', 'Falcon Ridge', 'Deira', 'Karama', 'Al Quoz', 'Hatta', 'Satwa'];
const TRADES = ['Trading', 'Consultancy', 'Events', 'Interiors', 'Logistics', 'Real Estate', 'Perfumes', 'Software', 'Catering', 'Marine'];
const sqlArray = (values: string[]) => `ARRAY[${values.map((value) => `'${value}'`).join(', ')}]`;

async function seed(db: Awaited<ReturnType<typeof openDatabase>>): Promise<void> {
  await db.query(
    `INSERT INTO users (email, display_name, role, date_joined)
     SELECT 'owner' || i || '@bench.example', 'Owner ' || i, 'CLIENT', now() - (i % 700) * interval '1 hour'
     FROM generate_series(1, ${TOTAL}) AS i`,
  );
  // One in five waits for due diligence (20,000 of 100,000); the rest spread over the other stages.
  await db.query(
    `INSERT INTO registrations (user_id, registration_id, legal_name, stage, status, status_label, requested_on, recieved_on)
     SELECT u.id, 'REG-B-' || u.id,
            (${sqlArray(PLACES)})[1 + u.id % ${PLACES.length}] || ' ' || (${sqlArray(TRADES)})[1 + (u.id / ${PLACES.length}) % ${TRADES.length}] || ' ' || u.id || ' LLC',
            (ARRAY['signed_up', 'completed_registration', 'profile_verified', 'meeting_scheduled', 'documents_submitted'])[1 + u.id % 5],
            'active',
            CASE WHEN u.id % 2 = 0 THEN 'Awaiting Documents' ELSE 'Pending Due Diligence' END,
            now() - (u.id % 400) * interval '1 hour',
            CASE WHEN u.id % 2 = 0 THEN NULL ELSE now() - (u.id % 300) * interval '1 hour' END
     FROM users u WHERE u.email LIKE '%@bench.example'`,
  );
  // A Postgres server's autovacuum would have done this by the time anyone lists: statistics and the
  // visibility map that lets counts read the index alone.
  await db.query('VACUUM ANALYZE');
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function timeList(db: Awaited<ReturnType<typeof openDatabase>>, filters: ListFilters): Promise<{ p50: number; p95: number; count: number }> {
  const times: number[] = [];
  let count = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const page = 1 + (run % 10);
    const started = performance.now();
    const result = await listRegistrations(db, filters, 'requested_on', pageWindow({ page }));
    times.push(performance.now() - started);
    count = result.count;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), count };
}

const db = await openDatabase('memory://');
try {
  let started = performance.now();
  await seed(db);
  console.log(`seeded ${TOTAL.toLocaleString('en')} registrations in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const queue: ListFilters = { stage: 'documents_submitted', status: 'active', queue: 'due-diligence' };
  // One warm-up pass each, as a running back end would have.
  await timeList(db, queue);
  const plain = await timeList(db, queue);
  const searched = await timeList(db, { ...queue, search: 'marina' });
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(`due-diligence page (${plain.count} rows in the queue): p50 ${ms(plain.p50)}, p95 ${ms(plain.p95)} (target p95 < 50 ms)`);
  console.log(`due-diligence page, search 'marina' (${searched.count} matches): p50 ${ms(searched.p50)}, p95 ${ms(searched.p95)} (target p95 < 50 ms)`);

  started = performance.now();
  let rows = 0;
  let bytes = 0;
  for await (const batch of exportRegistrations(db, queue, 'requested_on')) {
    rows += batch.length;
    bytes += batch.map((item) => csvRow(EXPORT_COLUMNS.map((column) => column.value(item)))).join('').length;
  }
  console.log(`CSV export of the queue: ${rows} rows, ${(bytes / 1024 / 1024).toFixed(1)} MB in ${ms(performance.now() - started)} (target < 2000 ms)`);
} finally {
  await db.close();
}
