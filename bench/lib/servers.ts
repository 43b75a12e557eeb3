/** The processes the API-path bench and the soak run: the stub back end, the production gateway, nginx as a proxy. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../scripts/lib/auth-emulator.ts';
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

/** Starts a TypeScript entry as a child (tsx), and reads the one JSON line it prints once ready. */
async function startTsChild<T>(name: string, entry: string, env: NodeJS.ProcessEnv, nodeFlags: string[] = []): Promise<{ child: ChildProcess; ready: T }> {
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', join(root, entry)], {
    cwd: root,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const firstLine = await new Promise<string | undefined>((resolve) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => resolve(line));
    child.once('exit', () => resolve(undefined));
  });
  if (!firstLine) fail(`bench: ${name} exited before it was ready`);
  // The child keeps logging (the gateway's request lines); nobody reads them, so they must not fill the pipe.
  child.stdout!.resume();
  return { child, ready: JSON.parse(firstLine) as T };
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
  /** Where the log lines went (LOG_FILE), when asked for. */
  logFile?: string;
}

export async function startProductionGateway(options: {
  name: string;
  upstreamPort: number;
  logLevel: string;
  tokenCount?: number;
  env?: NodeJS.ProcessEnv;
  nodeFlags?: string[];
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
    options.nodeFlags,
  );
  return { name: options.name, port: ready.port, pid: child.pid!, child, tokens: ready.tokens, stop: () => stopChild(child) };
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
