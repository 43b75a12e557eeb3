/**
 * The fast path's HTTP/1.1 client (gateway/src/plugins/api-upstream.ts) on its own, against real back ends
 * started here: node:http servers for ordinary answers, raw node:net servers where the exact bytes matter (split
 * heads, chunk framing, broken answers, what the client writes). It must frame answers exactly, keep connections
 * only when that is safe, and fail with undici's error classes, as the Fastify path's undici does.
 */
import { randomBytes } from 'node:crypto';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { Client, errors } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { createUpstreamPool, type UpstreamCall, type UpstreamHeaders, type UpstreamPool, type UpstreamPoolOptions, type UpstreamRequest } from '../../gateway/src/plugins/api-upstream.ts';

const OPTIONS: UpstreamPoolOptions = { connections: 4, timeout: 2_000, connectTimeout: 2_000 };

interface Backend {
  url: string;
  host: string;
  /** Connections accepted so far. */
  accepted: number;
  /** Connections still open on the server's side. */
  open: Set<Socket>;
  /** Most connections open at once. */
  peak: number;
}

const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function track(server: Server, backend: Backend): void {
  server.on('connection', (socket: Socket) => {
    backend.accepted += 1;
    backend.open.add(socket);
    backend.peak = Math.max(backend.peak, backend.open.size);
    socket.on('close', () => backend.open.delete(socket));
  });
}

async function listen(server: Server): Promise<Backend> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const backend: Backend = { url: `http://127.0.0.1:${port}`, host: `127.0.0.1:${port}`, accepted: 0, open: new Set(), peak: 0 };
  track(server, backend);
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of backend.open) socket.destroy();
        server.close(() => resolve());
      }),
  );
  return backend;
}

/** An ordinary node:http back end. */
function httpBackend(handler: (request: IncomingMessage, response: ServerResponse, body: Buffer) => void): Promise<Backend> {
  const server = createHttpServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => handler(request, response, Buffer.concat(chunks)));
  });
  server.keepAliveTimeout = 5_000;
  return listen(server);
}

interface RawRequest {
  head: string;
  body: Buffer;
  /** The whole request as its bytes arrived. */
  raw: Buffer;
  socket: Socket;
  /** Which connection (1-based, in order of acceptance) carried it. */
  connection: number;
}

/**
 * A node:net back end that cuts what arrives into requests (head, then a body of its content-length) and hands
 * each to `onRequest` with the socket to write the answer's exact bytes on.
 */
async function rawBackend(onRequest: (request: RawRequest, index: number) => void): Promise<Backend & { requests: RawRequest[] }> {
  const requests: RawRequest[] = [];
  let connections = 0;
  const server = createNetServer((socket) => {
    const connection = ++connections;
    let pending = Buffer.alloc(0);
    socket.on('error', () => {});
    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        const end = pending.indexOf('\r\n\r\n');
        if (end === -1) return;
        const head = pending.toString('latin1', 0, end + 4);
        const length = Number(/\r\ncontent-length: (\d+)\r\n/i.exec(head)?.[1] ?? 0);
        if (pending.length < end + 4 + length) return;
        const raw = pending.subarray(0, end + 4 + length);
        pending = pending.subarray(raw.length);
        const request = { head, body: raw.subarray(end + 4), raw, socket, connection };
        requests.push(request);
        onRequest(request, requests.length - 1);
      }
    });
  });
  const backend = await listen(server);
  return Object.assign(backend, { requests });
}

/** Writes `pieces` one at a time, each in its own TCP segment (the client reads them separately). */
async function trickle(socket: Socket, pieces: (string | Buffer)[], gapMs = 5): Promise<void> {
  socket.setNoDelay(true);
  for (const piece of pieces) {
    if (socket.destroyed) return;
    socket.write(piece);
    await delay(gapMs);
  }
}

function makePool(backend: { url: string }, options: Partial<UpstreamPoolOptions> = {}): UpstreamPool {
  const pool = createUpstreamPool(backend.url, { ...OPTIONS, ...options });
  cleanups.push(() => {
    void pool.close();
  });
  return pool;
}

type Event = 'head' | 'data' | 'end' | 'error';

interface Outcome {
  call: UpstreamCall;
  events: Event[];
  status: number | undefined;
  headers: UpstreamHeaders | undefined;
  chunks: Buffer[];
  body(): Buffer;
  error: Error | undefined;
  started: boolean | undefined;
  /** Settles at the end or the error (never rejects). */
  settled: Promise<void>;
}

interface Hooks {
  onHead?(outcome: Outcome): void;
  onData?(chunk: Buffer, outcome: Outcome): void;
}

function get(backend: { host: string }, path = '/', headers: UpstreamRequest['headers'] = {}): UpstreamRequest {
  return { method: 'GET', path, headers: { host: backend.host, ...headers }, body: undefined };
}

/** One call, every event it gets recorded in order. */
function send(pool: UpstreamPool, request: UpstreamRequest, hooks: Hooks = {}): Outcome {
  let settle!: () => void;
  const outcome: Outcome = {
    call: undefined as unknown as UpstreamCall,
    events: [],
    status: undefined,
    headers: undefined,
    chunks: [],
    body: () => Buffer.concat(outcome.chunks),
    error: undefined,
    started: undefined,
    settled: new Promise<void>((resolve) => (settle = resolve)),
  };
  outcome.call = pool.request(request, {
    onHead(status, headers) {
      outcome.events.push('head');
      outcome.status = status;
      outcome.headers = headers;
      hooks.onHead?.(outcome);
    },
    onData(chunk) {
      outcome.events.push('data');
      outcome.chunks.push(chunk);
      hooks.onData?.(chunk, outcome);
    },
    onEnd() {
      outcome.events.push('end');
      settle();
    },
    onError(error, started) {
      outcome.events.push('error');
      outcome.error = error;
      outcome.started = started;
      settle();
    },
  });
  return outcome;
}

async function ok(outcome: Outcome): Promise<Outcome> {
  await outcome.settled;
  if (outcome.error) throw outcome.error;
  return outcome;
}

/** The events of a call answered whole: one head, its data, one end. */
function answeredWhole(outcome: Outcome): void {
  expect(outcome.events[0]).toBe('head');
  expect(outcome.events.at(-1)).toBe('end');
  expect(outcome.events.filter((event) => event !== 'data')).toEqual(['head', 'end']);
}

const answer = (body: string, extra = '') => `HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\n${extra}content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;

describe('what the client writes', () => {
  it('writes the head and body byte for byte as undici does', async () => {
    const backend = await rawBackend(({ socket }) => socket.write(answer('ok')));
    const request: UpstreamRequest = {
      method: 'POST',
      path: '/api/clients?page=2&q=a%20b',
      headers: {
        host: 'backend.internal:8080',
        'content-type': 'application/json',
        'x-list': ['first', 'second'],
        'content-length': '999',
        'x-number': 7,
        'x-skipped': undefined,
        accept: '*/*',
      },
      body: Buffer.from('{"name":"Al Noor Trading LLC"}'),
    };
    await ok(send(makePool(backend), request));
    const expected =
      'POST /api/clients?page=2&q=a%20b HTTP/1.1\r\nhost: backend.internal:8080\r\nconnection: keep-alive\r\n' +
      'content-type: application/json\r\nx-list: first\r\nx-list: second\r\nx-number: 7\r\naccept: */*\r\n' +
      'content-length: 30\r\n\r\n{"name":"Al Noor Trading LLC"}';
    expect(backend.requests[0]!.raw.toString('latin1')).toBe(expected);

    // undici itself, given the same request, writes the same bytes.
    const client = new Client(backend.url);
    cleanups.push(() => client.close());
    const { 'x-skipped': _skipped, 'content-length': _length, ...undiciHeaders } = request.headers;
    const response = await client.request({ method: 'POST', path: request.path, headers: undiciHeaders as Record<string, string | string[]>, body: request.body });
    await response.body.text();
    expect(backend.requests[1]!.raw.toString('latin1')).toBe(expected);
  });

  it('writes a GET without a body or content-length, and `connection: close` for a HEAD', async () => {
    const backend = await rawBackend(({ socket, head }) => {
      if (head.startsWith('HEAD')) socket.end('HTTP/1.1 200 OK\r\ncontent-length: 5\r\n\r\n');
      else socket.write(answer(''));
    });
    const pool = makePool(backend);
    await ok(send(pool, get(backend, '/a', { 'x-one': '1' })));
    await ok(send(pool, { ...get(backend, '/b'), method: 'HEAD' }));
    expect(backend.requests.map((request) => request.raw.toString('latin1'))).toEqual([
      `GET /a HTTP/1.1\r\nhost: ${backend.host}\r\nconnection: keep-alive\r\nx-one: 1\r\n\r\n`,
      `HEAD /b HTTP/1.1\r\nhost: ${backend.host}\r\nconnection: close\r\n\r\n`,
    ]);
  });
});

describe('framing an answer', () => {
  it('reads an answer split across many tiny writes, and keeps two answers apart', async () => {
    const backend = await rawBackend(({ socket }, index) => {
      const body = index === 0 ? 'first answer body' : 'SECOND';
      // Split inside the status line, a header name, a value, the \r\n of a line, the \r\n\r\n and the body.
      const bytes = answer(body, 'X-Upstream: split\r\n');
      const cuts = [3, 9, 14, 20, 31, 32, 40, 47, 55];
      const end = bytes.indexOf('\r\n\r\n');
      cuts.push(end + 1, end + 2, end + 3, end + 4, end + 6, end + 9);
      const pieces: string[] = [];
      let from = 0;
      for (const cut of [...new Set(cuts)].filter((each) => each < bytes.length).sort((a, b) => a - b)) {
        pieces.push(bytes.slice(from, cut));
        from = cut;
      }
      pieces.push(bytes.slice(from));
      void trickle(socket, pieces);
    });
    const pool = makePool(backend);
    const first = await ok(send(pool, get(backend, '/1')));
    const second = await ok(send(pool, get(backend, '/2')));
    answeredWhole(first);
    expect(first.status).toBe(200);
    expect(first.headers).toEqual({ 'content-type': 'text/plain', 'x-upstream': 'split', 'content-length': '17' });
    expect(first.body().toString()).toBe('first answer body');
    // The body came in more than one read: it was really split.
    expect(first.chunks.length).toBeGreaterThan(1);
    expect(second.body().toString()).toBe('SECOND');
    expect(second.headers!['content-length']).toBe('6');
    expect(backend.accepted).toBe(1);
  });

  it('gives a call only its own length: bytes past it are dropped with the connection', async () => {
    const backend = await rawBackend(({ socket }, index) => {
      socket.write(index === 0 ? `${answer('abc')}HTTP/1.1 200 OK\r\ncontent-length: 5\r\n\r\nstale` : answer('fresh'));
    });
    const pool = makePool(backend);
    const first = await ok(send(pool, get(backend, '/1')));
    expect(first.body().toString()).toBe('abc');
    const second = await ok(send(pool, get(backend, '/2')));
    expect(second.body().toString()).toBe('fresh');
    expect(backend.accepted).toBe(2);
    expect(backend.requests.map((request) => request.connection)).toEqual([1, 2]);
  });

  it('decodes a chunked body (extensions, trailers, the last chunk split) to its exact bytes, then reuses the connection', async () => {
    const payload = randomBytes(300);
    const backend = await rawBackend(({ socket }, index) => {
      if (index === 1) {
        socket.write(answer('again'));
        return;
      }
      void trickle(socket, [
        'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n',
        '5;name=value\r\nhello\r\n',
        '1;quoted="a;b"\r\n \r\n',
        '12c\r',
        '\n',
        payload.subarray(0, 100),
        payload.subarray(100),
        '\r\n',
        'A\r\n0123456789\r\n0',
        '\r\nx-trailer: one\r',
        '\nx-other: two\r\n',
        '\r',
        '\n',
      ]);
    });
    const pool = makePool(backend);
    const first = await ok(send(pool, get(backend)));
    answeredWhole(first);
    expect(first.headers!['transfer-encoding']).toBe('chunked');
    expect(first.body()).toEqual(Buffer.concat([Buffer.from('hello '), payload, Buffer.from('0123456789')]));
    const second = await ok(send(pool, get(backend)));
    expect(second.body().toString()).toBe('again');
    expect(backend.accepted).toBe(1);
  });

  it('fails a malformed chunk size with HTTPParserError and does not reuse the connection', async () => {
    const backend = await rawBackend(({ socket }, index) => {
      socket.write(index === 0 ? 'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n3\r\nabc\r\nzz\r\nxx\r\n0\r\n\r\n' : answer('next'));
    });
    const pool = makePool(backend);
    const broken = send(pool, get(backend));
    await broken.settled;
    expect(broken.error).toBeInstanceOf(errors.HTTPParserError);
    expect(broken.started).toBe(true);
    expect(broken.events).toEqual(['head', 'data', 'error']);
    expect(broken.body().toString()).toBe('abc');
    const next = await ok(send(pool, get(backend)));
    expect(next.body().toString()).toBe('next');
    expect(backend.requests.map((request) => request.connection)).toEqual([1, 2]);
  });

  it('ends a Content-Length: 0 answer at once and reuses its connection', async () => {
    const backend = await httpBackend((_request, response) => {
      response.writeHead(200, { 'content-length': '0' });
      response.end();
    });
    const pool = makePool(backend);
    const first = await ok(send(pool, get(backend)));
    expect(first.events).toEqual(['head', 'end']);
    await ok(send(pool, get(backend)));
    expect(backend.accepted).toBe(1);
  });

  it.each([
    ['with a Content-Length', true],
    ['chunked', false],
  ])('streams a body over 64 KiB (%s) with back-pressure: a paused call gets no data until resumed', async (_name, withLength) => {
    const payload = randomBytes(300 * 1024);
    const backend = await httpBackend((_request, response) => {
      if (withLength) {
        response.writeHead(200, { 'content-length': String(payload.length) });
        response.end(payload);
        return;
      }
      // Many small chunks written at once: several of them arrive in one read.
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      for (let offset = 0; offset < payload.length; offset += 1000) response.write(payload.subarray(offset, offset + 1000));
      response.end();
    });
    const pool = makePool(backend);
    let paused = false;
    let dataWhilePaused = 0;
    let pauses = 0;
    const outcome = send(pool, get(backend), {
      onData(_chunk, { call }) {
        if (paused) dataWhilePaused += 1;
        if (pauses >= 3 || paused) return;
        paused = true;
        pauses += 1;
        call.pause();
        setTimeout(() => {
          paused = false;
          call.resume();
        }, 15);
      },
    });
    await ok(outcome);
    answeredWhole(outcome);
    expect(pauses).toBe(3);
    expect(dataWhilePaused).toBe(0);
    expect(outcome.body().equals(payload)).toBe(true);
    await ok(send(pool, get(backend)));
    expect(backend.accepted).toBe(1);
  });

  it('reads an answer with neither length nor chunked until the back end closes, then opens a new connection', async () => {
    const backend = await rawBackend(({ socket }, index) => {
      if (index === 1) return void socket.write(answer('after'));
      void trickle(socket, ['HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\n\r\n', 'part one, ', 'part two'], 30).then(() => socket.end());
    });
    const pool = makePool(backend);
    const outcome = send(pool, get(backend));
    await delay(40);
    expect(outcome.events).not.toContain('end');
    await ok(outcome);
    answeredWhole(outcome);
    expect(outcome.body().toString()).toBe('part one, part two');
    expect((await ok(send(pool, get(backend)))).body().toString()).toBe('after');
    expect(backend.accepted).toBe(2);
  });

  it('reads no body after HEAD, 204 or 304, whatever their headers say', async () => {
    const backend = await rawBackend(({ socket, head }) => {
      const path = head.split(' ')[1];
      if (path === '/head') socket.write('HTTP/1.1 200 OK\r\ncontent-length: 10\r\n\r\n');
      else if (path === '/204') socket.write('HTTP/1.1 204 No Content\r\nx-a: 1\r\n\r\n');
      else socket.write('HTTP/1.1 304 Not Modified\r\netag: "v1"\r\ncontent-length: 10\r\n\r\n');
    });
    const pool = makePool(backend, { connections: 1 });
    const head = await ok(send(pool, { ...get(backend, '/head'), method: 'HEAD' }));
    expect(head.events).toEqual(['head', 'end']);
    expect(head.headers!['content-length']).toBe('10');
    const empty = await ok(send(pool, get(backend, '/204')));
    expect(empty.status).toBe(204);
    expect(empty.events).toEqual(['head', 'end']);
    const notModified = await ok(send(pool, get(backend, '/304')));
    expect(notModified.status).toBe(304);
    expect(notModified.events).toEqual(['head', 'end']);
    // HEAD closes its connection; the 204 and 304 share the next one.
    expect(backend.requests.map((request) => request.connection)).toEqual([1, 2, 2]);
  });

  it('skips 100 Continue and 103 Early Hints before the real answer', async () => {
    const backend = await rawBackend(({ socket }) => {
      void trickle(socket, ['HTTP/1.1 100 Continue\r\n\r\n', 'HTTP/1.1 103 Early Hints\r\nlink: </a.css>; rel=preload\r\n\r\n', answer('real', 'x-final: yes\r\n')]);
    });
    const outcome = await ok(send(makePool(backend), get(backend)));
    answeredWhole(outcome);
    expect(outcome.status).toBe(200);
    expect(outcome.headers).toEqual({ 'content-type': 'text/plain', 'x-final': 'yes', 'content-length': '4' });
    expect(outcome.body().toString()).toBe('real');
  });

  it('gives repeated headers as arrays, names lower-cased and values trimmed', async () => {
    const backend = await rawBackend(({ socket }) => {
      socket.write('HTTP/1.1 201 Created\r\nSet-Cookie: a=1\r\nX-Spaced: \t padded value \t\r\nset-cookie:b=2\r\nSET-COOKIE:  c=3 \r\nContent-Length: 2\r\n\r\nok');
    });
    const outcome = await ok(send(makePool(backend), get(backend)));
    expect(outcome.status).toBe(201);
    expect(outcome.headers).toEqual({ 'set-cookie': ['a=1', 'b=2', 'c=3'], 'x-spaced': 'padded value', 'content-length': '2' });
  });
});

describe('keep-alive', () => {
  it('carries sequential calls on one connection', async () => {
    const backend = await httpBackend((request, response) => response.end(request.url));
    const pool = makePool(backend);
    for (const path of ['/1', '/2', '/3', '/4']) expect((await ok(send(pool, get(backend, path)))).body().toString()).toBe(path);
    expect(backend.accepted).toBe(1);
    expect(pool.stats).toEqual({ connected: 1, pending: 0, running: 0 });
  });

  it.each([
    ['Connection: close', 'Connection: close\r\n'],
    ['Keep-Alive: timeout=1', 'Connection: keep-alive\r\nKeep-Alive: timeout=1\r\n'],
  ])('opens a new connection after an answer with %s', async (_name, extra) => {
    const backend = await rawBackend(({ socket, head }, index) => {
      socket.write(answer(head.split(' ')[1]!, index === 0 ? extra : ''));
    });
    const pool = makePool(backend);
    expect((await ok(send(pool, get(backend, '/1')))).body().toString()).toBe('/1');
    expect((await ok(send(pool, get(backend, '/2')))).body().toString()).toBe('/2');
    expect((await ok(send(pool, get(backend, '/3')))).body().toString()).toBe('/3');
    expect(backend.requests.map((request) => request.connection)).toEqual([1, 2, 2]);
  });

  /** Answers the first call, closes the connection as the second arrives on it, answers on a new one. */
  const closingOnSecond = () =>
    rawBackend(({ socket, connection }, index) => {
      if (index === 1) socket.destroy();
      else socket.write(answer(`answer ${index} on ${connection}`));
    });

  it('sends a GET again once on a fresh connection when a reused one was closed as it was written', async () => {
    const backend = await closingOnSecond();
    const pool = makePool(backend);
    await ok(send(pool, get(backend, '/1')));
    const retried = await ok(send(pool, get(backend, '/2')));
    answeredWhole(retried);
    expect(retried.body().toString()).toBe('answer 2 on 2');
    expect(backend.requests.map((request) => [request.head.split(' ')[1], request.connection])).toEqual([
      ['/1', 1],
      ['/2', 1],
      ['/2', 2],
    ]);
  });

  it('sends a GET again when the back end closed the idle connection just before the call was written on it', async () => {
    // The back end closes (and forgets) the connection right after its answer; the next call, made as the first
    // ends, is written on it before the client has read the close.
    const backend = await rawBackend(({ socket, connection }) => {
      socket.write(answer(`on ${connection}`), () => socket.destroy());
    });
    const pool = makePool(backend);
    let next: Outcome | undefined;
    const first = send(pool, get(backend, '/1'));
    const firstEnd = first.settled.then(() => (next = send(pool, get(backend, '/2'))));
    await ok(first);
    await firstEnd;
    const second = await ok(next!);
    expect(second.body().toString()).toBe('on 2');
    expect(backend.requests.map((request) => [request.head.split(' ')[1], request.connection])).toEqual([
      ['/1', 1],
      ['/2', 2],
    ]);
  });

  it('does not send a POST again: it fails with SocketError', async () => {
    const backend = await closingOnSecond();
    const pool = makePool(backend);
    await ok(send(pool, get(backend, '/1')));
    const post = send(pool, { ...get(backend, '/2'), method: 'POST', body: Buffer.from('{"amount":12500}') });
    await post.settled;
    expect(post.error).toBeInstanceOf(errors.SocketError);
    expect((post.error as errors.SocketError).code).toBe('UND_ERR_SOCKET');
    expect(post.started).toBe(false);
    expect(post.events).toEqual(['error']);
    expect(backend.requests).toHaveLength(2);
  });

  it('does not send a GET again when its fresh connection closed: SocketError', async () => {
    const backend = await rawBackend(({ socket }) => socket.destroy());
    const outcome = send(makePool(backend), get(backend));
    await outcome.settled;
    expect(outcome.error).toBeInstanceOf(errors.SocketError);
    expect(backend.requests).toHaveLength(1);
  });
});

describe('failures', () => {
  it('fails with SocketError "other side closed" when the back end closes before answering', async () => {
    const backend = await rawBackend(({ socket }) => socket.end());
    const outcome = send(makePool(backend), get(backend));
    await outcome.settled;
    expect(outcome.error).toBeInstanceOf(errors.SocketError);
    expect(outcome.error!.message).toBe('other side closed');
    expect((outcome.error as errors.SocketError).code).toBe('UND_ERR_SOCKET');
    expect(outcome.started).toBe(false);
  });

  it('fails with HeadersOverflowError on an answer head over 16 KiB, in one read or many', async () => {
    const big = `HTTP/1.1 200 OK\r\nx-big: ${'a'.repeat(17 * 1024)}\r\ncontent-length: 0\r\n\r\n`;
    const backend = await rawBackend(({ socket }, index) => {
      if (index === 0) socket.write(big);
      else void trickle(socket, [big.slice(0, 6000), big.slice(6000, 12000), big.slice(12000)]);
    });
    const pool = makePool(backend);
    for (let index = 0; index < 2; index++) {
      const outcome = send(pool, get(backend));
      await outcome.settled;
      expect(outcome.error).toBeInstanceOf(errors.HeadersOverflowError);
      expect(outcome.events).toEqual(['error']);
    }
  });

  it('fails with HeadersOverflowError as soon as 16 KiB of head has come without its end', async () => {
    const backend = await rawBackend(({ socket }) => {
      void trickle(socket, ['HTTP/1.1 200 OK\r\n', ...Array.from({ length: 5 }, (_, index) => `x-line-${index}: ${'b'.repeat(4 * 1024)}\r\n`)]);
    });
    const outcome = send(makePool(backend), get(backend));
    await outcome.settled;
    expect(outcome.error).toBeInstanceOf(errors.HeadersOverflowError);
    expect((outcome.error as errors.HeadersOverflowError).code).toBe('UND_ERR_HEADERS_OVERFLOW');
  });

  it('fails with HeadersTimeoutError when no head comes in time', async () => {
    const backend = await rawBackend(() => {});
    const started = Date.now();
    const outcome = send(makePool(backend, { timeout: 150 }), get(backend));
    await outcome.settled;
    const elapsed = Date.now() - started;
    expect(outcome.error).toBeInstanceOf(errors.HeadersTimeoutError);
    expect(outcome.started).toBe(false);
    expect(elapsed).toBeGreaterThanOrEqual(140);
    expect(elapsed).toBeLessThan(1_000);
  });

  it('fails with HeadersTimeoutError when the head trickles in slower than the time-out allows', async () => {
    const backend = await rawBackend(({ socket }) => {
      void trickle(socket, [...'HTTP/1.1 200 OK\r\nx-slow: yes, one byte at a time\r\n'], 20);
    });
    const started = Date.now();
    const outcome = send(makePool(backend, { timeout: 150 }), get(backend));
    await outcome.settled;
    expect(outcome.error).toBeInstanceOf(errors.HeadersTimeoutError);
    expect(Date.now() - started).toBeLessThan(400);
  });

  it('fails with BodyTimeoutError (started) when the body stops', async () => {
    const backend = await rawBackend(({ socket }) => socket.write('HTTP/1.1 200 OK\r\ncontent-length: 10\r\n\r\nabc'));
    const outcome = send(makePool(backend, { timeout: 150 }), get(backend));
    await outcome.settled;
    expect(outcome.error).toBeInstanceOf(errors.BodyTimeoutError);
    expect(outcome.started).toBe(true);
    expect(outcome.events).toEqual(['head', 'data', 'error']);
  });

  it('passes connection refused on as the raw ECONNREFUSED error', async () => {
    const server = createNetServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const pool = makePool({ url: `http://127.0.0.1:${port}` });
    const outcome = send(pool, get({ host: `127.0.0.1:${port}` }));
    await outcome.settled;
    expect((outcome.error as NodeJS.ErrnoException).code).toBe('ECONNREFUSED');
    expect(outcome.error).not.toBeInstanceOf(errors.UndiciError);
    expect(outcome.started).toBe(false);
    await delay(10);
    expect(pool.stats).toEqual({ connected: 0, pending: 0, running: 0 });
  });
});

describe('the connection limit', () => {
  /** A back end that holds each answer until the test releases it by path. */
  async function heldBackend() {
    const held = new Map<string, () => void>();
    const seen: string[] = [];
    const backend = await httpBackend((request, response) => {
      seen.push(request.url!);
      held.set(request.url!, () => response.end(`done ${request.url}`));
    });
    const release = (path: string) => {
      const end = held.get(path);
      if (!end) throw new Error(`${path} has not reached the back end`);
      end();
    };
    return Object.assign(backend, { seen, release });
  }

  it('never opens more than `connections`, and runs the waiting calls in order of arrival', async () => {
    const backend = await heldBackend();
    const pool = makePool(backend, { connections: 2 });
    const calls = ['/0', '/1', '/2', '/3', '/4'].map((path) => send(pool, get(backend, path)));
    expect(pool.stats).toEqual({ connected: 2, pending: 3, running: 2 });
    await expect.poll(() => backend.seen.length).toBe(2);
    await delay(20);
    expect([...backend.seen].sort()).toEqual(['/0', '/1']);
    expect(pool.stats).toEqual({ connected: 2, pending: 3, running: 2 });
    // Each freed connection takes the call that has waited longest, whichever connection it is.
    backend.release('/1');
    await expect.poll(() => backend.seen.length).toBe(3);
    backend.release('/0');
    await expect.poll(() => backend.seen.length).toBe(4);
    expect(backend.seen.slice(2)).toEqual(['/2', '/3']);
    expect(pool.stats).toEqual({ connected: 2, pending: 1, running: 2 });
    backend.release('/3');
    await expect.poll(() => backend.seen.length).toBe(5);
    expect(backend.seen[4]).toBe('/4');
    backend.release('/2');
    backend.release('/4');
    await Promise.all(calls.map(ok));
    calls.forEach((call, index) => expect(call.body().toString()).toBe(`done /${index}`));
    expect(backend.accepted).toBe(2);
    expect(backend.peak).toBe(2);
    expect(pool.stats).toEqual({ connected: 2, pending: 0, running: 0 });
  });

  it('ends a waiting call that is aborted at once, and never sends it', async () => {
    const backend = await heldBackend();
    const pool = makePool(backend, { connections: 1 });
    const first = send(pool, get(backend, '/first'));
    const waiting = send(pool, get(backend, '/aborted'));
    const last = send(pool, get(backend, '/last'));
    await expect.poll(() => backend.seen.length).toBe(1);
    const reason = new Error('caller went away');
    waiting.call.abort(reason);
    expect(waiting.events).toEqual(['error']);
    expect(waiting.error).toBe(reason);
    expect(waiting.started).toBe(false);
    backend.release('/first');
    await expect.poll(() => backend.seen.length).toBe(2);
    backend.release('/last');
    await ok(first);
    await ok(last);
    expect(backend.seen).toEqual(['/first', '/last']);
    waiting.call.abort(new Error('again'));
    expect(waiting.events).toEqual(['error']);
  });
});

describe('abort and close', () => {
  it('abort mid-body: onError(reason, true) once, nothing after, and the connection is not reused', async () => {
    let finish: (() => void) | undefined;
    const backend = await rawBackend(({ socket }, index) => {
      if (index === 1) return void socket.write(answer('next'));
      socket.write('HTTP/1.1 200 OK\r\ncontent-length: 8\r\n\r\nabcd');
      finish = () => socket.write('efgh');
    });
    const pool = makePool(backend);
    const reason = new Error('caller went away');
    const outcome = send(pool, get(backend), { onData: (_chunk, { call }) => call.abort(reason) });
    await outcome.settled;
    expect(outcome.error).toBe(reason);
    expect(outcome.started).toBe(true);
    finish?.();
    outcome.call.abort(new Error('twice'));
    await delay(30);
    expect(outcome.events).toEqual(['head', 'data', 'error']);
    expect(outcome.error).toBe(reason);
    expect((await ok(send(pool, get(backend)))).body().toString()).toBe('next');
    expect(backend.requests.map((request) => request.connection)).toEqual([1, 2]);
  });

  it('abort before the head: onError(reason, false)', async () => {
    const backend = await rawBackend(() => {});
    const outcome = send(makePool(backend), get(backend));
    await expect.poll(() => backend.requests.length).toBe(1);
    const reason = new Error('gone');
    outcome.call.abort(reason);
    expect(outcome.events).toEqual(['error']);
    expect(outcome.error).toBe(reason);
    expect(outcome.started).toBe(false);
    await expect.poll(() => backend.open.size).toBe(0);
  });

  it('a finished call resumed late does not resume the next call on its connection', async () => {
    const payload = randomBytes(200 * 1024);
    const backend = await httpBackend((_request, response) => {
      response.writeHead(200, { 'content-length': String(payload.length) });
      response.end(payload);
    });
    const pool = makePool(backend);
    // The first call pauses at its last read and is resumed only after it ended (as a late 'drain' would).
    let firstCall: UpstreamCall | undefined;
    const first = send(pool, get(backend), {
      onData(_chunk, { call, body }) {
        if (body().length < payload.length) return;
        firstCall = call;
        call.pause();
      },
    });
    await ok(first);
    expect(firstCall).toBeDefined();
    let paused = false;
    let dataWhilePaused = 0;
    const second = send(pool, get(backend), {
      onData(_chunk, { call }) {
        if (paused) dataWhilePaused += 1;
        if (paused || !firstCall) return;
        paused = true;
        call.pause();
        firstCall.resume();
        firstCall = undefined;
        setTimeout(() => {
          paused = false;
          call.resume();
        }, 30);
      },
    });
    await ok(second);
    expect(dataWhilePaused).toBe(0);
    expect(second.body().equals(payload)).toBe(true);
    expect(backend.accepted).toBe(1);
  });

  it('close() waits for calls in flight, then leaves no connection open', async () => {
    let release: (() => void) | undefined;
    const backend = await httpBackend((request, response) => {
      if (request.url !== '/slow') return void response.end('quick');
      response.write('slow ');
      release = () => response.end('done');
    });
    const pool = makePool(backend);
    await ok(send(pool, get(backend, '/quick')));
    const slow = send(pool, get(backend, '/slow'));
    const alsoQuick = await ok(send(pool, get(backend, '/quick')));
    expect(alsoQuick.body().toString()).toBe('quick');
    await expect.poll(() => release).toBeDefined();
    expect(backend.open.size).toBe(2);
    let closed = false;
    const closing = pool.close().then(() => (closed = true));
    await delay(50);
    expect(closed).toBe(false);
    expect(slow.events).toEqual(['head', 'data']);
    release!();
    await closing;
    expect(slow.body().toString()).toBe('slow done');
    expect(alsoQuick.events).toEqual(['head', 'data', 'end']);
    expect(slow.events.at(-1)).toBe('end');
    expect(pool.stats).toEqual({ connected: 0, pending: 0, running: 0 });
    await expect.poll(() => backend.open.size).toBe(0);
  });
});
