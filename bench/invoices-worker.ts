/**
 * One "back end" of `npm run bench:invoices`: the invoice sync worker alone (no HTTP, no gateway) on the
 * bench's Postgres database, syncing to the stand-in until no invoice is left unsynced. Prints one JSON line
 * of its counts. DATABASE_URL, STANDIN_URL, WORKER (its name).
 */
import { connectDatabase } from '../backend/src/db/database.ts';
import { DEFAULT_SYNC_OPTIONS, syncOnce } from '../backend/src/modules/invoices/sync.ts';
import { ZohoBooks } from '../backend/src/modules/invoices/zoho-books.ts';

const db = await connectDatabase(process.env.DATABASE_URL!, { poolMax: 10 });
const standIn = process.env.STANDIN_URL!;
const system = new ZohoBooks({ apiUrl: `${standIn}/books/v3`, organizationId: 'bench', accountsUrl: standIn, clientId: 'bench', clientSecret: 'bench', refreshToken: 'bench', timeoutMs: 1_000 });
const options = { ...DEFAULT_SYNC_OPTIONS, worker: process.env.WORKER ?? 'bench-worker', batchSize: 64, concurrency: 16, baseDelayMs: 250, maxDelayMs: 4_000, leaseMs: 15_000 };
const totals = { rounds: 0, claimed: 0, synced: 0, failed: 0, stopped: 0, unreachable: 0 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
for (;;) {
  const result = await syncOnce(db, system, options);
  totals.rounds += 1;
  totals.claimed += result.claimed;
  totals.synced += result.synced;
  totals.failed += result.failed;
  totals.stopped += result.stopped;
  if (result.unreachable) {
    totals.unreachable += 1;
    await sleep(options.baseDelayMs * 4);
  }
  if (result.claimed === 0) {
    const [left] = await db.query<{ count: number }>("SELECT count(*)::integer AS count FROM invoices WHERE sync_state <> 'synced'");
    if (left!.count === 0) break;
    await sleep(100);
  }
}
console.log(JSON.stringify({ worker: options.worker, ...totals }));
await db.close();
