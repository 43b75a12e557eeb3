/**
 * The gateway's public path for the website (plugins/public-api.ts): exactly the listed routes answer without a
 * token and reach the back end; their parameters, content types and sizes are checked first; posts are limited
 * per client address (429 with Retry-After, none of the allowed ones lost), with the address taken from
 * X-Forwarded-For only when TRUST_PROXY names the proxy; CORS only for PUBLIC_API_ORIGINS; and a token does
 * not carry a public post around the limit through the API fast path. The upstream records what arrives.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { TEST_PROJECT_ID } from '../support/constants.ts';
import { listenGateway, makeStaticDir, send, signUp, startUpstream, testConfig, type Fixture, type Upstream } from './support.ts';

const emulatorHost = inject('authEmulatorHost');
const WEBSITE = 'https://www.example-website.ae';
let fixture: Fixture;
let upstream: Upstream;
let gateway: { app: FastifyInstance; url: string } | undefined;

beforeAll(async () => {
  fixture = await makeStaticDir();
  upstream = await startUpstream();
});

afterEach(async () => {
  await gateway?.app.close();
  gateway = undefined;
});

afterAll(async () => {
  await upstream?.close();
  await fixture?.remove();
});

async function start(env: Record<string, string> = {}): Promise<string> {
  gateway = await listenGateway(
    testConfig({ API_UPSTREAM: upstream.url, FIREBASE_PROJECT_ID: TEST_PROJECT_ID, FIREBASE_AUTH_EMULATOR_HOST: emulatorHost, STATIC_DIR: fixture.dir, ...env }),
  );
  return gateway.url;
}

const json = (body: object, headers: Record<string, string> = {}) => ({ method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
const enquiry = { name: 'Amal', email: 'amal@example.test' };
const forwardedSince = (index: number) => upstream.requests.slice(index).map((request) => `${request.method} ${request.url}`);

describe('the public routes', () => {
  it('answer without a token and reach the back end; every other /api/ call still needs one', async () => {
    const url = await start();
    const before = upstream.requests.length;
    for (const path of ['/api/public/jobs', '/api/public/jobs/7', '/api/public/faqs']) expect((await send(url, { path })).statusCode, path).toBe(200);
    expect((await send(url, { path: '/api/public/enquiries/difc', ...json(enquiry) })).statusCode).toBe(200);
    for (const [method, path] of [['GET', '/api/users/me'], ['DELETE', '/api/public/jobs'], ['GET', '/api/public/jobs/7/applications'], ['GET', '/api/public/enquiries/difc'], ['PUT', '/api/public/faqs'], ['GET', '/api/public/']] as const) {
      const response = await send(url, { method, path });
      expect(response.statusCode, `${method} ${path}`).toBe(401);
    }
    // An empty id is the :id route's bad parameter, refused here.
    expect((await send(url, { path: '/api/public/jobs/' })).statusCode).toBe(400);
    expect(forwardedSince(before)).toEqual(['GET /api/public/jobs', 'GET /api/public/jobs/7', 'GET /api/public/faqs', 'POST /api/public/enquiries/difc']);
    // No one's credentials travel with a public call.
    await send(url, { path: '/api/public/faqs', headers: { authorization: 'Firebase whatever', cookie: 'a=b' } });
    expect(upstream.requests.at(-1)!.headers.authorization).toBeUndefined();
    expect(upstream.requests.at(-1)!.headers.cookie).toBeUndefined();
  });

  it('checks the path, the content type and the size before anything is forwarded', async () => {
    const url = await start({ PUBLIC_RATE_LIMIT: '100' });
    const before = upstream.requests.length;
    const badKind = await send(url, { path: '/api/public/enquiries/newsletter', ...json(enquiry) });
    expect(badKind.statusCode).toBe(400);
    expect(JSON.parse(badKind.text)).toMatchObject({ errorCode: 'INVALID_INPUT' });
    expect((await send(url, { path: '/api/public/jobs/0' })).statusCode).toBe(400);
    expect((await send(url, { path: '/api/public/jobs/99999999999' })).statusCode).toBe(400);
    expect((await send(url, { path: '/api/public/enquiries/difc', method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hi' })).statusCode).toBe(415);
    expect((await send(url, { path: '/api/public/jobs/3/applications', ...json(enquiry) })).statusCode).toBe(415);
    const big = await send(url, { path: '/api/public/enquiries/difc', ...json({ ...enquiry, message: 'x'.repeat(20_000) }) });
    expect(big.statusCode).toBe(413);
    expect(JSON.parse(big.text).errorCode).toBe('PAYLOAD_TOO_LARGE');
    expect(forwardedSince(before)).toEqual([]);
  });
});

describe('the rate limit per client address', () => {
  it('lets PUBLIC_RATE_LIMIT posts through, then answers 429 with Retry-After; reads are not counted', async () => {
    const url = await start({ PUBLIC_RATE_LIMIT: '5' });
    const before = upstream.requests.length;
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof send>> | undefined;
    for (let index = 0; index < 8; index += 1) {
      const response = await send(url, { path: '/api/public/enquiries/contactus', ...json({ ...enquiry, message: `post ${index}` }) });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) limited = response;
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    expect(Number(limited!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited!.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(JSON.parse(limited!.text)).toMatchObject({ errorCode: 'RATE_LIMITED' });
    // The allowed five all arrived, in order; the refused never did.
    expect(upstream.requests.slice(before).map((request) => JSON.parse(request.body.toString()).message)).toEqual(['post 0', 'post 1', 'post 2', 'post 3', 'post 4']);
    expect((await send(url, { path: '/api/public/jobs' })).statusCode).toBe(200);
    // Applications share the address's budget.
    expect((await send(url, { path: '/api/public/jobs/3/applications', method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=x' }, body: '--x--' })).statusCode).toBe(429);
  });

  it('ignores a client-sent X-Forwarded-For when TRUST_PROXY is unset', async () => {
    const url = await start({ PUBLIC_RATE_LIMIT: '2' });
    const statuses: number[] = [];
    for (let index = 0; index < 4; index += 1) {
      statuses.push((await send(url, { path: '/api/public/enquiries/contactus', ...json(enquiry, { 'x-forwarded-for': `203.0.113.${index}` }) })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 429, 429]);
  });

  it('counts per forwarded address when TRUST_PROXY names the proxy in front', async () => {
    const url = await start({ PUBLIC_RATE_LIMIT: '2', TRUST_PROXY: '127.0.0.1' });
    const post = (address: string) => send(url, { path: '/api/public/enquiries/contactus', ...json(enquiry, { 'x-forwarded-for': address }) });
    expect([(await post('203.0.113.1')).statusCode, (await post('203.0.113.1')).statusCode, (await post('203.0.113.1')).statusCode]).toEqual([200, 200, 429]);
    expect((await post('203.0.113.2')).statusCode).toBe(200);
    // A spoofed entry before the proxy's own does not change whose budget it is: the proxy appends the real one last.
    expect((await post('198.51.100.9, 203.0.113.1')).statusCode).toBe(429);
  });

  it('is not skipped by sending a verified token (the API fast path leaves public paths alone)', async () => {
    const url = await start({ PUBLIC_RATE_LIMIT: '2' });
    const { idToken } = await signUp(emulatorHost, `public-fast-${Date.now()}@example.com`);
    const authorization = `Firebase ${idToken}`;
    // Verified once, so the token is in the fast path's cache.
    expect((await send(url, { path: '/api/users/me', headers: { authorization } })).statusCode).toBe(200);
    const statuses: number[] = [];
    for (let index = 0; index < 3; index += 1) statuses.push((await send(url, { path: '/api/public/enquiries/contactus', ...json(enquiry, { authorization }) })).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
  });
});

describe('CORS', () => {
  it('grants only the configured website origins, and refuses a post from any other', async () => {
    const url = await start({ PUBLIC_API_ORIGINS: `${WEBSITE}, https://example-website.ae`, PUBLIC_RATE_LIMIT: '100' });
    const allowed = await send(url, { path: '/api/public/faqs', headers: { origin: WEBSITE } });
    expect(allowed.headers['access-control-allow-origin']).toBe(WEBSITE);
    expect(allowed.headers.vary).toContain('Origin');
    const other = await send(url, { path: '/api/public/faqs', headers: { origin: 'https://evil.example' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await send(url, { method: 'OPTIONS', path: '/api/public/enquiries/contactus', headers: { origin: WEBSITE, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers).toMatchObject({ 'access-control-allow-origin': WEBSITE, 'access-control-allow-methods': 'POST', 'access-control-allow-headers': 'content-type' });
    const foreignPreflight = await send(url, { method: 'OPTIONS', path: '/api/public/enquiries/contactus', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    expect(foreignPreflight.statusCode).toBe(403);
    expect(foreignPreflight.headers['access-control-allow-origin']).toBeUndefined();
    const before = upstream.requests.length;
    const foreignPost = await send(url, { path: '/api/public/jobs/3/applications', method: 'POST', headers: { origin: 'https://evil.example', 'content-type': 'multipart/form-data; boundary=x' }, body: '--x--' });
    expect(foreignPost.statusCode).toBe(403);
    expect(forwardedSince(before)).toEqual([]);
    const sitePost = await send(url, { path: '/api/public/enquiries/contactus', ...json(enquiry, { origin: WEBSITE }) });
    expect(sitePost.statusCode).toBe(200);
    expect(sitePost.headers['access-control-allow-origin']).toBe(WEBSITE);
  });

  it('grants no origin at all when PUBLIC_API_ORIGINS is unset', async () => {
    const url = await start();
    const response = await send(url, { path: '/api/public/jobs', headers: { origin: WEBSITE } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect((await send(url, { method: 'OPTIONS', path: '/api/public/jobs', headers: { origin: WEBSITE, 'access-control-request-method': 'GET' } })).statusCode).toBe(403);
  });

  it('refuses an origin list that is not exact origins', () => {
    expect(() => testConfig({ API_UPSTREAM: upstream.url, FIREBASE_PROJECT_ID: TEST_PROJECT_ID, STATIC_DIR: fixture.dir, PUBLIC_API_ORIGINS: 'https://site.example/path' })).toThrow(/PUBLIC_API_ORIGINS/);
    expect(() => testConfig({ API_UPSTREAM: upstream.url, FIREBASE_PROJECT_ID: TEST_PROJECT_ID, STATIC_DIR: fixture.dir, PUBLIC_API_ORIGINS: '*' })).toThrow(/PUBLIC_API_ORIGINS/);
  });
});
