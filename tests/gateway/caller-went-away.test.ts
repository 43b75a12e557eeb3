/**
 * A caller that closes its connection before the API has answered is an ordinary event (a tab closed, a page
 * left mid-load): the gateway logs it at info in one line, with no stack trace, on both API paths.
 */
import { request as httpRequest, type ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { TEST_PROJECT_ID } from '../support/constants.ts';
import { listenGateway, makeStaticDir, signUp, startUpstream, testConfig, type Fixture, type Upstream } from './support.ts';

const emulatorHost = inject('authEmulatorHost');

let fixture: Fixture;
let upstream: Upstream;
let authorization: string;
const hanging: ServerResponse[] = [];
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  fixture = await makeStaticDir();
  upstream = await startUpstream({ '/api/slow': (_request, response) => hanging.push(response) });
  authorization = `Firebase ${(await signUp(emulatorHost, `went-away-${Date.now()}@example.com`)).idToken}`;
});

afterAll(async () => {
  for (const response of hanging) response.destroy();
  for (const app of apps) await app.close();
  await upstream.close();
  await fixture.remove();
});

async function gateway(apiFastPath: boolean): Promise<{ url: string; log: Record<string, unknown>[] }> {
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
    LOG_LEVEL: 'info',
  });
  const { app, url } = await listenGateway(config, { logStream, apiFastPath });
  apps.push(app);
  return { url, log };
}

/** A GET the caller gives up on once the upstream has it, before any answer. */
async function leaveEarly(url: string): Promise<void> {
  const before = upstream.requests.length;
  const request = httpRequest(`${url}/api/slow`, { headers: { authorization } });
  request.on('error', () => {});
  request.end();
  while (upstream.requests.length === before) await new Promise((resolve) => setTimeout(resolve, 10));
  request.destroy();
}

const warnings = (log: Record<string, unknown>[]) => log.filter((line) => Number(line.level) >= 40);

describe('a caller that goes away before the answer', () => {
  it.each([
    { path: 'fast path', apiFastPath: true },
    { path: 'Fastify path', apiFastPath: false },
  ])('is logged at info in one line, without a stack, on the $path', async ({ apiFastPath }) => {
    const { url, log } = await gateway(apiFastPath);
    // The first call verifies the token; the fast path answers the calls after it from its cache.
    expect((await fetch(`${url}/api/users/me`, { headers: { authorization } })).status).toBe(200);
    await leaveEarly(url);
    // The back end answers after the caller has gone.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const late = hanging.pop()!;
    late.writeHead(200, { 'content-type': 'application/json' });
    late.end('{"late":true}');
    await new Promise((resolve) => setTimeout(resolve, 300));

    expect(warnings(log)).toEqual([]);
    expect(JSON.stringify(log)).not.toMatch(/"stack"|\\n\s+at /);
    if (apiFastPath) {
      const gone = log.filter((line) => line.msg === 'the caller went away before the answer');
      expect(gone).toHaveLength(1);
      expect(gone[0]).toMatchObject({ level: 30, method: 'GET', url: '/api/slow' });
      expect(gone[0]!.err).toBeUndefined();
    }
  });
});
