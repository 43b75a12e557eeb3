/**
 * The stack's children on a port another process took first (scripts/lib/stack.ts). A port picked free can be
 * taken by another test file's stack before the child listens on it; an answer on the port once passed for the
 * child being ready, and the file's every page then met a refused connection when that other stack stopped (a
 * full run: `e2e/home-search-views`, net::ERR_CONNECTION_REFUSED). Likewise the port picked for a stack's own
 * Auth emulator.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, inject, it, vi } from 'vitest';
import { BUILD_OUTPUTS, startServer, startStack } from '../../scripts/lib/stack.ts';
import type * as ProcessesModule from '../../scripts/lib/processes.ts';
import { freePort } from '../../scripts/lib/processes.ts';
import { TEST_PROJECT_ID } from '../support/constants.ts';
import { withSeededDatabase } from '../support/seeded-data-dir.ts';

/** Ports the stack's next picks answer, in order (0: a free one as usual): the foreign server's, where a test says. */
const picks = vi.hoisted(() => ({ queue: [] as number[] }));
vi.mock('../../scripts/lib/processes.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof ProcessesModule>();
  return { ...actual, freePort: async (host?: string) => picks.queue.shift() || actual.freePort(host) };
});

const HOST = '127.0.0.1';
/** Answers every path 200, as any other stack's server answers its health check. */
let foreign: Server;
let foreignPort: number;
let workDir: string;

beforeAll(async () => {
  foreign = createServer((_request, response) => response.end('{"ok":true}'));
  await new Promise<void>((resolve) => foreign.listen(0, HOST, resolve));
  foreignPort = (foreign.address() as AddressInfo).port;
  workDir = await mkdtemp(join(tmpdir(), 'stack-ports-'));
});

afterAll(async () => {
  await new Promise<void>((resolve) => foreign.close(() => resolve()));
  await rm(workDir, { recursive: true, force: true });
});

it('does not take the other server answering on its port for the child: it fails on the taken port', async () => {
  const starting = startServer('asp-standin', BUILD_OUTPUTS.aspStandIn, join(workDir, 'logs'), { PORT: String(foreignPort), HOST }, `http://${HOST}:${foreignPort}/healthz`);
  await expect(starting).rejects.toThrow(/asp-standin exited before it was ready[\s\S]*EADDRINUSE/);
});

it('starts the whole stack again on fresh ports when a port it picked was taken', async () => {
  const dataDir = join(workDir, 'stack');
  await withSeededDatabase(dataDir);
  const lines: string[] = [];
  picks.queue.push(foreignPort);
  const stack = await startStack({ projectId: TEST_PROJECT_ID, dataDir, gatewayPort: 0, backendPort: 0, authEmulatorHost: inject('authEmulatorHost'), log: (line) => lines.push(line), shortLived: true });
  try {
    expect(lines.join('\n')).toMatch(new RegExp(`starting the gateway on ${HOST}:${foreignPort}[\\s\\S]*gateway exited before it was ready[\\s\\S]*EADDRINUSE[\\s\\S]*starting again on fresh ports`));
    expect(new URL(stack.url).port).not.toBe(String(foreignPort));
    // The console's own gateway answers, with its security headers.
    const response = await fetch(`${stack.url}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
  } finally {
    await stack.stop();
  }
});

it('starts the whole stack again on fresh ports when the port it picked for its own Auth emulator was taken', { timeout: 120_000 }, async () => {
  const dataDir = join(workDir, 'own-emulator');
  await withSeededDatabase(dataDir);
  const lines: string[] = [];
  // The stack picks the gateway's, the back end's and the two stand-ins' ports, then the emulator's.
  picks.queue.push(0, 0, 0, 0, foreignPort);
  const stack = await startStack({ projectId: 'demo-stack-ports', dataDir, gatewayPort: 0, backendPort: 0, authEmulatorPort: 0, log: (line) => lines.push(line), shortLived: true });
  try {
    expect(lines.join('\n')).toMatch(new RegExp(`starting the Auth emulator on ${HOST}:${foreignPort}[\\s\\S]*Port ${foreignPort} is not open[\\s\\S]*starting again on fresh ports`));
    expect(stack.authEmulatorHost).not.toBe(`${HOST}:${foreignPort}`);
    const root = (await (await fetch(`http://${stack.authEmulatorHost}/`)).json()) as { authEmulator?: { ready?: boolean } };
    expect(root.authEmulator?.ready).toBe(true);
  } finally {
    await stack.stop();
  }
});

it('starts a server whose log level keeps the listening line back, at its answer alone', async () => {
  const port = await freePort(HOST);
  const server = await startServer('gateway', BUILD_OUTPUTS.gateway, join(workDir, 'quiet-logs'), {
    PORT: String(port),
    HOST,
    LOG_LEVEL: 'warn',
    FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
    API_UPSTREAM: `http://${HOST}:9`,
    STATIC_DIR: BUILD_OUTPUTS.client,
  }, `http://${HOST}:${port}/healthz`);
  try {
    expect((await fetch(`http://${HOST}:${port}/healthz`)).status).toBe(200);
  } finally {
    await server.stop();
  }
});
