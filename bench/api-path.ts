/**
 * `npm run bench:api`: the API path, the one every staff click goes through. The same authenticated call
 * (GET /api/users/me with a Firebase ID token) made through the gateway as production runs it (RS256
 * signature checked against fetched keys, see lib/local-google-keys.ts), made directly to the back end, and
 * through nginx's proxy_pass without any auth (one worker, keep-alive upstream); the gateway runs three ways:
 * with its API fast path (plugins/api-fast-path.ts) at LOG_LEVEL warn and info, and with every call through
 * Fastify (API_FAST_PATH=false) for the before/after. The back end is a stub that
 * answers at once (lib/stub-backend.ts), so the figures are the path's own. Req/s, p99 and the serving
 * process's CPU time per request, median of BENCH_ROUNDS interleaved rounds.
 * BENCH_PROFILE=1 also writes a V8 CPU profile of the gateway (open it in Chrome DevTools) to bench-profiles/.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../gateway/src/config.ts';
import { securityHeaders } from '../gateway/src/security-headers.ts';
import { HOST, measure, medianOf, nginxBinary, type Figures } from './lib/measure.ts';
import { startNginxProxy, startProductionGateway, startStubBackend, type BenchServer } from './lib/servers.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const MAX_REQUESTS = Number(process.env.BENCH_MAX_REQUESTS ?? 1_000_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PATH = '/api/users/me';

const stub = await startStubBackend();
const servers: BenchServer[] = [];
/** Each gateway signs with a key of its own; the stub and nginx take any token. */
const tokens = new Map<BenchServer, string>();
try {
  const profileDir = join(root, 'bench-profiles');
  const profile = process.env.BENCH_PROFILE === '1';
  if (profile) await mkdir(profileDir, { recursive: true });
  const variants = [
    { name: 'gateway', logLevel: 'warn', fastPath: true },
    { name: 'gateway (info logs)', logLevel: 'info', fastPath: true },
    { name: 'gateway (Fastify path)', logLevel: 'warn', fastPath: false },
  ];
  for (const { name, logLevel, fastPath } of variants) {
    const gateway = await startProductionGateway({
      name,
      upstreamPort: stub.port,
      logLevel,
      env: fastPath ? {} : { API_FAST_PATH: 'false' },
      nodeFlags: profile && name === 'gateway' ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    });
    tokens.set(gateway, gateway.tokens[0]!);
    servers.push(gateway);
  }
  servers.push(stub);
  const nginx = nginxBinary();
  if (nginx) {
    // The headers the gateway puts on this answer: the API set, and no-store as the stub says nothing of caching.
    const { api } = securityHeaders(loadConfig({ API_UPSTREAM: `http://${HOST}:9`, FIREBASE_PROJECT_ID: 'bench-production', FIREBASE_WEB_API_KEY: 'k', NODE_ENV: 'production' }, root));
    servers.push(await startNginxProxy(nginx, stub.port, { ...api, 'cache-control': 'no-store' }));
  } else {
    console.log('bench: nginx is not installed; skipping the nginx comparison (apt-get install -y nginx)');
  }
  console.log(`bench:api: GET ${PATH} with an RS256 ID token, ${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} interleaved rounds`);

  const samples = new Map<string, Figures[]>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const server of servers) {
      const figures = await measure(
        { url: `http://${HOST}:${server.port}${PATH}`, connections: CONNECTIONS, seconds: SECONDS, maxRequests: MAX_REQUESTS, headers: { authorization: `Firebase ${tokens.get(server) ?? [...tokens.values()][0]}` } },
        server.pid,
      );
      samples.set(server.name, [...(samples.get(server.name) ?? []), figures]);
    }
  }
  const reference = nginx ? medianOf(samples.get('nginx proxy_pass (no auth)')!) : undefined;
  console.log('');
  console.log('path                          req/s   p99 ms  errors  vs nginx   CPU µs/req  vs nginx');
  for (const server of servers) {
    const figures = medianOf(samples.get(server.name)!);
    const ratio = reference ? `${(figures.rps / reference.rps).toFixed(2)}x` : '';
    const cpu = figures.cpuMicros === undefined ? '' : figures.cpuMicros.toFixed(1);
    const cpuRatio = reference?.cpuMicros && figures.cpuMicros !== undefined ? `${(figures.cpuMicros / reference.cpuMicros).toFixed(2)}x` : '';
    console.log(
      `${server.name.padEnd(27)} ${figures.rps.toFixed(0).padStart(7)} ${String(figures.p99).padStart(8)} ${String(figures.errors).padStart(7)}  ${ratio.padEnd(8)} ${cpu.padStart(10)}  ${cpuRatio}`,
    );
  }
  console.log('(CPU is the serving process alone: the gateway\'s or nginx\'s, without the back end behind them.)');
  if (profile) console.log(`bench:api: CPU profile of the gateway in ${profileDir} (written when it stops)`);
} finally {
  for (const server of servers) await server.stop();
  await stub.stop();
}
