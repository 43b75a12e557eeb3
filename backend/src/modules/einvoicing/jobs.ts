/**
 * The e-invoicing worker's schedule on every back end: every EINVOICING_INTERVAL_MS, again at once while a
 * round found work, and woken through LISTEN/NOTIFY by a new document or a send asked for on any replica.
 * Without an ASP configured it does not run: documents wait 'queued', and the pages say e-invoicing is off.
 */
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { BackendConfig } from '../../config.ts';
import type { ModuleOptions } from '../../lib/module.ts';
import { HttpAsp, type AspConfig } from './asp.ts';
import { DEFAULT_WORKER_OPTIONS, runEinvoiceWorker, type WorkerOptions } from './worker.ts';

export function aspConfig(config: BackendConfig): AspConfig | null {
  if (!config.EINVOICING_ASP_URL || !config.EINVOICING_ASP_API_KEY || !config.EINVOICING_SENDER_ID) return null;
  return { url: config.EINVOICING_ASP_URL, apiKey: config.EINVOICING_ASP_API_KEY, senderId: config.EINVOICING_SENDER_ID, timeoutMs: config.EINVOICING_TIMEOUT_MS };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether e-invoices are sent (an ASP is configured). */
    einvoicingEnabled: boolean;
  }
}

export async function setupEinvoicing(app: FastifyInstance, { config }: ModuleOptions): Promise<void> {
  const settings = aspConfig(config);
  app.decorate('einvoicingEnabled', settings !== null);
  if (!settings) return;
  const asp = new HttpAsp(settings);
  const options: WorkerOptions = {
    ...DEFAULT_WORKER_OPTIONS,
    worker: `${hostname()}:${process.pid}`,
    baseDelayMs: config.EINVOICING_BASE_DELAY_MS,
    maxDelayMs: config.EINVOICING_MAX_DELAY_MS,
    pollMs: config.EINVOICING_POLL_MS,
    leaseMs: Math.max(60_000, config.EINVOICING_TIMEOUT_MS * 8),
  };
  let closing = false;
  let running = false;
  let again = false;
  let round: Promise<unknown> = Promise.resolve();
  let pausedUntil = 0;
  let timer: NodeJS.Timeout | undefined;
  let unlisten: (() => Promise<void>) | null = null;

  const work = () => {
    if (closing) return round;
    if (running) {
      again = true;
      return round;
    }
    if (Date.now() < pausedUntil) return round;
    running = true;
    round = (async () => {
      try {
        for (;;) {
          again = false;
          const result = await runEinvoiceWorker(app.db, asp, options);
          app.metrics.jobRun('einvoices', !result.unreachable);
          if (result.unreachable) {
            pausedUntil = Date.now() + config.EINVOICING_BASE_DELAY_MS;
            app.log.warn('ASP unreachable; e-invoicing pauses');
            break;
          }
          if ((result.claimed === 0 && !again) || closing) break;
        }
      } catch (error) {
        app.metrics.jobRun('einvoices', false);
        app.log.warn({ err: error }, 'e-invoicing round failed; retried at the next interval');
      } finally {
        running = false;
      }
    })();
    return round;
  };

  app.addHook('onReady', async () => {
    unlisten = await app.db.listen('einvoice_outbox', () => {
      pausedUntil = 0;
      void work();
    });
    timer = setInterval(() => void work(), config.EINVOICING_INTERVAL_MS);
    timer.unref();
    void work();
  });
  app.addHook('preClose', async () => {
    closing = true;
    clearInterval(timer);
    await unlisten?.();
    await round;
  });
}
