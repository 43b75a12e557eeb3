/**
 * One "back end" of `npm run bench:einvoicing`: the e-invoicing worker alone (no HTTP, no gateway) on the
 * bench's Postgres database, sending to the ASP stand-in until no document is left on its way. Prints one JSON
 * line of its counts. DATABASE_URL, ASP_URL, WORKER (its name).
 */
import { SELLER } from '../common/einvoicing.ts';
import { connectDatabase } from '../backend/src/db/database.ts';
import { HttpAsp } from '../backend/src/modules/einvoicing/asp.ts';
import { DEFAULT_WORKER_OPTIONS, runEinvoiceWorker } from '../backend/src/modules/einvoicing/worker.ts';

const db = await connectDatabase(process.env.DATABASE_URL!, { poolMax: 10 });
// The firm's endpoint: the stand-in holds each document's seller to the account sending it.
const asp = new HttpAsp({ url: process.env.ASP_URL!, apiKey: 'bench-asp-key', senderId: `0235:${SELLER.tin}`, timeoutMs: 1_000 });
const options = { ...DEFAULT_WORKER_OPTIONS, worker: process.env.WORKER ?? 'bench-worker', batchSize: 64, concurrency: 16, baseDelayMs: 250, maxDelayMs: 4_000, pollMs: 150, leaseMs: 15_000 };
const totals = { rounds: 0, claimed: 0, submitted: 0, reported: 0, rejected: 0, failed: 0, unreachable: 0 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
for (;;) {
  const result = await runEinvoiceWorker(db, asp, options);
  totals.rounds += 1;
  totals.claimed += result.claimed;
  totals.submitted += result.submitted;
  totals.reported += result.reported;
  totals.rejected += result.rejected;
  totals.failed += result.failed;
  if (result.unreachable) {
    totals.unreachable += 1;
    await sleep(options.baseDelayMs * 4);
  }
  if (result.claimed === 0) {
    const [left] = await db.query<{ count: number }>("SELECT count(*)::integer AS count FROM einvoices WHERE state IN ('queued', 'sent', 'accepted', 'delivered')");
    if (left!.count === 0) break;
    await sleep(50);
  }
}
console.log(JSON.stringify({ worker: options.worker, ...totals }));
await db.close();
