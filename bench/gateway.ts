/**
 * `npm run bench`: the built gateway against nginx serving the same dist/client, side by side on loopback.
 * Each target gets the same bounded load (BENCH_SECONDS seconds or BENCH_MAX_REQUESTS requests, whichever
 * comes first, BENCH_CONNECTIONS connections, BENCH_ROUNDS interleaved rounds) with a browser's Accept-Encoding, and the requests per second
 * and their ratio are printed. nginx is configured as it would be in front of this console (one worker,
 * precompressed files, the same security headers, no access log); it is skipped when not installed.
 * Run `npm run build` first: the bench measures the production bundle.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../scripts/lib/processes.ts';
import { HOST, fail, measure, medianOf, nginxBinary, nginxHeaders, nginxPreamble, nginxTempPaths, stopChild, waitForHttp, type Figures } from './lib/measure.ts';
import { loadConfig } from '../gateway/src/config.ts';
import { securityHeaders } from '../gateway/src/security-headers.ts';
import { HASHED_PREFIX, IMMUTABLE, REVALIDATE } from '../gateway/src/static-files.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const staticDir = join(root, 'dist/client');
const gatewayBundle = join(root, 'dist/server/gateway.js');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const MAX_REQUESTS = Number(process.env.BENCH_MAX_REQUESTS ?? 1_000_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
// gzip rather than a browser's full list: stock nginx has no brotli_static, and both sides should send the
// same bytes so the figures compare the servers, not the codecs.
const BROWSER_HEADERS = {
  'accept-encoding': 'gzip',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
};

interface Target {
  name: string;
  path: string;
}

interface Server {
  name: string;
  port: number;
  /** The one process that serves the requests, for its CPU time. */
  pid: number;
  stop(): Promise<void>;
}

/** The largest hashed file of a kind: the main bundle for scripts, the main stylesheet for styles. */
async function hashedAsset(extension: string): Promise<Target> {
  const dir = join(staticDir, 'assets');
  const files = (await readdir(dir)).filter((file) => file.endsWith(extension));
  if (files.length === 0) fail(`bench: dist/client/assets holds no ${extension} file; run npm run build`);
  const sized = await Promise.all(files.map(async (file) => ({ file, size: (await stat(join(dir, file))).size })));
  const largest = sized.sort((a, b) => b.size - a.size)[0]!;
  return { name: `asset ${extension} ${Math.round(largest.size / 1024)} KiB`, path: `/assets/${largest.file}` };
}

/** The gateway's environment for the bench; the API and Auth addresses are never called (no /api/ traffic). */
function gatewayEnv(port: number, logLevel: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST,
    API_UPSTREAM: `http://${HOST}:9`,
    FIREBASE_PROJECT_ID: 'demo-bench',
    FIREBASE_AUTH_EMULATOR_HOST: `${HOST}:9`,
    STATIC_DIR: staticDir,
    LOG_LEVEL: logLevel,
  };
}

async function startGateway(logLevel: string): Promise<Server> {
  const port = await freePort(HOST);
  const child = spawn(process.execPath, [gatewayBundle], { cwd: root, env: gatewayEnv(port, logLevel), stdio: ['ignore', 'ignore', 'inherit'] });
  await waitForHttp(`http://${HOST}:${port}/`, child, 'gateway');
  return { name: logLevel === 'info' ? 'gateway (info logs)' : 'gateway', port, pid: child.pid!, stop: () => stopChild(child) };
}

async function startNginx(binary: string): Promise<Server> {
  const port = await freePort(HOST);
  const dir = await mkdtemp(join(tmpdir(), 'bench-nginx-'));
  // The same header set the gateway sends, so both do the same work per response.
  const headers = securityHeaders(loadConfig(gatewayEnv(port, 'warn'), root)).page;
  const addHeaders = (extra: Record<string, string>) => nginxHeaders({ ...headers, ...extra });
  await writeFile(
    join(dir, 'nginx.conf'),
    `${nginxPreamble(dir)}
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  etag on;
  gzip_static on;
${nginxTempPaths(dir)}
  server {
    listen ${HOST}:${port};
    root ${staticDir};
    location ${HASHED_PREFIX} {
${addHeaders({ 'cache-control': IMMUTABLE })}
    }
    location / {
      try_files $uri /index.html;
${addHeaders({ 'cache-control': REVALIDATE, vary: 'User-Agent' })}
    }
  }
}
`,
  );
  const child = spawn(binary, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForHttp(`http://${HOST}:${port}/`, child, 'nginx');
  return {
    name: 'nginx',
    port,
    pid: child.pid!,
    stop: async () => {
      await stopChild(child);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function main(): Promise<void> {
  if (!existsSync(join(staticDir, 'index.html')) || !existsSync(gatewayBundle)) {
    fail('bench: dist/client or dist/server/gateway.js is missing; run npm run build first');
  }
  const targets: Target[] = [
    { name: 'index.html (deep link)', path: '/due-diligence' },
    await hashedAsset('.css'),
    await hashedAsset('.js'),
  ];
  console.log(
    `bench: loopback only, ${CONNECTIONS} connections, ${SECONDS} s or ${MAX_REQUESTS} requests per run, Accept-Encoding "${BROWSER_HEADERS['accept-encoding']}"`,
  );
  const starters: Array<() => Promise<Server>> = [() => startGateway('warn'), () => startGateway('info')];
  const nginx = nginxBinary();
  if (nginx) starters.push(() => startNginx(nginx));
  else console.log('bench: nginx is not installed; skipping the nginx comparison (apt-get install -y nginx)');

  // All servers run at once and the rounds interleave them, so a busy neighbour on the machine slows every
  // server alike instead of whichever happened to run at that moment; the median round is reported.
  const servers: Server[] = [];
  try {
    for (const start of starters) servers.push(await start());
    const samples = new Map<string, Figures[]>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const target of targets) {
        for (const server of servers) {
          const key = `${server.name}\u0000${target.name}`;
          const url = `http://${HOST}:${server.port}${target.path}`;
          const figures = await measure({ url, connections: CONNECTIONS, seconds: SECONDS, maxRequests: MAX_REQUESTS, headers: BROWSER_HEADERS }, server.pid);
          samples.set(key, [...(samples.get(key) ?? []), figures]);
        }
      }
    }
    const median = (server: string, target: string): Figures => medianOf(samples.get(`${server}\u0000${target}`)!);
    console.log('');
    console.log(`median of ${ROUNDS} interleaved rounds`);
    console.log('server               target                     req/s   p99 ms  errors  vs nginx   CPU µs/req  vs nginx');
    for (const server of servers) {
      for (const target of targets) {
        const figures = median(server.name, target.name);
        const reference = nginx && server.name !== 'nginx' ? median('nginx', target.name) : undefined;
        const ratio = reference ? `${(figures.rps / reference.rps).toFixed(2)}x` : '';
        const cpu = figures.cpuMicros === undefined ? '' : figures.cpuMicros.toFixed(1);
        const cpuRatio =
          reference?.cpuMicros && figures.cpuMicros !== undefined ? `${(figures.cpuMicros / reference.cpuMicros).toFixed(2)}x` : '';
        console.log(
          `${server.name.padEnd(20)} ${target.name.padEnd(24)} ${figures.rps.toFixed(0).padStart(8)} ${String(figures.p99).padStart(8)} ${String(figures.errors).padStart(7)}  ${ratio.padEnd(8)} ${cpu.padStart(10)}  ${cpuRatio}`,
        );
      }
    }
  } finally {
    for (const server of servers) await server.stop();
  }
}

await main();
