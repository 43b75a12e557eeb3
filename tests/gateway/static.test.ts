/**
 * The console from memory: headers on every kind of response, deep links, caching, precompression,
 * traversal, and the mobile notice. Driven through inject(); no token is involved outside /api/.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../gateway/src/app.ts';
import { MOBILE_NOTICE_TEXT } from '../../common/mobile-notice.ts';
import { MOBILE_NOTICE_CSS_PATH } from '../../gateway/src/mobile-notice.ts';
import { TEST_PROJECT_ID } from '../support/constants.ts';
import { expectApiHeaders, expectErrorAnswer, expectPageHeaders } from './headers.ts';
import {
  ASSET_CSS,
  ASSET_JS,
  ASSET_JS_BODY,
  INDEX_HTML,
  listenGateway,
  makeStaticDir,
  send,
  testConfig,
  type Fixture,
} from './support.ts';

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ANDROID_TABLET = 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

let fixture: Fixture;
let app: FastifyInstance;
let base: string;
const emulatorHost = inject('authEmulatorHost');

beforeAll(async () => {
  fixture = await makeStaticDir();
  ({ app, url: base } = await listenGateway(
    testConfig({
      API_UPSTREAM: 'http://127.0.0.1:9',
      FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
      STATIC_DIR: fixture.dir,
      PLAY_STORE_URL: 'https://play.google.com/store/apps/details?id=example.console',
    }),
  ));
});

/** A GET with the path sent byte for byte, as an attacker would (no URL normalisation on the way). */
const rawGet = (path: string) => send(base, { path, headers: { 'user-agent': DESKTOP } });

afterAll(async () => {
  await app.close();
  await fixture.remove();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { 'user-agent': DESKTOP, ...headers } });

describe('pages', () => {
  it.each(['/', '/index.html', '/due-diligence', '/registrations/42/verification/?step=signed_up', '/T&C', '/auth/login'])(
    'GET %s answers the console index.html, never cached, with the security headers',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX_HTML);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toBe('Accept-Encoding, User-Agent');
      expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
      expectPageHeaders(response.headers);
    },
  );

  it('HEAD of a page answers the headers without a body', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/due-diligence', headers: { 'user-agent': DESKTOP } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expectPageHeaders(response.headers);
  });

  it('answers brotli, then gzip, by Accept-Encoding and q-values, with distinct ETags', async () => {
    const br = await get('/crm', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(INDEX_HTML);
    const gzip = await get('/crm', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(INDEX_HTML);
    const plain = await get('/crm', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(new Set([br.headers.etag, gzip.headers.etag, plain.headers.etag]).size).toBe(3);
    for (const response of [br, gzip, plain]) expect(response.headers.vary).toBe('Accept-Encoding, User-Agent');
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await get('/');
    const second = await get('/', { 'if-none-match': String(first.headers.etag) });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
    expectPageHeaders(second.headers);
  });
});

describe('hashed assets and other files', () => {
  it('serves a hashed script for a year as immutable, precompressed, with the security headers', async () => {
    const response = await get(ASSET_JS, { 'accept-encoding': 'gzip' });
    expect(response.statusCode).toBe(200);
    expect(gunzipSync(response.rawPayload).toString()).toBe(ASSET_JS_BODY);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toBe('Accept-Encoding');
    expectPageHeaders(response.headers);
  });

  it('serves a file without compressed copies as is, with no Vary', async () => {
    const response = await get(ASSET_CSS, { 'accept-encoding': 'gzip, br' });
    expect(response.body).toBe('body{margin:0}\n');
    expect(response.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toBeUndefined();
  });

  it('revalidates unhashed files such as the favicon', async () => {
    const response = await get('/favicon.ico');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/x-icon');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('does not serve the .br/.gz copies as files of their own... unless asked by their real name is a 404 too', async () => {
    expect((await get(`${ASSET_JS}.br`)).statusCode).toBe(404);
    expect((await get('/index.html.gz')).statusCode).toBe(404);
  });
});

describe('not found', () => {
  it.each(['/assets/main-MISSING.js', '/assets/', '/assets/missing', '/robots.txt', '/deep/path/file.json'])(
    'GET %s is a JSON 404, not index.html',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ errorCode: 'NOT_FOUND', message: '404 - Resource Not Found.' });
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expectApiHeaders(response.headers);
    },
  );

  // inject() normalises '..' away like a browser would; attackers send raw bytes, so these go over a socket.
  it.each([
    '/../index.html',
    '/assets/../index.html',
    '/assets/..%2findex.html',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/due-diligence/%2E%2E/secret',
    '/due-diligence%2f..%2f..%2fetc',
    '/page%00.html',
    '/page%00',
    '/..%5c..%5cwindows',
    '/./due-diligence',
    '/due-diligence/..',
  ])('traversal attempt %s is a 404', async (path) => {
    const response = await rawGet(path);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.text).not.toContain('<html');
    expectApiHeaders(response.headers);
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'])('%s on a page path or a file is a JSON 405 that allows GET and HEAD', async (method) => {
    for (const url of ['/due-diligence', ASSET_JS, '/nothing-here.txt']) {
      const response = await app.inject({ method: method as 'POST', url, payload: { a: 1 } });
      expectErrorAnswer({ statusCode: response.statusCode, headers: response.headers, text: response.body }, 405, 'METHOD_NOT_ALLOWED');
      expect(response.headers.allow).toBe('GET, HEAD');
    }
  });

  it('a malformed URL gets a JSON 400 with the API headers', async () => {
    const response = await get('/due-diligence/%E0%A4%A');
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe('INVALID_INPUT');
    expectApiHeaders(response.headers);
  });
});

describe('/config.json', () => {
  it('tells the console its Firebase settings, never cached, with the API headers', async () => {
    const response = await get('/config.json');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      firebase: { apiKey: 'demo-api-key', authDomain: `${TEST_PROJECT_ID}.firebaseapp.com`, projectId: TEST_PROJECT_ID },
      authEmulatorUrl: `http://${emulatorHost}`,
      storeLinks: { playStore: 'https://play.google.com/store/apps/details?id=example.console' },
      sessionIdleMinutes: 30,
    });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expectApiHeaders(response.headers);
  });

  it('lets the console reach the emulator in demo mode, and nothing else outside its own origin', async () => {
    const csp = String((await get('/')).headers['content-security-policy']);
    expect(csp).toContain(`connect-src 'self' http://${emulatorHost};`);
    expect(csp).not.toContain('googleapis.com/');
    expect(csp).not.toContain('identitytoolkit');
  });
});

describe('mobile notice', () => {
  it.each([IPHONE, ANDROID_TABLET])('a page request from %s gets the server-rendered notice', async (userAgent) => {
    const response = await get('/due-diligence', { 'user-agent': userAgent });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain(MOBILE_NOTICE_TEXT);
    expect(response.body).toContain(
      "Our platform isn't currently optimized for mobile screens. To access it, please log in through a desktop web browser or consider downloading our app from either the Play Store or the App Store.",
    );
    expect(response.body).toContain('href="https://play.google.com/store/apps/details?id=example.console"');
    // Only the configured store gets a button: never a store's home page.
    expect(response.body).toContain('Play Store</a>');
    expect(response.body).not.toContain('App Store</a>');
    expect(response.body).not.toContain('apps.apple.com');
    expect(response.body).not.toMatch(/<script|style=|<style/i);
    expect(response.body).toContain(`<link rel="stylesheet" href="${MOBILE_NOTICE_CSS_PATH}">`);
    expect(response.body).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    expect(response.headers.vary).toBe('Accept-Encoding, User-Agent');
    expect(response.headers['cache-control']).toBe('no-cache');
    expectPageHeaders(response.headers);
  });

  it('its stylesheet is served from the gateway, immutable', async () => {
    const response = await get(MOBILE_NOTICE_CSS_PATH, { 'user-agent': IPHONE });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toContain('.notice');
  });

  it('mobile browsers still get the assets and the API as is: only pages change', async () => {
    const response = await get(ASSET_JS, { 'user-agent': IPHONE });
    expect(response.body).toBe(ASSET_JS_BODY);
    expect((await get('/config.json', { 'user-agent': IPHONE })).json().firebase.projectId).toBe(TEST_PROJECT_ID);
  });

  it('the notice is compressed like any page and has its own ETag', async () => {
    const mobile = await get('/', { 'user-agent': IPHONE, 'accept-encoding': 'br' });
    const desktop = await get('/', { 'accept-encoding': 'br' });
    expect(mobile.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(mobile.rawPayload).toString()).toContain(MOBILE_NOTICE_TEXT);
    expect(mobile.headers.etag).not.toBe(desktop.headers.etag);
  });
});

/** A request over the socket, so it meets the Node-level fast path that inject() bypasses. */
const overNetwork = (method: string, path: string, headers: Record<string, string>) =>
  send(base, { method, path, headers });

/** Headers Node or Fastify set per connection or per request, which legitimately differ between two answers. */
const PER_REQUEST_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'x-request-id']);

function comparableHeaders(headers: IncomingHttpHeaders | Record<string, unknown>) {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_REQUEST_HEADERS.has(name)));
}

describe('Node-level fast path', () => {
  const cases: Array<[string, string, Record<string, string>]> = [
    ['GET', '/', {}],
    ['GET', '/due-diligence', { 'accept-encoding': 'gzip, deflate, br' }],
    ['GET', '/registrations/42/verification/?step=signed_up', { 'accept-encoding': 'gzip' }],
    ['GET', '/T&C', {}],
    ['GET', '/index.html', { 'user-agent': IPHONE, 'accept-encoding': 'br' }],
    ['GET', '/crm', { 'user-agent': ANDROID_TABLET }],
    ['HEAD', '/crm', { 'accept-encoding': 'br' }],
    ['GET', ASSET_JS, { 'accept-encoding': 'br' }],
    ['GET', ASSET_JS, { 'accept-encoding': 'gzip, br;q=0' }],
    ['GET', ASSET_JS, {}],
    ['HEAD', ASSET_JS, { 'accept-encoding': 'gzip' }],
    ['GET', ASSET_CSS, {}],
    ['GET', '/favicon.ico', {}],
    ['GET', MOBILE_NOTICE_CSS_PATH, {}],
    ['GET', '/assets/main-MISSING.js', {}],
    ['GET', '/robots.txt', {}],
    ['GET', '/config.json', {}],
    ['GET', '/healthz', {}],
    ['GET', '/api/users/me', {}],
  ];

  it.each(cases)('%s %s %j answers exactly what the Fastify routes answer', async (method, path, extra) => {
    const headers = { 'user-agent': DESKTOP, ...extra };
    const viaFastify = await app.inject({ method: method as 'GET', url: path, headers });
    const viaSocket = await overNetwork(method, path, headers);
    expect(viaSocket.statusCode).toBe(viaFastify.statusCode);
    expect(comparableHeaders(viaSocket.headers)).toEqual(comparableHeaders(viaFastify.headers));
    expect(viaSocket.body.equals(viaFastify.rawPayload)).toBe(true);
  });

  it('answers a matching If-None-Match with 304 and the same headers', async () => {
    const first = await overNetwork('GET', ASSET_JS, { 'accept-encoding': 'br' });
    const headers = { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) };
    const viaSocket = await overNetwork('GET', ASSET_JS, headers);
    const viaFastify = await app.inject({ method: 'GET', url: ASSET_JS, headers });
    expect(viaSocket.statusCode).toBe(304);
    expect(viaSocket.body.length).toBe(0);
    expect(comparableHeaders(viaSocket.headers)).toEqual(comparableHeaders(viaFastify.headers));
  });

  it('answers files and pages before Fastify, and leaves 404s, the API and health to Fastify', async () => {
    const seen: string[] = [];
    const probe = await buildApp(
      testConfig({
        API_UPSTREAM: 'http://127.0.0.1:9',
        FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
        FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
        STATIC_DIR: fixture.dir,
      }),
    );
    probe.addHook('onRequest', async (request) => {
      seen.push(request.url);
    });
    await probe.listen({ port: 0, host: '127.0.0.1' });
    const probePort = (probe.server.address() as AddressInfo).port;
    const fetchPath = (path: string) => fetch(`http://127.0.0.1:${probePort}${path}`).then((response) => response.status);
    try {
      expect(await fetchPath('/')).toBe(200);
      expect(await fetchPath('/due-diligence/details/3')).toBe(200);
      expect(await fetchPath(ASSET_JS)).toBe(200);
      expect(seen).toEqual([]);
      expect(await fetchPath('/assets/main-MISSING.js')).toBe(404);
      expect(await fetchPath('/healthz')).toBe(200);
      expect(seen).toEqual(['/assets/main-MISSING.js', '/healthz']);
      // The proxy's routes live in their own encapsulated context, out of this hook's reach; its 401 is the
      // token check, which only Fastify runs.
      expect(await fetchPath('/api/users/me')).toBe(401);
    } finally {
      await probe.close();
    }
  });
});
