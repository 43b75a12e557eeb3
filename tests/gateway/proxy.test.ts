/**
 * /api/ forwarding against a real upstream on port 0: bytes, headers, limits, time-outs and failures. Calls
 * carry a real token issued by the Auth emulator, so they pass the gateway's verification as in production.
 */
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bodyLimitMessage } from '../../common/contract/body-limits.ts';
import type { FastifyInstance } from 'fastify';
import { freePort } from '../../scripts/lib/processes.ts';
import { TEST_PROJECT_ID } from '../support/constants.ts';
import { expectApiHeaders } from './headers.ts';
import { listenGateway, makeStaticDir, send, signUp, startUpstream, testConfig, type Fixture, type Upstream } from './support.ts';

const emulatorHost = inject('authEmulatorHost');
/** A document as the back end serves one inline, with a policy of its own (not the API set's). */
const DOCUMENT_PATH = '/api/registrations/7/documents/3';
const DOCUMENT = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');
const DOCUMENT_HEADERS = {
  'content-type': 'application/pdf',
  'content-disposition': `inline; filename="Trade licence.pdf"; filename*=UTF-8''Trade%20licence%20%C3%A9.pdf`,
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox",
  'cache-control': 'private, no-store',
};
const LIMIT = 64 * 1024;
const BLOB = randomBytes(256 * 1024);

let fixture: Fixture;
let upstream: Upstream;
let gateway: string;
let app: FastifyInstance;
let auth: Record<string, string>;
const hanging: ServerResponse[] = [];

const listen = (env: Record<string, string>) =>
  listenGateway(testConfig({ FIREBASE_PROJECT_ID: TEST_PROJECT_ID, FIREBASE_AUTH_EMULATOR_HOST: emulatorHost, STATIC_DIR: fixture.dir, ...env }));

beforeAll(async () => {
  fixture = await makeStaticDir();
  upstream = await startUpstream({
    '/api/slow': (_request, response) => hanging.push(response),
    '/api/blob': (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      response.end(BLOB);
    },
    '/api/hop': (_request, response) => {
      response.writeHead(200, {
        'content-type': 'application/json',
        connection: 'x-upstream-hop',
        'x-upstream-hop': 'must not pass',
        'proxy-authenticate': 'Basic realm="upstream"',
        'content-security-policy': "default-src *",
        'cache-control': 'private, max-age=5',
      });
      response.end('{"ok":true}');
    },
    [DOCUMENT_PATH]: (_request, response) => {
      response.writeHead(200, DOCUMENT_HEADERS);
      response.end(DOCUMENT);
    },
    '/api/missing': (_request, response) => {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end('{"errorCode":"NOT_FOUND","message":"404 - Resource Not Found."}');
    },
    '/api/reset': (request, response) => {
      void request;
      response.socket?.destroy();
    },
  });
  ({ app, url: gateway } = await listen({ API_UPSTREAM: upstream.url, API_BODY_LIMIT_BYTES: String(LIMIT) }));
  const { idToken } = await signUp(emulatorHost, `proxy-${Date.now()}@example.com`);
  auth = { authorization: `Firebase ${idToken}` };
});

afterAll(async () => {
  for (const response of hanging) response.destroy();
  await app.close();
  await upstream.close();
  await fixture.remove();
});

const lastUpstreamRequest = () => upstream.requests.at(-1)!;

describe('bodies pass byte for byte', () => {
  it('POST /api/devices/ with a JSON body arrives exactly as sent, query string and method intact', async () => {
    const body = '{"registration_id":"tok:é/ü+=",  "device":"Web browser" ,"active":true,"type":"web"}\n';
    const response = await send(`${gateway}/api/devices/?x=1&y=%20two`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json; charset=utf-8' },
      body,
    });
    expect(response.statusCode).toBe(200);
    const seen = lastUpstreamRequest();
    expect(seen.method).toBe('POST');
    expect(seen.url).toBe('/api/devices/?x=1&y=%20two');
    expect(seen.body.equals(Buffer.from(body))).toBe(true);
    expect(seen.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(seen.headers['content-length']).toBe(String(Buffer.byteLength(body)));
  });

  it('a binary body arrives exactly as sent', async () => {
    const body = randomBytes(48 * 1024);
    body[0] = 0;
    const response = await send(`${gateway}/api/devices/`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/octet-stream' },
      body,
    });
    expect(response.statusCode).toBe(200);
    expect(lastUpstreamRequest().body.equals(body)).toBe(true);
  });

  it('a chunked body arrives whole, with a Content-Length instead of chunked framing', async () => {
    const chunks = [randomBytes(1000), randomBytes(5000), randomBytes(10)];
    const response = await send(`${gateway}/api/devices/`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: chunks,
    });
    expect(response.statusCode).toBe(200);
    const seen = lastUpstreamRequest();
    expect(seen.body.equals(Buffer.concat(chunks))).toBe(true);
    expect(seen.headers['content-length']).toBe('6010');
    expect(seen.headers['transfer-encoding']).toBeUndefined();
  });

  it('a binary response comes back exactly as the upstream sent it', async () => {
    const response = await send(`${gateway}/api/blob`, { headers: auth });
    expect(response.statusCode).toBe(200);
    expect(response.body.equals(BLOB)).toBe(true);
    expect(response.headers['content-type']).toBe('application/octet-stream');
  });

  it("the upstream's own error statuses and bodies pass through", async () => {
    const response = await send(`${gateway}/api/missing`, { headers: auth });
    expect(response.statusCode).toBe(404);
    expect(response.text).toBe('{"errorCode":"NOT_FOUND","message":"404 - Resource Not Found."}');
    expectApiHeaders(response.headers);
  });
});

describe('headers', () => {
  it('passes Authorization on and adds X-Request-Id and X-Forwarded-*', async () => {
    const response = await send(`${gateway}/api/users/me`, {
      headers: { ...auth, host: 'console.example.com', 'x-forwarded-for': '6.6.6.6' },
    });
    const seen = lastUpstreamRequest();
    expect(seen.headers.authorization).toBe(auth.authorization);
    expect(seen.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers['x-request-id']).toBe(seen.headers['x-request-id']);
    // Not behind a trusted proxy: a client-sent chain is replaced by the real peer.
    expect(seen.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(seen.headers['x-forwarded-proto']).toBe('http');
    expect(seen.headers['x-forwarded-host']).toBe('console.example.com');
  });

  it.each([
    ['a chain of trusted proxies is extended', '127.0.0.1, 10.0.0.0/8', '6.6.6.6, 10.1.2.3, 127.0.0.1'],
    ['a trusted peer vouches for the hop it saw, not for what that untrusted hop claims', 'loopback', '10.1.2.3, 127.0.0.1'],
    ['a peer outside TRUST_PROXY cannot pass a chain on', '10.0.0.0/8', '127.0.0.1'],
  ])('X-Forwarded-For: %s (TRUST_PROXY=%s)', async (_case, trustProxy, expected) => {
    const { app: behind, url } = await listen({ API_UPSTREAM: upstream.url, TRUST_PROXY: trustProxy });
    try {
      await send(`${url}/api/users/me`, { headers: { ...auth, 'x-forwarded-for': '6.6.6.6, 10.1.2.3' } });
      expect(lastUpstreamRequest().headers['x-forwarded-for']).toBe(expected);
    } finally {
      await behind.close();
    }
  });

  it('keeps a valid incoming X-Request-Id and replaces an invalid one', async () => {
    await send(`${gateway}/api/users/me`, { headers: { ...auth, 'x-request-id': 'lb-trace-0123456789' } });
    expect(lastUpstreamRequest().headers['x-request-id']).toBe('lb-trace-0123456789');
    const response = await send(`${gateway}/api/users/me`, { headers: { ...auth, 'x-request-id': 'bad id <script>' } });
    const replaced = lastUpstreamRequest().headers['x-request-id'];
    expect(replaced).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers['x-request-id']).toBe(replaced);
  });

  it('strips hop-by-hop headers both ways; an upstream answer keeps its own CSP and caching and gets the rest of the API set', async () => {
    const response = await send(`${gateway}/api/hop`, {
      headers: {
        ...auth,
        connection: 'keep-alive, x-client-hop',
        'x-client-hop': 'must not pass',
        'proxy-authorization': 'Basic c2VjcmV0',
        'x-kept': 'yes',
      },
    });
    const seen = lastUpstreamRequest();
    expect(seen.headers['x-client-hop']).toBeUndefined();
    expect(seen.headers['proxy-authorization']).toBeUndefined();
    expect(seen.headers['x-kept']).toBe('yes');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-upstream-hop']).toBeUndefined();
    expect(response.headers['proxy-authenticate']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('private, max-age=5');
    expectApiHeaders(response.headers, { csp: 'default-src *' });
  });
});

describe('answers of the back end', () => {
  it("a document keeps its own Content-Security-Policy and Content-Disposition; the rest is the API set", async () => {
    const response = await send(`${gateway}${DOCUMENT_PATH}`, { headers: auth });
    expect(response.statusCode).toBe(200);
    expect(response.body.equals(DOCUMENT)).toBe(true);
    for (const [name, value] of Object.entries(DOCUMENT_HEADERS)) expect(response.headers[name], name).toBe(value);
    expectApiHeaders(response.headers, { csp: DOCUMENT_HEADERS['content-security-policy'] });
  });

  it('an answer that says nothing about caching is not cached', async () => {
    const response = await send(`${gateway}/api/users/me`, { headers: auth });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expectApiHeaders(response.headers);
  });
});

describe('limits and failures', () => {
  it('a body over the limit gets 413 JSON and never reaches the upstream', async () => {
    const before = upstream.requests.length;
    const response = await send(`${gateway}/api/devices/`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/octet-stream' },
      body: randomBytes(LIMIT + 1),
    });
    expect(response.statusCode).toBe(413);
    // The refusal names the limit, so the sender knows what would pass.
    expect(JSON.parse(response.text)).toMatchObject({ errorCode: 'PAYLOAD_TOO_LARGE', message: bodyLimitMessage({ bytes: LIMIT }) });
    expectApiHeaders(response.headers);
    expect(upstream.requests.length).toBe(before);
  });

  it('a chunked body that grows over the limit gets 413 too', async () => {
    const before = upstream.requests.length;
    const response = await send(`${gateway}/api/devices/`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: [randomBytes(LIMIT / 2), randomBytes(LIMIT / 2), randomBytes(10)],
    });
    expect(response.statusCode).toBe(413);
    expect(JSON.parse(response.text).errorCode).toBe('PAYLOAD_TOO_LARGE');
    expect(upstream.requests.length).toBe(before);
  });

  it('holds each route to the back end’s own limit: a 6 MB document gets 413 naming the 5 MB limit, never forwarded', async () => {
    // The default API_BODY_LIMIT_BYTES (10 MiB) lets the body through; the route's contract does not.
    const { app: roomy, url } = await listen({ API_UPSTREAM: upstream.url });
    try {
      const before = upstream.requests.length;
      const file = randomBytes(6 * 1024 * 1024).toString('base64');
      const body = JSON.stringify({ kind: 'trade_licence', file_name: 'licence.pdf', content_type: 'application/pdf', content_base64: file });
      for (const chunked of [false, true]) {
        const response = await send(`${url}/api/me/registration/documents`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: chunked ? [Buffer.from(body.slice(0, 1000)), Buffer.from(body.slice(1000))] : body,
        });
        expect(response.statusCode, `chunked: ${chunked}`).toBe(413);
        expect(JSON.parse(response.text)).toEqual({ errorCode: 'PAYLOAD_TOO_LARGE', message: 'The file is larger than the 5 MB limit.' });
        expectApiHeaders(response.headers);
      }
      // A route without a limit of its own takes the back end's default, 64 KB.
      const json = await send(`${url}/api/devices/`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: `"${'x'.repeat(70 * 1024)}"` });
      expect(json.statusCode).toBe(413);
      expect(JSON.parse(json.text).message).toBe('The request is larger than the 64 KB limit.');
      expect(upstream.requests.length).toBe(before);
    } finally {
      await roomy.close();
    }
  });

  it('an upstream slower than API_TIMEOUT_MS gets 504 UPSTREAM_TIMEOUT', async () => {
    const { app: quick, url } = await listen({ API_UPSTREAM: upstream.url, API_TIMEOUT_MS: '300' });
    try {
      const started = Date.now();
      const response = await send(`${url}/api/slow`, { headers: auth });
      expect(response.statusCode).toBe(504);
      expect(JSON.parse(response.text)).toEqual({ errorCode: 'UPSTREAM_TIMEOUT', message: 'The server took too long to answer.' });
      expectApiHeaders(response.headers);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await quick.close();
    }
  });

  it('an upstream that is down gets 502 UPSTREAM_UNAVAILABLE', async () => {
    const port = await freePort();
    const { app: orphan, url } = await listen({ API_UPSTREAM: `http://127.0.0.1:${port}` });
    try {
      const response = await send(`${url}/api/users/me`, { headers: auth });
      expect(response.statusCode).toBe(502);
      expect(JSON.parse(response.text).errorCode).toBe('UPSTREAM_UNAVAILABLE');
      expectApiHeaders(response.headers);
      const ready = await send(`${url}/readyz`);
      expect(ready.statusCode).toBe(503);
      expect(JSON.parse(ready.text).errorCode).toBe('UPSTREAM_UNAVAILABLE');
    } finally {
      await orphan.close();
    }
  });

  it('an upstream that resets the connection gets 502 and the gateway keeps serving', async () => {
    const response = await send(`${gateway}/api/reset`, { headers: auth });
    expect(response.statusCode).toBe(502);
    expect(JSON.parse(response.text).errorCode).toBe('UPSTREAM_UNAVAILABLE');
    expect((await send(`${gateway}/api/users/me`, { headers: auth })).statusCode).toBe(200);
  });
});

describe('probes', () => {
  it('/healthz is alive and /readyz is ready while the upstream answers', async () => {
    const health = await send(`${gateway}/healthz`);
    expect(health.statusCode).toBe(200);
    expect(JSON.parse(health.text)).toEqual({ status: 'ok' });
    expectApiHeaders(health.headers);
    const ready = await send(`${gateway}/readyz`);
    expect(ready.statusCode).toBe(200);
    expect(JSON.parse(ready.text)).toEqual({ status: 'ready' });
  });

  it('/readyz turns 503 once shutdown starts, so the load balancer drains first', async () => {
    const { app: leaving, url } = await listen({ API_UPSTREAM: upstream.url });
    try {
      expect((await send(`${url}/readyz`)).statusCode).toBe(200);
      leaving.markShuttingDown();
      expect((await send(`${url}/readyz`)).statusCode).toBe(503);
      expect((await send(`${url}/healthz`)).statusCode).toBe(200);
    } finally {
      await leaving.close();
    }
  });
});
