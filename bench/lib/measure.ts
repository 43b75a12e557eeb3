/** What the benches share: bounded autocannon runs, a process's CPU time, nginx and child-process plumbing. */
import autocannon from 'autocannon';
import { spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

export const HOST = '127.0.0.1';

export interface Figures {
  rps: number;
  p99: number;
  errors: number;
  /** CPU time the server spent per request: unlike req/s, barely moved by other work on the machine. */
  cpuMicros?: number;
}

/** User + system CPU time of a process in microseconds, from /proc (Linux); undefined elsewhere. */
export function cpuTimeMicros(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const ticksPerSecond = 100;
    return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / ticksPerSecond;
  } catch {
    return undefined;
  }
}

/** Resident memory of a process in bytes, from /proc (Linux); undefined elsewhere. */
export function residentBytes(pid: number): number | undefined {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

export interface RunOptions {
  url: string;
  connections: number;
  seconds: number;
  maxRequests: number;
  headers: Record<string, string>;
}

/** One bounded run: stops at maxRequests requests or after `seconds`, whichever comes first. */
export function runLoad(options: RunOptions): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: options.url, connections: options.connections, amount: options.maxRequests, headers: options.headers },
      (error, result) => {
        clearTimeout(timer);
        if (error) reject(error);
        else resolve(result);
      },
    );
    const timer = setTimeout(() => instance.stop(), options.seconds * 1000);
  });
}

/** A warm-up run (JIT, connection set-up), then a measured one with the server's CPU time per request. */
export async function measure(options: RunOptions, pid: number): Promise<Figures> {
  await runLoad({ ...options, seconds: 1 });
  const cpuBefore = cpuTimeMicros(pid);
  const result = await runLoad(options);
  const cpuAfter = cpuTimeMicros(pid);
  const cpuMicros = cpuBefore !== undefined && cpuAfter !== undefined ? (cpuAfter - cpuBefore) / result.requests.total : undefined;
  return { rps: result['2xx'] / result.duration, p99: result.latency.p99, errors: result.errors + result.non2xx, cpuMicros };
}

/** The median run by req/s of each key's samples. */
export function medianOf(samples: Figures[]): Figures {
  const sorted = [...samples].sort((a, b) => a.rps - b.rps);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export async function waitForHttp(url: string, child: ChildProcess, name: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) fail(`bench: ${name} exited with ${child.exitCode}`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(500) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  fail(`bench: ${name} did not answer at ${url}`);
}

export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export function nginxBinary(): string | undefined {
  for (const candidate of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx']) {
    if (existsSync(candidate)) return candidate;
  }
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
  return found || undefined;
}

/** nginx's preamble for a bench: one worker and no master, so one process's CPU time is the whole cost. */
export function nginxPreamble(dir: string): string {
  return `worker_processes 1;
master_process off;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }`;
}

/** nginx temp paths inside the bench's own folder (the defaults need root-owned /var/lib/nginx). */
export function nginxTempPaths(dir: string): string {
  return ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${dir}/${kind};`).join('\n');
}

/** add_header lines for a header set, sent on every status as the gateway does. */
export function nginxHeaders(headers: Record<string, string>, indent = '      '): string {
  return Object.entries(headers)
    .map(([name, value]) => `${indent}add_header ${name} "${value.replaceAll('"', '\\"')}" always;`)
    .join('\n');
}
