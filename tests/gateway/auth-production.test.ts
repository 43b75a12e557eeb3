/**
 * The production path of token verification: real RS256 signatures checked against public keys fetched
 * over HTTPS. Google's key endpoint is out of reach here, so firebase-admin's documented `httpAgent` option
 * (the same seam a corporate proxy uses) routes its connections to a local HTTPS key server that presents a
 * certificate for www.googleapis.com from a test CA; TLS is verified as usual, only the address differs.
 */
import { createSign, randomUUID } from 'node:crypto';
import { createServer as createHttpsServer, type Agent as HttpsAgent, type Server as HttpsServer } from 'node:https';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer, type Socket } from 'node:net';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { expectApiHeaders } from './headers.ts';
import {
  listenGateway,
  makeStaticDir,
  send,
  startUpstream,
  testConfig,
  unsignedToken,
  type Fixture,
  type Upstream,
} from './support.ts';
import { freePort } from '../../scripts/lib/processes.ts';
import { GOOGLE_KEYS_PATH, idTokenClaims, jwtPart, LocalAgent } from '../../scripts/lib/google-id-tokens.ts';

const PROJECT_ID = 'demo-production-path';
interface SigningKey {
  kid: string;
  privateKey: string;
  cert: string;
}

async function signingKey(): Promise<SigningKey> {
  const pems = await generate([{ name: 'commonName', value: 'securetoken.system.gserviceaccount.com' }], {
    keySize: 2048,
    algorithm: 'sha256',
  });
  return { kid: randomUUID().replaceAll('-', ''), privateKey: pems.private, cert: pems.cert };
}

function signToken(key: SigningKey, claims: Record<string, unknown>, kid = key.kid): string {
  const input = `${jwtPart({ alg: 'RS256', kid, typ: 'JWT' })}.${jwtPart(claims)}`;
  const signature = createSign('RSA-SHA256').update(input).sign(key.privateKey).toString('base64url');
  return `${input}.${signature}`;
}

let fixture: Fixture;
let upstream: Upstream;
let key: SigningKey;
let keyServer: HttpsServer;
let keyFetches = 0;
let tlsCa: string;
let app: FastifyInstance;
let gateway: string;
let silentServer: TcpServer;
const silentSockets: Socket[] = [];

const productionEnv = () => ({
  NODE_ENV: 'production',
  API_UPSTREAM: upstream.url,
  FIREBASE_PROJECT_ID: PROJECT_ID,
  FIREBASE_WEB_API_KEY: 'AIzaSy-test-key',
  STATIC_DIR: fixture.dir,
  // Revocation needs the Admin API and service credentials, both out of reach here; emulator tests cover it.
  AUTH_CHECK_REVOKED: 'false',
});

const listen = (env: Record<string, string>, agent: HttpsAgent) => listenGateway(testConfig(env), { firebaseHttpAgent: agent });

beforeAll(async () => {
  fixture = await makeStaticDir();
  upstream = await startUpstream();
  key = await signingKey();
  const tls = await generate([{ name: 'commonName', value: 'www.googleapis.com' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'www.googleapis.com' }] }],
  });
  tlsCa = tls.cert;
  keyServer = createHttpsServer({ key: tls.private, cert: tls.cert }, (request, response) => {
    if (request.url !== GOOGLE_KEYS_PATH) {
      response.writeHead(404).end();
      return;
    }
    keyFetches += 1;
    response.writeHead(200, { 'content-type': 'application/json; charset=UTF-8', 'cache-control': 'public, max-age=3600' });
    response.end(JSON.stringify({ [key.kid]: key.cert }));
  });
  await new Promise<void>((resolve) => keyServer.listen(0, '127.0.0.1', resolve));
  const agent = new LocalAgent((keyServer.address() as AddressInfo).port, { ca: tlsCa });
  ({ app, url: gateway } = await listen(productionEnv(), agent));

  // Accepts connections and never says a word: how a black-holed key endpoint looks to firebase-admin.
  silentServer = createTcpServer((socket) => silentSockets.push(socket));
  await new Promise<void>((resolve) => silentServer.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await app.close();
  for (const socket of silentSockets) socket.destroy();
  await new Promise<void>((resolve) => silentServer.close(() => resolve()));
  await new Promise<void>((resolve) => keyServer.close(() => resolve()));
  await upstream.close();
  await fixture.remove();
});

async function callApi(token: string, url = gateway) {
  const before = upstream.requests.length;
  const response = await send(`${url}/api/users/me`, { headers: { authorization: `Firebase ${token}` } });
  return { response, body: JSON.parse(response.text) as Record<string, unknown>, reachedUpstream: upstream.requests.length > before };
}

describe('signature checks with production keys', () => {
  it('a token signed by the current key passes, and the keys are fetched once and cached', async () => {
    const first = await callApi(signToken(key, idTokenClaims(PROJECT_ID, 'user-1')));
    expect(first.response.statusCode).toBe(200);
    expect(first.reachedUpstream).toBe(true);
    expect((await callApi(signToken(key, idTokenClaims(PROJECT_ID, 'user-2')))).response.statusCode).toBe(200);
    expect(keyFetches).toBe(1);
  });

  it('a token signed by another key under the same key id gets AUTHENTICATION_FAILED', async () => {
    const impostor = { ...(await signingKey()), kid: key.kid };
    const result = await callApi(signToken(impostor, idTokenClaims(PROJECT_ID, 'user-1')));
    expect(result.response.statusCode).toBe(401);
    expect(result.body.errorCode).toBe('AUTHENTICATION_FAILED');
    expect(result.reachedUpstream).toBe(false);
    expectApiHeaders(result.response.headers);
  });

  it('a token naming an unknown key id gets AUTHENTICATION_FAILED', async () => {
    const result = await callApi(signToken(key, idTokenClaims(PROJECT_ID, 'user-1'), 'unknown-kid'));
    expect(result.response.statusCode).toBe(401);
    expect(result.body.errorCode).toBe('AUTHENTICATION_FAILED');
  });

  it('an unsigned emulator-style token, accepted in emulator mode, is refused here', async () => {
    const result = await callApi(unsignedToken(idTokenClaims(PROJECT_ID, 'admin')));
    expect(result.response.statusCode).toBe(401);
    expect(result.body.errorCode).toBe('AUTHENTICATION_FAILED');
    expect(result.reachedUpstream).toBe(false);
  });

  it("a correctly signed token for another project gets AUTHENTICATION_FAILED", async () => {
    const result = await callApi(signToken(key, idTokenClaims('demo-another-project', 'user-1')));
    expect(result.response.statusCode).toBe(401);
    expect(result.body.errorCode).toBe('AUTHENTICATION_FAILED');
  });

  it('a correctly signed but expired token gets TOKEN_EXPIRED', async () => {
    const result = await callApi(signToken(key, idTokenClaims(PROJECT_ID, 'user-1', 7200)));
    expect(result.response.statusCode).toBe(401);
    expect(result.body.errorCode).toBe('TOKEN_EXPIRED');
  });

  it('lets the console reach Google identity and messaging endpoints, not an emulator', async () => {
    const csp = String((await send(`${gateway}/`)).headers['content-security-policy']);
    const response = await send(`${gateway}/config.json`);
    expect(csp).toContain(
      "connect-src 'self' https://identitytoolkit.googleapis.com https://securetoken.googleapis.com https://fcmregistrations.googleapis.com https://firebaseinstallations.googleapis.com;",
    );
    expect(JSON.parse(response.text)).toEqual({
      firebase: { apiKey: 'AIzaSy-test-key', authDomain: `${PROJECT_ID}.firebaseapp.com`, projectId: PROJECT_ID },
      storeLinks: {},
      sessionIdleMinutes: 30,
    });
  });
});

describe('a key server that never answers', () => {
  it('gives 503 AUTH_UNAVAILABLE within the bound while the gateway keeps answering', async () => {
    const agent = new LocalAgent((silentServer.address() as AddressInfo).port, { ca: tlsCa });
    const { app: stuck, url } = await listen({ ...productionEnv(), AUTH_TIMEOUT_MS: '1000' }, agent);
    try {
      const started = Date.now();
      const calls = [1, 2, 3].map((n) => callApi(signToken(key, idTokenClaims(PROJECT_ID, `user-${n}`)), url));
      const healthStarted = Date.now();
      const health = await send(`${url}/healthz`);
      expect(health.statusCode).toBe(200);
      expect(Date.now() - healthStarted).toBeLessThan(500);
      for (const result of await Promise.all(calls)) {
        expect(result.response.statusCode).toBe(503);
        expect(result.body.errorCode).toBe('AUTH_UNAVAILABLE');
        expect(result.reachedUpstream).toBe(false);
        expectApiHeaders(result.response.headers);
      }
      const elapsed = Date.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(900);
      expect(elapsed).toBeLessThan(3000);
      expect(silentSockets.length).toBeGreaterThan(0);
    } finally {
      await stuck.close();
    }
  });
});

describe('a key server that refuses connections', () => {
  it('gives 503 AUTH_UNAVAILABLE at once, not a 401 that would sign the user out', async () => {
    const agent = new LocalAgent(await freePort(), { ca: tlsCa });
    const { app: cut, url } = await listen(productionEnv(), agent);
    try {
      const result = await callApi(signToken(key, idTokenClaims(PROJECT_ID, 'user-refused')), url);
      expect(result.response.statusCode).toBe(503);
      expect(result.body.errorCode).toBe('AUTH_UNAVAILABLE');
      expect(result.reachedUpstream).toBe(false);
    } finally {
      await cut.close();
    }
  });
});
