/**
 * Starts the Firebase Auth emulator (firebase-tools, auth only, no UI, no network) as a child process in its
 * own process group, and stops it with everything it spawned. Used by `npm start` and by the test setup.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { answersOk, freePort, retryOnTakenPort, signalGroup } from './processes.ts';

const firebaseBin = fileURLToPath(new URL('../../node_modules/firebase-tools/lib/bin/firebase.js', import.meta.url));

export interface AuthEmulatorOptions {
  /** Firebase project id; a 'demo-' prefix keeps the emulator from reaching for real Google services. */
  projectId: string;
  /** Folder for firebase.json, the CLI's HOME and logs. */
  workDir: string;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Folder to import accounts from at start and export them to at exit, so they survive restarts. */
  dataDir?: string;
  readyTimeoutMs?: number;
}

export interface AuthEmulator {
  /** host:port, the form FIREBASE_AUTH_EMULATOR_HOST takes. */
  hostPort: string;
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** The emulator's words when a port it was given was taken between freePort() and its own listen. */
const PORT_TAKEN = /port taken|is not open on|EADDRINUSE/i;
/** firebase-tools names the port it could not open ("Port 4500 is not open on 127.0.0.1, could not start Logging Emulator."). */
const PORT_NOT_OPEN = /Port (\d+) is not open on/;

/**
 * Starts the emulator. Ports picked here can be taken by another process before the emulator listens on them
 * (parallel test runs, a stack beside them), so a start that fails on a taken port it picked is tried again on
 * fresh ports, up to three times: the hub's and the logging emulator's always, its own when not named.
 */
export function startAuthEmulator(options: AuthEmulatorOptions): Promise<AuthEmulator> {
  return retryOnTakenPort(() => startOnce(options), {
    picked: true,
    portTaken: (error) => error instanceof PortTakenError && (!options.port || (error.port !== undefined && error.port !== options.port)),
  });
}

class PortTakenError extends Error {
  /** The port firebase-tools said it could not open, when it said which. */
  constructor(
    message: string,
    readonly port: number | undefined,
  ) {
    super(message);
  }
}

/** Whether the emulator failed to start on its own port, named by the caller, because another process had it. */
export function emulatorPortTaken(error: unknown, port: number): boolean {
  return error instanceof PortTakenError && error.port === port;
}

/**
 * The Auth emulator's root, in its own words. Any 2xx is not enough: the port can be taken by another process
 * before the emulator listens on it (another test stack's gateway answers `/` with 200), and then the emulator
 * exits on the taken port, to be started again on fresh ones.
 */
const isEmulatorRoot = async (response: Response) => ((await response.json()) as { authEmulator?: { ready?: unknown } }).authEmulator?.ready === true;

async function startOnce(options: AuthEmulatorOptions): Promise<AuthEmulator> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port || (await freePort(host));
  // The hub and logging emulators take fixed ports by default, which collide when two emulators run at once.
  const [hubPort, loggingPort] = [await freePort(host), await freePort(host)];
  const home = join(options.workDir, 'home');
  // firebase-tools finds "the" hub of a project through a locator file in the temp folder, keyed by project
  // id only; a private temp folder keeps two emulators of one project (npm start beside a test run) from
  // exporting or stopping each other's data.
  const tmp = join(options.workDir, 'tmp');
  await mkdir(home, { recursive: true });
  await mkdir(tmp, { recursive: true });
  await writeFile(
    join(options.workDir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { host, port },
        hub: { host, port: hubPort },
        logging: { host, port: loggingPort },
        ui: { enabled: false },
        singleProjectMode: false,
      },
    }),
  );
  const args = [firebaseBin, 'emulators:start', '--only', 'auth', '--project', options.projectId];
  if (options.dataDir) {
    await mkdir(options.dataDir, { recursive: true });
    args.push('--import', options.dataDir, '--export-on-exit', options.dataDir);
  }
  const child = spawn(process.execPath, args, {
    cwd: options.workDir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      CI: '1',
      NO_UPDATE_NOTIFIER: '1',
      HOME: home,
      TMPDIR: tmp,
      XDG_CONFIG_HOME: join(home, '.config'),
      XDG_CACHE_HOME: join(home, '.cache'),
    },
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const url = `http://${host}:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    signalGroup(child, 'SIGTERM');
    // With --export-on-exit the emulator writes its accounts on SIGTERM; killing it sooner loses them, and a
    // busy machine can take well over 10 s to get there.
    const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), 30_000);
    await exited;
    clearTimeout(timer);
  };

  const readyTimeoutMs = options.readyTimeoutMs ?? 60_000;
  const deadline = Date.now() + readyTimeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      const message = `Auth emulator exited with code ${child.exitCode} before it was ready:\n${output}`;
      if (!PORT_TAKEN.test(output)) throw new Error(message);
      const named = PORT_NOT_OPEN.exec(output)?.[1];
      throw new PortTakenError(message, named === undefined ? undefined : Number(named));
    }
    if (await answersOk(url, isEmulatorRoot)) return { hostPort: `${host}:${port}`, url, process: child, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`Auth emulator was not ready within ${readyTimeoutMs} ms:\n${output}`);
}
