/**
 * `npx tsx bench/deactivation.ts`: how long after a deactivation the user's next API call is refused through
 * the gateway. Starts the built stack (its own Auth emulator, ports 0), signs a fresh staff user in, keeps
 * calling GET /api/users/me with that same ID token every 250 ms, and prints the seconds from the change to
 * the first 401, for two cases:
 *
 * 1. deactivation through the console's API (reference back end): the back end refuses the inactive row at
 *    once, whatever the gateway's verification cache holds;
 * 2. the gateway alone, in front of an upstream that checks nothing (as a production back end that trusts
 *    the gateway): the account is disabled and revoked in Firebase, and the gateway refuses once its cached
 *    verification (AUTH_CACHE_MS, 30 s by default) runs out.
 *
 * Run `npm run build` first.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStack } from '../scripts/lib/stack.ts';
import { emulatorFetch, emulatorIdToken } from '../scripts/lib/emulator-fetch.ts';
import type { SetPasswordLinkResponse } from '../common/contract/users.ts';
import { buildApp } from '../gateway/src/app.ts';
import { loadConfig } from '../gateway/src/config.ts';

const POLL_MS = 250;
const GIVE_UP_MS = 90_000;

const dataDir = await mkdtemp(join(tmpdir(), 'bench-deactivation-'));
const stack = await startStack({ projectId: 'demo-staff-console', dataDir, gatewayPort: 0, backendPort: 0 });
const identity = `http://${stack.authEmulatorHost}/identitytoolkit.googleapis.com/v1`;

const idToken = (email: string, password: string) => emulatorIdToken(stack.authEmulatorHost, email, password);

const call = (path: string, token: string, init: RequestInit = {}, base = stack.url) =>
  fetch(`${base}/api/${path}`, {
    ...init,
    headers: { authorization: `Firebase ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
  });

async function invitedUser(adminToken: string, tag: string): Promise<{ id: number; email: string; token: string }> {
  const email = `bench-${tag}-${Date.now()}@example.com`;
  const response = await call('users/', adminToken, { method: 'POST', body: JSON.stringify({ email, display_name: `Bench ${tag}`, role: 'MARKETING' }) });
  const invited = (await response.json()) as SetPasswordLinkResponse;
  const oobCode = new URL(invited.set_password_link).searchParams.get('oobCode');
  await emulatorFetch(`${identity}/accounts:resetPassword?key=fake`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ oobCode, newPassword: 'bench-password' }),
  });
  const token = await idToken(email, 'bench-password');
  // Primes the gateway's verification cache, as a user working in the console would.
  if ((await call('users/me', token)).status !== 200) throw new Error('the invited user cannot call the API');
  return { id: invited.user.id, email, token };
}

/** Seconds from `change` to the first refused call with `token`. */
async function secondsUntilRefused(token: string, change: () => Promise<void>, base = stack.url): Promise<number> {
  await change();
  const start = performance.now();
  while (performance.now() - start < GIVE_UP_MS) {
    const status = (await call('users/me', token, {}, base)).status;
    if (status === 401) return (performance.now() - start) / 1000;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`still accepted after ${GIVE_UP_MS / 1000} s`);
}

try {
  const adminToken = await idToken('admin@example.com', 'demo-password');

  const viaApi = await invitedUser(adminToken, 'api');
  const apiSeconds = await secondsUntilRefused(viaApi.token, async () => {
    const response = await call(`users/${viaApi.id}/deactivate`, adminToken, { method: 'POST' });
    if (response.status !== 200) throw new Error(`deactivation answered ${response.status}`);
  });
  console.log(`deactivated through the API: next call refused after ${apiSeconds.toFixed(2)} s`);

  const upstream = createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const gateway = await buildApp(
    loadConfig({
      API_UPSTREAM: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
      FIREBASE_PROJECT_ID: stack.projectId,
      FIREBASE_AUTH_EMULATOR_HOST: stack.authEmulatorHost,
      STATIC_DIR: join(import.meta.dirname, '../dist/client'),
      LOG_LEVEL: 'silent',
    }),
  );
  const gatewayUrl = await gateway.listen({ port: 0, host: '127.0.0.1' });
  const firebaseOnly = await invitedUser(adminToken, 'firebase');
  if ((await call('users/me', firebaseOnly.token, {}, gatewayUrl)).status !== 200) throw new Error('the lone gateway refused a valid token');
  const firebaseSeconds = await secondsUntilRefused(firebaseOnly.token, async () => {
    const project = `${identity}/projects/${stack.projectId}`;
    const lookup = await emulatorFetch(`${project}/accounts:lookup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ email: [firebaseOnly.email] }),
    });
    const localId = ((await lookup.json()) as { users: { localId: string }[] }).users[0]!.localId;
    await emulatorFetch(`${project}/accounts:update`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ localId, disableUser: true, validSince: String(Math.floor(Date.now() / 1000)) }),
    });
  }, gatewayUrl);
  console.log(`gateway alone, account disabled and revoked in Firebase: next call refused after ${firebaseSeconds.toFixed(2)} s (AUTH_CACHE_MS 30000)`);
  await gateway.close();
  upstream.close();
} finally {
  await stack.stop();
  await rm(dataDir, { recursive: true, force: true });
}
