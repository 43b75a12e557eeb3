/**
 * The Auth emulator's launcher (scripts/lib/auth-emulator.ts) when its port is already served by someone else:
 * another test stack's gateway answers `/` with 200, which once passed for the emulator being ready, and the
 * stack's next call (an account lookup) reached that gateway instead (CI: METHOD_NOT_ALLOWED).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startAuthEmulator } from '../../scripts/lib/auth-emulator.ts';

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
