/**
 * The Auth emulator's launcher (scripts/lib/auth-emulator.ts) when a port it was to use is already served by
 * someone else: another test stack's gateway answers `/` with 200, which once passed for the emulator being
 * ready, and the stack's next call (an account lookup) reached that gateway instead (CI: METHOD_NOT_ALLOWED);
 * and the logging emulator's port, picked free, taken before firebase-tools opened it, which failed the
 * restart in `stack/stack` once ("Could not start Logging Emulator, port taken").
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startAuthEmulator } from '../../scripts/lib/auth-emulator.ts';
import { demoUid, seedEmulatorAccounts } from '../../scripts/lib/demo-accounts.ts';
import { emulatorFetch } from '../../scripts/lib/emulator-fetch.ts';
import type * as ProcessesModule from '../../scripts/lib/processes.ts';
import { freePort } from '../../scripts/lib/processes.ts';

/** Ports the launcher's next picks answer, in order (0: a free one as usual), and how many it picked. */
const picks = vi.hoisted(() => ({ queue: [] as number[], count: 0 }));
vi.mock('../../scripts/lib/processes.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof ProcessesModule>();
  return {
    ...actual,
    freePort: async (host?: string) => {
      picks.count++;
      return picks.queue.shift() || actual.freePort(host);
    },
  };
});

let server: Server;
let workDir: string;

beforeAll(async () => {
  server = createServer((_request, response) => response.end('<!doctype html><title>Console</title>'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  workDir = await mkdtemp(join(tmpdir(), 'auth-emulator-taken-'));
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await rm(workDir, { recursive: true, force: true });
});

it('does not take another server on its port for the emulator: it fails on the taken port instead', async () => {
  const port = (server.address() as AddressInfo).port;
  await expect(startAuthEmulator({ projectId: 'demo-port-taken', workDir, port, readyTimeoutMs: 50_000 })).rejects.toThrow(/exited with code \d+ before it was ready[\s\S]*(port taken|is not open on|EADDRINUSE)/i);
});

it('starts again on fresh ports when the logging emulator’s port it picked was taken, its own port named', async () => {
  const port = await freePort();
  // Each start picks the hub's port, then the logging emulator's: the first start's second pick is taken.
  picks.queue.push(0, (server.address() as AddressInfo).port);
  picks.count = 0;
  const emulator = await startAuthEmulator({ projectId: 'demo-logging-port-taken', workDir: join(workDir, 'logging-taken'), port, readyTimeoutMs: 50_000 });
  try {
    expect(picks.count).toBe(4);
    expect(emulator.hostPort).toBe(`127.0.0.1:${port}`);
    const root = (await (await fetch(emulator.url)).json()) as { authEmulator?: { ready?: boolean } };
    expect(root.authEmulator?.ready).toBe(true);

    // The same emulator serves the demo accounts' seeder: an account the emulator lost (its export cut short)
    // comes back under the uid it had, which the database's user row already carries.
    const account = { email: 'lost.account@example.test', password: 'lost-password', role: 'REVIEWER' as const, displayName: 'Lost' };
    const admin = (path: string, body: unknown) =>
      emulatorFetch(`${emulator.url}/identitytoolkit.googleapis.com/v1/projects/demo-logging-port-taken${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
        body: JSON.stringify(body),
      }).then(async (response) => (await response.json()) as { users?: { localId: string }[] });
    await seedEmulatorAccounts(emulator.hostPort, 'demo-logging-port-taken', [account]);
    const first = (await admin('/accounts:lookup', { email: [account.email] })).users?.[0]?.localId;
    expect(first).toBe(demoUid(account.email));
    await admin('/accounts:delete', { localId: first });
    expect((await admin('/accounts:lookup', { email: [account.email] })).users).toBeUndefined();
    await seedEmulatorAccounts(emulator.hostPort, 'demo-logging-port-taken', [account]);
    expect((await admin('/accounts:lookup', { email: [account.email] })).users?.[0]?.localId).toBe(first);
  } finally {
    await emulator.stop();
  }
});
