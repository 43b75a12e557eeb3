/**
 * The invoices area's background work, run by every back end: invoicing the subscription periods that have
 * begun (on a timer and once at start-up; safe with replicas, see invoiceDueSubscriptions), and the
 * accounting sync worker (every INVOICE_SYNC_INTERVAL_MS, at once again while a round found work, and woken
 * by a retry asked for on any replica through LISTEN/NOTIFY). Without the accounting settings the worker
 * does not run: invoices wait, and the page says sync is off.
 */
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { BackendConfig } from '../../config.ts';
import type { ModuleOptions } from '../../lib/module.ts';
import { startJobTimer } from '../../lib/job-timer.ts';
import { invoiceDueSubscriptions } from './store.ts';
import { DEFAULT_SYNC_OPTIONS, syncOnce, type SyncOptions } from './sync.ts';
import { ZohoBooks, type AccountingConfig } from './zoho-books.ts';

export function accountingConfig(config: BackendConfig): AccountingConfig | null {
  if (!config.ZOHO_BOOKS_API_URL || !config.ZOHO_BOOKS_ORGANIZATION_ID) return null;
  return {
    apiUrl: config.ZOHO_BOOKS_API_URL,
    organizationId: config.ZOHO_BOOKS_ORGANIZATION_ID,
    ...(config.ZOHO_BOOKS_ACCESS_TOKEN ? { accessToken: config.ZOHO_BOOKS_ACCESS_TOKEN } : {}),
    ...(config.ZOHO_ACCOUNTS_URL ? { accountsUrl: config.ZOHO_ACCOUNTS_URL } : {}),
    ...(config.ZOHO_CLIENT_ID ? { clientId: config.ZOHO_CLIENT_ID } : {}),
    ...(config.ZOHO_CLIENT_SECRET ? { clientSecret: config.ZOHO_CLIENT_SECRET } : {}),
    ...(config.ZOHO_REFRESH_TOKEN ? { refreshToken: config.ZOHO_REFRESH_TOKEN } : {}),
    ...(config.ZOHO_BOOKS_VAT_TAX_ID ? { vatTaxId: config.ZOHO_BOOKS_VAT_TAX_ID } : {}),
    timeoutMs: config.INVOICE_SYNC_TIMEOUT_MS,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether invoices are synced to an accounting system (its settings are given). */
    invoiceSyncEnabled: boolean;
  }
}

export async function setupInvoiceJobs(app: FastifyInstance, { config }: ModuleOptions): Promise<void> {
  const accounting = accountingConfig(config);
  app.decorate('invoiceSyncEnabled', accounting !== null);
  let closing = false;
  const timers: NodeJS.Timeout[] = [];
  let syncing: Promise<unknown> = Promise.resolve();
  let syncRunning = false;
  let syncAgain = false;
  let unlisten: (() => Promise<void>) | null = null;

  // Issued before the sync starts (its hooks come first), so a fresh start sends this period's invoices at once.
  startJobTimer(app, 'subscription invoicing', config.INVOICE_JOBS_INTERVAL_MS, async () => ({ issued: await invoiceDueSubscriptions(app.db) }));

  const system = accounting ? new ZohoBooks(accounting) : null;
  const options: SyncOptions = {
    ...DEFAULT_SYNC_OPTIONS,
    worker: `${hostname()}:${process.pid}`,
    baseDelayMs: config.INVOICE_SYNC_BASE_DELAY_MS,
    maxDelayMs: config.INVOICE_SYNC_MAX_DELAY_MS,
    leaseMs: Math.max(60_000, config.INVOICE_SYNC_TIMEOUT_MS * 8),
  };
  let pausedUntil = 0;
  const sync = () => {
    if (!system || closing) return syncing;
    if (syncRunning) {
      syncAgain = true;
      return syncing;
    }
    if (Date.now() < pausedUntil) return syncing;
    syncRunning = true;
    syncing = (async () => {
      try {
        for (;;) {
          syncAgain = false;
          const result = await syncOnce(app.db, system, options);
          app.metrics.jobRun('accounting_sync', !result.unreachable);
          if (result.unreachable) {
            pausedUntil = Date.now() + config.INVOICE_SYNC_BASE_DELAY_MS;
            app.log.warn('accounting system unreachable; the sync pauses');
            break;
          }
          if ((result.claimed === 0 && !syncAgain) || closing) break;
        }
      } catch (error) {
        app.metrics.jobRun('accounting_sync', false);
        app.log.warn({ err: error }, 'invoice sync round failed; retried at the next interval');
      } finally {
        syncRunning = false;
      }
    })();
    return syncing;
  };

  app.addHook('onReady', async () => {
    if (system) {
      unlisten = await app.db.listen('invoice_outbox', () => {
        pausedUntil = 0;
        void sync();
      });
      timers.push(setInterval(() => void sync(), config.INVOICE_SYNC_INTERVAL_MS));
      void sync();
    }
    for (const timer of timers) timer.unref();
  });
  app.addHook('preClose', async () => {
    closing = true;
    for (const timer of timers) clearInterval(timer);
    await unlisten?.();
    await syncing;
  });
}
