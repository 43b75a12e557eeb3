/**
 * `npm start`: build when the sources are newer than dist/, then the Auth emulator, the reference back end
 * and the gateway on http://localhost:8080, with demo data and demo accounts. Ctrl-C, closing the terminal,
 * or SIGTERM to npm or to this script stops them all.
 * `npm run reset` (--reset) first wipes the data folder (database and emulator accounts).
 *
 * Environment: GATEWAY_PORT (8080), BACKEND_PORT (3001), AUTH_EMULATOR_PORT (9099), STACK_DATA_DIR (./data),
 * FIREBASE_PROJECT_ID (demo-staff-console), GATEWAY_METRICS_PORT (9465), BACKEND_METRICS_PORT (9464).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isStaffRole, roleLabel } from '../common/roles.ts';
import { demoTotpSecret } from '../backend/src/demo/accounts.ts';
import { onLauncherGone } from './lib/processes.ts';
import { BUILD_OUTPUTS, StackError, startStack, type Stack } from './lib/stack.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const SOURCES = ['client', 'gateway/src', 'backend/src', 'common', 'scripts/build.ts', 'package.json'];

function fail(message: string): never {
  console.error(`start: ${message}`);
  process.exit(1);
}

function port(name: string, fallback: number): number {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) fail(`${name} must be a port number (0-65535), got '${value}'`);
  return Number(value);
}

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

function buildIsStale(): boolean {
  const outputs = [BUILD_OUTPUTS.backend, BUILD_OUTPUTS.gateway, BUILD_OUTPUTS.accountingStandIn, BUILD_OUTPUTS.aspStandIn, join(BUILD_OUTPUTS.client, 'index.html')];
  if (!outputs.every((file) => existsSync(file))) return true;
  const built = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  return SOURCES.some((source) => existsSync(join(root, source)) && newestMtime(join(root, source)) > built);
}

const started = Date.now();
const dataDir = resolve(root, process.env.STACK_DATA_DIR || 'data');
const projectId = process.env.FIREBASE_PROJECT_ID || 'demo-staff-console';
const gatewayPort = port('GATEWAY_PORT', 8080);
const backendPort = port('BACKEND_PORT', 3001);
const authEmulatorPort = port('AUTH_EMULATOR_PORT', 9099);
const accountingPort = port('ACCOUNTING_STANDIN_PORT', 9180);
const aspPort = port('ASP_STANDIN_PORT', 9380);
const gatewayMetricsPort = port('GATEWAY_METRICS_PORT', 9465);
const backendMetricsPort = port('BACKEND_METRICS_PORT', 9464);

if (process.argv.includes('--reset')) {
  await rm(dataDir, { recursive: true, force: true });
  console.log(`start: wiped ${dataDir}`);
}

if (buildIsStale()) {
  console.log('start: building (sources are newer than dist/): the console (esbuild, then Rollup), the servers and docs/api/openapi.json; about a minute');
  // Asynchronously, so the wait says it is still going instead of a minute of silence.
  const build = spawn(process.execPath, ['--import', 'tsx', join(root, 'scripts/build.ts')], { cwd: root, stdio: 'inherit' });
  const ticker = setInterval(() => console.log(`start: still building (${Math.round((Date.now() - started) / 1000)} s)...`), 15_000);
  const status = await new Promise<number | null>((done) => build.on('close', done));
  clearInterval(ticker);
  if (status !== 0) fail('the build failed (see above); fix it or run npm run build');
}

if (!existsSync(join(dataDir, 'db'))) {
  console.log('start: first start in this data folder: the back end creates the database and seeds the demo data (about a minute; later starts keep it)');
}

let stopping = false;
let stack: Stack | undefined;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\nstart: ${signal}, stopping the gateway, the back end and the Auth emulator...`);
  // Before start-up has finished there is nothing to stop yet; the stack is stopped as soon as it is up.
  stack?.stop().then(
    () => process.exit(0),
    (error: unknown) => fail(`could not stop cleanly: ${String(error)}`),
  );
};
// `on`, not `once`: Ctrl-C reaches this process twice (from the terminal and relayed by tsx), and a second
// signal must not kill it half-way through stopping the children. SIGHUP too: the children sit in process
// groups of their own, so a closed terminal window would otherwise leave all three running.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => stop(signal));
// `kill <pid of npm start>`: npm exits on SIGTERM without passing it on to this script (npm 11), so the
// script also stops when a process that started it (npm, its shell, tsx) is gone.
onLauncherGone((pid) => stop(`the process that started this one (pid ${pid}) has exited`));

try {
  stack = await startStack({
    projectId,
    dataDir,
    gatewayPort,
    backendPort,
    authEmulatorPort,
    accountingPort,
    aspPort,
    gatewayMetricsPort,
    backendMetricsPort,
    log: (line) => console.log(`start: ${line}`),
    onCrash: (line) => {
      if (stopping) return;
      console.error(`start: ${line}; stopped the others (logs in ${join(dataDir, 'logs')})`);
      process.exit(1);
    },
  });
} catch (error) {
  fail(error instanceof StackError ? error.message : String(error));
}
if (stopping) {
  await stack.stop();
  process.exit(0);
}

const width = Math.max(...stack.accounts.map((account) => account.email.length));
console.log(
  [
    '',
    `  Staff console ready in ${((Date.now() - started) / 1000).toFixed(1)} s: http://localhost:${gatewayPort}`,
    '',
    `  Demo accounts (password for all: ${stack.accounts[0]?.password}; staff also enter a code: npm run demo:code -- <e-mail>):`,
    ...stack.accounts.map(
      (account) => `    ${account.email.padEnd(width)}  ${roleLabel(account.role).padEnd(24)}${isStaffRole(account.role) ? `  TOTP secret ${demoTotpSecret(account.email)}` : ''}`,
    ),
    '',
    `  Demo website form (posts enquiries to the gateway): ${stack.demoWebsiteUrl}`,
    '',
    `  Metrics (Prometheus): gateway ${stack.metricsUrls.gateway}, back end ${stack.metricsUrls.backend}`,
    '',
    `  Data in ${dataDir} (npm run reset wipes it); logs in ${join(dataDir, 'logs')}. Ctrl-C stops everything.`,
    '',
  ].join('\n'),
);
