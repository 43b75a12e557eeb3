/**
 * Runs the ASP STAND-IN (asp-standin.ts) as its own process for `npm start`, the browser tests and the compose
 * demo: PORT, HOST, ASP_STATE_FILE (where it keeps its records), ASP_FAULTS (JSON), ASP_STEP_MS (time between
 * a document's statuses), ASP_HANG_MS (how long a time-out fault holds the request).
 */
import { createAspStandIn, type AspFaults } from './asp-standin.ts';

const faults = process.env.ASP_FAULTS ? (JSON.parse(process.env.ASP_FAULTS) as Partial<AspFaults>) : {};
const app = createAspStandIn({
  faults,
  ...(process.env.ASP_STATE_FILE ? { stateFile: process.env.ASP_STATE_FILE } : {}),
  ...(process.env.ASP_STEP_MS ? { stepMs: Number(process.env.ASP_STEP_MS) } : {}),
  ...(process.env.ASP_HANG_MS ? { hangMs: Number(process.env.ASP_HANG_MS) } : {}),
});
app.get('/healthz', async () => ({ ok: true, service: 'ASP stand-in (not an Accredited Service Provider)' }));
const port = Number(process.env.PORT ?? 9380);
await app.listen({ port, host: process.env.HOST ?? '127.0.0.1' });
console.log(`ASP stand-in (e-invoicing) listening at http://${process.env.HOST ?? '127.0.0.1'}:${port}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
