/**
 * Runs the Zoho Books STAND-IN (accounting-standin.ts) as its own process for `npm start` and the compose
 * demo: PORT, HOST, ACCOUNTING_STATE_FILE (where it keeps its records), ACCOUNTING_FAULTS (JSON rates),
 * ACCOUNTING_HANG_MS (how long a time-out fault holds the request).
 */
import { createAccountingStandIn, type StandInFaults } from './accounting-standin.ts';

const faults = process.env.ACCOUNTING_FAULTS ? (JSON.parse(process.env.ACCOUNTING_FAULTS) as Partial<StandInFaults>) : {};
const app = createAccountingStandIn({
  faults,
  ...(process.env.ACCOUNTING_STATE_FILE ? { stateFile: process.env.ACCOUNTING_STATE_FILE } : {}),
  ...(process.env.ACCOUNTING_HANG_MS ? { hangMs: Number(process.env.ACCOUNTING_HANG_MS) } : {}),
});
app.get('/healthz', async () => ({ ok: true, service: 'accounting stand-in (not Zoho Books)' }));
const port = Number(process.env.PORT ?? 9180);
await app.listen({ port, host: process.env.HOST ?? '127.0.0.1' });
console.log(`accounting stand-in (Zoho Books API subset) listening at http://${process.env.HOST ?? '127.0.0.1'}:${port}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
