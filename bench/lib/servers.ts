/** The processes the API-path bench and the soak run: the stub back end, the production gateway, nginx as a proxy. */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../scripts/lib/processes.ts';
import { bundleServerEntry } from '../../scripts/lib/server-bundle.ts';
import { HOST, fail, nginxHeaders, nginxPreamble, nginxTempPaths, stopChild, waitForHttp } from './measure.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface BenchServer {
  name: string;
  port: number;
  /** The one process that serves the requests, for its CPU time and memory. */
  pid: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

const bundles = new Map<string, Promise<string>>();
/** Each entry is bundled once per bench run, however many children run it. */
function bundled(entry: string): Promise<string> {
  let file = bundles.get(entry);
  if (file === undefined) bundles.set(entry, (file = bundleServerEntry(root, entry, join(root, '.tmp/bench'))));
  return file;
}

/**
 * Starts a TypeScript entry as a child and waits for the one IPC message it sends once ready: under tsx, or
 * with `bundled`, bundled as production bundles the servers and run under plain node.
 */
async function startTsChild<T>(
  name: string,
  entry: string,
  env: NodeJS.ProcessEnv,
  options: { nodeFlags?: string[]; logFile?: string; bundled?: boolean } = {},
): Promise<{ child: ChildProcess; ready: T }> {
  const script = options.bundled ? [await bundled(entry)] : ['--import', 'tsx', join(root, entry)];
  // The children's logs (the gateway's request lines) are discarded unless a file is asked for: the bench
  // measures their cost, the soak reads them.
  const out = options.logFile ? openSync(options.logFile, 'a') : 'ignore';
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), ...script], {
    cwd: root,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', out, 'inherit', 'ipc'],
  });
  if (typeof out === 'number') closeSync(out);
  const ready = await new Promise<T | undefined>((resolve) => {
    child.once('message', (message) => resolve(message as T));
    child.once('exit', () => resolve(undefined));
  });
  if (!ready) fail(`bench: ${name} exited before it was ready`);
  return { child, ready };
}

export type Fault = 'none' | 'slow' | 'down' | 'reset';

export interface StubBackend extends BenchServer {
  setFault(fault: Fault): Promise<void>;
}

export async function startStubBackend(env: NodeJS.ProcessEnv = {}): Promise<StubBackend> {
  const { child, ready } = await startTsChild<{ port: number }>('the stub back end', 'bench/lib/stub-backend.ts', env);
  return {
    name: 'back end (direct)',
    port: ready.port,
    pid: child.pid!,
    child,
    setFault: (fault) =>
      new Promise((resolve) => {
        child.once('message', () => resolve());
        child.send({ fault });
      }),
    stop: () => stopChild(child),
  };
}

export interface ProductionGateway extends BenchServer {
  tokens: string[];
  /** Where the log lines went, when asked for. */
  logFile?: string;
}

export async function startProductionGateway(options: {
  name: string;
  upstreamPort: number;
  logLevel: string;
  tokenCount?: number;
  env?: NodeJS.ProcessEnv;
  nodeFlags?: string[];
  logFile?: string;
}): Promise<ProductionGateway> {
  const { child, ready } = await startTsChild<{ port: number; tokens: string[] }>(
    options.name,
    'bench/lib/production-gateway.ts',
    {
      API_UPSTREAM: `http://${HOST}:${options.upstreamPort}`,
      LOG_LEVEL: options.logLevel,
      STATIC_DIR: join(root, 'dist/client'),
      TOKEN_COUNT: String(options.tokenCount ?? 1),
      ...options.env,
    },
    // As production runs it: bundled by esbuild, under plain node.
    { nodeFlags: options.nodeFlags, logFile: options.logFile, bundled: true },
  );
  return { name: options.name, port: ready.port, pid: child.pid!, child, tokens: ready.tokens, logFile: options.logFile, stop: () => stopChild(child) };
}

/** nginx proxying /api/ to the stub without any auth: one worker, keep-alive upstream, the gateway's headers. */
export async function startNginxProxy(binary: string, upstreamPort: number, headers: Record<string, string>): Promise<BenchServer> {
  const port = await freePort(HOST);
  const dir = await mkdtemp(join(tmpdir(), 'bench-nginx-proxy-'));
  await writeFile(
    join(dir, 'nginx.conf'),
    `${nginxPreamble(dir)}
http {
  access_log off;
  keepalive_requests 1000000;
${nginxTempPaths(dir)}
  upstream backend {
    server ${HOST}:${upstreamPort};
    keepalive 64;
    keepalive_requests 1000000;
  }
  server {
    listen ${HOST}:${port};
    location /api/ {
      proxy_pass http://backend;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
${nginxHeaders(headers)}
    }
  }
}
`,
  );
  const child = spawn(binary, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], { stdio: ['ignore', 'ignore', 'inherit'] });
  await waitForHttp(`http://${HOST}:${port}/api/`, child, 'nginx');
  return {
    name: 'nginx proxy_pass (no auth)',
    port,
    pid: child.pid!,
    child,
    stop: async () => {
      await stopChild(child);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
