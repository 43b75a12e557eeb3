/**
 * The API fast path's HTTP/1.1 client to the back end: keep-alive connections, one call at a time on each, and
 * the answer handed over as it is read. It is undici's Pool cut down to what the fast path sends (a head and at
 * most a buffered body) and what the back end answers, because undici's general machinery (its Request
 * object and header validation, the wasm parser's callbacks, the handler wrappers) cost about a third of the
 * gateway's CPU per API call (docs/benchmarks.md, "The API path"). The Fastify path keeps undici.
 *
 * It writes what undici writes (the same head lines in the same order, `connection: keep-alive`, and `close`
 * after a HEAD, where undici closes in case a server sends a body anyway) and reports failures with undici's
 * error classes and codes, so both API paths answer, log and are seen by the back end alike
 * (tests/gateway/api-fast-path.test.ts compares them). The request head is built from headers Node's parser
 * has already validated, plus the gateway's own; they are not validated twice.
 *
 * Answers are framed as RFC 9112 section 6.3 says: none after HEAD, 1xx, 204 and 304; chunked when the last
 * transfer coding is chunked; otherwise Content-Length; otherwise until the back end closes. Interim 1xx
 * answers are skipped. A connection goes back to the pool only after an answer read whole that did not ask to
 * close it, and an idle one is given up before the back end's keep-alive time-out would close it (its
 * Keep-Alive hint less 2 s, else 4 s, as undici does).
 */
import { connect, isIP, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { errors } from 'undici';

export type UpstreamHeaders = Record<string, string | string[]>;

/** What a call is told, in this order: the head once, the body's chunks, then the end; or an error instead. */
export interface UpstreamAnswer {
  onHead(status: number, headers: UpstreamHeaders): void;
  onData(chunk: Buffer): void;
  onEnd(): void;
  /** `started`: the head had been handed over. After an error nothing else is called. */
  onError(error: Error, started: boolean): void;
}

export interface UpstreamCall {
  /** Stops the call (the caller went away): the connection is closed and onError gets `reason`. */
  abort(reason: Error): void;
  /** Back-pressure while streaming a body: stop reading from the back end until resume(). */
  pause(): void;
  resume(): void;
}

export interface UpstreamRequest {
  method: string;
  /** The path and query as sent. */
  path: string;
  /** End-to-end headers (host and content-length included, which go where undici puts them). */
  headers: Record<string, string | string[] | number | undefined>;
  body: Buffer | undefined;
}

export interface UpstreamPoolOptions {
  /** Connections open at most; calls beyond them wait in order. */
  connections: number;
  /**
   * From the request written to the answer's head read whole, and then between two reads of the body:
   * undici's headersTimeout and bodyTimeout in one, as the gateway sets both to API_TIMEOUT_MS.
   */
  timeout: number;
  connectTimeout: number;
}

export interface UpstreamPool {
  request(request: UpstreamRequest, answer: UpstreamAnswer): UpstreamCall;
  /** As undici's pool.stats: connections open, calls waiting for one, calls in flight. */
  readonly stats: { connected: number; pending: number; running: number };
  /** Refuses nothing already asked; closes each connection once its call is done. */
  close(): Promise<void>;
}

/** undici's default maximum head size (http.maxHeaderSize). */
const MAX_HEAD_BYTES = 16 * 1024;
const KEEP_ALIVE_DEFAULT_MS = 4_000;
const KEEP_ALIVE_THRESHOLD_MS = 2_000;
const CRLF2 = Buffer.from('\r\n\r\n');
const STATUS_LINE = /^HTTP\/1\.([01]) (\d{3})(?: |$)/;
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const CONTENT_LENGTH = /^\d{1,15}$/;
const CHUNK_SIZE = /^([0-9A-Fa-f]{1,15})[ \t]*(?:;.*)?$/;
const KEEP_ALIVE_TIMEOUT = /timeout=(\d+)/i;
/**
 * The names the back end's answers carry, as Node and Fastify spell them, to their lower-case form: a known
 * name needs no check, and a constant key costs the headers object less than a fresh string (about 1 µs of a
 * call's parse). Any other name is checked and lower-cased.
 */
const KNOWN_NAMES = new Map<string, string>();
for (const name of [
  'cache-control',
  'connection',
  'content-disposition',
  'content-encoding',
  'content-length',
  'content-security-policy',
  'content-type',
  'date',
  'etag',
  'keep-alive',
  'last-modified',
  'location',
  'retry-after',
  'set-cookie',
  'transfer-encoding',
  'vary',
  'x-request-id',
]) {
  KNOWN_NAMES.set(name, name);
  KNOWN_NAMES.set(name.replace(/(^|-)[a-z]/g, (start) => start.toUpperCase()), name);
}
/** Where plain connections read (onread): each read is parsed, and what is kept copied, before the next. */
const READ_BUFFER = Buffer.allocUnsafe(64 * 1024);

const enum Framing {
  None,
  Length,
  Chunked,
  UntilClose,
}

const enum ChunkState {
  Size,
  Data,
  DataEnd,
  Trailers,
}

/** One call, from request() until its end or error. */
class Call implements UpstreamCall {
  connection: Connection | undefined;
  done = false;
  /** Already sent again once after a reused connection turned out closed (GET and HEAD only). */
  retried = false;

  constructor(
    readonly request: UpstreamRequest,
    readonly answer: UpstreamAnswer,
  ) {}

  abort(reason: Error): void {
    if (this.done) return;
    if (this.connection) {
      this.connection.fail(reason);
      return;
    }
    // Still waiting for a connection: the pool skips it when its turn comes.
    this.done = true;
    this.answer.onError(reason, false);
  }

  // Once done, the connection may be carrying another call: a late pause or resume (a 'drain' after the end)
  // must not reach it.
  pause(): void {
    if (!this.done) this.connection?.pause();
  }

  resume(): void {
    if (!this.done) this.connection?.resume();
  }
}

class Connection {
  readonly socket: Socket;
  current: Call | undefined;
  /** Calls this connection has carried: a failure on the first is not a stale keep-alive connection. */
  served = 0;
  idleSince = 0;
  keepAliveMs = KEEP_ALIVE_DEFAULT_MS;
  private connected = false;
  private reusable = true;
  private paused = false;
  private readonly timer: NodeJS.Timeout;
  // The answer being read.
  private head: Buffer | undefined;
  private headDone = false;
  private gotBytes = false;
  private framing = Framing.None;
  private remaining = 0;
  private chunkState = ChunkState.Size;
  private line = '';
  /** What was read but not yet handed over when the call paused (a copy: reads share one buffer). */
  private stash: Buffer | undefined;

  constructor(
    private readonly pool: Pool,
    host: string,
    port: number,
    tls: boolean,
  ) {
    // Over TLS as undici connects: the host's name for SNI and the certificate check, HTTP/1.1 by ALPN.
    // Plain connections read into one shared buffer (net's onread): no Buffer and no stream event per read,
    // which were a good part of a call's cost. What is kept past the callback is copied (see onData).
    this.socket = tls
      ? connectTls({ host, port, servername: isIP(host) ? undefined : host, ALPNProtocols: ['http/1.1'] })
      : connect({ host, port, noDelay: true, onread: { buffer: READ_BUFFER, callback: (bytes) => this.onRead(bytes) } });
    if (tls) this.socket.setNoDelay(true);
    this.socket.setTimeout(pool.options.connectTimeout);
    this.socket.once(tls ? 'secureConnect' : 'connect', () => {
      this.connected = true;
      this.socket.setTimeout(0);
    });
    this.socket.once('timeout', () => {
      if (!this.connected) this.fail(new errors.ConnectTimeoutError());
    });
    if (tls) this.socket.on('data', (chunk: Buffer) => this.onData(chunk));
    this.socket.on('error', (error) => this.fail(error));
    this.socket.once('end', () => this.onEnd());
    this.socket.once('close', () => this.onClose());
    this.timer = setTimeout(() => this.onTimer(), pool.options.timeout);
    this.timer.unref();
  }

  start(pending: Call): void {
    this.current = pending;
    pending.connection = this;
    this.served += 1;
    this.head = undefined;
    this.headDone = false;
    this.gotBytes = false;
    this.paused = false;
    this.stash = undefined;
    const { method, path, headers, body } = pending.request;
    if (method === 'HEAD') this.reusable = false;
    let head = `${method} ${path} HTTP/1.1\r\nhost: ${headers.host}\r\nconnection: ${this.reusable ? 'keep-alive' : 'close'}\r\n`;
    for (const name in headers) {
      const value = headers[name];
      if (value === undefined || name === 'host' || name === 'content-length') continue;
      if (Array.isArray(value)) for (const each of value) head += `${name}: ${each}\r\n`;
      else head += `${name}: ${value}\r\n`;
    }
    this.timer.refresh();
    if (body === undefined) {
      this.socket.write(`${head}\r\n`, 'latin1');
      return;
    }
    this.socket.cork();
    this.socket.write(`${head}content-length: ${body.length}\r\n\r\n`, 'latin1');
    this.socket.write(body);
    this.socket.uncork();
  }

  pause(): void {
    this.paused = true;
    this.socket.pause();
  }

  resume(): void {
    this.paused = false;
    this.timer.refresh();
    const stash = this.stash;
    this.stash = undefined;
    if (stash) this.onData(stash);
    // Handing the stash over may have paused the call again.
    if (!this.paused) this.socket.resume();
  }

  /** Ends the current call with `error` and closes the connection. */
  fail(error: Error): void {
    const pending = this.current;
    this.current = undefined;
    this.reusable = false;
    this.socket.destroy();
    if (!pending || pending.done) return;
    pending.done = true;
    this.pool.finished(this);
    pending.answer.onError(error, this.headDone);
  }

  private onTimer(): void {
    if (!this.current) return;
    if (this.paused) {
      this.timer.refresh();
      return;
    }
    this.fail(this.headDone ? new errors.BodyTimeoutError() : new errors.HeadersTimeoutError());
  }

  private onEnd(): void {
    if (this.current && this.headDone && this.framing === Framing.UntilClose) {
      this.complete();
      return;
    }
    this.closedUnderCall();
  }

  private onClose(): void {
    clearTimeout(this.timer);
    this.pool.closed(this);
    this.closedUnderCall();
  }

  /** The back end closed while a call was on this connection. */
  private closedUnderCall(): void {
    const pending = this.current;
    if (!pending) return;
    // A reused connection the back end closed as the call was written (its keep-alive time-out): a call that
    // changes nothing is sent again on a fresh connection, once.
    if (!this.gotBytes && this.served > 1 && !pending.retried && (pending.request.method === 'GET' || pending.request.method === 'HEAD')) {
      this.current = undefined;
      this.reusable = false;
      this.socket.destroy();
      pending.retried = true;
      pending.connection = undefined;
      this.pool.finished(this, pending);
      return;
    }
    this.fail(new errors.SocketError('other side closed'));
  }

  private onRead(bytes: number): boolean {
    this.onData(READ_BUFFER.subarray(0, bytes));
    return true;
  }

  /** `chunk` may be the shared read buffer: anything kept beyond this call is copied. */
  private onData(chunk: Buffer): void {
    if (!this.current) {
      // Bytes nobody asked for: the connection cannot be trusted with another call.
      this.reusable = false;
      this.socket.destroy();
      return;
    }
    this.gotBytes = true;
    // The headers time-out runs from the request to the whole head; only body reads restart the clock.
    if (this.headDone) this.timer.refresh();
    let data: Buffer | undefined = chunk;
    while (data !== undefined && data.length > 0 && this.current) {
      if (this.paused) {
        this.stash = Buffer.from(data);
        return;
      }
      data = this.headDone ? this.readBody(data) : this.readHead(data);
    }
  }

  /** Gathers the head; returns what follows it, or undefined while it is incomplete (or failed). */
  private readHead(chunk: Buffer): Buffer | undefined {
    const from = this.head ? Math.max(0, this.head.length - 3) : 0;
    const buffer = this.head ? Buffer.concat([this.head, chunk]) : chunk;
    const end = buffer.indexOf(CRLF2, from);
    if (end === -1) {
      if (buffer.length > MAX_HEAD_BYTES) this.fail(new errors.HeadersOverflowError());
      else this.head = buffer === chunk ? Buffer.from(chunk) : buffer;
      return undefined;
    }
    if (end > MAX_HEAD_BYTES) {
      this.fail(new errors.HeadersOverflowError());
      return undefined;
    }
    this.head = undefined;
    const rest = buffer.subarray(end + 4);
    const lines = buffer.toString('latin1', 0, end).split('\r\n');
    const status = STATUS_LINE.exec(lines[0]!);
    if (!status) return this.parseError('invalid status line');
    const statusCode = Number(status[2]);
    const headers: UpstreamHeaders = {};
    for (let index = 1; index < lines.length; index++) {
      const line = lines[index]!;
      const colon = line.indexOf(':');
      const name = colon > 0 ? line.slice(0, colon) : '';
      let key = KNOWN_NAMES.get(name);
      if (key === undefined) {
        if (!HEADER_NAME.test(name)) return this.parseError('invalid header');
        key = name.toLowerCase();
      }
      const value = line.slice(colon + 1).trim();
      const previous = headers[key];
      if (previous === undefined) headers[key] = value;
      else if (Array.isArray(previous)) previous.push(value);
      else headers[key] = [previous, value];
    }
    if (statusCode < 200) {
      // 101 would switch protocols, which the fast path never asks for; other 1xx are interim.
      return statusCode === 101 ? this.parseError('unexpected upgrade') : rest;
    }
    const framing = this.framingOf(statusCode, headers);
    if (framing === undefined) return this.parseError('invalid content-length');
    const connection = headers.connection;
    if (
      (typeof connection === 'string' ? /\bclose\b/i.test(connection) : connection !== undefined && connection.some((each) => /\bclose\b/i.test(each))) ||
      (status[1] === '0' && !(typeof connection === 'string' && /\bkeep-alive\b/i.test(connection)))
    ) {
      this.reusable = false;
    }
    this.keepAliveMs = this.pool.keepAliveMsOf(headers['keep-alive']);
    if (this.keepAliveMs <= 0) this.reusable = false;
    this.headDone = true;
    // The body's time-out starts now, unless this read holds the whole answer (the usual small one).
    if (framing !== Framing.None && !(framing === Framing.Length && rest.length >= this.remaining)) this.timer.refresh();
    this.framing = framing;
    this.chunkState = ChunkState.Size;
    this.line = '';
    this.current!.answer.onHead(statusCode, headers);
    if (this.current && framing === Framing.None) {
      if (rest.length > 0) this.reusable = false;
      this.complete();
      return undefined;
    }
    if (this.current && framing === Framing.Length && this.remaining === 0) {
      this.complete();
      return rest.length > 0 ? this.extra() : undefined;
    }
    return rest;
  }

  private framingOf(statusCode: number, headers: UpstreamHeaders): Framing | undefined {
    if (this.current!.request.method === 'HEAD' || statusCode === 204 || statusCode === 304) return Framing.None;
    const coding = headers['transfer-encoding'];
    if (coding !== undefined) {
      const last = (Array.isArray(coding) ? coding.join(',') : coding).split(',').at(-1)!.trim().toLowerCase();
      if (last === 'chunked') return Framing.Chunked;
      this.reusable = false;
      return Framing.UntilClose;
    }
    const length = headers['content-length'];
    if (length === undefined) {
      this.reusable = false;
      return Framing.UntilClose;
    }
    const first = Array.isArray(length) ? length[0]! : length;
    if (!CONTENT_LENGTH.test(first) || (Array.isArray(length) && length.some((value) => value !== first))) return undefined;
    this.remaining = Number(first);
    return Framing.Length;
  }

  /** Hands body bytes over; returns bytes left in the chunk once the answer is complete (which is an error). */
  private readBody(chunk: Buffer): Buffer | undefined {
    if (this.framing === Framing.UntilClose) {
      this.handOver(chunk);
      return undefined;
    }
    if (this.framing === Framing.Length) {
      if (chunk.length < this.remaining) {
        this.remaining -= chunk.length;
        this.handOver(chunk);
        return undefined;
      }
      const body = chunk.length === this.remaining ? chunk : chunk.subarray(0, this.remaining);
      this.remaining = 0;
      this.handOver(body);
      if (this.current) this.complete();
      return chunk.length > body.length ? this.extra() : undefined;
    }
    return this.readChunked(chunk);
  }

  private readChunked(chunk: Buffer): Buffer | undefined {
    let offset = 0;
    while (offset < chunk.length && this.current && !this.paused) {
      if (this.chunkState === ChunkState.Data) {
        const take = Math.min(this.remaining, chunk.length - offset);
        this.handOver(chunk.subarray(offset, offset + take));
        offset += take;
        this.remaining -= take;
        if (this.remaining === 0) this.chunkState = ChunkState.DataEnd;
        continue;
      }
      const newline = chunk.indexOf(10, offset);
      const piece = chunk.toString('latin1', offset, newline === -1 ? chunk.length : newline + 1);
      offset = newline === -1 ? chunk.length : newline + 1;
      this.line += piece;
      if (this.line.length > MAX_HEAD_BYTES) return this.parseError('chunk line too long');
      if (newline === -1) continue;
      if (!this.line.endsWith('\r\n')) return this.parseError('invalid chunk line');
      const line = this.line.slice(0, -2);
      this.line = '';
      if (this.chunkState === ChunkState.DataEnd) {
        if (line !== '') return this.parseError('invalid chunk end');
        this.chunkState = ChunkState.Size;
      } else if (this.chunkState === ChunkState.Size) {
        const size = CHUNK_SIZE.exec(line);
        if (!size) return this.parseError('invalid chunk size');
        this.remaining = parseInt(size[1]!, 16);
        this.chunkState = this.remaining === 0 ? ChunkState.Trailers : ChunkState.Data;
      } else if (line === '') {
        this.complete();
        return offset < chunk.length ? this.extra() : undefined;
      }
      // A trailer line: dropped, as the fast path forwards none (neither does the Fastify path).
    }
    // Paused mid-read: the rest waits for resume() (onData keeps it).
    return offset < chunk.length ? chunk.subarray(offset) : undefined;
  }

  /** Body bytes to the call, copied: they may be in the shared read buffer, and the answer keeps them. */
  private handOver(bytes: Buffer): void {
    this.current!.answer.onData(Buffer.from(bytes));
  }

  private parseError(message: string): undefined {
    this.fail(new errors.HTTPParserError(message));
    return undefined;
  }

  /** Bytes after a complete answer with no call asking: not a connection to reuse. */
  private extra(): undefined {
    this.reusable = false;
    this.socket.destroy();
    return undefined;
  }

  private complete(): void {
    const pending = this.current!;
    this.current = undefined;
    pending.done = true;
    if (this.paused) this.resume();
    if (!this.reusable) this.socket.destroy();
    this.idleSince = Date.now();
    this.pool.finished(this);
    pending.answer.onEnd();
  }

  get isReusable(): boolean {
    return this.reusable && !this.socket.destroyed;
  }
}

class Pool implements UpstreamPool {
  private readonly idle: Connection[] = [];
  private readonly queue: Call[] = [];
  private open = 0;
  private running = 0;
  private closing: (() => void) | undefined;
  private lastHint: string | string[] | undefined;
  private lastHintMs = KEEP_ALIVE_DEFAULT_MS;
  private closedPromise: Promise<void> | undefined;

  constructor(
    private readonly host: string,
    private readonly port: number,
    private readonly tls: boolean,
    readonly options: UpstreamPoolOptions,
  ) {}

  /** The back end's Keep-Alive hint less the threshold, else the default; its one value is read once. */
  keepAliveMsOf(hint: string | string[] | undefined): number {
    if (hint === this.lastHint) return this.lastHintMs;
    const seconds = typeof hint === 'string' ? KEEP_ALIVE_TIMEOUT.exec(hint)?.[1] : undefined;
    this.lastHint = hint;
    this.lastHintMs = seconds === undefined ? KEEP_ALIVE_DEFAULT_MS : Number(seconds) * 1000 - KEEP_ALIVE_THRESHOLD_MS;
    return this.lastHintMs;
  }

  get stats() {
    return { connected: this.open, pending: this.queue.length, running: this.running };
  }

  request(request: UpstreamRequest, answer: UpstreamAnswer): UpstreamCall {
    const call = new Call(request, answer);
    this.dispatch(call);
    return call;
  }

  private dispatch(call: Call): void {
    const now = Date.now();
    let connection = this.idle.pop();
    while (connection && (!connection.isReusable || now - connection.idleSince >= connection.keepAliveMs)) {
      connection.socket.destroy();
      connection = this.idle.pop();
    }
    if (!connection) {
      if (this.open >= this.options.connections) {
        this.queue.push(call);
        return;
      }
      this.open += 1;
      connection = new Connection(this, this.host, this.port, this.tls);
    }
    this.running += 1;
    connection.start(call);
  }

  /** The next waiting call that was not aborted meanwhile. */
  private nextQueued(): Call | undefined {
    let call = this.queue.shift();
    while (call?.done) call = this.queue.shift();
    return call;
  }

  /** A call on `connection` is over; `retry` is a call to send again on another connection. */
  finished(connection: Connection, retry?: Call): void {
    this.running -= 1;
    if (connection.isReusable && !this.closing) this.idle.push(connection);
    else connection.socket.destroy();
    if (retry) this.dispatch(retry);
    // A closed connection frees its slot only when its socket has closed (closed() below).
    if (this.idle.length > 0 || this.open < this.options.connections) {
      const next = this.nextQueued();
      if (next) this.dispatch(next);
    }
    this.checkClosed();
  }

  /** The socket has closed (whoever closed it). */
  closed(connection: Connection): void {
    this.open -= 1;
    const index = this.idle.indexOf(connection);
    if (index !== -1) this.idle.splice(index, 1);
    const next = this.nextQueued();
    if (next) this.dispatch(next);
    this.checkClosed();
  }

  private checkClosed(): void {
    if (this.closing && this.running === 0 && this.queue.length === 0) {
      for (const connection of this.idle.splice(0)) connection.socket.destroy();
      if (this.open === 0) this.closing();
    }
  }

  close(): Promise<void> {
    this.closedPromise ??= new Promise<void>((resolve) => {
      this.closing = resolve;
      this.checkClosed();
    });
    return this.closedPromise;
  }
}

export function createUpstreamPool(origin: string, options: UpstreamPoolOptions): UpstreamPool {
  const url = new URL(origin);
  const tls = url.protocol === 'https:';
  return new Pool(url.hostname, Number(url.port || (tls ? 443 : 80)), tls, options);
}
