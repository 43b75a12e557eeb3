/**
 * The /api/ fast path (gateway/src/plugins/api-fast-path.ts) against the Fastify path (api-proxy.ts): the same
 * requests go to a gateway with the fast path and to one without it, in front of one real upstream, and
 * everything observable must match: status, response headers (minus Date), body bytes, what the upstream
 * received, and the log lines. Fastify's handler tracing channel shows which path answered.
 */
import { randomBytes } from 'node:crypto';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { TEST_PROJECT_ID } from '../support/constants.ts';
import { listenGateway, makeStaticDir, send, signUp, startUpstream, testConfig, type Fixture, type RawResponse, type RecordedRequest, type Upstream } from './support.ts';

const emulatorHost = inject('authEmulatorHost');
const LIMIT = 64 * 1024;
const BLOB = randomBytes(200 * 1024);
/** Above the size the fast path writes whole, with a declared length: streamed. */
const LARGE = Buffer.from(JSON.stringify({ rows: 'x'.repeat(80 * 1024) }));
const HANDLER_START = 'tracing:fastify.request.handler:start';

interface Gateway {
  app: FastifyInstance;
  url: string;
  port: number;
  log: Record<string, unknown>[];
}

let fixture: Fixture;
let upstream: Upstream;
let auth: Record<string, string>;
let uid: string;
const hanging: ServerResponse[] = [];
const gateways: Gateway[] = [];
/** Ports of the gateways whose requests reached a Fastify route handler. */
const fastifyHandled: number[] = [];
const onHandlerStart = (message: unknown) => {
  const port = (message as { request: { raw: { socket: { localPort?: number } } } }).request.raw.socket.localPort;
  if (port !== undefined) fastifyHandled.push(port);
};

async function startGateway(env: Record<string, string>, apiFastPath: boolean): Promise<Gateway> {
  const log: Record<string, unknown>[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line) log.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const config = testConfig({
    FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    STATIC_DIR: fixture.dir,
    API_UPSTREAM: upstream.url,
    API_BODY_LIMIT_BYTES: String(LIMIT),
    API_TIMEOUT_MS: '300',
    LOG_LEVEL: 'info',
    ...env,
  });
  const { app, url } = await listenGateway(config, { logStream, apiFastPath });
  const gateway = { app, url, port: (app.server.address() as AddressInfo).port, log };
  gateways.push(gateway);
  return gateway;
}

beforeAll(async () => {
  fixture = await makeStaticDir();
  upstream = await startUpstream({
    '/api/slow': (_request, response) => hanging.push(response),
    '/api/blob': (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/octet-stream', 'cache-control': 'private, max-age=5' });
      response.end(BLOB);
    },
    '/api/hop': (_request, response) => {
      response.writeHead(200, {
        'content-type': 'application/json',
        connection: 'x-upstream-hop',
        'x-upstream-hop': 'must not pass',
        'proxy-authenticate': 'Basic realm="upstream"',
        'content-security-policy': 'default-src *',
        'transfer-encoding': 'chunked',
      });
      response.end('{"ok":true}');
    },
    '/api/registrations/7/documents/3': (_request, response) => {
      response.writeHead(200, {
        'content-type': 'application/pdf',
        'content-disposition': `inline; filename="licence.pdf"; filename*=UTF-8''licence%20%C3%A9.pdf`,
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'; sandbox; img-src data:",
        'content-length': '12',
      });
      response.end('%PDF-1.4 ok\n');
    },
    '/api/large': (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(LARGE.length) });
      response.end(LARGE);
    },
    '/api/missing': (_request, response) => {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end('{"errorCode":"NOT_FOUND","message":"404 - Resource Not Found."}');
    },
    '/api/empty': (_request, response) => {
      response.writeHead(204, { 'x-upstream': 'yes' });
      response.end();
    },
    '/api/reset': (_request, response) => response.socket?.destroy(),
  });
  const user = await signUp(emulatorHost, `fast-path-${Date.now()}@example.com`);
  auth = { authorization: `Firebase ${user.idToken}` };
  uid = user.uid;
  subscribe(HANDLER_START, onHandlerStart);
});

afterAll(async () => {
  unsubscribe(HANDLER_START, onHandlerStart);
  for (const response of hanging) response.destroy();
  for (const gateway of gateways) await gateway.app.close();
  await upstream.close();
  await fixture.remove();
});

interface Call {
  name: string;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
}

const JSON_BODY = '{"token":"fcm-abc","platform":"web","nested":{"a":[1,2,3]}}';
const CALLS: Call[] = [
  { name: 'GET with a query string and a caller request id', path: '/api/users/me?x=1&y=%20two&x=3', headers: { 'x-request-id': 'lb-trace-0123456789' } },
  { name: 'GET with an invalid request id', path: '/api/users/me', headers: { 'x-request-id': 'bad id <script>' } },
  { name: 'GET with client X-Forwarded-* headers', path: '/api/users/me', headers: { 'x-forwarded-for': '6.6.6.6, 10.1.2.3', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' } },
  { name: 'GET with hop-by-hop headers both ways', path: '/api/hop', headers: { connection: 'keep-alive, x-client-hop', 'x-client-hop': 'drop me', 'keep-alive': 'timeout=9', te: 'trailers', 'proxy-authorization': 'Basic c2VjcmV0', 'x-kept': 'kept' } },
  { name: 'GET of a binary answer', path: '/api/blob' },
  { name: 'GET of an upstream 404', path: '/api/missing' },
  { name: 'GET of a document with its own CSP and Content-Disposition', path: '/api/registrations/7/documents/3' },
  { name: 'GET of a large answer of declared length', path: '/api/large' },
  { name: 'HEAD of a document', method: 'HEAD', path: '/api/registrations/7/documents/3' },
  { name: 'GET of an upstream 204', path: '/api/empty' },
  { name: 'HEAD', method: 'HEAD', path: '/api/users/me' },
  { name: 'DELETE without a body', method: 'DELETE', path: '/api/devices/42' },
  { name: 'OPTIONS', method: 'OPTIONS', path: '/api/users/me' },
  { name: 'POST of JSON', method: 'POST', path: '/api/devices/?via=test', headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON_BODY },
  { name: 'PUT of binary bytes', method: 'PUT', path: '/api/files/1', headers: { 'content-type': 'application/octet-stream' }, body: randomBytes(LIMIT) },
  { name: 'PATCH of a form', method: 'PATCH', path: '/api/users/me', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1&b=%C3%A9' },
  { name: 'a secret query parameter (redacted in the log)', path: '/api/users/me?token=abc&page=2' },
  { name: 'an upstream that resets (502)', path: '/api/reset' },
  { name: 'an upstream slower than API_TIMEOUT_MS (504)', path: '/api/slow' },
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const UUIDS = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** Body bytes one for one (latin1), with fresh request ids echoed by the upstream masked. */
const bytesOf = (body: Buffer) => body.toString('latin1').replace(UUIDS, '<uuid>');

/** Fresh UUID request ids differ between the two gateways by design; the rest must be equal. */
function withoutFreshIds<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, (_key, field: unknown) => (typeof field === 'string' && UUID.test(field) ? '<uuid>' : field))) as T;
}

function comparable(response: RawResponse) {
  const { date, ...headers } = response.headers;
  expect(date).toBeDefined();
  return withoutFreshIds({ status: response.statusCode, headers, body: bytesOf(response.body) });
}

function comparableUpstream(request: RecordedRequest | undefined) {
  return request && withoutFreshIds({ ...request, body: bytesOf(request.body) });
}

/** Log lines minus what differs by process and timing; errors down to their kind. */
function comparableLog(lines: Record<string, unknown>[]): Record<string, unknown>[] {
  return lines.map(({ time: _time, pid: _pid, hostname: _hostname, responseTimeMs, err, ...line }) => {
    expect(responseTimeMs === undefined || typeof responseTimeMs === 'number').toBe(true);
    const error = err as { type?: string; code?: string } | undefined;
    return withoutFreshIds({ ...line, ...(error ? { err: { type: error.type, code: error.code } } : {}) });
  });
}

async function call(gateway: Gateway, { method, path, headers, body }: Call) {
  const logFrom = gateway.log.length;
  const upstreamFrom = upstream.requests.length;
  const response = await send(`${gateway.url}${path}`, { method: method ?? 'GET', headers: { host: 'console.example', ...auth, ...headers }, ...(body ? { body } : {}) });
  // The request line is written when the response has finished; give it a turn of the event loop.
  await new Promise((resolve) => setTimeout(resolve, 20));
  return {
    response: comparable(response),
    upstream: comparableUpstream(upstream.requests.slice(upstreamFrom).at(-1)),
    log: comparableLog(gateway.log.slice(logFrom)),
  };
}

describe.each([
  { trust: 'false', label: 'at the edge (TRUST_PROXY=false)' },
  { trust: '127.0.0.1', label: 'behind a trusted proxy (TRUST_PROXY=127.0.0.1)' },
])('the fast path answers as the Fastify path does, $label', ({ trust }) => {
  let fast: Gateway;
  let fastify: Gateway;

  beforeAll(async () => {
    fast = await startGateway({ TRUST_PROXY: trust }, true);
    fastify = await startGateway({ TRUST_PROXY: trust }, false);
    // The first call verifies the token (through Fastify on both); later calls find it in the cache.
    for (const gateway of [fast, fastify]) expect((await send(`${gateway.url}/api/users/me`, { headers: auth })).statusCode).toBe(200);
  });

  it.each(CALLS)('$name', async (request) => {
    fastifyHandled.length = 0;
    const viaFast = await call(fast, request);
    const viaFastify = await call(fastify, request);
    expect(fastifyHandled).not.toContain(fast.port);
    expect(fastifyHandled).toContain(fastify.port);
    expect(viaFast).toEqual(viaFastify);
    const line = viaFast.log.find((entry) => entry.msg === 'request completed');
    expect(line).toMatchObject({ level: 30, uid, statusCode: viaFast.response.status });
    expect(typeof line?.requestId).toBe('string');
    expect(JSON.stringify(viaFast.log)).not.toContain(auth.authorization!.slice('Firebase '.length));
  });

  it.each<Call>([
    { name: 'an unknown token', path: '/api/users/me', headers: { authorization: 'Firebase not-a-token' } },
    { name: 'the notification stream', path: '/api/notifications/stream?probe=1', headers: { accept: 'text/event-stream' } },
    { name: 'a dot segment', path: '/api/users/./me' },
    { name: 'an escaped path', path: '/api/users/%6De' },
    { name: 'a body over the limit', method: 'POST', path: '/api/devices/', headers: { 'content-type': 'application/octet-stream' }, body: randomBytes(LIMIT + 1) },
    { name: 'a chunked body', method: 'POST', path: '/api/devices/', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, body: JSON_BODY },
    { name: 'a body without a type', method: 'POST', path: '/api/devices/', body: JSON_BODY },
    { name: 'a body of a malformed type', method: 'POST', path: '/api/devices/', headers: { 'content-type': 'json' }, body: JSON_BODY },
  ])('$name goes to Fastify and is answered the same', async (request) => {
    expect(await call(fast, request)).toEqual(await call(fastify, request));
  });

  it('leaves calls to Fastify once the gateway is shutting down', async () => {
    const closing = await startGateway({ TRUST_PROXY: trust }, true);
    expect((await send(`${closing.url}/api/users/me`, { headers: auth })).statusCode).toBe(200);
    closing.app.markShuttingDown();
    fastifyHandled.length = 0;
    const response = await send(`${closing.url}/api/users/me`, { headers: auth });
    expect(response.statusCode).toBe(200);
    expect(fastifyHandled).toContain(closing.port);
  });
});
