/**
 * `npm run bench:soak`: the production gateway under a bounded mixed load (SOAK_SECONDS, 180 by default; 50
 * connections; pages, deep links, hashed assets and authenticated API calls with 50 users' tokens) while the
 * back end behind it is made slow, down and resetting connections for stretches. Passes when the gateway
 * never crashes, answers no 5xx outside the injected faults (and a short settling time after each), ends
 * with its resident memory within 10 percent of where it was after warm-up, and never logs a token.
 * Memory is read after a full GC in the gateway (--expose-gc), with V8's own heap figures beside it.
 * Prints the figures; exits 1 when a check fails. Run `npm run build` first (it serves dist/client).
 * SOAK_KEEP_LOG=1 keeps the gateway's log.
 */
import autocannon from 'autocannon';
import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { HOST, residentBytes } from './lib/measure.ts';
import { startProductionGateway, startStubBackend, type Fault } from './lib/servers.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const SECONDS = Number(process.env.SOAK_SECONDS ?? 180);
const CONNECTIONS = 50;
const USERS = 50;
const WARM_UP_SECONDS = 20;
/** The gateway's upstream time-out in the soak, shorter than the slow back end's delay so 'slow' yields 504s. */
const API_TIMEOUT_MS = 1500;
const SLOW_MS = 2500;
/** After a fault ends, requests already in flight may still fail: they count as the fault's. */
const SETTLE_MS = SLOW_MS + 1000;

/** The fault schedule as fractions of the run: quiet stretches between slow, down and reset. */
const SCHEDULE: { from: number; fault: Fault }[] = [
  { from: 0, fault: 'none' },
  { from: 0.15, fault: 'slow' },
  { from: 0.28, fault: 'none' },
  { from: 0.42, fault: 'down' },
  { from: 0.55, fault: 'none' },
  { from: 0.7, fault: 'reset' },
  { from: 0.83, fault: 'none' },
];

const workDir = await mkdtemp(join(tmpdir(), 'soak-'));
const logFile = join(workDir, 'gateway.log');
const stub = await startStubBackend({ SLOW_MS: String(SLOW_MS) });
const gateway = await startProductionGateway({
  name: 'gateway',
  upstreamPort: stub.port,
  logLevel: 'info',
  tokenCount: USERS,
  env: { API_TIMEOUT_MS: String(API_TIMEOUT_MS) },
  logFile,
  nodeFlags: ['--expose-gc'],
});

/** Resident memory after a full collection in the gateway, and what V8 reports of it. */
async function settledRss(): Promise<number> {
  const usage = await new Promise<NodeJS.MemoryUsage>((resolve) => {
    gateway.child.once('message', (message) => resolve(message as NodeJS.MemoryUsage));
    gateway.child.send({ gc: true });
  });
  heapFigures.push(`heap used ${mb(usage.heapUsed)}, external ${mb(usage.external)}, array buffers ${mb(usage.arrayBuffers)}`);
  return residentBytes(gateway.pid) ?? 0;
}
const heapFigures: string[] = [];
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const assets = (await readdir(join(root, 'dist/client/assets'))).filter((file) => /\.(js|css)$/.test(file));
const browser = { 'accept-encoding': 'gzip, br', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36' };
const requests: autocannon.Request[] = [];
for (const [index, token] of gateway.tokens.entries()) {
  const api = { ...browser, authorization: `Firebase ${token}`, accept: 'application/json' };
  requests.push(
    { method: 'GET', path: index % 2 ? '/due-diligence' : '/', headers: browser },
    { method: 'GET', path: `/assets/${assets[index % assets.length]}`, headers: browser },
    { method: 'GET', path: '/api/users/me', headers: api },
    { method: 'GET', path: `/api/registrations/?page=${(index % 3) + 1}`, headers: api },
    { method: 'PUT', path: '/api/users/me/push-token', headers: { ...api, 'content-type': 'application/json' }, body: JSON.stringify({ token: `push-${index}` }) },
  );
}

const alive = () => gateway.child.exitCode === null && gateway.child.signalCode === null;

/** Warm-up under the same mix, so the memory baseline is a warmed process and not a fresh one. */
await new Promise<void>((resolve) => {
  autocannon({ url: `http://${HOST}:${gateway.port}`, connections: CONNECTIONS, duration: WARM_UP_SECONDS, requests }, () => resolve());
});
await new Promise((resolve) => setTimeout(resolve, 1000));
const rssBefore = await settledRss();

let faultUntil = 0;
let currentFault: Fault = 'none';
const statuses = new Map<number, number>();
let injected5xx = 0;
let unexpected5xx = 0;
let total = 0;
const started = Date.now();
const timers = SCHEDULE.map(({ from, fault }) =>
  setTimeout(async () => {
    if (currentFault !== 'none') faultUntil = Date.now() + SETTLE_MS;
    currentFault = fault;
    await stub.setFault(fault);
    console.log(`soak: ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s  back end ${fault === 'none' ? 'healthy' : fault}`);
  }, from * SECONDS * 1000),
);

const result = await new Promise<autocannon.Result>((resolve, reject) => {
  const instance = autocannon(
    { url: `http://${HOST}:${gateway.port}`, connections: CONNECTIONS, duration: SECONDS, requests, timeout: 10 },
    (error, finished) => (error ? reject(error) : resolve(finished)),
  );
  instance.on('response', (_client, statusCode) => {
    total += 1;
    statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
    if (statusCode < 500) return;
    if (currentFault !== 'none' || Date.now() < faultUntil) injected5xx += 1;
    else unexpected5xx += 1;
  });
});
for (const timer of timers) clearTimeout(timer);
await stub.setFault('none');
await new Promise((resolve) => setTimeout(resolve, 3000));
const rssAfter = await settledRss();
const wasAlive = alive();
await gateway.stop();
await stub.stop();

/**
 * The log is scanned line by line from the file: three minutes of request lines run to hundreds of megabytes,
 * past the longest string V8 can hold. A token's signature is part of the token, so looking for the
 * signature alone finds the whole token as well.
 */
async function scanLog(file: string, tokens: string[]) {
  const signatures = tokens.map((token) => token.split('.')[2]!);
  const leakedTokens = new Set<number>();
  let bytes = 0;
  let lines = 0;
  let bearerLines = 0;
  for await (const line of createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity })) {
    lines += 1;
    bytes += Buffer.byteLength(line) + 1;
    if (/Firebase\s+ey/i.test(line)) bearerLines += 1;
    signatures.forEach((signature, index) => {
      if (line.includes(signature)) leakedTokens.add(index);
    });
  }
  return { bytes, lines, bearerLines, leaked: leakedTokens.size };
}
const { bytes: logBytes, lines: logLines, bearerLines, leaked } = await scanLog(logFile, gateway.tokens);
const rssChange = rssBefore ? (rssAfter - rssBefore) / rssBefore : Number.NaN;

console.log('');
console.log(`soak: ${SECONDS} s, ${CONNECTIONS} connections, ${total} responses (${(total / SECONDS).toFixed(0)} req/s), p99 ${result.latency.p99} ms`);
console.log(`soak: status codes ${[...statuses].sort((a, b) => a[0] - b[0]).map(([code, count]) => `${code}: ${count}`).join(', ')}`);
console.log(`soak: 5xx during injected faults ${injected5xx}, outside them ${unexpected5xx}; client errors (resets, time-outs) ${result.errors}`);
console.log(`soak: resident memory (after a full GC) ${mb(rssBefore)} after warm-up, ${mb(rssAfter)} after the soak (${(rssChange * 100).toFixed(1)} %)`);
console.log(`soak: V8 after warm-up: ${heapFigures[0]}; after the soak: ${heapFigures[1]}`);
console.log(`soak: gateway log ${mb(logBytes)}, ${logLines} lines; tokens found in it: ${leaked}, lines with a bearer header: ${bearerLines}`);

const failures = [
  !wasAlive ? 'the gateway crashed' : '',
  unexpected5xx > 0 ? `${unexpected5xx} 5xx outside the injected faults` : '',
  !(Math.abs(rssChange) <= 0.1) ? 'resident memory moved by more than 10 percent' : '',
  leaked + bearerLines > 0 ? 'a token was logged' : '',
].filter(Boolean);
if (process.env.SOAK_KEEP_LOG !== '1') await rm(workDir, { recursive: true, force: true });
else console.log(`soak: gateway log kept in ${logFile}`);
if (failures.length > 0) {
  console.log(`soak: FAILED: ${failures.join('; ')}`);
  process.exitCode = 1;
} else {
  console.log('soak: passed (no crash, no unexpected 5xx, memory within 10 %, no token logged)');
}
