/**
 * Token verification in emulator mode against the real Firebase Auth emulator: a real emulator token
 * passes; missing, malformed, expired, other-project, revoked and disabled ones get 401 JSON and never
 * reach the back end; an unreachable Auth service gives 503 quickly. Logs never carry the token.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { ERROR_CODE_MESSAGES } from '../../common/error-catalogue.ts';
import { freePort } from '../../scripts/lib/processes.ts';
import { idTokenClaims } from '../../scripts/lib/google-id-tokens.ts';
import { TEST_PROJECT_ID } from '../support/constants.ts';
import { expectApiHeaders } from './headers.ts';
import {
  listenGateway,
  makeStaticDir,
  send,
  signUp,
  startUpstream,
  testConfig,
  unsignedToken,
  type Fixture,
  type Upstream,
} from './support.ts';

const emulatorHost = inject('authEmulatorHost');
const stamp = Date.now();

let fixture: Fixture;
let upstream: Upstream;
let app: FastifyInstance;
let gateway: string;
let admin: App;
const logLines: string[] = [];

function listen(env: Record<string, string>, logStream?: NodeJS.WritableStream) {
  return listenGateway(
    testConfig({
      API_UPSTREAM: upstream.url,
      FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
      STATIC_DIR: fixture.dir,
      ...env,
    }),
    logStream ? { logStream } : {},
  );
}

beforeAll(async () => {
  fixture = await makeStaticDir();
  upstream = await startUpstream();
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  // Revocation is checked on every call here (no cache), so a revoked token fails at once.
  ({ app, url: gateway } = await listen({ AUTH_CACHE_MS: '0', LOG_LEVEL: 'info' }, logStream));
  admin = initializeApp({ projectId: TEST_PROJECT_ID }, `auth-test-admin-${stamp}`);
});

afterAll(async () => {
  await app.close();
  await deleteApp(admin);
  await upstream.close();
  await fixture.remove();
});

async function callApi(authorization?: string, url = gateway) {
  const before = upstream.requests.length;
  const response = await send(`${url}/api/users/me`, { headers: authorization ? { authorization } : {} });
  return { response, reachedUpstream: upstream.requests.length > before };
}

function expectRejected(
  result: Awaited<ReturnType<typeof callApi>>,
  errorCode: 'UNAUTHORIZED' | 'AUTHENTICATION_FAILED' | 'TOKEN_EXPIRED',
): void {
  expect(result.response.statusCode).toBe(401);
  expect(JSON.parse(result.response.text)).toEqual({ errorCode, message: ERROR_CODE_MESSAGES[errorCode] });
  expect(result.response.headers['content-type']).toBe('application/json; charset=utf-8');
  expectApiHeaders(result.response.headers);
  expect(result.reachedUpstream).toBe(false);
}

describe('emulator tokens', () => {
  it('a real emulator-issued token passes and reaches the back end with its header', async () => {
    const { idToken } = await signUp(emulatorHost, `auth-ok-${stamp}@example.com`);
    const result = await callApi(`Firebase ${idToken}`);
    expect(result.response.statusCode).toBe(200);
    expect(result.reachedUpstream).toBe(true);
    expect(upstream.requests.at(-1)!.headers.authorization).toBe(`Firebase ${idToken}`);
  });

  it('the scheme name is case-insensitive, as HTTP auth schemes are', async () => {
    const { idToken } = await signUp(emulatorHost, `auth-case-${stamp}@example.com`);
    expect((await callApi(`firebase ${idToken}`)).response.statusCode).toBe(200);
  });

  it.each([
    ['no header', undefined],
    ['another scheme', 'Bearer abc.def.ghi'],
    ['the scheme alone', 'Firebase'],
    ['the scheme and blanks', 'Firebase    '],
  ])('%s gets UNAUTHORIZED', async (_case, authorization) => {
    expectRejected(await callApi(authorization), 'UNAUTHORIZED');
  });

  it.each([
    ['garbage', 'Firebase not-a-jwt'],
    ['three garbage parts', 'Firebase aaa.bbb.ccc'],
    ['two tokens', 'Firebase aaa.bbb.ccc ddd.eee.fff'],
  ])('%s gets AUTHENTICATION_FAILED', async (_case, authorization) => {
    expectRejected(await callApi(authorization), 'AUTHENTICATION_FAILED');
  });

  it('an expired token gets TOKEN_EXPIRED', async () => {
    const { uid } = await signUp(emulatorHost, `auth-expired-${stamp}@example.com`);
    expectRejected(await callApi(`Firebase ${unsignedToken(idTokenClaims(TEST_PROJECT_ID, uid, 7200))}`), 'TOKEN_EXPIRED');
  });

  it("another project's token gets AUTHENTICATION_FAILED", async () => {
    const { uid } = await signUp(emulatorHost, `auth-other-${stamp}@example.com`);
    const claims = idTokenClaims('demo-other-project', uid);
    expectRejected(await callApi(`Firebase ${unsignedToken(claims)}`), 'AUTHENTICATION_FAILED');
  });

  it('a revoked token gets AUTHENTICATION_FAILED', async () => {
    const { idToken, uid } = await signUp(emulatorHost, `auth-revoked-${stamp}@example.com`);
    expect((await callApi(`Firebase ${idToken}`)).response.statusCode).toBe(200);
    // Revocation compares whole seconds: a token issued in the same second as the revocation stays valid.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await getAuth(admin).revokeRefreshTokens(uid);
    expectRejected(await callApi(`Firebase ${idToken}`), 'AUTHENTICATION_FAILED');
  });

  it("a disabled or deleted user's token gets AUTHENTICATION_FAILED", async () => {
    const disabled = await signUp(emulatorHost, `auth-disabled-${stamp}@example.com`);
    await getAuth(admin).updateUser(disabled.uid, { disabled: true });
    expectRejected(await callApi(`Firebase ${disabled.idToken}`), 'AUTHENTICATION_FAILED');
    const deleted = await signUp(emulatorHost, `auth-deleted-${stamp}@example.com`);
    await getAuth(admin).deleteUser(deleted.uid);
    expectRejected(await callApi(`Firebase ${deleted.idToken}`), 'AUTHENTICATION_FAILED');
  });

  it('with a cache, a revoked token keeps working only until the cache window ends', async () => {
    const { app: cached, url } = await listen({ AUTH_CACHE_MS: '1500' });
    try {
      const { idToken, uid } = await signUp(emulatorHost, `auth-cached-${stamp}@example.com`);
      expect((await callApi(`Firebase ${idToken}`, url)).response.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      await getAuth(admin).revokeRefreshTokens(uid);
      expect((await callApi(`Firebase ${idToken}`, url)).response.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expectRejected(await callApi(`Firebase ${idToken}`, url), 'AUTHENTICATION_FAILED');
    } finally {
      await cached.close();
    }
  });
});

describe('availability and logs', () => {
  it('an unreachable Auth service gives 503 AUTH_UNAVAILABLE, not a 401 that would sign the user out', async () => {
    const port = await freePort();
    const { uid } = await signUp(emulatorHost, `auth-down-${stamp}@example.com`);
    const token = unsignedToken(idTokenClaims(TEST_PROJECT_ID, uid));
    const { app: lonely, url } = await listen({ FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${port}` });
    try {
      const result = await callApi(`Firebase ${token}`, url);
      expect(result.response.statusCode).toBe(503);
      expect(JSON.parse(result.response.text).errorCode).toBe('AUTH_UNAVAILABLE');
      expectApiHeaders(result.response.headers);
      expect(result.reachedUpstream).toBe(false);
    } finally {
      await lonely.close();
      // Later tests in this file use the real emulator again; buildApp sets the variable per app.
      process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
    }
  });

  it('logs one JSON line per request with its id and timing, and never the token', async () => {
    const { idToken, uid } = await signUp(emulatorHost, `auth-logs-${stamp}@example.com`);
    const before = logLines.length;
    const response = await send(`${gateway}/api/users/me?token=${idToken}`, {
      headers: { authorization: `Firebase ${idToken}`, 'x-request-id': 'trace-logs-0001' },
    });
    expect(response.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const lines = logLines.slice(before);
    const completed = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'request completed');
    expect(completed).toMatchObject({ requestId: 'trace-logs-0001', statusCode: 200, method: 'GET', uid });
    // One line, not the proxy library's own 'fetching from remote server' and 'response received' besides.
    expect(lines.filter((line) => line.includes('trace-logs-0001'))).toHaveLength(1);
    expect(typeof completed.responseTimeMs).toBe('number');
    expect(completed.url).toBe('/api/users/me?token=[redacted]');
    for (const line of lines) expect(line).not.toContain(idToken.slice(-20));
  });
});
