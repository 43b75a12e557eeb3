/**
 * The back end's Prometheus metrics: never on the API's port; requests by route pattern (never the URL);
 * token verifications; the database pool; each background queue's figures read from the database at scrape
 * time, moving with its rows; job runs; and a bad BACKEND_METRICS_PORT stopping start-up with its name.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../../backend/src/config.ts';
import { QUEUES } from '../../../backend/src/plugins/metrics.ts';
import { dubaiDate } from '../../../common/calendar.ts';
import { startMetricsServer, type MetricsServer } from '../../../common/server/metrics.ts';
import { TEST_PROJECT_ID } from '../../support/constants.ts';
import { auth, createUsers, startBackend } from '../support.ts';

const emulatorHost = inject('authEmulatorHost');
let app: FastifyInstance;
let server: MetricsServer;

/** The value of one sample (`name{labels} value`) whose labels include all of `labels`; undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (.+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/([a-zA-Z_]+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [pair[1], pair[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

const scrape = async () => {
  const response = await fetch(`http://127.0.0.1:${server.port}/metrics`);
  expect(response.status).toBe(200);
  return response.text();
};

beforeAll(async () => {
  app = await startBackend(emulatorHost);
  server = await startMetricsServer(app.metrics.registry, '127.0.0.1', 0);
});
afterAll(async () => {
  await server?.close();
  await app?.close();
});

describe('back-end metrics', () => {
  it('are not answered on the API port', async () => {
    expect((await app.inject({ method: 'GET', url: '/metrics' })).body).not.toContain('http_requests_total');
    expect((await app.inject({ method: 'GET', url: '/api/metrics' })).body).not.toContain('http_requests_total');
    const text = await scrape();
    expect(text).toContain('# TYPE http_requests_total counter');
    expect(text).toContain('# TYPE console_queue_depth gauge');
  });

  it('label requests with the route pattern and status, never the URL', async () => {
    const admin = (await createUsers(app, emulatorHost, ['ADMIN'], 'metrics')).get('ADMIN')!;
    for (const id of [987_654, 987_655]) expect((await app.inject({ method: 'GET', url: `/api/clients/${id}`, headers: auth(admin.token) })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/users/me', headers: auth(admin.token) })).statusCode).toBe(200);
    const text = await scrape();
    expect(sample(text, 'http_requests_total', { route: '/api/clients/:clientId', method: 'GET', status: '404' })).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_count', { route: '/api/clients/:clientId', status: '404' })).toBe(2);
    expect(sample(text, 'http_requests_total', { route: '/api/users/me', status: '200' })).toBe(1);
    expect(text).not.toContain('987654');
    expect(sample(text, 'auth_token_verifications_total', { result: 'ok' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'console_db_pool_connections', { state: 'max' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'console_db_pool_connections', { state: 'waiting' })).toBe(0);
  });

  it('report every queue and move a queue gauge with its rows', async () => {
    const before = await scrape();
    expect(sample(before, 'console_queue_metrics_up')).toBe(1);
    for (const queue of QUEUES) expect(sample(before, 'console_queue_depth', { queue }), queue).toBeGreaterThanOrEqual(0);
    const renewalsBefore = sample(before, 'console_queue_depth', { queue: 'renewals' })!;
    const failuresBefore = sample(before, 'console_queue_failures', { queue: 'accounting_sync' })!;
    // A subscription whose renewal fell due three days ago and was not renewed, and an invoice stopped on an error.
    const threeDaysAgo = dubaiDate(Date.now() - 3 * 86_400_000);
    const [late] = await app.db.query<{ id: number }>(
      "UPDATE subscriptions SET next_renewal_on = $1::date WHERE id = (SELECT id FROM subscriptions WHERE status = 'active' AND next_renewal_on > $1::date ORDER BY id LIMIT 1) RETURNING id",
      [threeDaysAgo],
    );
    expect(late).toBeDefined();
    const [stuck] = await app.db.query<{ id: number }>(
      "UPDATE invoices SET sync_state = 'needs_attention' WHERE id = (SELECT id FROM invoices WHERE sync_state <> 'needs_attention' ORDER BY id LIMIT 1) RETURNING id",
    );
    expect(stuck).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const after = await scrape();
    expect(sample(after, 'console_queue_depth', { queue: 'renewals' })).toBe(renewalsBefore + 1);
    expect(sample(after, 'console_queue_oldest_age_seconds', { queue: 'renewals' })).toBeGreaterThanOrEqual(3 * 86_400);
    expect(sample(after, 'console_queue_failures', { queue: 'accounting_sync' })).toBe(failuresBefore + 1);
    for (const list of ['un', 'uae-local']) expect(sample(after, 'console_sanctions_list_age_seconds', { list })).toBeGreaterThanOrEqual(0);
  });

  it('count job runs and the last success', async () => {
    app.metrics.jobRun('renewals', true);
    app.metrics.jobRun('accounting_sync', false);
    const text = await scrape();
    expect(sample(text, 'console_worker_runs_total', { worker: 'renewals', outcome: 'ok' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'console_worker_runs_total', { worker: 'accounting_sync', outcome: 'failed' })).toBe(1);
    expect(Date.now() / 1000 - sample(text, 'console_worker_last_success_timestamp_seconds', { worker: 'renewals' })!).toBeLessThan(60);
    // The scheduler's own first run (at ready) was counted under the queue's name.
    expect(sample(text, 'console_worker_runs_total', { worker: 'rescreening', outcome: 'ok' })).toBeGreaterThanOrEqual(1);
  });

  it('a bad or shared BACKEND_METRICS_PORT stops start-up naming it', () => {
    const env = { FIREBASE_PROJECT_ID: TEST_PROJECT_ID };
    expect(() => loadConfig({ ...env, BACKEND_METRICS_PORT: 'x' })).toThrow(/BACKEND_METRICS_PORT/);
    expect(() => loadConfig({ ...env, BACKEND_METRICS_PORT: '-1' })).toThrow(/BACKEND_METRICS_PORT/);
    expect(() => loadConfig({ ...env, PORT: '3001', BACKEND_METRICS_PORT: '3001' })).toThrow(/BACKEND_METRICS_PORT must be a port of its own/);
    expect(loadConfig({ ...env, BACKEND_METRICS_PORT: '9464' })).toMatchObject({ BACKEND_METRICS_PORT: 9464, BACKEND_METRICS_HOST: '127.0.0.1' });
  });
});
