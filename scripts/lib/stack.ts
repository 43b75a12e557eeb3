/**
 * The whole demo stack as child processes: the Firebase Auth emulator (or a running one), the reference back
 * end (dist/server/backend.js) and the gateway (dist/server/gateway.js) serving dist/client. Used by
 * `npm start` and by tests that need the real thing. Each child runs in its own process group, so stop()
 * (or a crash of any one child, the emulator included) ends everything it spawned.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, openSync, closeSync, readFileSync, statSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Role } from '../../common/roles.ts';
import { DEMO_ACCOUNTS } from '../../backend/src/demo/accounts.ts';
import { emulatorPortTaken, startAuthEmulator, type AuthEmulator } from './auth-emulator.ts';
import { answersOk, freePort, retryOnTakenPort, signalGroup } from './processes.ts';
import { seedEmulatorAccounts } from './demo-accounts.ts';

export interface StackOptions {
  projectId: string;
  /** Root of the stack's data: db/ (PGlite), auth/ (emulator export), logs/. */
  dataDir: string;
  /** 0 = a free port. */
  gatewayPort?: number;
  backendPort?: number;
  /** host:port of a running Auth emulator to reuse (tests); without it the stack starts its own. */
  authEmulatorHost?: string;
  authEmulatorPort?: number;
  /** The accounting stand-in's port (Zoho Books' API subset, for the invoice sync); 0 = a free one, the default when backendPort is 0. */
  accountingPort?: number;
  /** The ASP stand-in's port (e-invoicing); 0 = a free one, the default when backendPort is 0. */
  aspPort?: number;
  /** Where each server answers GET /metrics (Prometheus); 0 = a free one, the default when backendPort is 0. */
  gatewayMetricsPort?: number;
  backendMetricsPort?: number;
  /** More gateway settings (its environment variables), e.g. the store links of the mobile notice. */
  gatewayEnv?: Record<string, string>;
  log?: (line: string) => void;
  /** Called once, with one line, when a child dies after start-up; the other children are stopped by then. */
  onCrash?: (line: string) => void;
  /**
   * The stack lives for minutes (a test file), not days: its back end compiles PGlite's WebAssembly with V8's
   * baseline compiler only (WASM_BASELINE_ONLY). Same code, same behaviour; it starts sooner and runs
   * queries a little slower, which a short life does not notice.
   */
  shortLived?: boolean;
}

/**
 * V8's flag for WebAssembly compiled by its baseline compiler (Liftoff) alone, never tiered up by TurboFan.
 * PGlite's Postgres is 8 MB of WebAssembly: as a back end starts, TurboFan recompiles its hot functions on
 * background threads, measured at 2 s of CPU of the 5.5 to 6 a start costs on two cores, and over a whole
 * browser test file the back end's CPU fell from 8.0-8.5 s to 5.9-6.0 s with it (docs/benchmarks.md). A
 * long-lived server earns that compile back in faster queries; `npm start` leaves it on.
 */
export const WASM_BASELINE_ONLY = '--liftoff-only';

/** In the data folder while the stack runs: what `npm run backup` needs to reach its back end and emulator. */
export const STACK_STATE_FILE = 'stack.json';
export interface StackState {
  backendPid: number;
  authEmulatorHost: string;
  projectId: string;
}

export interface Stack {
  /** Gateway base URL, e.g. http://127.0.0.1:8080 */
  url: string;
  /** The demo website's form page, served by the back end. */
  demoWebsiteUrl: string;
  authEmulatorHost: string;
  projectId: string;
  /** The accounting stand-in's base URL (its /_standin/ controls switch faults on). */
  accountingUrl: string;
  /** The ASP stand-in's base URL (its /_standin/ controls switch faults on). */
  aspUrl: string;
  /** The servers' Prometheus endpoints (GET /metrics), each on a port of its own. */
  metricsUrls: { gateway: string; backend: string };
  accounts: { email: string; password: string; role: Role; displayName: string }[];
  stop(): Promise<void>;
}

const root = fileURLToPath(new URL('../..', import.meta.url));
export const BUILD_OUTPUTS = {
  backend: join(root, 'dist/server/backend.js'),
  gateway: join(root, 'dist/server/gateway.js'),
  accountingStandIn: join(root, 'dist/server/accounting-standin.js'),
  aspStandIn: join(root, 'dist/server/asp-standin.js'),
  client: join(root, 'dist/client'),
} as const;

/** The back end's e-invoicing settings against the ASP stand-in (the firm's endpoint is its TIN, common/einvoicing.ts). */
const DEMO_ASP_ENV = (aspUrl: string) => ({ EINVOICING_ASP_URL: aspUrl, EINVOICING_ASP_API_KEY: 'demo-asp-key', EINVOICING_SENDER_ID: '0235:1002345678', EINVOICING_POLL_MS: '2000' });

// A failure bound, not the start-up target: a busy 2-core machine can take well over 30 s to start the emulator.
const READY_TIMEOUT_MS = 90_000;
const STOP_GRACE_MS = 10_000;
const HOST = '127.0.0.1';

interface Child {
  name: string;
  process: ChildProcess;
  logFile: string;
  /** The log file's length when this child started: a restart on the same data folder appends to it. */
  logStart: number;
  /** Whether its log says where it listens: the stand-ins always, a Fastify server at LOG_LEVEL info or finer. */
  logsListening: boolean;
  exited: Promise<void>;
  /** Set while the stack is stopping it on purpose, so its exit is not reported as a crash. */
  expected: boolean;
}

export class StackError extends Error {
  override name = 'StackError';
}

/** A child or the Auth emulator could not listen on its port: taken by another process between choosePort() and its own listen. */
class PortTakenError extends StackError {}

/**
 * Starts the stack. Ports picked here (0) are free when picked, but another process (another test file's stack)
 * can take one before the child listens on it; the child then exits, and the whole stack is started again on
 * fresh ports (the children name each other's ports, so one cannot move alone). Named ports are tried once.
 */
export function startStack(options: StackOptions): Promise<Stack> {
  // The stand-ins' ports default to 0 when the back end's is 0.
  const picked = [options.gatewayPort, options.backendPort, options.accountingPort ?? 0, options.aspPort ?? 0, options.gatewayMetricsPort ?? 0, options.backendMetricsPort ?? 0].every((port) => port === 0);
  return retryOnTakenPort(() => startOnce(options), { picked, portTaken: (error) => error instanceof PortTakenError, log: options.log });
}

async function startOnce(options: StackOptions): Promise<Stack> {
  const log = options.log ?? (() => {});
  const dataDir = resolve(options.dataDir);
  for (const [name, file] of Object.entries(BUILD_OUTPUTS)) {
    if (!existsSync(file)) throw new StackError(`missing build: ${file} (${name}) does not exist; run npm run build`);
  }
  const gatewayPort = await choosePort(options.gatewayPort ?? 8080, 'gateway', 'GATEWAY_PORT');
  const backendPort = await choosePort(options.backendPort ?? 3001, 'back end', 'BACKEND_PORT');
  const accountingPort = await choosePort(options.accountingPort ?? (options.backendPort === 0 ? 0 : 9180), 'accounting stand-in', 'ACCOUNTING_STANDIN_PORT');
  const aspPort = await choosePort(options.aspPort ?? (options.backendPort === 0 ? 0 : 9380), 'ASP stand-in', 'ASP_STANDIN_PORT');
  const logDir = join(dataDir, 'logs');
  await mkdir(logDir, { recursive: true });

  const children: Child[] = [];
  let emulator: AuthEmulator | undefined;
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      await rm(join(dataDir, STACK_STATE_FILE), { force: true });
      for (const child of [...children].reverse()) await stopChild(child);
      await emulator?.stop();
    })();
    return stopping;
  };

  /** The emulator's port when picked here (0), as the children's are. */
  let pickedEmulatorPort: number | undefined;
  try {
    // The emulator takes the longest to start; the others need it only when the first request comes.
    let authEmulatorHost = options.authEmulatorHost;
    let emulatorStarting: Promise<AuthEmulator> | undefined;
    if (!authEmulatorHost) {
      const emulatorPort = await choosePort(options.authEmulatorPort ?? 9099, 'Auth emulator', 'AUTH_EMULATOR_PORT');
      if (options.authEmulatorPort === 0) pickedEmulatorPort = emulatorPort;
      authEmulatorHost = `${HOST}:${emulatorPort}`;
      log(`starting the Auth emulator on ${authEmulatorHost}`);
      emulatorStarting = startAuthEmulator({
        projectId: options.projectId,
        workDir: join(dataDir, 'emulator'),
        host: HOST,
        port: emulatorPort,
        dataDir: join(dataDir, 'auth'),
        readyTimeoutMs: READY_TIMEOUT_MS,
      });
      emulatorStarting.then((started) => (emulator = started), () => {});
    }
    const firebaseEnv = { FIREBASE_PROJECT_ID: options.projectId, FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost };
    // Picked after the emulator's, so the order of the other picks stays as it was.
    const gatewayMetricsPort = await choosePort(options.gatewayMetricsPort ?? (options.backendPort === 0 ? 0 : 9465), 'gateway metrics', 'GATEWAY_METRICS_PORT');
    const backendMetricsPort = await choosePort(options.backendMetricsPort ?? (options.backendPort === 0 ? 0 : 9464), 'back-end metrics', 'BACKEND_METRICS_PORT');

    // Invoices: a stand-in for Zoho Books (the accounting system is out of reach offline), which
    // the back end's invoice sync talks to exactly as it would to the real service.
    const accountingUrl = `http://${HOST}:${accountingPort}`;
    log(`starting the accounting stand-in (Zoho Books API subset) on ${HOST}:${accountingPort}`);
    const accounting = spawnChild('accounting-standin', BUILD_OUTPUTS.accountingStandIn, logDir, {
      PORT: String(accountingPort),
      HOST,
      ACCOUNTING_STATE_FILE: join(dataDir, 'accounting-standin.json'),
    });
    children.push(accounting);
    // E-invoicing: a stand-in for an Accredited Service Provider, likewise out of reach offline.
    const aspUrl = `http://${HOST}:${aspPort}`;
    log(`starting the ASP stand-in (e-invoicing) on ${HOST}:${aspPort}`);
    const asp = spawnChild('asp-standin', BUILD_OUTPUTS.aspStandIn, logDir, { PORT: String(aspPort), HOST, ASP_STATE_FILE: join(dataDir, 'asp-standin.json') });
    children.push(asp);

    log(`starting the back end on ${HOST}:${backendPort}`);
    const backend = spawnChild('backend', BUILD_OUTPUTS.backend, logDir, {
      ...firebaseEnv,
      PORT: String(backendPort),
      HOST,
      DATA_DIR: join(dataDir, 'db'),
      SEED_DEMO_DATA: 'true',
      ZOHO_BOOKS_API_URL: `${accountingUrl}/books/v3`,
      ZOHO_BOOKS_ORGANIZATION_ID: 'demo-organisation',
      ZOHO_ACCOUNTS_URL: accountingUrl,
      ZOHO_CLIENT_ID: 'demo-client-id',
      ZOHO_CLIENT_SECRET: 'demo-client-secret',
      ZOHO_REFRESH_TOKEN: 'demo-refresh-token',
      ...DEMO_ASP_ENV(aspUrl),
      // The demo website's form page (/demo/website) posts to the gateway.
      DEMO_WEBSITE_GATEWAY: `http://${HOST}:${gatewayPort}`,
      BACKEND_METRICS_PORT: String(backendMetricsPort),
      BACKEND_METRICS_HOST: HOST,
    }, options.shortLived ? [WASM_BASELINE_ONLY] : []);
    children.push(backend);

    // The gateway needs neither to be up before it listens: it reaches them per request.
    log(`starting the gateway on ${HOST}:${gatewayPort}`);
    const gateway = spawnChild('gateway', BUILD_OUTPUTS.gateway, logDir, {
      ...firebaseEnv,
      PORT: String(gatewayPort),
      HOST,
      API_UPSTREAM: `http://${HOST}:${backendPort}`,
      STATIC_DIR: BUILD_OUTPUTS.client,
      // The demo website's page is served by the back end: its origin may call the public endpoints.
      PUBLIC_API_ORIGINS: `http://${HOST}:${backendPort},http://localhost:${backendPort}`,
      GATEWAY_METRICS_PORT: String(gatewayMetricsPort),
      GATEWAY_METRICS_HOST: HOST,
      ...options.gatewayEnv,
    });
    children.push(gateway);
    await settleAll([
      emulatorStarting,
      waitReady(accounting, `${accountingUrl}/healthz`),
      waitReady(asp, `${aspUrl}/healthz`),
      waitReady(backend, `http://${HOST}:${backendPort}/readyz`),
      waitReady(gateway, `http://${HOST}:${gatewayPort}/healthz`),
    ]);
    await seedEmulatorAccounts(authEmulatorHost, options.projectId, DEMO_ACCOUNTS);
    const state: StackState = { backendPid: backend.process.pid!, authEmulatorHost, projectId: options.projectId };
    await writeFile(join(dataDir, STACK_STATE_FILE), JSON.stringify(state));

    let crashed = false;
    const crash = async (line: () => string) => {
      if (crashed || stopping) return;
      crashed = true;
      const text = line();
      log(text);
      await stop();
      options.onCrash?.(text);
    };
    for (const child of children) {
      void child.exited.then(() => {
        if (!child.expected) void crash(() => `${child.name} stopped unexpectedly (${exitDescription(child.process)}): ${lastLine(child.logFile)}`);
      });
    }
    // The emulator is a child too: without it no sign-in works, so its death stops the stack like any other.
    const emulatorProcess = emulator?.process;
    if (emulatorProcess) {
      const emulatorCrash = () => void crash(() => `the Auth emulator stopped unexpectedly (${exitDescription(emulatorProcess)})`);
      if (emulatorProcess.exitCode !== null || emulatorProcess.signalCode !== null) emulatorCrash();
      else emulatorProcess.once('exit', emulatorCrash);
    }

    return {
      url: `http://${HOST}:${gatewayPort}`,
      demoWebsiteUrl: `http://${HOST}:${backendPort}/demo/website`,
      authEmulatorHost,
      projectId: options.projectId,
      accountingUrl,
      aspUrl,
      metricsUrls: { gateway: `http://${HOST}:${gatewayMetricsPort}/metrics`, backend: `http://${HOST}:${backendMetricsPort}/metrics` },
      accounts: DEMO_ACCOUNTS.map((account) => ({ ...account })),
      stop,
    };
  } catch (error) {
    await stop();
    if (error instanceof StackError) throw error;
    // Taken before the emulator listened on it: the children were given its address, so all start again.
    if (pickedEmulatorPort !== undefined && emulatorPortTaken(error, pickedEmulatorPort)) throw new PortTakenError((error as Error).message);
    throw new StackError((error as Error).message);
  }
}

export interface ServerProcess {
  name: string;
  pid: number;
  logFile: string;
  /** Resolves when the process has exited, whatever the reason. */
  exited: Promise<void>;
  stop(): Promise<void>;
  /** SIGKILL to the process and its group, as a crash or the OOM killer would; resolves once it has exited. */
  kill(): Promise<void>;
}

/**
 * One built server (BUILD_OUTPUTS.backend or .gateway) as a child in its own process group, resolved once
 * `readyUrl` answers 2xx: for shapes other than the one-of-each stack, e.g. replicas on one Postgres server.
 */
export async function startServer(name: string, script: string, logDir: string, env: Record<string, string>, readyUrl: string): Promise<ServerProcess> {
  await mkdir(logDir, { recursive: true });
  const child = spawnChild(name, script, logDir, env);
  try {
    await waitReady(child, readyUrl);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return {
    name,
    pid: child.process.pid!,
    logFile: child.logFile,
    exited: child.exited,
    stop: () => stopChild(child),
    kill: async () => {
      child.expected = true;
      signalGroup(child.process, 'SIGKILL');
      await child.exited;
    },
  };
}

/** Waits for every step, so nothing is left starting behind a failure, then throws the first failure. */
async function settleAll(steps: (Promise<unknown> | undefined)[]): Promise<void> {
  const results = await Promise.allSettled(steps);
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
}

/** A fixed port must be free now (one clear line otherwise); 0 picks a free one. */
async function choosePort(port: number, what: string, variable: string): Promise<number> {
  if (port === 0) return freePort(HOST);
  const free = await new Promise<boolean>((done) => {
    const probe = createServer();
    probe.once('error', () => done(false));
    probe.listen(port, HOST, () => probe.close(() => done(true)));
  });
  if (!free) throw new StackError(`port ${port} (${what}) is already in use; stop what uses it or set ${variable} to another port`);
  return port;
}

function spawnChild(name: string, script: string, logDir: string, env: Record<string, string>, nodeFlags: string[] = []): Child {
  const logFile = join(logDir, `${name}.log`);
  const fd = openSync(logFile, 'a');
  const logStart = statSync(logFile).size;
  const child = spawn(process.execPath, [...nodeFlags, '--enable-source-maps', script], {
    cwd: root,
    detached: true,
    stdio: ['ignore', fd, fd],
    env: { ...process.env, ...env },
  });
  closeSync(fd);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const logLevel = env.LOG_LEVEL ?? process.env.LOG_LEVEL ?? 'info';
  const standIn = script === BUILD_OUTPUTS.accountingStandIn || script === BUILD_OUTPUTS.aspStandIn;
  const logsListening = standIn || ['info', 'debug', 'trace'].includes(logLevel);
  return { name, process: child, logFile, logStart, logsListening, exited, expected: false };
}

/** What the child has written to its log since it started. */
function ownLog(child: Child): string {
  try {
    return readFileSync(child.logFile).subarray(child.logStart).toString('utf8');
  } catch {
    return '';
  }
}

/**
 * Ready when the URL answers 2xx and the child's own log says it listens at the URL's origin (Fastify's "Server
 * listening at", the stand-ins' line in the same words): an answer alone can come from another process that took
 * the port first, such as another test file's stack. A server whose LOG_LEVEL (warn and quieter) keeps that line
 * back is taken at its answer, as before.
 */
async function waitReady(child: Child, url: string): Promise<void> {
  const origin = new URL(url).origin;
  // The origin's digits end where the port does: 'at http://127.0.0.1:4118' is not 'at http://127.0.0.1:41185'.
  const listening = new RegExp(`listening at ${origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\d)`, 'i');
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.process.exitCode !== null || child.process.signalCode !== null) {
      const why = `${child.name} exited before it was ready (${exitDescription(child.process)}): ${lastLine(child.logFile)}`;
      throw /EADDRINUSE/.test(ownLog(child)) ? new PortTakenError(why) : new StackError(why);
    }
    if ((!child.logsListening || listening.test(ownLog(child))) && (await answersOk(url))) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new StackError(`${child.name} was not ready within ${READY_TIMEOUT_MS / 1000} s; see ${child.logFile}`);
}

async function stopChild(child: Child): Promise<void> {
  child.expected = true;
  if (child.process.exitCode !== null || child.process.signalCode !== null) {
    signalGroup(child.process, 'SIGKILL');
    return;
  }
  signalGroup(child.process, 'SIGTERM');
  const timer = setTimeout(() => signalGroup(child.process, 'SIGKILL'), STOP_GRACE_MS);
  await child.exited;
  clearTimeout(timer);
  // Anything the child spawned into its group goes with it.
  signalGroup(child.process, 'SIGKILL');
}

function exitDescription(child: ChildProcess): string {
  return child.signalCode ? `signal ${child.signalCode}` : `exit code ${child.exitCode}`;
}

/**
 * The line that most likely says why a child stopped: the last plain-text line naming an error (an uncaught
 * exception, a start-up refusal), else the last error in the JSON log, else the last line.
 */
function lastLine(logFile: string): string {
  let text = '';
  try {
    text = readFileSync(logFile, 'utf8');
  } catch {
    return '(no output)';
  }
  const lines = text.split('\n').map((line) => line.trim()).filter(Boolean);
  const parsed = lines.map((line) => {
    try {
      return JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
    } catch {
      return undefined;
    }
  });
  const plain = lines.filter((_line, index) => parsed[index] === undefined);
  const reason = plain.findLast((line) => /error|refus|invalid|in use/i.test(line) && !line.startsWith('at ')) ?? plain.at(-1);
  if (reason) return reason;
  const error = parsed.findLast((entry) => (entry?.level ?? 0) >= 50) ?? parsed.at(-1);
  if (!error) return '(no output)';
  return [error.msg, error.err?.message].filter(Boolean).join(': ') || '(no message)';
}
