/**
 * `npm run bench:einvoicing`: PINT AE documents at scale, without the gateway. 10,000 invoices
 * (BENCH_DOCUMENTS) of 500 clients on a throw-away Postgres server, each of 1 to 5 lines of awkward amounts;
 * each document generated, validated and stored as the issuing transaction does it (createEinvoice, timed one
 * by one); then sent by two worker processes (bench/einvoicing-worker.ts, each the worker of one back end,
 * claiming with FOR UPDATE SKIP LOCKED and a lease) to the ASP stand-in in its own process, with 10 % of its
 * API calls failing (time-outs, 503s, lost answers: taken, then a 502). Prints the throughput and the p50/p95
 * per document of each phase, and proves each document was reported exactly once: the stand-in holds every
 * UUID once, reported once, and the database has every document 'reported'.
 * Faults are transient only: a rejection waits for a person by design (the tests cover it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Database } from '../backend/src/db/database.ts';
import { createEinvoice } from '../backend/src/modules/einvoicing/store.ts';
import { invoiceAmounts, invoiceNumber } from '../common/invoices.ts';
import { freePort } from '../scripts/lib/processes.ts';
import { startPostgresCluster } from '../scripts/lib/postgres-cluster.ts';

const TOTAL = Number(process.env.BENCH_DOCUMENTS ?? 10_000);
const CLIENTS = 500;
const root = fileURLToPath(new URL('..', import.meta.url));
const FAULTS = { timeout: 0.025, serverError: 0.05, lostAnswer: 0.025 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function seed(db: Database): Promise<number[]> {
  await db.query("INSERT INTO users (email, display_name, role) VALUES ('bench-bookkeeper@bench.example', 'Bench Bookkeeper', 'BOOKKEEPER')");
  // TRNs of the rule's form (15 digits, 1...03); half the clients name their emirate in Arabic.
  await db.query(
    `INSERT INTO clients (legal_name, trade_licence_number, licensing_authority, legal_form, licence_expires_on, vat_registered, trn, vat_period, email, phone, address, bookkeeper_id)
     SELECT CASE WHEN i % 2 = 0 THEN 'Bench Client ' || i || ' LLC' ELSE 'شركة الاختبار ' || i || ' ذ.م.م' END, 'CN-' || (2000000 + i), 'Dubai Department of Economy and Tourism', 'Limited Liability Company (LLC)', current_date + 300, true,
            '1' || lpad(i::text, 12, '0') || '03', 'quarterly', 'accounts' || i || '@bench.example', '+971 4 000 0000',
            CASE WHEN i % 3 = 0 THEN 'Office ' || i || ', Al Majaz, Sharjah, United Arab Emirates' ELSE 'Office ' || i || ', Business Bay, Dubai, United Arab Emirates' END,
            (SELECT id FROM users WHERE email = 'bench-bookkeeper@bench.example')
     FROM generate_series(1, ${CLIENTS}) AS i`,
  );
  await db.query("INSERT INTO client_einvoicing (client_id, tin, revenue_band) SELECT id, substr(trn, 1, 10), 'under_50m' FROM clients");
  const clients = await db.query<{ id: number; legal_name: string; address: string; trn: string }>('SELECT id, legal_name, address, trn FROM clients ORDER BY id');
  // Invoices as issued, written in batches (the generation is what is timed, not the invoice rows).
  const ids: number[] = [];
  for (let start = 1; start <= TOTAL; start += 500) {
    const rows: unknown[] = [];
    const lines: { n: number; lines: { quantity: number; unit_fils: number }[] }[] = [];
    for (let n = start; n < Math.min(TOTAL + 1, start + 500); n += 1) {
      const client = clients[n % CLIENTS]!;
      const inputs = Array.from({ length: 1 + (n % 5) }, (_, index) => ({ quantity: 1 + ((n + index) % 4), unit_fils: 10 + ((n * 7_919 + index * 104_729) % 2_500_000) }));
      const { totals } = invoiceAmounts(inputs);
      rows.push([n, invoiceNumber('INV', n), client.id, client.legal_name, client.address, client.trn, totals.net_fils, totals.vat_fils, totals.total_fils]);
      lines.push({ n, lines: inputs });
    }
    const inserted = await db.query<{ id: number; sequence: number }>(
      `INSERT INTO invoices (kind, series, sequence, number, client_id, issued_on, due_on, client_name, client_address, client_trn, net_fils, vat_fils, total_fils)
       SELECT 'invoice', 'INV', (r->>0)::integer, r->>1, (r->>2)::integer, current_date, current_date + 14, r->>3, r->>4, r->>5, (r->>6)::integer, (r->>7)::integer, (r->>8)::integer
       FROM jsonb_array_elements($1::jsonb) AS r RETURNING id, sequence`,
      [JSON.stringify(rows)],
    );
    const idOf = new Map(inserted.map((row) => [row.sequence, row.id]));
    const lineRows = lines.flatMap(({ n, lines: inputs }) =>
      invoiceAmounts(inputs).lines.map((amounts, index) => [idOf.get(n), index + 1, `Bookkeeping service ${index + 1}`, inputs[index]!.quantity, inputs[index]!.unit_fils, amounts.net_fils, amounts.vat_fils, amounts.total_fils]),
    );
    await db.query(
      `INSERT INTO invoice_lines (invoice_id, position, description, quantity, unit_fils, net_fils, vat_fils, total_fils)
       SELECT (r->>0)::integer, (r->>1)::integer, r->>2, (r->>3)::integer, (r->>4)::integer, (r->>5)::integer, (r->>6)::integer, (r->>7)::integer FROM jsonb_array_elements($1::jsonb) AS r`,
      [JSON.stringify(lineRows)],
    );
    ids.push(...inserted.map((row) => row.id));
  }
  await db.query("UPDATE invoice_counters SET last_number = (SELECT max(sequence) FROM invoices) WHERE series = 'INV'");
  return ids;
}

function startStandIn(port: number): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', join(root, 'backend/src/demo/asp-standin-server.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ASP_FAULTS: JSON.stringify(FAULTS), ASP_STEP_MS: '100', ASP_HANG_MS: '2000' },
  });
}

async function waitUp(url: string): Promise<void> {
  for (let tries = 0; tries < 300; tries += 1) {
    if (await fetch(`${url}/healthz`).then((response) => response.ok, () => false)) return;
    await sleep(100);
  }
  throw new Error('the ASP stand-in did not start');
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

const cluster = await startPostgresCluster({ maxConnections: 60 });
let standIn: ChildProcess | undefined;
try {
  const databaseUrl = await cluster.createDatabase('bench_einvoicing');
  const db = await openDatabase(databaseUrl);
  console.log(`bench:einvoicing: ${TOTAL} documents, 10 % faulty ASP calls, two worker processes, Postgres ${cluster.url.replace(/\/\/[^@]*@/, '//')}`);
  const ids = await seed(db);

  // 1. Generated, validated and stored, one transaction each, as at issue.
  const generation: number[] = [];
  let invalid = 0;
  const generating = performance.now();
  for (const id of ids) {
    const started = performance.now();
    const { state } = await db.transaction((tx) => createEinvoice(tx, id));
    generation.push(performance.now() - started);
    if (state !== 'queued') invalid += 1;
  }
  const generationS = (performance.now() - generating) / 1000;
  generation.sort((a, b) => a - b);
  const [size] = await db.query<{ bytes: number }>('SELECT avg(octet_length(xml))::integer AS bytes FROM einvoices');
  console.log(`  generated and validated: ${TOTAL} in ${generationS.toFixed(1)} s (${(TOTAL / generationS).toFixed(0)} documents/s); per document p50 ${ms(percentile(generation, 50))}, p95 ${ms(percentile(generation, 95))}; ${size!.bytes} bytes average; ${invalid} failing the rules`);

  // 2. Sent: two workers against the stand-in with 10 % of calls failing.
  const port = await freePort('127.0.0.1');
  const url = `http://127.0.0.1:${port}`;
  standIn = startStandIn(port);
  await waitUp(url);
  const sending = performance.now();
  const workers = ['worker-a', 'worker-b'].map((name) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'bench/einvoicing-worker.ts')], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, DATABASE_URL: databaseUrl, ASP_URL: url, WORKER: name },
    });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    return new Promise<string>((resolve) => child.once('exit', () => resolve(out.trim())));
  });
  const reports = (await Promise.all(workers)).map((line) => JSON.parse(line) as Record<string, number | string>);
  const sendingS = (performance.now() - sending) / 1000;

  // Per document: from its first submission to the worker recording 'reported' (the stand-in's three steps of 100 ms included).
  const latencies = (
    await db.query<{ ms: number }>(
      `SELECT extract(epoch FROM e.reported_at - a.first) * 1000 AS ms FROM einvoices e
       JOIN (SELECT invoice_id, min(started_at) AS first FROM einvoice_attempts GROUP BY invoice_id) a ON a.invoice_id = e.invoice_id WHERE e.state = 'reported'`,
    )
  )
    .map((row) => Number(row.ms))
    .sort((a, b) => a - b);
  const [counts] = await db.query<{ reported: number; attempts: number; failed: number; submits: number; unknown: number }>(
    `SELECT (SELECT count(*)::integer FROM einvoices WHERE state = 'reported') AS reported, (SELECT count(*)::integer FROM einvoice_attempts) AS attempts,
       (SELECT count(*)::integer FROM einvoice_attempts WHERE outcome IN ('failed', 'unreachable')) AS failed,
       (SELECT count(*)::integer FROM einvoice_attempts WHERE action = 'submit') AS submits,
       (SELECT count(*)::integer FROM einvoice_attempts WHERE outcome = 'unknown to the ASP') AS unknown`,
  );
  const submitCalls = (await db.query<{ duration_ms: number }>("SELECT duration_ms FROM einvoice_attempts WHERE action = 'submit' AND outcome NOT IN ('failed', 'unreachable')"))
    .map((row) => row.duration_ms)
    .sort((a, b) => a - b);
  const uuids = new Set((await db.query<{ uuid: string }>('SELECT uuid::text AS uuid FROM einvoices')).map((row) => row.uuid));
  const held = (await (await fetch(`${url}/_standin/documents`)).json()) as { count: number; documents: { uuid: string; status: string; submissions: number; reports: number }[] };
  const heldUuids = new Set(held.documents.map((document) => document.uuid));
  const missing = [...uuids].filter((uuid) => !heldUuids.has(uuid)).length;
  const reportedOnce = held.documents.filter((document) => document.status === 'reported' && document.reports === 1).length;
  const submissions = held.documents.reduce((sum, document) => sum + document.submissions, 0);
  await db.close();

  console.log(`  sent to reported: ${TOTAL} in ${sendingS.toFixed(1)} s (${(TOTAL / sendingS).toFixed(0)} documents/s); per document, first submission to reported: p50 ${ms(percentile(latencies, 50))}, p95 ${ms(percentile(latencies, 95))}`);
  console.log(`    a submission answered (the ASP's own checks included): p50 ${ms(percentile(submitCalls, 50))}, p95 ${ms(percentile(submitCalls, 95))}`);
  console.log(`    database: ${counts!.reported} reported; ${counts!.attempts} attempts recorded (${counts!.submits} submissions, ${counts!.failed} failed)`);
  console.log(`    in the stand-in: ${held.count} documents, ${heldUuids.size} distinct UUIDs, ${missing} missing, ${reportedOnce} reported exactly once; ${submissions} submissions received (a lost answer or a time-out sends the same UUID again)`);
  for (const report of reports) console.log(`    ${String(report.worker)}: ${report.claimed} claims, ${report.submitted} submitted, ${report.reported} reported, ${report.failed} failed calls, ${report.unreachable} rounds finding the ASP unreachable`);
  const ok = invalid === 0 && counts!.reported === TOTAL && held.count === TOTAL && heldUuids.size === TOTAL && missing === 0 && reportedOnce === TOTAL;
  console.log(`  every document reported exactly once: ${ok ? 'yes' : 'NO'}`);
  if (!ok) process.exitCode = 1;
} finally {
  if (standIn) await stopChild(standIn);
  await cluster.stop();
}
