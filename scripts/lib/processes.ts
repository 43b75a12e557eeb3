/** Small process and port helpers shared by the Auth emulator launcher, the stack, and the tests and benches that start servers. */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Signals a child started with `detached: true` and everything it spawned into its process group. */
export function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
}

/** A port free on `host` now; another process can take it before the caller listens on it (retryOnTakenPort). */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Whether a URL answers 2xx within a second (a readiness probe); with `expected`, also whether the answer is the one looked for. */
export async function answersOk(url: string, expected: (response: Response) => Promise<boolean> = async () => true): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
    return response.ok && (await expected(response));
  } catch {
    return false;
  }
}

/** How many times a start on ports picked free is tried in all when a port was taken before its child listened. */
const PORT_ATTEMPTS = 3;

/**
 * Runs `start`, and again (up to PORT_ATTEMPTS in all) when it failed on a taken port (`portTaken`): a port
 * picked free can be taken by another process (another test file's stack) before the child listens on it, and
 * the next start picks fresh ones. A start on ports the caller named (`picked` false) is tried once.
 */
export async function retryOnTakenPort<T>(start: () => Promise<T>, options: { picked: boolean; portTaken: (error: unknown) => boolean; log?: (line: string) => void }): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start();
    } catch (error) {
      if (!options.picked || !options.portTaken(error) || attempt >= PORT_ATTEMPTS) throw error;
      options.log?.(`${(error as Error).message}; starting again on fresh ports`);
    }
  }
}

/** /proc/<pid>/stat counts CPU time in clock ticks: 100 a second on every Linux this runs on. */
const TICKS_PER_SECOND = 100;

export interface ProcStat {
  ppid: number;
  pgid: number;
  state: string;
  /** Clock ticks after boot: with the pid, names a process even once its pid is reused. */
  started: string;
  /** CPU seconds used so far, user and system. */
  cpuSeconds: number;
}

/** A process's /proc/<pid>/stat fields (Linux), or undefined when it is gone. */
export function procStat(pid: number): ProcStat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) is in parentheses and may hold spaces or ')'; the fields after it are plain.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0]!, ppid: Number(fields[1]), pgid: Number(fields[2]), started: fields[19]!, cpuSeconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND };
}

/** A process's command-line arguments from /proc/<pid>/cmdline (Linux), or undefined when it is gone. */
export function procCommandLine(pid: number): string[] | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return undefined;
  }
  // Each argument ends with a NUL. A process that retitled itself (node's process.title, Chromium's zygote-forked
  // renderers) shows its title padded with NULs, or filling the space with none at its end: trailing NULs are
  // padding, and a last argument without one is still an argument.
  const trimmed = text.replace(/\0+$/, '');
  return trimmed === '' ? [] : trimmed.split('\0');
}

function isNpm(pid: number): boolean {
  const argv = procCommandLine(pid) ?? [];
  return argv.slice(0, 2).some((arg) => /(^|\/)npm(-cli\.js)?$/.test(arg) || /^npm /.test(arg));
}

/**
 * The processes between this one and whoever started it in its process group: `npm start` runs
 * npm -> sh -> tsx -> this script, all in one group, and the walk stops at npm (or at the group's edge, or
 * pid 1). Empty where /proc is missing.
 */
export function launcherChain(): { pid: number; started: string }[] {
  const own = procStat(process.pid);
  if (!own) return [];
  const chain: { pid: number; started: string }[] = [];
  for (let pid = own.ppid; pid > 1; ) {
    const stat = procStat(pid);
    if (!stat || stat.pgid !== own.pgid) break;
    chain.push({ pid, started: stat.started });
    if (isNpm(pid)) break;
    pid = stat.ppid;
  }
  return chain;
}

/**
 * Calls `onGone` once when a process of the launcher chain exits. npm 11 answers a SIGTERM by exiting and
 * its `sh -c` dies with it, but the signal never reaches the script: this is how the script
 * notices that the process a user or a supervisor signalled has gone. Polls every `intervalMs`; the timer
 * does not keep the process alive.
 */
export function onLauncherGone(onGone: (pid: number) => void, intervalMs = 500): () => void {
  const chain = launcherChain();
  const timer = setInterval(() => {
    for (const { pid, started } of chain) {
      const stat = procStat(pid);
      if (stat && stat.started === started && stat.state !== 'Z') continue;
      clearInterval(timer);
      onGone(pid);
      return;
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
