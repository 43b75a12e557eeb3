/**
 * Token checks outside emulator mode (no FIREBASE_AUTH_EMULATOR_HOST in this worker): unsigned emulator
 * tokens are refused, and when Google's signing keys cannot be fetched the answer is a bounded 503, not a
 * 401 and not a hang. Google's key server is out of reach here, so firebase-admin's agent is pointed at
 * local sockets instead: one that refuses connections and one that accepts and never answers.
 */
import { Agent } from 'node:https';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildBackend } from '../../../backend/src/app.ts';
import { loadConfig } from '../../../backend/src/config.ts';
import { freePort } from '../../../scripts/lib/processes.ts';
import { TEST_PROJECT_ID } from '../../support/constants.ts';
import { readPgliteDump } from '../../support/database-templates.ts';
import { auth, forgeEmulatorToken } from '../support.ts';

/** An https agent whose every connection goes to 127.0.0.1:port, whatever host was asked for. */
function agentTo(port: number): Agent {
  const agent = new Agent();
  agent.createConnection = () => connect(port, '127.0.0.1');
  return agent;
}

const signedLooking = () =>
  forgeEmulatorToken({ projectId: TEST_PROJECT_ID, uid: 'someone' }).replace(
    /^[^.]+/,
    Buffer.from(JSON.stringify({ alg: 'RS256', kid: 'key-1', typ: 'JWT' })).toString('base64url'),
  ) + 'c2lnbmF0dXJl';

const build = async (port: number) =>
  buildBackend(
    loadConfig({ DATA_DIR: 'memory://', FIREBASE_PROJECT_ID: TEST_PROJECT_ID, LOG_LEVEL: 'silent', AUTH_TIMEOUT_MS: '1500' }),
    { httpAgent: agentTo(port), pgliteDump: await readPgliteDump(inject('databaseTemplates').pgliteMigrated) },
  );

// Each test builds a back end of its own (on a copy of the run's migrated database).
describe('outside emulator mode', { timeout: 90_000 }, () => {
  let silent: Server;
  const sockets: Socket[] = [];
  let silentPort: number;

  beforeAll(async () => {
    expect(process.env.FIREBASE_AUTH_EMULATOR_HOST).toBeUndefined();
    silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
    silentPort = (silent.address() as { port: number }).port;
  });
  afterAll(() => {
    for (const socket of sockets) socket.destroy();
    silent.close();
  });

  it('refuses an unsigned (emulator-style) token', async () => {
    const app = await build(await freePort());
    try {
      const token = forgeEmulatorToken({ projectId: TEST_PROJECT_ID, uid: 'forged-admin', email: 'admin@example.com' });
      const response = await app.inject({ method: 'GET', url: '/api/users/me', headers: auth(token) });
      expect(response.statusCode).toBe(401);
      expect(response.json().errorCode).toBe('AUTHENTICATION_FAILED');
    } finally {
      await app.close();
    }
  });

  it('answers 503 AUTH_UNAVAILABLE when the key server refuses connections', async () => {
    const app = await build(await freePort());
    try {
      const response = await app.inject({ method: 'GET', url: '/api/users/me', headers: auth(signedLooking()) });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ errorCode: 'AUTH_UNAVAILABLE', message: expect.any(String) });
    } finally {
      await app.close();
    }
  });

  it('answers 503 AUTH_UNAVAILABLE within its bound when the key server never answers', async () => {
    const app = await build(silentPort);
    try {
      const started = Date.now();
      const response = await app.inject({ method: 'GET', url: '/api/users/me', headers: auth(signedLooking()) });
      expect(response.statusCode).toBe(503);
      expect(response.json().errorCode).toBe('AUTH_UNAVAILABLE');
      expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(sockets.length).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });
});
