/**
 * Shared pieces of the gateway tests: a small built-console fixture in a temp folder, a real upstream on
 * port 0 that records what reaches it, configuration helpers, and Firebase Auth emulator token helpers.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../../gateway/src/app.ts';
import { loadConfig, type GatewayConfig } from '../../gateway/src/config.ts';
import { emulatorFetch } from '../../scripts/lib/emulator-fetch.ts';
import { jwtPart } from '../../scripts/lib/google-id-tokens.ts';

export const ASSET_JS = '/assets/main-Q3X7ZK2A.js';
export const ASSET_CSS = '/assets/main-7HF2LQ9D.css';
/** A page body large enough that its compressed copies are smaller (the gateway serves those only then). */
export const INDEX_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Admin Portal</title>
<link rel="stylesheet" href="${ASSET_CSS}"><script type="module" src="${ASSET_JS}"></script></head>
<body><div id="root"></div><!-- ${'console fixture '.repeat(40)} --></body></html>\n`;
export const ASSET_JS_BODY = `export const fixture = ${JSON.stringify('x'.repeat(2000))};\n`;

export interface Fixture {
  dir: string;
  remove(): Promise<void>;
}

/** A dist/client look-alike: index.html and a hashed script with .br/.gz copies, a CSS file without, favicons. */
export async function makeStaticDir(): Promise<Fixture> {
  const dir = await mkdtemp(join(tmpdir(), 'gateway-static-'));
  await mkdir(join(dir, 'assets'));
  const write = async (path: string, body: string | Buffer, compress: boolean) => {
    await writeFile(join(dir, path), body);
    if (!compress) return;
    await writeFile(join(dir, `${path}.br`), brotliCompressSync(body));
    await writeFile(join(dir, `${path}.gz`), gzipSync(body));
  };
  await write('index.html', INDEX_HTML, true);
  await write(ASSET_JS.slice(1), ASSET_JS_BODY, true);
  await write(ASSET_CSS.slice(1), 'body{margin:0}\n', false);
  await write('favicon.ico', Buffer.from([0, 0, 1, 0, 1, 0]), false);
  await write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>', false);
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export interface Upstream {
  url: string;
  requests: RecordedRequest[];
  server: Server;
  close(): Promise<void>;
}

export type UpstreamHandler = (request: RecordedRequest, response: ServerResponse) => void;

/**
 * A real HTTP back end on port 0. By default it echoes what it received as JSON (with the body in base64)
 * and an upstream header; `handlers` override paths.
 */
export async function startUpstream(handlers: Record<string, UpstreamHandler> = {}): Promise<Upstream> {
  const requests: RecordedRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const recorded = { method: request.method!, url: request.url!, headers: request.headers, body: Buffer.concat(chunks) };
      requests.push(recorded);
      const handler = handlers[request.url!.split('?')[0]!];
      if (handler) return handler(recorded, response);
      response.writeHead(200, { 'content-type': 'application/json', 'x-upstream': 'yes', 'keep-alive': 'timeout=5' });
      response.end(JSON.stringify({ method: recorded.method, url: recorded.url, headers: recorded.headers, body: recorded.body.toString('base64') }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A validated config for tests: quiet logs, the fixture's files, the given upstream and overrides. */
export function testConfig(env: Record<string, string | undefined>): GatewayConfig {
  return loadConfig({ LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1', ...env });
}

/** A gateway listening on loopback port 0, and the base URL to reach it. */
export async function listenGateway(config: GatewayConfig, options: BuildOptions = {}): Promise<{ app: FastifyInstance; url: string }> {
  const app = await buildApp(config, options);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

export const API_KEY = 'demo-api-key';

/** Signs up a fresh emulator user and returns its ID token and uid. */
export async function signUp(emulatorHost: string, email: string): Promise<{ idToken: string; uid: string }> {
  const response = await emulatorFetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${API_KEY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct-horse-battery', returnSecureToken: true }),
  });
  if (!response.ok) throw new Error(`emulator signUp failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { idToken: string; localId: string };
  return { idToken: body.idToken, uid: body.localId };
}

/** Deletes every account of a project in the emulator (its admin REST API needs no credentials). */
export async function clearEmulatorAccounts(emulatorHost: string, projectId: string): Promise<void> {
  await emulatorFetch(`http://${emulatorHost}/emulator/v1/projects/${projectId}/accounts`, { method: 'DELETE' });
}

/** An unsigned token shaped like the emulator's own ('alg: none'): what anyone can forge against emulator mode. */
export function unsignedToken(claims: Record<string, unknown>): string {
  return `${jwtPart({ alg: 'none', typ: 'JWT' })}.${jwtPart(claims)}.`;
}

export interface RawResponse {
  statusCode: number;
  headers: IncomingMessage['headers'];
  body: Buffer;
  text: string;
}

/**
 * One HTTP/1.1 request over a real socket, path and headers sent exactly as given (fetch would refuse
 * hop-by-hop headers and normalise paths). `body` may be an iterable of chunks to force chunked encoding.
 */
export function send(
  url: string,
  options: {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: Buffer | string | Buffer[];
    /** For https: URLs, the CA to trust and the name the certificate is checked against. */
    tls?: { ca: string; servername: string };
  } = {},
): Promise<RawResponse> {
  const target = new URL(url);
  const requestFn = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = requestFn(
      {
        host: target.hostname,
        port: target.port,
        method: options.method ?? 'GET',
        path: options.path ?? `${target.pathname}${target.search}`,
        headers: options.headers,
        ...(options.tls ?? {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ statusCode: response.statusCode!, headers: response.headers, body, text: body.toString() });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    if (Array.isArray(options.body)) {
      for (const chunk of options.body) request.write(chunk);
      request.end();
    } else {
      request.end(options.body);
    }
  });
}

/**
 * Bytes written as they are on a new connection (malformed request lines, over-long heads: what no HTTP
 * client library sends), and the answer read until the gateway closes the connection or `waitMs` passes.
 * `halfClose` ends the client's side after writing, as a client giving up on its body does.
 */
export function rawExchange(url: string, bytes: string | Buffer, options: { halfClose?: boolean; waitMs?: number } = {}): Promise<RawResponse & { raw: string }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(target.port), target.hostname);
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(), options.waitMs ?? 3000);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      const raw = Buffer.concat(chunks).toString('latin1');
      const split = raw.indexOf('\r\n\r\n');
      if (split === -1) return reject(new Error(`no HTTP answer: ${JSON.stringify(raw.slice(0, 200))}`));
      const [statusLine = '', ...lines] = raw.slice(0, split).split('\r\n');
      const headers: IncomingMessage['headers'] = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const body = Buffer.from(raw.slice(split + 4), 'latin1');
      resolve({ statusCode: Number(statusLine.split(' ')[1]), headers, body, text: body.toString(), raw });
    });
    socket.write(bytes);
    if (options.halfClose) socket.end();
  });
}
