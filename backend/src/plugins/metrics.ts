/**
 * The back end's Prometheus metrics (prom-client), served by server.ts on BACKEND_METRICS_PORT and never
 * through the API: requests by route pattern, method and status with their latency, the token verifier's
 * figures (the auth plugin registers them), the database pool, every scheduled job's runs and last success
 * (job-timer.ts and the workers report them), and each background queue's depth, oldest item's age and
 * failures, read from the database with a few indexed counts when Prometheus scrapes.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import { SANCTIONS_LISTS } from '../../../common/contract/aml-paths.ts';
import { dubaiDate } from '../../../common/calendar.ts';
import { RequestMetrics, registerVerifierMetrics } from '../../../common/server/metrics.ts';
import type { TokenVerifier } from '../../../common/server/token-verifier.ts';
import type { Database } from '../db/database.ts';

export interface BackendMetrics {
  registry: Registry;
  requests: RequestMetrics;
  /** One run of a scheduled job or worker round ended: `ok` false when it threw or its outside service was unreachable. */
  jobRun(worker: string, ok: boolean): void;
  registerVerifier(verifier: TokenVerifier): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: BackendMetrics;
  }
}

/**
 * The background queues, by the `queue` label: what waits in each is read from its table, and the job that
 * empties it reports its runs under the same name (`worker` label). The job timers' own names map onto them.
 */
export const QUEUES = ['accounting_sync', 'einvoices', 'bulk_jobs', 'rescreening', 'notifications', 'recurring_tasks', 'renewals'] as const;
export type QueueName = (typeof QUEUES)[number];

const JOB_NAMES: Record<string, string> = {
  'aml re-screening': 'rescreening',
  'chat reminders': 'notifications',
  'task jobs': 'recurring_tasks',
  'client jobs': 'renewals',
};

/** A job timer's name ('aml re-screening') as its metric label ('rescreening'; others 'subscription_invoicing'). */
export function jobLabel(name: string): string {
  return JOB_NAMES[name] ?? name.toLowerCase().replace(/[^a-z0-9]+/g, '_');
}

interface QueueFigures {
  depth: number;
  /** Seconds since the oldest waiting item became due; 0 when none waits. */
  oldestAgeSeconds: number;
  /** Items that stopped on an error and wait for a person (or, for bulk jobs, rows that failed in the last day). */
  failures?: number;
}

export interface QueueSnapshot {
  queues: Record<QueueName, QueueFigures>;
  /** Seconds since each sanctions list's last import; Infinity for a list never imported. */
  sanctionsListAgeSeconds: Record<string, number>;
}

interface Row {
  depth: number;
  oldest: number | null;
  failures?: number;
}

/** A recurring task whose creation day passed this many days ago is late beyond any weekend or holiday move. */
const RECURRING_GRACE_DAYS = 7;

const secondsSince = (epochSeconds: number | null, now: number) => (epochSeconds === null ? 0 : Math.max(0, now / 1000 - epochSeconds));
/** 'YYYY-MM-DD' as the start of that day in Dubai (UTC+4, no daylight saving), in epoch seconds. */
const dubaiDayStart = (date: string | null) => (date === null ? null : Date.parse(`${date}T00:00:00+04:00`) / 1000);

/** Every queue's figures in a handful of queries, each on an index or a small table. */
export async function readQueues(db: Database, now = Date.now()): Promise<QueueSnapshot> {
  const today = dubaiDate(now);
  const one = async <T>(sql: string, params?: unknown[]) => (await db.query<T>(sql, params))[0]!;
  const accounting = await one<Row>(
    `SELECT count(*) FILTER (WHERE sync_state IN ('waiting', 'retrying'))::int AS depth,
            EXTRACT(EPOCH FROM min(created_at) FILTER (WHERE sync_state IN ('waiting', 'retrying')))::float8 AS oldest,
            count(*) FILTER (WHERE sync_state = 'needs_attention')::int AS failures
       FROM invoices WHERE sync_state <> 'synced'`,
  );
  const einvoices = await one<Row>(
    `SELECT count(*) FILTER (WHERE state IN ('queued', 'sent', 'accepted', 'delivered'))::int AS depth,
            EXTRACT(EPOCH FROM min(created_at) FILTER (WHERE state IN ('queued', 'sent', 'accepted', 'delivered')))::float8 AS oldest,
            count(*) FILTER (WHERE state IN ('invalid', 'rejected'))::int AS failures
       FROM einvoices WHERE state <> 'reported'`,
  );
  const bulk = await one<Row>(`SELECT count(*)::int AS depth, EXTRACT(EPOCH FROM min(created_at))::float8 AS oldest FROM bulk_jobs WHERE state <> 'finished'`);
  const bulkFailed = await one<{ failures: number }>(
    `SELECT count(*)::int AS failures FROM bulk_jobs j JOIN bulk_job_rows r ON r.job_id = j.id
      WHERE (j.state <> 'finished' OR j.finished_at > now() - interval '1 day') AND r.outcome = 'failed'`,
  );
  const rescreening = await one<Row>(`SELECT count(*)::int AS depth, EXTRACT(EPOCH FROM min(created_at))::float8 AS oldest FROM aml_rescreen_jobs WHERE finished_at IS NULL`);
  const reminders = await one<Row>(
    `SELECT count(*)::int AS depth, EXTRACT(EPOCH FROM min(due_at))::float8 AS oldest FROM chat_reminders WHERE status = 'pending' AND due_at <= now()`,
  );
  const recurring = await one<{ depth: number; oldest: string | null }>(
    `SELECT count(*)::int AS depth, to_char(min(next_occurrence_on - lead_days), 'YYYY-MM-DD') AS oldest
       FROM task_templates WHERE active AND next_occurrence_on - lead_days < $1::date - ${RECURRING_GRACE_DAYS}`,
    [today],
  );
  const renewals = await one<{ depth: number; oldest: string | null }>(
    `SELECT count(*)::int AS depth, to_char(min(next_renewal_on), 'YYYY-MM-DD') AS oldest FROM subscriptions WHERE status = 'active' AND next_renewal_on <= $1::date`,
    [today],
  );
  const lists = await db.query<{ list: string; imported: number }>('SELECT list, EXTRACT(EPOCH FROM max(imported_at))::float8 AS imported FROM aml_list_versions GROUP BY list');

  const figures = (row: Row): QueueFigures => ({ depth: row.depth, oldestAgeSeconds: secondsSince(row.oldest, now), ...(row.failures === undefined ? {} : { failures: row.failures }) });
  const imported = new Map(lists.map((row) => [row.list, row.imported]));
  return {
    queues: {
      accounting_sync: figures(accounting),
      einvoices: figures(einvoices),
      bulk_jobs: { ...figures(bulk), failures: bulkFailed.failures },
      rescreening: figures(rescreening),
      notifications: figures(reminders),
      recurring_tasks: { depth: recurring.depth, oldestAgeSeconds: secondsSince(dubaiDayStart(recurring.oldest), now) },
      renewals: { depth: renewals.depth, oldestAgeSeconds: secondsSince(dubaiDayStart(renewals.oldest), now) },
    },
    sanctionsListAgeSeconds: Object.fromEntries(SANCTIONS_LISTS.map((list) => [list, imported.has(list) ? secondsSince(imported.get(list)!, now) : Infinity])),
  };
}

/** A scrape waits this long for the database; then the queue figures are reported unavailable, the rest as usual. */
const QUEUE_READ_TIMEOUT_MS = 5000;

export function createBackendMetrics(db: () => Database): BackendMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new RequestMetrics();
  requests.register(registry);

  // `worker`, not `job`: Prometheus gives every target a `job` label of its own.
  const runs = new Counter({ name: 'console_worker_runs_total', help: 'Runs of scheduled jobs and worker rounds, by worker and outcome (ok, failed).', labelNames: ['worker', 'outcome'], registers: [registry] });
  const lastSuccess = new Gauge({ name: 'console_worker_last_success_timestamp_seconds', help: 'When each worker last ran without failing (Unix time), on this replica.', labelNames: ['worker'], registers: [registry] });

  const pool = new Gauge({
    name: 'console_db_pool_connections',
    help: 'Database connections: the most the pool may open (max), open now (open), running a query (in_use), and callers waiting for one (waiting). PGlite has one connection.',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = db().poolStats?.();
      if (!stats) return;
      pool.set({ state: 'max' }, stats.max);
      pool.set({ state: 'open' }, stats.open);
      pool.set({ state: 'in_use' }, stats.inUse);
      pool.set({ state: 'waiting' }, stats.waiting);
    },
  });

  // One read of the database serves the queue gauges of one scrape.
  let reading: { at: number; snapshot: Promise<QueueSnapshot | null> } | undefined;
  const snapshot = () => {
    const now = Date.now();
    if (!reading || now - reading.at > 1000) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), QUEUE_READ_TIMEOUT_MS);
      });
      reading = {
        at: now,
        snapshot: Promise.race([readQueues(db(), now), timeout])
          .catch(() => null)
          .finally(() => clearTimeout(timer)),
      };
    }
    return reading.snapshot;
  };
  const up = new Gauge({
    name: 'console_queue_metrics_up',
    help: '1 when the queue figures below were read from the database at this scrape, 0 when it did not answer in time.',
    registers: [registry],
    async collect() {
      up.set((await snapshot()) ? 1 : 0);
    },
  });
  const queueGauge = (name: string, help: string, pick: (figures: QueueFigures) => number | undefined) => {
    const gauge: Gauge = new Gauge({
      name,
      help,
      labelNames: ['queue'],
      registers: [registry],
      async collect() {
        gauge.reset();
        const read = await snapshot();
        if (!read) return;
        for (const queue of QUEUES) {
          const value = pick(read.queues[queue]);
          if (value !== undefined) gauge.set({ queue }, value);
        }
      },
    });
  };
  queueGauge('console_queue_depth', 'Items waiting in each background queue.', (figures) => figures.depth);
  queueGauge('console_queue_oldest_age_seconds', "Seconds since the oldest waiting item of each queue became due (0 when the queue is empty).", (figures) => figures.oldestAgeSeconds);
  queueGauge('console_queue_failures', 'Items of each queue stopped on an error, waiting for a person (bulk jobs: rows failed in the last day).', (figures) => figures.failures);
  const lists: Gauge = new Gauge({
    name: 'console_sanctions_list_age_seconds',
    help: 'Seconds since each sanctions list was last imported (+Inf when never).',
    labelNames: ['list'],
    registers: [registry],
    async collect() {
      lists.reset();
      const read = await snapshot();
      if (!read) return;
      for (const [list, age] of Object.entries(read.sanctionsListAgeSeconds)) lists.set({ list }, age);
    },
  });

  return {
    registry,
    requests,
    jobRun(worker, ok) {
      runs.inc({ worker, outcome: ok ? 'ok' : 'failed' });
      if (ok) lastSuccess.set({ worker }, Date.now() / 1000);
    },
    registerVerifier: (verifier) => registerVerifierMetrics(registry, verifier),
  };
}

/**
 * Decorates app.metrics and counts every answered request under its route pattern (an unknown path as
 * 'unmatched'), in the onResponse hook. Registered before the database, the auth plugin and the modules.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const metrics = createBackendMetrics(() => app.db);
    app.decorate('metrics', metrics);
    app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
      metrics.requests.record(request.routeOptions.url ?? 'unmatched', request.method, reply.statusCode, reply.elapsedTime / 1000);
    });
  },
  { name: 'metrics' },
);
