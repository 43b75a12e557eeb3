/**
 * `npm run bench:test-cpu -- <command…>`: where the CPU of a test command goes, per kind of process. Runs the
 * command (by default `npx vitest run`) and samples /proc twice a second: every process descended from it, its
 * user and system time, grouped by what it is (Chromium's renderers, browser, GPU and utility processes; the
 * stack's back end, gateway and stand-ins; the Auth emulator; Postgres; vitest's main process and workers).
 * Prints the wall time, a table of CPU seconds per group and the total.
 *
 * Why not `/usr/bin/time` or `time`: they count only the children each process waited for, and Chromium's
 * renderers are forked by its zygote, so their CPU (the largest share of a browser test's) goes uncounted.
 * Linux only (it reads /proc). Each process's last half second before it exits may be missed: little for a
 * long run, but a test that opens many short-lived pages loses up to half a second per Chromium renderer. So it
 * also prints the whole machine's busy CPU over the run, every process counted (this command's and any other's):
 * on a quiet machine, the figure to compare.
 *
 * Example: `npm run bench:test-cpu -- npx vitest run tests/e2e/clients.test.ts`.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { procCommandLine, procStat } from '../scripts/lib/processes.ts';
import { machineBusySeconds } from './lib/machine-cpu.ts';

const SAMPLE_MS = 500;

/** First match names the group; a command line is matched in this order. */
const GROUPS: ReadonlyArray<readonly [string, RegExp]> = [
  ['Chromium renderers', /--type=renderer/],
  ['Chromium GPU process', /--type=gpu-process/],
  ['Chromium utility processes (network, storage)', /--type=utility/],
  ['Chromium zygote', /--type=zygote/],
  ['Chromium browser process', /chromium|chrome/i],
  ['back end', /server\/backend\.js/],
  ['gateway', /server\/gateway\.js/],
  ['accounting and ASP stand-ins', /standin/],
  ['Auth emulator (firebase-tools, Java)', /firebase|java/],
  ['vitest workers (test code, Playwright client)', /vitest\/dist\/workers/],
  // Before Postgres: vitest's own command line may say `--project postgres`.
  ['vitest main process (global set-up, transforms)', /vitest/],
  ['Postgres', /postgres/],
  ['typecheck (tsc)', /typescript|\btsc\b/],
  ['lint (eslint)', /eslint/],
  ['build (esbuild)', /esbuild|scripts\/build/],
];

if (process.platform !== 'linux') {
  console.error('bench:test-cpu reads /proc: Linux only');
  process.exit(2);
}

const command = process.argv.slice(2);
if (command.length === 0) command.push('npx', 'vitest', 'run');

interface Seen {
  group: string;
  cpuSeconds: number;
}

function groupOf(commandLine: string): string {
  return GROUPS.find(([, pattern]) => pattern.test(commandLine))?.[0] ?? `other: ${commandLine.slice(0, 60)}`;
}

/** Parent and CPU seconds (user + system) of every process now alive. */
function snapshot(): Map<number, { parent: number; cpuSeconds: number }> {
  const found = new Map<number, { parent: number; cpuSeconds: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(Number(entry));
    // Gone between the listing and the read: not counted.
    if (stat) found.set(Number(entry), { parent: stat.ppid, cpuSeconds: stat.cpuSeconds });
  }
  return found;
}

const started = Date.now();
const busyBefore = machineBusySeconds();
const child = spawn(command[0]!, command.slice(1), { stdio: 'inherit' });
const root = child.pid!;
const ours = new Set([root]);
const seen = new Map<number, Seen>();

function sample(): void {
  const now = snapshot();
  // A process is ours when its parent is: repeat until no new descendant appears in this snapshot.
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, { parent }] of now) {
      if (!ours.has(pid) && ours.has(parent)) {
        ours.add(pid);
        grew = true;
      }
    }
  }
  for (const [pid, { cpuSeconds }] of now) {
    if (!ours.has(pid)) continue;
    const known = seen.get(pid);
    if (known) {
      known.cpuSeconds = cpuSeconds;
      continue;
    }
    // Gone: counted under 'other' with what it used so far.
    const commandLine = (procCommandLine(pid) ?? []).join(' ');
    seen.set(pid, { group: groupOf(commandLine), cpuSeconds });
  }
}

const timer = setInterval(sample, SAMPLE_MS);
const code = await new Promise<number>((resolve) => child.on('exit', (exitCode) => resolve(exitCode ?? 1)));
clearInterval(timer);

const totals = new Map<string, number>();
for (const { group, cpuSeconds } of seen.values()) totals.set(group, (totals.get(group) ?? 0) + cpuSeconds);
const rows = [...totals].sort((a, b) => b[1] - a[1]);
const total = rows.reduce((sum, [, seconds]) => sum + seconds, 0);
console.log(`\nCPU per process group (${command.join(' ')}), wall ${((Date.now() - started) / 1000).toFixed(1)} s:`);
for (const [group, seconds] of rows) console.log(`${seconds.toFixed(1).padStart(8)} s  ${group}`);
console.log(`${total.toFixed(1).padStart(8)} s  total`);
console.log(`${(machineBusySeconds() - busyBefore).toFixed(1).padStart(8)} s  the whole machine, busy (every process, short-lived ones included)`);
process.exit(code);
