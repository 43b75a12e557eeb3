/**
 * The strict-API sweep over every route the gateway registers (read from the app's own route table, as the
 * back end's sweep does, so a route added later is swept too). Per route and per caller (no token, a bad
 * token, a token in the wrong scheme, a valid token), generated bad requests (every method, bad JSON, wrong
 * and malformed content types, an over-large body, over-long paths and query strings, malformed percent
 * escapes, repeated and non-finite query values) never answer 5xx; every refusal is `{errorCode, message}`
 * JSON with a catalogue code, nosniff and no framework's words; and a caller without a valid token never
 * reaches the back end (the upstream here records every request that arrives).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CATALOGUE_CODES, SERVICE_CODES } from '../../common/error-catalogue.ts';
import { PUBLIC_API_ROUTES } from '../../gateway/src/plugins/public-api.ts';
import { TEST_PROJECT_ID } from '../support/constants.ts';
import { listenGateway, makeStaticDir, send, signUp, startUpstream, testConfig, unsignedToken, type Fixture, type RawResponse, type Upstream } from './support.ts';

const emulatorHost = inject('authEmulatorHost');
const ERROR_CODES = new Set<string>([...CATALOGUE_CODES, ...SERVICE_CODES]);
const BODY_LIMIT = 4096;
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND'];

let fixture: Fixture;
let upstream: Upstream;
let app: FastifyInstance;
let gateway: string;
let validToken: string;

beforeAll(async () => {
  fixture = await makeStaticDir();
  upstream = await startUpstream();
  ({ app, url: gateway } = await listenGateway(
    testConfig({
      API_UPSTREAM: upstream.url,
      FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
      STATIC_DIR: fixture.dir,
      API_BODY_LIMIT_BYTES: String(BODY_LIMIT),
    }),
  ));
  validToken = (await signUp(emulatorHost, `gateway-sweep-${Date.now()}@example.com`)).idToken;
}, 60_000);

afterAll(async () => {
  await app?.close();
  await upstream?.close();
  await fixture?.remove();
});

/** '/api/public/jobs/:id' -> a pattern matching its concrete paths. */
const publicPattern = (url: string) => new RegExp(`^${url.replace(/:\w+/g, '[^/]+')}$`);

/** A concrete path for a registered route: wildcards become a plausible path under them. */
function pathFor(url: string): string {
  if (url === '*' || url === '/*') return '/due-diligence';
  return url.replace(/\*$/, 'registrations/').replace(/:(\w+)/g, '1');
}

interface Probe {
  what: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** The bad requests for one path; `json` says whether the route takes request bodies (the API does). */
function probesFor(path: string, json: boolean): Probe[] {
  const probes: Probe[] = METHODS.map((method) => ({ what: `${method} plain`, method, path, headers: {} }));
  probes.push(
    { what: 'over-long path', method: 'GET', path: `${path}${'a'.repeat(9000)}`, headers: {} },
    { what: 'malformed percent escape', method: 'GET', path: `${path}%E0%A4%A`, headers: {} },
    { what: 'query junk', method: 'GET', path: `${path}?page=Infinity&page=1&page_size=1e309&%zz=1&search=${'x'.repeat(3000)}`, headers: {} },
    { what: 'NUL in the query', method: 'GET', path: `${path}?search=%00`, headers: {} },
  );
  if (json) {
    for (const method of ['POST', 'PUT', 'PATCH']) {
      probes.push(
        { what: `${method} bad JSON`, method, path, headers: { 'content-type': 'application/json' }, body: '{"version": ' },
        { what: `${method} JSON of the wrong shape`, method, path, headers: { 'content-type': 'application/json' }, body: '[1, "two", null]' },
        { what: `${method} text body`, method, path, headers: { 'content-type': 'text/plain' }, body: 'version=1' },
        { what: `${method} malformed content type`, method, path, headers: { 'content-type': ';;;' }, body: '{}' },
        { what: `${method} form body`, method, path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1&a=2' },
        { what: `${method} over-large body`, method, path, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: 'x'.repeat(BODY_LIMIT * 2) }) },
      );
    }
  }
  return probes;
}

const CALLERS: Record<string, () => Record<string, string>> = {
  'no token': () => ({}),
  'a forged token': () => ({ authorization: `Firebase ${unsignedToken({ sub: 'someone', aud: 'another-project' })}` }),
  'a malformed token': () => ({ authorization: 'Firebase not.a.token' }),
  'the wrong scheme': () => ({ authorization: `Bearer ${validToken}` }),
  'a valid token': () => ({ authorization: `Firebase ${validToken}` }),
};

/**
 * Requests in flight at once: the sweep's time is round trips, not work, so a few side by side cut it several
 * times without touching what each request proves (each is checked on its own answer).
 */
const SWEEP_CONCURRENCY = 8;

/** Runs `work` over `items`, at most `limit` at a time. */
async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

function problemsOf(probe: Probe, caller: string, response: RawResponse): string[] {
  const name = `${caller}: ${probe.what} ${probe.method} ${probe.path.slice(0, 60)}`;
  const problems: string[] = [];
  if (response.statusCode >= 500) problems.push(`${name}: answered ${response.statusCode}`);
  if (response.headers['x-content-type-options'] !== 'nosniff') problems.push(`${name}: no nosniff`);
  if (response.statusCode >= 400 && probe.method !== 'HEAD') {
    if (!String(response.headers['content-type']).startsWith('application/json')) problems.push(`${name}: error is ${String(response.headers['content-type'])}`);
    let body: { errorCode?: unknown; message?: unknown } = {};
    try {
      body = JSON.parse(response.text) as typeof body;
    } catch {
      problems.push(`${name}: error body is not JSON`);
    }
    if (typeof body.errorCode !== 'string' || !ERROR_CODES.has(body.errorCode)) problems.push(`${name}: errorCode ${String(body.errorCode)} is not in the catalogue`);
    if (typeof body.message !== 'string') problems.push(`${name}: no message`);
    if (/FST_|fastify|statusCode|node:|\bat \w+ \(/i.test(response.text)) problems.push(`${name}: framework words in ${response.text.slice(0, 120)}`);
  }
  return problems;
}

describe('the gateway route sweep', () => {
  it('finds the routes from the app itself', () => {
    const urls = app.routeTable.map((route) => route.url);
    expect(urls).toEqual(expect.arrayContaining(['/healthz', '/readyz', '/config.json']));
    expect(urls.some((url) => url.startsWith('/api/'))).toBe(true);
  });

  it.each(Object.keys(CALLERS))('answers every bad request of %s without a 5xx, in the error shape', async (caller) => {
    const paths = [...new Set(app.routeTable.map((route) => pathFor(route.url)))];
    const before = upstream.requests.length;
    const problems: string[] = [];
    let sent = 0;
    const probes = paths.flatMap((path) => probesFor(path, path.startsWith('/api/')));
    await inParallel(probes, SWEEP_CONCURRENCY, async (probe) => {
      const response = await send(gateway, { method: probe.method, path: probe.path, headers: { ...probe.headers, ...CALLERS[caller]!() }, ...(probe.body === undefined ? {} : { body: probe.body }) });
      sent++;
      problems.push(...problemsOf(probe, caller, response));
    });
    expect(sent).toBeGreaterThan(paths.length * METHODS.length);
    expect(problems).toEqual([]);
    // Only a verified caller's API calls may reach the back end (/readyz asks the back end's health itself),
    // except the website's public routes (PUBLIC_API_ROUTES), by their own methods (HEAD with GET) and nothing else.
    const forwarded = upstream.requests.slice(before).filter((request) => request.url.startsWith('/api/'));
    const isPublic = (request: { method: string; url: string }) => PUBLIC_API_ROUTES.some((route) => (route.method === request.method || (route.method === 'GET' && request.method === 'HEAD')) && publicPattern(route.url).test(request.url.split('?')[0]!));
    if (caller !== 'a valid token') expect(forwarded.filter((request) => !isPublic(request)).map((request) => `${request.method} ${request.url.slice(0, 80)}`)).toEqual([]);
    else expect(forwarded.length).toBeGreaterThan(0);
  }, 120_000);
});
