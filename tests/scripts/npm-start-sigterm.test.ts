/**
 * `kill <pid of npm start>` stops the whole stack: npm 11 exits on SIGTERM without passing the
 * signal on to the start script, which must notice and stop the four servers itself. The test runs the real
 * `npm start` on free ports and a throw-away data folder, signals npm only, and waits for every process of
 * the tree to be gone. Linux only (the tree is read from /proc).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, procCommandLine, procStat } from '../../scripts/lib/processes.ts';
import { withSeededDatabase } from '../support/seeded-data-dir.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** pid -> 'parent pid, start time, state' of every process, from /proc. */
function processTable(): Map<number, { ppid: number; started: string; state: string; command: string }> {
  const table = new Map<number, { ppid: number; started: string; state: string; command: string }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    const stat = procStat(pid);
    const args = procCommandLine(pid);
    // Gone while reading.
    if (!stat || !args) continue;
    table.set(pid, { state: stat.state, ppid: stat.ppid, started: stat.started, command: args.join(' ') });
  }
  return table;
}

/** The process and all its descendants, with their start times (so a reused pid is not mistaken for one). */
function tree(pid: number): { pid: number; started: string; command: string }[] {
  const table = processTable();
  const found: { pid: number; started: string; command: string }[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const current = queue.shift()!;
    const entry = table.get(current);
    if (!entry) continue;
    found.push({ pid: current, started: entry.started, command: entry.command });
    for (const [child, { ppid }] of table) if (ppid === current) queue.push(child);
  }
  return found;
}

function alive({ pid, started }: { pid: number; started: string }): boolean {
  const entry = processTable().get(pid);
  return entry !== undefined && entry.started === started && entry.state !== 'Z';
}

let npm: ChildProcess | undefined;
let started: { pid: number; started: string; command: string }[] = [];
let dataDir: string | undefined;

afterAll(async () => {
  // A failed run leaves nothing behind: the processes this test started, by pid.
  for (const process_ of started.filter(alive)) {
    try {
      process.kill(process_.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  if (npm?.exitCode === null) npm.kill('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe.runIf(existsSync('/proc/self/stat'))('npm start', () => {
  it('stops the start script and every server when npm itself gets SIGTERM', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'console-npm-start-'));
    // What is checked is the stop, not the seed: the data folder of a second `npm start`, the run's seeded
    // copy (a back end seeding its empty folder is e2e/einvoicing's seedAtStart).
    await withSeededDatabase(dataDir);
    const env = {
      ...process.env,
      GATEWAY_PORT: String(await freePort()),
      BACKEND_PORT: String(await freePort()),
      AUTH_EMULATOR_PORT: String(await freePort()),
      ACCOUNTING_STANDIN_PORT: String(await freePort()),
      ASP_STANDIN_PORT: String(await freePort()),
      STACK_DATA_DIR: dataDir,
    };
    // Its own process group, as a terminal job or a supervised service has: the signal goes to npm alone.
    npm = spawn('npm', ['start'], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    npm.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const npmExited = new Promise<void>((resolve) => npm!.once('exit', () => resolve()));

    const deadline = Date.now() + 150_000;
    while (!output.includes('Staff console ready')) {
      if (npm.exitCode !== null || Date.now() > deadline) throw new Error(`npm start did not come up:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    started = tree(npm.pid!);
    // npm, its shell, tsx, the start script, and the four servers at least.
    expect(started.length, started.map((entry) => entry.command).join('\n')).toBeGreaterThanOrEqual(8);

    npm.kill('SIGTERM');
    await npmExited;
    const stopBy = Date.now() + 30_000;
    while (started.some(alive) && Date.now() < stopBy) await new Promise((resolve) => setTimeout(resolve, 250));
    expect(started.filter(alive).map((entry) => `${entry.pid} ${entry.command}`)).toEqual([]);
  }, 240_000);
});
