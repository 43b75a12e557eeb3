/**
 * `npm run bench:faults`: sends and jobs exactly once through crashes (bench/lib/faults.ts). The production
 * shape as processes (the bundled Postgres, two back ends, two gateways, the accounting and ASP stand-ins) under
 * a mix of idempotent writes, invoices synced and sent as e-invoices, and an open notification stream, while
 * back ends and gateways are SIGKILLed, Postgres is crashed and each stand-in is taken away, at random
 * moments. Prints the checks (nothing lost, nothing twice, no bare 5xx) and the recovery times; exits 1 when
 * a check fails. FAULTS_SECONDS (180) is the traffic's length, FAULTS_AWAY_SECONDS (20) a stand-in's time
 * away, FAULTS_QUIET_SECONDS (10) the mean pause between faults. Run `npm run build` first.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAuthEmulator } from '../scripts/lib/auth-emulator.ts';
import { describeReport, runFaults } from './lib/faults.ts';

const seconds = (name: string, fallback: number) => Number(process.env[name] ?? fallback) * 1000;
const projectId = 'demo-faults-bench';
const workDir = await mkdtemp(join(tmpdir(), 'bench-faults-'));
const started = Date.now();
const emulator = await startAuthEmulator({ projectId, workDir: join(workDir, 'emulator'), readyTimeoutMs: 180_000 });
let failed = true;
try {
  const report = await runFaults({
    durationMs: seconds('FAULTS_SECONDS', 180),
    drainMs: 120_000,
    standInAwayMs: seconds('FAULTS_AWAY_SECONDS', 20),
    quietMs: seconds('FAULTS_QUIET_SECONDS', 10),
    emulatorHost: emulator.hostPort,
    projectId,
    workDir,
    log: (line) => console.log(line),
  });
  console.log('');
  for (const line of describeReport(report)) console.log(line);
  failed = report.checks.some((check) => !check.ok);
  console.log(`\n${failed ? 'FAILED' : 'passed'} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
} finally {
  await emulator.stop();
  if (!process.env.FAULTS_KEEP) await rm(workDir, { recursive: true, force: true });
  else console.log(`kept ${workDir}`);
}
process.exit(failed ? 1 : 0);
