/**
 * The listening gateway: HTTPS with HSTS and the plain-HTTP redirect listener (self-signed certificate),
 * and a graceful SIGTERM on the real process that lets an in-flight request finish.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startGateway, type RunningGateway } from '../../gateway/src/start.ts';
import { TEST_PROJECT_ID } from '../support/constants.ts';
import { expectApiHeaders, expectErrorAnswer, expectPageHeaders } from './headers.ts';
import { INDEX_HTML, makeStaticDir, rawExchange, send, signUp, startUpstream, testConfig, type Fixture, type Upstream } from './support.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const emulatorHost = inject('authEmulatorHost');

let fixture: Fixture;
let upstream: Upstream;
let ca: string;
let gateway: RunningGateway;

const httpsGet = (port: number, path: string) =>
  send(`https://127.0.0.1:${port}${path}`, { headers: { host: `localhost:${port}` }, tls: { ca, servername: 'localhost' } });

beforeAll(async () => {
  fixture = await makeStaticDir();
  upstream = await startUpstream({
    '/api/slow-ok': (_request, response) => {
      setTimeout(() => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('{"finished":true}');
      }, 1500);
    },
  });
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }] }],
  });
  ca = pems.cert;
  const certFile = join(fixture.dir, 'tls-cert.pem');
  const keyFile = join(fixture.dir, 'tls-key.pem');
  await writeFile(certFile, pems.cert);
  await writeFile(keyFile, pems.private);
  gateway = await startGateway(
    testConfig({
      API_UPSTREAM: upstream.url,
      FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
      STATIC_DIR: fixture.dir,
      TLS_CERT_FILE: certFile,
      TLS_KEY_FILE: keyFile,
      HTTP_REDIRECT_PORT: '0',
    }),
  );
});

afterAll(async () => {
  await gateway.stop();
  await upstream.close();
  await fixture.remove();
});

describe('HTTPS', () => {
  it('serves pages over HTTPS with Strict-Transport-Security and upgrade-insecure-requests', async () => {
    const response = await httpsGet(gateway.port, '/due-diligence');
    expect(response.statusCode).toBe(200);
    expect(response.text).toBe(INDEX_HTML);
    expectPageHeaders(response.headers, { https: true });
  });

  it('API errors and 404s over HTTPS carry HSTS too', async () => {
    const unauthorized = await httpsGet(gateway.port, '/api/users/me');
    expect(unauthorized.statusCode).toBe(401);
    expectApiHeaders(unauthorized.headers, { https: true });
    const missing = await httpsGet(gateway.port, '/assets/none.js');
    expect(missing.statusCode).toBe(404);
    expectApiHeaders(missing.headers, { https: true });
  });

  it('the plain-HTTP listener answers every request with a 301 to the same path on HTTPS', async () => {
    const response = await send(`http://127.0.0.1:${gateway.redirectPort}/registrations/42/verification/?step=signed_up`, {
      headers: { host: 'console.example.com:8079' },
    });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(`https://console.example.com:${gateway.port}/registrations/42/verification/?step=signed_up`);
    expect(response.headers['x-frame-options']).toBe('DENY');
    const post = await send(`http://127.0.0.1:${gateway.redirectPort}/api/devices/`, { method: 'POST', headers: { host: 'localhost' } });
    expect(post.statusCode).toBe(301);
    expect(post.headers.location).toBe(`https://localhost:${gateway.port}/api/devices/`);
  });

  it('the redirect listener refuses a forged Host header instead of redirecting to it', async () => {
    const response = await send(`http://127.0.0.1:${gateway.redirectPort}/`, { headers: { host: 'evil.example/phish?' } });
    expectErrorAnswer(response, 400, 'INVALID_INPUT');
    expect(response.headers.location).toBeUndefined();
  });

  it("the redirect listener's own errors, Node's parser's included, are the gateway's JSON errors", async () => {
    const redirect = `http://127.0.0.1:${gateway.redirectPort}`;
    expectErrorAnswer(await rawExchange(redirect, 'GARBAGE\r\n\r\n'), 400, 'INVALID_INPUT');
    expectErrorAnswer(await rawExchange(redirect, `GET /${'a'.repeat(10_000)} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`), 414, 'URI_TOO_LONG');
    expectErrorAnswer(await rawExchange(redirect, `GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`), 431, 'HEADERS_TOO_LARGE');
  });
});

describe('graceful shutdown of the real process', () => {
  let child: ChildProcess | undefined;

  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
  });

  it('on SIGTERM finishes the in-flight request, then exits 0', async () => {
    child = spawn(process.execPath, ['--import', 'tsx', 'gateway/src/server.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: fixture.dir,
        PORT: '0',
        HOST: '127.0.0.1',
        API_UPSTREAM: upstream.url,
        FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
        FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
        STATIC_DIR: fixture.dir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const running = child;
    let output = '';
    const port = await new Promise<number>((resolve, reject) => {
      running.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const listening = output.split('\n').find((line) => line.includes('"gateway listening"'));
        if (listening) resolve(JSON.parse(listening).port as number);
      });
      running.once('exit', (code) => reject(new Error(`gateway exited early with ${code}: ${output}`)));
    });
    const exited = new Promise<number | null>((resolve) => running.once('exit', (code) => resolve(code)));

    const { idToken } = await signUp(emulatorHost, `server-shutdown-${Date.now()}@example.com`);
    const inFlight = send(`http://127.0.0.1:${port}/api/slow-ok`, { headers: { authorization: `Firebase ${idToken}` } });
    await new Promise((resolve) => setTimeout(resolve, 500));
    running.kill('SIGTERM');
    const response = await inFlight;
    expect(response.statusCode).toBe(200);
    expect(response.text).toBe('{"finished":true}');
    expect(await exited).toBe(0);
    expect(output).toContain('"shutting down"');
    await expect(send(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow(/ECONNREFUSED/);
  });
});
