/**
 * The whole stack as `npm start` runs it (built gateway and back end as child processes, Auth emulator),
 * through the gateway: sign in, call the API, stop, and nothing left running. Also the failure paths:
 * a port in use, a child that dies at start-up, a child that crashes later.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { procCommandLine } from '../../scripts/lib/processes.ts';
import { startStack, WASM_BASELINE_ONLY, type Stack } from '../../scripts/lib/stack.ts';
import { TEST_PROJECT_ID } from '../support/constants.ts';
import { withSeededDatabase } from '../support/seeded-data-dir.ts';
import { DEMO_PASSWORD } from '../../backend/src/demo/accounts.ts';
// Not tests/backend/support.ts's signIn: that module brings the whole back end, which this file never builds.
import { emulatorIdToken } from '../../scripts/lib/emulator-fetch.ts';

const signIn = (host: string, email: string, password = DEMO_PASSWORD) => emulatorIdToken(host, email, password);

const emulatorHost = inject('authEmulatorHost');
const dirs: string[] = [];

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'stack-test-'));
  dirs.push(dir);
  return dir;
}
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** The pid each server wrote into its first JSON log line. */
async function loggedPid(dataDir: string, name: 'backend' | 'gateway'): Promise<number> {
  const text = await readFile(join(dataDir, 'logs', `${name}.log`), 'utf8');
  const line = text.split('\n').find((entry) => entry.startsWith('{'));
  return (JSON.parse(line!) as { pid: number }).pid;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Every process whose environment names this data folder: the stack's children and anything they spawned.
 * Read from /proc, so on systems without it (macOS) only the pid checks run.
 */
async function processesUsing(dataDir: string, expected: number[] = []): Promise<number[]> {
  if (!existsSync('/proc')) return expected;
  const found: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const environ = await readFile(`/proc/${entry}/environ`, 'utf8');
      if (environ.includes(dataDir)) found.push(Number(entry));
    } catch {
      // Gone already, or not ours to read.
    }
  }
  return found;
}

const api = (stack: Stack, path: string, token?: string) =>
  fetch(`${stack.url}/api/${path}`, { headers: token ? { authorization: `Firebase ${token}` } : {} });

describe('a stack on the shared emulator', () => {
  let stack: Stack;
  let dataDir: string;
  const crashes: string[] = [];

  beforeAll(async () => {
    dataDir = await tempDir();
    // What is checked is the stack through its gateway, not the seed: the run's seeded copy. A back end that
    // seeds its empty folder itself is npm-start-sigterm's (the real `npm start`) and e2e/einvoicing's (seedAtStart).
    await withSeededDatabase(dataDir);
    stack = await startStack({
      projectId: TEST_PROJECT_ID,
      dataDir,
      gatewayPort: 0,
      backendPort: 0,
      authEmulatorHost: emulatorHost,
      onCrash: (line) => crashes.push(line),
      shortLived: true,
    });
  }, 180_000);
  afterAll(() => stack?.stop());

  it('serves the console and the demo accounts sign in to the API through the gateway', async () => {
    expect(stack.authEmulatorHost).toBe(emulatorHost);
    expect(stack.accounts.map((account) => account.email)).toContain('admin@example.com');
    const page = await fetch(`${stack.url}/due-diligence`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);

    expect((await api(stack, 'users/me')).status).toBe(401);
    for (const account of stack.accounts.filter((entry) => entry.role === 'ADMIN' || entry.role === 'BD_EXEC')) {
      const token = await signIn(emulatorHost, account.email, account.password);
      const response = await api(stack, 'users/me', token);
      expect(response.status, account.email).toBe(200);
      expect(await response.json()).toMatchObject({ email: account.email, role: account.role, display_name: account.displayName });
    }
    const admin = await signIn(emulatorHost, 'admin@example.com', 'demo-password');
    const list = await api(stack, 'registrations/?stage=documents_submitted&status=active', admin);
    const body = (await list.json()) as { count: number; next: string };
    expect(body.count).toBeGreaterThan(20);
    expect(body.next.startsWith(`${stack.url}/api/registrations/`)).toBe(true);
  });

  it('stops every child and leaves no process behind', async () => {
    const pids = [await loggedPid(dataDir, 'backend'), await loggedPid(dataDir, 'gateway')];
    expect(pids.every(isRunning)).toBe(true);
    // A short-lived stack's back end, and only it, runs PGlite's WebAssembly on the baseline compiler.
    if (existsSync('/proc')) {
      for (const [pid, flagged] of [[pids[0]!, true], [pids[1]!, false]] as const) {
        const args = procCommandLine(pid);
        expect(args?.includes(WASM_BASELINE_ONLY), args?.join(' ')).toBe(flagged);
      }
    }
    // The back end's environment names the data folder (DATA_DIR), and the accounting and ASP stand-ins'
    // (their state files); the gateway's does not.
    const using = await processesUsing(dataDir, [pids[0]!]);
    expect(using).toContain(pids[0]);
    expect(using).not.toContain(pids[1]);
    expect(using.length).toBeLessThanOrEqual(3);
    await stack.stop();
    expect(pids.filter(isRunning)).toEqual([]);
    expect(await processesUsing(dataDir)).toEqual([]);
    await stack.stop();
    expect(crashes).toEqual([]);
  });
});

describe('failures', () => {
  it('refuses a port in use with one clear line, starting nothing', async () => {
    const blocker = createServer();
    await new Promise<void>((done) => blocker.listen(0, '127.0.0.1', done));
    const port = (blocker.address() as { port: number }).port;
    const dataDir = await tempDir();
    try {
      await expect(startStack({ projectId: TEST_PROJECT_ID, dataDir, gatewayPort: port, backendPort: 0, authEmulatorHost: emulatorHost })).rejects.toThrow(
        `port ${port} (gateway) is already in use; stop what uses it or set GATEWAY_PORT to another port`,
      );
      expect(await processesUsing(dataDir)).toEqual([]);
    } finally {
      blocker.close();
    }
  });

  it('reports a child that dies during start-up with its own last line', async () => {
    const dataDir = await tempDir();
    const failing = startStack({ projectId: 'Not A Project', dataDir, gatewayPort: 0, backendPort: 0, authEmulatorHost: emulatorHost });
    await expect(failing).rejects.toThrow(/^backend exited before it was ready \(exit code 1\): backend: invalid configuration: FIREBASE_PROJECT_ID/);
    expect(await processesUsing(dataDir)).toEqual([]);
  });

  it('stops the others and reports one line when a child crashes later', { timeout: 90_000 }, async () => {
    const dataDir = await tempDir();
    // What is checked is the crash, not the seed (the first stack above seeds afresh): the run's seeded copy.
    await withSeededDatabase(dataDir);
    let reported = (_line: string) => {};
    const crashed = new Promise<string>((done) => (reported = done));
    const stack = await startStack({ projectId: TEST_PROJECT_ID, dataDir, gatewayPort: 0, backendPort: 0, authEmulatorHost: emulatorHost, onCrash: (line) => reported(line), shortLived: true });
    try {
      const gateway = await loggedPid(dataDir, 'gateway');
      process.kill(await loggedPid(dataDir, 'backend'), 'SIGKILL');
      expect(await crashed).toMatch(/^backend stopped unexpectedly \(signal SIGKILL\): /);
      expect(isRunning(gateway)).toBe(false);
      expect(await processesUsing(dataDir)).toEqual([]);
    } finally {
      await stack.stop();
    }
  });
});

describe('a stack with its own emulator', () => {
  /**
   * The restart test's second stack, left running for the emulator-crash test: each firebase-tools start-up
   * is several seconds of CPU, and that test needs only a running stack with its own emulator. Run alone
   * (-t), the crash test starts its own.
   */
  let restarted: { stack: Stack; dataDir: string; projectId: string; onCrash: (report: (line: string) => void) => void } | undefined;
  afterAll(() => restarted?.stack.stop());

  it('keeps accounts and records across a restart', { timeout: 240_000 }, async () => {
    const dataDir = await tempDir();
    // What is checked is what survives a restart, not the seed: the run's seeded copy.
    await withSeededDatabase(dataDir);
    const options = { projectId: 'demo-stack-restart', dataDir, gatewayPort: 0, backendPort: 0, authEmulatorPort: 0 };
    const first = await startStack(options);
    let token: string;
    try {
      expect(first.authEmulatorHost).not.toBe(emulatorHost);
      // Started as `npm start` starts it: the back end keeps V8's optimising tier for its WebAssembly.
      if (existsSync('/proc')) expect(procCommandLine(await loggedPid(dataDir, 'backend'))?.includes(WASM_BASELINE_ONLY)).toBe(false);
      token = await signIn(first.authEmulatorHost, 'reviewer@example.com');
      const put = await fetch(`${first.url}/api/users/me/push-token`, {
        method: 'PUT',
        headers: { authorization: `Firebase ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ token: 'kept-across-restarts' }),
      });
      expect(put.status).toBe(200);
    } finally {
      await first.stop();
    }
    expect(await processesUsing(dataDir)).toEqual([]);

    // If the second start fails, its log is the evidence; the temp folder is gone by the time anyone looks.
    // Its crash report goes to whoever takes it over (the emulator-crash test); nobody, until then.
    let crashReport = (_line: string) => {};
    const second = await startStack({ ...options, onCrash: (line) => crashReport(line) }).catch(async (error: Error) => {
      const backendLog = await readFile(join(dataDir, 'logs', 'backend.log'), 'utf8').catch(() => '');
      throw new Error(`${error.message}\n--- backend.log ---\n${backendLog.slice(-4000)}`);
    });
    let kept = false;
    try {
      const again = await signIn(second.authEmulatorHost, 'reviewer@example.com');
      const response = await api(second, 'users/me/push-token', again);
      // A refusal names its errorCode: one 403 here in a full run was not explained.
      expect(response.status, await response.clone().text()).toBe(200);
      expect(await response.json()).toMatchObject({ token: 'kept-across-restarts' });
      kept = true;
    } finally {
      if (kept) restarted = { stack: second, dataDir, projectId: options.projectId, onCrash: (report) => (crashReport = report) };
      else await second.stop();
    }
  });

  it('stops the others and reports one line when the emulator dies', { timeout: 120_000 }, async () => {
    let reported = (_line: string) => {};
    const crashed = new Promise<string>((done) => (reported = done));
    let running = restarted;
    restarted = undefined;
    if (running) {
      running.onCrash(reported);
    } else {
      const dataDir = await tempDir();
      const projectId = 'demo-stack-emulator-crash';
      await withSeededDatabase(dataDir);
      const stack = await startStack({ projectId, dataDir, gatewayPort: 0, backendPort: 0, authEmulatorPort: 0, onCrash: (line) => reported(line) });
      running = { stack, dataDir, projectId, onCrash: () => {} };
    }
    const { stack, dataDir, projectId } = running;
    try {
      const servers = [await loggedPid(dataDir, 'backend'), await loggedPid(dataDir, 'gateway')];
      // firebase-tools writes the emulator's pid into its hub locator file, in the private temp folder the stack gives it.
      const locator = JSON.parse(await readFile(join(dataDir, 'emulator', 'tmp', `hub-${projectId}.json`), 'utf8')) as { pid: number };
      process.kill(locator.pid, 'SIGKILL');
      expect(await crashed).toBe('the Auth emulator stopped unexpectedly (signal SIGKILL)');
      expect(servers.filter(isRunning)).toEqual([]);
      expect(await processesUsing(dataDir)).toEqual([]);
    } finally {
      await stack.stop();
    }
  });
});
