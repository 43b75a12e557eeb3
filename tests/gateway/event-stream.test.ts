/**
 * The notification stream through the gateway, against a real upstream on port 0 and real emulator tokens:
 * verified at open, written through unbuffered, not cut by the API time-out, ended when the token is revoked.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { EVENT_STREAM_PATH } from '../../gateway/src/plugins/event-stream.ts';
import { ADMIN_NETWORK_HEADER } from '../../common/contract/http.ts';
import { TEST_PROJECT_ID } from '../support/constants.ts';
import { listenGateway, makeStaticDir, signUp, startUpstream, testConfig, type Fixture, type Upstream } from './support.ts';

const emulatorHost = inject('authEmulatorHost');
const stamp = Date.now();
let fixture: Fixture;
let upstream: Upstream;
let app: FastifyInstance;
let gateway: string;
let admin: App;
const upstreamStreams = new Set<ServerResponse>();

beforeAll(async () => {
  fixture = await makeStaticDir();
  upstream = await startUpstream({
    // A back end stream: one event at once, a heartbeat every 200 ms, until the gateway lets go.
    [EVENT_STREAM_PATH]: (request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
      response.write(`id: 1\nevent: notification\ndata: {"last":"${request.headers['last-event-id'] ?? ''}"}\n\n`);
      const beat = setInterval(() => response.write(': heartbeat\n\n'), 200);
      upstreamStreams.add(response);
      response.on('close', () => {
        clearInterval(beat);
        upstreamStreams.delete(response);
      });
    },
  });
  // An API time-out far below the stream's life, and a short revocation window.
  ({ app, url: gateway } = await listenGateway(
    testConfig({
      API_UPSTREAM: upstream.url,
      FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
      STATIC_DIR: fixture.dir,
      API_TIMEOUT_MS: '1000',
      AUTH_CACHE_MS: '500',
      // The tests call from 127.0.0.1: outside this office network.
      ADMIN_ALLOWED_CIDRS: '10.0.0.0/8',
    }),
  ));
  admin = initializeApp({ projectId: TEST_PROJECT_ID }, `event-stream-admin-${stamp}`);
});

afterAll(async () => {
  await app.close();
  await deleteApp(admin);
  await upstream.close();
  await fixture.remove();
});

async function open(idToken: string) {
  const response = await fetch(`${gateway}${EVENT_STREAM_PATH}`, { headers: { authorization: `Firebase ${idToken}`, 'last-event-id': '41' } });
  const chunks: { at: number; text: string }[] = [];
  const done = (async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { value, done: finished } = await reader.read();
      if (finished) return Date.now();
      chunks.push({ at: Date.now(), text: value });
    }
  })();
  return { response, chunks, done };
}

describe('the notification stream through the gateway', () => {
  it('refuses a missing token before reaching the back end', async () => {
    const before = upstream.requests.length;
    const response = await fetch(`${gateway}${EVENT_STREAM_PATH}`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ errorCode: 'UNAUTHORIZED' });
    expect(upstream.requests.length).toBe(before);
  });

  it('streams events as they come, past the API time-out, and ends when the token is revoked', async () => {
    const { idToken, uid } = await signUp(emulatorHost, `stream-${stamp}@example.com`);
    const opened = Date.now();
    const stream = await open(idToken);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers.get('content-security-policy')).toContain("default-src 'none'");
    // Unbuffered: the first event arrives while the upstream keeps the stream open, with Last-Event-ID passed on.
    await expect.poll(() => stream.chunks.map((chunk) => chunk.text).join('')).toContain('data: {"last":"41"}');
    // The ADMIN network verdict goes upstream as on every other call (a client-sent one is never passed on),
    // so the back end refuses an ADMIN's stream from outside the office or VPN networks as it refuses their calls.
    expect(upstream.requests.filter((request) => request.url === EVENT_STREAM_PATH).at(-1)?.headers[ADMIN_NETWORK_HEADER]).toBe('outside');
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect(Date.now() - opened).toBeGreaterThan(1500);
    expect(upstreamStreams.size).toBe(1);
    expect(stream.chunks.filter((chunk) => chunk.text.includes(': heartbeat')).length).toBeGreaterThanOrEqual(3);

    // Revocation compares whole seconds: a token issued in the same second as the revocation stays valid.
    await getAuth(admin).revokeRefreshTokens(uid);
    const revokedAt = Date.now();
    const endedAt = await stream.done;
    expect(endedAt - revokedAt).toBeLessThan(5000);
    await expect.poll(() => upstreamStreams.size).toBe(0);
  });
});
