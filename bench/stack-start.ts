/**
 * `npx tsx bench/stack-start.ts`: what starting a stack's servers on the demo data costs, the step every browser
 * test file takes once (about twenty a run) and `npm start` takes at every start. Makes the run's seeded PGlite
 * template as the global set-up does, starts one Auth emulator, then `BENCH_STARTS` (5) stacks on it one after
 * another, each on its own unpacked copy of the template (as tests/support/seeded-data-dir.ts gives a browser
 * file), left `BENCH_SETTLE_MS` (3000) after ready for its start-up jobs, then stopped. Prints each server's CPU
 * (user and system, from /proc) from spawn to that point, the mean over the starts. `BENCH_SHORT_LIVED=1`
 * starts them as the tests do (startStack's `shortLived`: the back end on V8's baseline WebAssembly compiler).
 * Run `npm run build` first (it starts the built servers). Linux only.
 */
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { procCommandLine, procStat } from '../scripts/lib/processes.ts';
import { BUILD_OUTPUTS, startStack } from '../scripts/lib/stack.ts';
import { makePgliteTemplates } from '../tests/support/database-templates.ts';
import { unpackPgliteDump } from '../tests/support/seeded-data-dir.ts';

const STARTS = Number(process.env.BENCH_STARTS ?? 5);
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 3000);
const SHORT_LIVED = process.env.BENCH_SHORT_LIVED === '1';

const SERVERS: Record<string, string> = {
  [BUILD_OUTPUTS.backend]: 'back end',
  [BUILD_OUTPUTS.gateway]: 'gateway',
  [BUILD_OUTPUTS.accountingStandIn]: 'accounting stand-in',
  [BUILD_OUTPUTS.aspStandIn]: 'ASP stand-in',
};

/** CPU seconds of this process's children that run one of the stack's servers, by server, and their pids. */
async function serversCpu(leaveOut: ReadonlySet<number> = new Set()): Promise<{ cpu: Map<string, number>; pids: Set<number> }> {
  const found = new Map<string, number>();
  const pids = new Set<number>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    const stat = procStat(pid);
    if (!stat || stat.ppid !== process.pid || leaveOut.has(pid)) continue;
    // Gone between the listing and the read: no arguments, not counted.
    const server = (procCommandLine(pid) ?? []).map((part) => SERVERS[part]).find(Boolean);
    if (!server) continue;
    found.set(server, (found.get(server) ?? 0) + stat.cpuSeconds);
    pids.add(pid);
  }
  return { cpu: found, pids };
}

const work = await mkdtemp(join(tmpdir(), 'bench-stack-start-'));
const log = () => {};
try {
  const { pgliteSeeded } = await makePgliteTemplates(work);
  const seededFolder = async (name: string) => {
    const dataDir = join(work, name);
    await mkdir(join(dataDir, 'db'), { recursive: true });
    await unpackPgliteDump(pgliteSeeded, join(dataDir, 'db'));
    return dataDir;
  };
  // The emulator's own stack: only its emulator is used by the measured ones.
  const host = await startStack({ projectId: 'demo-staff-console', dataDir: await seededFolder('emulator'), gatewayPort: 0, backendPort: 0, log });
  try {
    const { pids: hostServers } = await serversCpu();
    const totals = new Map<string, number[]>();
    const wall: number[] = [];
    for (let start = 0; start < STARTS; start++) {
      const began = performance.now();
      const stack = await startStack({
        projectId: 'demo-staff-console',
        dataDir: await seededFolder(`stack-${start}`),
        gatewayPort: 0,
        backendPort: 0,
        authEmulatorHost: host.authEmulatorHost,
        log,
        shortLived: SHORT_LIVED,
      });
      wall.push((performance.now() - began) / 1000);
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      const { cpu } = await serversCpu(hostServers);
      for (const [server, seconds] of cpu) totals.set(server, [...(totals.get(server) ?? []), seconds]);
      await stack.stop();
    }
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    console.log(`${STARTS} ${SHORT_LIVED ? 'short-lived ' : ''}starts, ready in ${mean(wall).toFixed(1)} s on average; CPU of each server from spawn to ${SETTLE_MS} ms after ready:`);
    for (const [server, seconds] of totals) console.log(`  ${server}: ${mean(seconds).toFixed(2)} s (${seconds.map((value) => value.toFixed(2)).join(', ')})`);
  } finally {
    await host.stop();
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
