/**
 * The back end's token check in emulator mode (the demo and every test): firebase-admin cannot check an emulator
 * token's signature and asks the emulator for the account instead, so the back end remembers a token it
 * verified (as the gateway does) rather than making that call on every request. Refusals are never remembered.
 * Counted by the connections firebase-admin opens through the app's HTTP agent (one per call: no keep-alive).
 */
import { Agent } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { TEST_PROJECT_ID } from '../../support/constants.ts';
import { auth, createUsers, forgeEmulatorToken, signIn, startBackend } from '../support.ts';

class CountingAgent extends Agent {
  calls = 0;
  override createConnection(...args: Parameters<Agent['createConnection']>): ReturnType<Agent['createConnection']> {
    this.calls += 1;
    return super.createConnection(...args);
  }
}

const emulatorHost = inject('authEmulatorHost');
const agent = new CountingAgent({ keepAlive: false });
let app: FastifyInstance;

beforeAll(async () => {
  app = await startBackend(emulatorHost, 'memory://', { httpAgent: agent });
});
afterAll(async () => {
  await app?.close();
  agent.destroy();
});

const me = (token: string) => app.inject({ method: 'GET', url: '/api/users/me', headers: auth(token) });

it('asks the emulator once per token it accepts, and every time for a token it refuses', async () => {
  const admin = (await createUsers(app, emulatorHost, ['ADMIN'], 'emulator-check')).get('ADMIN')!;
  for (let call = 0; call < 4; call++) expect((await me(admin.token)).statusCode).toBe(200);
  expect(agent.calls).toBe(1);

  // A new sign-in is a new token, checked afresh (in a later second: tokens carry their times in whole seconds).
  await new Promise((done) => setTimeout(done, 1100));
  const again = await signIn(emulatorHost, admin.email);
  expect(again).not.toBe(admin.token);
  expect((await me(again)).statusCode).toBe(200);
  expect(agent.calls).toBe(2);

  // A well-formed token for an account the emulator does not know: refused, and asked about again each time.
  const forged = forgeEmulatorToken({ projectId: TEST_PROJECT_ID, uid: 'no-such-account', email: admin.email });
  for (let call = 0; call < 2; call++) expect((await me(forged)).json().errorCode).toBe('AUTHENTICATION_FAILED');
  expect(agent.calls).toBe(4);
});

it("answers a new account's first calls sent at once (a page's parallel reads): one links the account, the others find it", async () => {
  const client = (await createUsers(app, emulatorHost, ['CLIENT'], 'first-calls-at-once')).get('CLIENT')!;
  const [row] = await app.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [client.email]);
  // The user's row held while the calls arrive, so on Postgres they all reach the link at once and queue behind
  // one another there (PGlite runs them one after another anyway).
  let calls: Promise<Awaited<ReturnType<typeof me>>[]> | undefined;
  await app.db.transaction(async (tx) => {
    await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [row!.id]);
    calls = Promise.all(Array.from({ length: 6 }, () => me(client.token)));
    await new Promise((done) => setTimeout(done, 3000));
  });
  const answers = await calls!;
  for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
});
