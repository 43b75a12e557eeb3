/**
 * The gateway's Prometheus metrics: served on GATEWAY_METRICS_PORT by start.ts, never on the public port;
 * requests labelled by route pattern, never by URL, on both API paths (the fast path and Fastify's); token
 * verifications and cache hits; a bad setting stops start-up naming the variable.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ConfigError } from '../../gateway/src/config.ts';
import { startGateway, type RunningGateway } from '../../gateway/src/start.ts';
import { TEST_PROJECT_ID } from '../support/constants.ts';
import { makeStaticDir, signUp, startUpstream, testConfig, type Fixture, type Upstream } from './support.ts';

const emulatorHost = inject('authEmulatorHost');

let fixture: Fixture;
let upstream: Upstream;
let gateway: RunningGateway;
let base: string;
let metricsUrl: string;
let authorization: string;

/** The value of one sample line (`name{labels} value`) whose labels include all of `labels`; 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (.+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/([a-zA-Z_]+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [pair[1], pair[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return 0;
}

const scrape = async () => {
  const response = await fetch(metricsUrl);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
};

beforeAll(async () => {
  fixture = await makeStaticDir();
  upstream = await startUpstream();
  gateway = await startGateway(
    testConfig({
      FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
      STATIC_DIR: fixture.dir,
      API_UPSTREAM: upstream.url,
      GATEWAY_METRICS_PORT: '0',
    }),
  );
  base = `http://127.0.0.1:${gateway.port}`;
  metricsUrl = `http://127.0.0.1:${gateway.metricsPort}/metrics`;
  authorization = `Firebase ${(await signUp(emulatorHost, `metrics-${Date.now()}@example.com`)).idToken}`;
});

afterAll(async () => {
  await gateway?.stop();
  await upstream?.close();
  await fixture?.remove();
});

describe('gateway metrics', () => {
  it('are served on their own port only, never on the public one', async () => {
    expect(gateway.metricsPort).toBeGreaterThan(0);
    expect(gateway.metricsPort).not.toBe(gateway.port);
    const text = await scrape();
    expect(text).toContain('# TYPE http_requests_total counter');
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).toContain('# TYPE auth_token_cache_hits_total counter');
    // On the public port /metrics is a page path (the console's index.html), never the figures.
    const pub = await fetch(`${base}/metrics`);
    expect(await pub.text()).not.toContain('http_requests_total');
    const api = await fetch(`${base}/api/metrics`, { headers: { authorization } });
    expect(await api.text()).not.toContain('http_requests_total');
    expect((await fetch(`http://127.0.0.1:${gateway.metricsPort}/other`)).status).toBe(404);
  });

  it('count API calls by route pattern and status, not by URL, on both paths, with token cache hits', async () => {
    const before = await scrape();
    const route = { route: '/api/*', method: 'GET', status: '200' };
    const verifiedBefore = sample(before, 'auth_token_verifications_total', { result: 'ok' });
    const hitsBefore = sample(before, 'auth_token_cache_hits_total');
    // A token not seen yet: the first call verifies it (Fastify's path), the next ones take the fast path from the cache.
    const fresh = `Firebase ${(await signUp(emulatorHost, `metrics-fresh-${Date.now()}@example.com`)).idToken}`;
    for (let index = 0; index < 3; index++) {
      const response = await fetch(`${base}/api/clients/${1000 + index}?search=secret-${index}`, { headers: { authorization: fresh } });
      expect(response.status).toBe(200);
    }
    expect((await fetch(`${base}/api/clients/1`)).status).toBe(401);
    const after = await scrape();
    expect(sample(after, 'http_requests_total', route) - sample(before, 'http_requests_total', route)).toBe(3);
    expect(sample(after, 'http_request_duration_seconds_count', route) - sample(before, 'http_request_duration_seconds_count', route)).toBe(3);
    expect(sample(after, 'http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(sample(after, 'http_requests_total', route));
    expect(sample(after, 'http_requests_total', { route: '/api/*', status: '401' })).toBeGreaterThanOrEqual(1);
    expect(after).not.toMatch(/clients\/100|secret-/);
    expect(sample(after, 'auth_token_verifications_total', { result: 'ok' }) - verifiedBefore).toBe(1);
    expect(sample(after, 'auth_token_cache_hits_total') - hitsBefore).toBeGreaterThanOrEqual(2);
  });

  it('count 5xx by status when the back end is away', async () => {
    const away = await startGateway(
      testConfig({ FIREBASE_PROJECT_ID: TEST_PROJECT_ID, FIREBASE_AUTH_EMULATOR_HOST: emulatorHost, STATIC_DIR: fixture.dir, API_UPSTREAM: 'http://127.0.0.1:9', GATEWAY_METRICS_PORT: '0' }),
    );
    try {
      for (let index = 0; index < 2; index++) expect((await fetch(`http://127.0.0.1:${away.port}/api/users/me`, { headers: { authorization } })).status).toBe(502);
      const text = await (await fetch(`http://127.0.0.1:${away.metricsPort}/metrics`)).text();
      expect(sample(text, 'http_requests_total', { route: '/api/*', status: '502' })).toBe(2);
    } finally {
      await away.stop();
    }
  });

  it('a bad or shared metrics port stops start-up naming the variable', () => {
    const env = { FIREBASE_PROJECT_ID: TEST_PROJECT_ID, FIREBASE_AUTH_EMULATOR_HOST: emulatorHost, STATIC_DIR: fixture.dir, API_UPSTREAM: upstream.url };
    expect(() => testConfig({ ...env, GATEWAY_METRICS_PORT: 'nine' })).toThrow(ConfigError);
    expect(() => testConfig({ ...env, GATEWAY_METRICS_PORT: 'nine' })).toThrow(/GATEWAY_METRICS_PORT/);
    expect(() => testConfig({ ...env, GATEWAY_METRICS_PORT: '70000' })).toThrow(/GATEWAY_METRICS_PORT/);
    expect(() => testConfig({ ...env, PORT: '8080', GATEWAY_METRICS_PORT: '8080' })).toThrow(/GATEWAY_METRICS_PORT must be a port of its own/);
    expect(testConfig({ ...env, GATEWAY_METRICS_PORT: '9465' }).metrics).toEqual({ port: 9465, host: '127.0.0.1' });
    expect(testConfig(env).metrics).toBeUndefined();
  });
});
