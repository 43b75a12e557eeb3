/**
 * `npm run bench:invoices`: the accounting sync at scale, without the gateway. 10,000 invoices (BENCH_INVOICES)
 * of 500 clients on a throw-away Postgres server, two worker processes (bench/invoices-worker.ts, each the
 * sync of one back end, claiming with FOR UPDATE SKIP LOCKED) against the Zoho Books stand-in in its own
 * process, with 10 % of its API calls failing (2.5 % each: time-outs, 503s, 429s with Retry-After 1 s, and
 * lost answers: created, then a 502). Two runs: faults only, and faults with the stand-in killed for 30 s
 * (BENCH_OUTAGE_S) once a third of the invoices are in. An invoice that stops after 5 failed tries is retried
 * by the bench, as a person pressing 'Retry now' would (counted and printed). At the end every invoice must be
 * in the stand-in exactly once by reference, with the id the database recorded; the figures are printed.
 * Faults are transient only: a validation fault would stop an invoice for a person by design.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Database } from '../backend/src/db/database.ts';
import { freePort } from '../scripts/lib/processes.ts';
import { startPostgresCluster } from '../scripts/lib/postgres-cluster.ts';

const TOTAL = Number(process.env.BENCH_INVOICES ?? 10_000);
const OUTAGE_S = Number(process.env.BENCH_OUTAGE_S ?? 30);
const root = fileURLToPath(new URL('..', import.meta.url));
const FAULTS = { timeout: 0.025, serverError: 0.025, rateLimit: 0.025, lostAnswer: 0.025, retryAfterSeconds: 1 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function seed(db: Database): Promise<void> {
  await db.query("INSERT INTO users (email, display_name, role) VALUES ('bench-bookkeeper@bench.example', 'Bench Bookkeeper', 'BOOKKEEPER')");
  await db.query(
    `INSERT INTO clients (legal_name, trade_licence_number, licensing_authority, legal_form, licence_expires_on, vat_registered, trn, vat_period, email, phone, address, bookkeeper_id)
     SELECT 'Bench Client ' || i || ' LLC', 'CN-' || (2000000 + i), 'Mainland (DET)', 'Limited Liability Company (LLC)', current_date + 300, true,
            '100' || lpad(i::text, 12, '0'), 'quarterly', 'accounts' || i || '@bench.example', '+971 4 000 0000', 'Business Bay, Dubai',
            (SELECT id FROM users WHERE email = 'bench-bookkeeper@bench.example')
     FROM generate_series(1, 500) AS i`,
  );
  await db.query(
    `INSERT INTO invoices (kind, series, sequence, number, client_id, issued_on, due_on, client_name, client_address, client_trn, net_fils, vat_fils, total_fils)
     SELECT 'invoice', 'INV', i, 'INV-' || lpad(i::text, 6, '0'), c.id, current_date, current_date + 14, c.legal_name, c.address, c.trn, 100000 + i, (100000 + i) * 5 / 100, 100000 + i + (100000 + i) * 5 / 100
     FROM generate_series(1, ${TOTAL}) AS i JOIN clients c ON c.trade_licence_number = 'CN-' || (2000000 + 1 + i % 500)`,
  );
  await db.query(
    `INSERT INTO invoice_lines (invoice_id, position, description, quantity, unit_fils, net_fils, vat_fils, total_fils)
     SELECT id, 1, 'Monthly bookkeeping', 1, net_fils, net_fils, vat_fils, total_fils FROM invoices`,
  );
  await db.query("UPDATE invoice_counters SET last_number = (SELECT max(sequence) FROM invoices) WHERE series = 'INV'");
}

function startStandIn(port: number, stateFile: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', join(root, 'backend/src/demo/accounting-standin-server.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ACCOUNTING_STATE_FILE: stateFile, ACCOUNTING_FAULTS: JSON.stringify(FAULTS), ACCOUNTING_HANG_MS: '3000' },
  });
}

async function waitUp(url: string): Promise<void> {
  for (let tries = 0; tries < 300; tries += 1) {
    if (await fetch(`${url}/healthz`).then((response) => response.ok, () => false)) return;
    await sleep(100);
  }
  throw new Error('the stand-in did not start');
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function run(label: string, databaseUrl: string, outage: boolean): Promise<void> {
  const db = await openDatabase(databaseUrl);
  await seed(db);
  const dir = await mkdtemp(join(tmpdir(), 'bench-invoices-'));
  const stateFile = join(dir, 'standin.json');
  const port = await freePort('127.0.0.1');
  const url = `http://127.0.0.1:${port}`;
  let standIn = startStandIn(port, stateFile);
  await waitUp(url);

  const started = performance.now();
  const workers = ['worker-a', 'worker-b'].map((name) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'bench/invoices-worker.ts')], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, DATABASE_URL: databaseUrl, STANDIN_URL: url, WORKER: name },
    });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    return { child, done: new Promise<string>((resolve) => child.once('exit', () => resolve(out.trim()))) };
  });

  let personRetries = 0;
  let outageDone = !outage;
  let outageAt = 0;
  const finished = Promise.all(workers.map((worker) => worker.done));
  let over = false;
  void finished.then(() => (over = true));
  while (!over) {
    await sleep(500);
    const [counts] = await db.query<{ synced: number; stopped: number }>(
      "SELECT count(*) FILTER (WHERE sync_state = 'synced')::integer AS synced, count(*) FILTER (WHERE sync_state = 'needs_attention')::integer AS stopped FROM invoices",
    );
    if (counts!.stopped > 0) {
      personRetries += counts!.stopped;
      await db.query("UPDATE invoices SET sync_state = 'waiting', sync_tries = 0, next_try_at = now() WHERE sync_state = 'needs_attention'");
    }
    if (!outageDone && counts!.synced >= TOTAL / 3) {
      outageDone = true;
      outageAt = (performance.now() - started) / 1000;
      await stopChild(standIn);
      console.log(`  ${label}: stand-in killed at ${outageAt.toFixed(1)} s with ${counts!.synced} synced; down for ${OUTAGE_S} s`);
      await sleep(OUTAGE_S * 1000);
      standIn = startStandIn(port, stateFile);
      await waitUp(url);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const reports = (await finished).map((line) => JSON.parse(line) as Record<string, number | string>);

  const held = (await (await fetch(`${url}/_standin/invoices`)).json()) as { count: number; references: string[] };
  const unique = new Set(held.references);
  const [db_] = await db.query<{ synced: number; attempts: number; failed: number; found: number }>(
    `SELECT (SELECT count(*)::integer FROM invoices WHERE sync_state = 'synced') AS synced, (SELECT count(*)::integer FROM invoice_sync_attempts) AS attempts,
       (SELECT count(*)::integer FROM invoice_sync_attempts WHERE outcome IN ('failed', 'unreachable')) AS failed, (SELECT count(*)::integer FROM invoice_sync_attempts WHERE outcome = 'found') AS found`,
  );
  const numbers = await db.query<{ number: string }>('SELECT number FROM invoices');
  const missing = numbers.filter((row) => !unique.has(row.number)).length;
  await stopChild(standIn);
  await db.close();
  await rm(dir, { recursive: true, force: true });

  console.log(`  ${label}: ${TOTAL} invoices in ${seconds.toFixed(1)} s (${(TOTAL / seconds).toFixed(0)} invoices/s)`);
  console.log(`    in the stand-in: ${held.count} invoices, ${unique.size} distinct references, ${held.count - unique.size} duplicates, ${missing} missing`);
  console.log(`    database: ${db_!.synced} synced; ${db_!.attempts} attempts recorded (${db_!.failed} failed or unreachable, ${db_!.found} found by reference after a lost answer)`);
  console.log(`    stopped after 5 tries and retried by the bench as a person would: ${personRetries}`);
  for (const report of reports) console.log(`    ${String(report.worker)}: ${report.synced} synced, ${report.failed} failed tries, ${report.stopped} stopped, ${report.unreachable} rounds finding the service unreachable`);
  const ok = held.count === TOTAL && unique.size === TOTAL && missing === 0 && db_!.synced === TOTAL;
  console.log(`    every invoice exactly once: ${ok ? 'yes' : 'NO'}`);
  if (!ok) process.exitCode = 1;
}

const cluster = await startPostgresCluster({ maxConnections: 60 });
try {
  console.log(`bench:invoices: ${TOTAL} invoices, 10 % faulty calls, two worker processes, Postgres ${cluster.url.replace(/\/\/[^@]*@/, '//')}`);
  await run('faults', await cluster.createDatabase('bench_invoices'), false);
  await run(`faults + ${OUTAGE_S} s outage`, await cluster.createDatabase('bench_invoices'), true);
} finally {
  await cluster.stop();
}
