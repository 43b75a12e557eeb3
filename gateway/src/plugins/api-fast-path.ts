/**
 * /api/ calls whose token the verifier already trusts, answered on the Node server before Fastify builds its
 * request and reply objects (like the static files' fast path in static-site.ts). Fastify's lifecycle and
 * @fastify/http-proxy's per-call work were most of the API path's CPU (docs/benchmarks.md, "The API path"), and
 * after the first call of a session the token check is a map lookup, so this is where the time went.
 *
 * It must answer exactly as the Fastify path in api-proxy.ts does (tests/gateway/api-fast-path.test.ts sends
 * the same requests both ways and compares them), so it only takes what it can reproduce: a cached token, a
 * plain path under /api/ (no dot segments or escapes that URL resolution would change), the SSE stream left to
 * event-stream.ts, no body on GET/HEAD/DELETE/OPTIONS, and on POST/PUT/PATCH a body of a declared length
 * within the limit and of a well-formed media type. Everything else (an unknown token, a chunked, oversized,
 * untyped or mistyped body, Expect, Upgrade, shutting down) goes to Fastify, which answers the 401s, 413s,
 * 415s and 503s.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger } from 'fastify';
import type { GatewayConfig } from '../config.ts';
import { API_ROUTE, type UpstreamStats } from '../metrics.ts';
import type { RequestMetrics } from '../../../common/server/metrics.ts';
import { writeError } from '../errors.ts';
import { requestIdOf } from '../request-id.ts';
import type { HeaderSet } from '../security-headers.ts';
import { idTokenOf, type TokenVerifier } from '../../../common/server/token-verifier.ts';
import { apiBodyLimit, apiResponseHeaders, forwardedRequestHeaders, proxyOptions } from './api-proxy.ts';
import { EVENT_STREAM_PATH } from './event-stream.ts';
import { PUBLIC_PREFIX } from './public-api.ts';
import { createUpstreamPool, type UpstreamAnswer, type UpstreamCall, type UpstreamHeaders } from './api-upstream.ts';
import { redactUrl } from './request-logging.ts';

export interface ApiFastPath {
  /** true when the request was answered (or is being answered) here. */
  handle(request: IncomingMessage, response: ServerResponse): boolean;
  /** Fastify is closing: leave every call to it so it answers 503 as it does for the rest. */
  stop(): void;
  close(): Promise<void>;
  /** Its connection pool to the back end, for the metrics. */
  upstreamStats(): UpstreamStats;
}

export interface ApiFastPathOptions {
  config: GatewayConfig;
  /** The API header set. */
  headers: HeaderSet;
  verifier: TokenVerifier;
  isShuttingDown: () => boolean;
  log: () => FastifyBaseLogger;
  /** Each answered call's status and time (the metrics' request table). */
  requests: RequestMetrics;
}

/** Path segments the upstream URL keeps as they are: no dot segments, escapes, empty segments or backslashes. */
const PLAIN_API_PATH = /^\/api(?:\/(?!\.)[A-Za-z0-9\-._~!$&'()*+,;=:@]+)+\/?$/;
const NO_BODY = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS']);
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);
const DECIMAL = /^\d{1,15}$/;
/** A Content-Type Fastify reads as a media type (fastify/lib/content-type.js); others get its 415. */
const MEDIA_TYPE = /^\s*[\w!#$%&'*+.^`|~-]+\/[\w!#$%&'*+.^`|~-]+\s*(?:;|$)/;
/**
 * Answers up to this size (by their Content-Length) are read whole and written with their head in one write:
 * writing the head, each chunk and the end as they come cost a socket write each, and the API's answers are
 * mostly a few hundred bytes. Larger ones, and those without a length, stream.
 */
const WHOLE_ANSWER_BYTES = 64 * 1024;

/**
 * Why a call is aborted when its caller closed the connection first: an ordinary event (a tab closed, a page
 * left mid-load), logged at info in one line rather than as an upstream failure with its stack.
 */
class CallerGone extends Error {
  constructor() {
    super('the caller went away');
  }
}

/** What every call's answer shares. */
interface Answering {
  api: HeaderSet;
  log: () => FastifyBaseLogger;
  requests: RequestMetrics;
}

/**
 * One call's answer, taken from the upstream client (api-upstream.ts) as it arrives. A small answer (by its
 * Content-Length) is gathered and written with its head in one write; a larger one, or one without a length,
 * streams with back-pressure (pause while the caller's socket is full), and a broken upstream body destroys
 * the response, as Fastify's stream reply does.
 */
class ForwardedAnswer implements UpstreamAnswer {
  /** Answered already (the 502 for a status Node refused): a later error has nothing left to end. */
  private refused = false;
  private whole: Buffer[] | undefined;
  private headers: OutgoingHttpHeaders = {};
  private status = 0;
  private upstream!: UpstreamCall;

  // One object per call and no closures but the one listener: the fast path's own work is a few µs a call.
  constructor(
    private readonly request: IncomingMessage,
    private readonly response: ServerResponse,
    private readonly id: string,
    private readonly startedAt: number,
    private readonly shared: Answering,
  ) {}

  /** Once the upstream call exists: the caller closing before the answer is written ends it. */
  watch(upstream: UpstreamCall): void {
    this.upstream = upstream;
    // 'close' comes once per response, so `on` (once's wrapper is an allocation per call).
    this.response.on('close', () => {
      if (!this.response.writableFinished) upstream.abort(new CallerGone());
    });
  }

  /** Counts the call in the metrics once its answer is written. */
  answered(status: number): void {
    this.shared.requests.record(API_ROUTE, this.request.method!, status, (performance.now() - this.startedAt) / 1000);
  }

  fail(errorCode: 'UPSTREAM_TIMEOUT' | 'UPSTREAM_UNAVAILABLE'): void {
    const { response } = this;
    if (response.headersSent || response.destroyed) return;
    const status = errorCode === 'UPSTREAM_TIMEOUT' ? 504 : 502;
    writeError(response, this.shared.api, this.id, { status, errorCode });
    this.answered(status);
  }

  onHead(statusCode: number, headers: UpstreamHeaders): void {
    const { request, id } = this;
    const { api } = this.shared;
    if (request.destroyed && !request.complete) {
      this.upstream.abort(new CallerGone());
      return;
    }
    this.status = statusCode;
    this.headers = apiResponseHeaders(headers, api, id) as OutgoingHttpHeaders;
    const length = headers['content-length'];
    if (typeof length === 'string' && DECIMAL.test(length) && Number(length) <= WHOLE_ANSWER_BYTES) this.whole = [];
    else if (!this.writeHead()) this.upstream.abort(new Error('invalid status code'));
  }

  onData(chunk: Buffer): void {
    if (this.whole) {
      this.whole.push(chunk);
      return;
    }
    const { response } = this;
    if (!response.write(chunk)) {
      this.upstream.pause();
      response.once('drain', () => this.upstream.resume());
    }
  }

  onEnd(): void {
    const { response } = this;
    if (!this.whole) {
      response.end();
      this.answered(this.status);
      return;
    }
    const body = this.whole.length === 1 ? this.whole[0]! : Buffer.concat(this.whole);
    if (this.writeHead()) {
      response.end(body);
      this.answered(this.status);
    }
  }

  onError(error: Error, started: boolean): void {
    const { response, id } = this;
    const { log } = this.shared;
    if (this.refused) return;
    if (started) {
      response.destroy();
      return;
    }
    if (error instanceof CallerGone) {
      const { request } = this;
      log().info({ requestId: id, method: request.method, url: redactUrl(request.url!) }, 'the caller went away before the answer');
      return;
    }
    log().child({ requestId: id }).warn(error, 'response errored');
    // As reply-from sorts them for api-proxy.ts's onError: only a missed headers deadline is a time-out.
    this.fail((error as { code?: string }).code === 'UND_ERR_HEADERS_TIMEOUT' ? 'UPSTREAM_TIMEOUT' : 'UPSTREAM_UNAVAILABLE');
  }

  /** false, answered 502, when Node will not send the status or a header, as reply-from answers an invalid status code. */
  private writeHead(): boolean {
    const { response, id } = this;
    const { log } = this.shared;
    try {
      response.writeHead(this.status, this.headers);
      return true;
    } catch (invalid) {
      log().child({ requestId: id }).warn(invalid, 'response has invalid status code');
      for (const name of response.getHeaderNames()) response.removeHeader(name);
      this.refused = true;
      this.fail('UPSTREAM_UNAVAILABLE');
      return false;
    }
  }
}

type LevelAware = FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };

export function createApiFastPath({ config, headers: api, verifier, isShuttingDown, log, requests }: ApiFastPathOptions): ApiFastPath {
  const upstream = new URL(config.apiUpstream);
  const { connections, headersTimeout: timeout, connectTimeout } = proxyOptions(config);
  const pool = createUpstreamPool(upstream.origin, { connections, timeout, connectTimeout });
  // Fastify's own trust decision (TRUST_PROXY), compiled the same way (fastify/lib/request.js).
  const trust = config.trustProxy === true ? () => true : config.trustProxy === false ? undefined : proxyAddr.compile(config.trustProxy);
  let stopped = false;
  const shared: Answering = { api, log, requests };

  const lastEntry = (value: string) => value.slice(value.lastIndexOf(',') + 1).trim();

  function forwarding(request: IncomingMessage): { ips: string[] | undefined; protocol: string; host: string } {
    const socket = request.socket as IncomingMessage['socket'] & { encrypted?: boolean };
    const ownProtocol = socket.encrypted ? 'https' : 'http';
    const host = request.headers.host ?? '';
    if (!trust) return { ips: undefined, protocol: ownProtocol, host };
    const peerTrusted = trust(socket.remoteAddress ?? '', 0);
    // Node joins repeats of these (unlisted) headers with ', ', so they are strings here.
    const forwardedProto = request.headers['x-forwarded-proto'] as string | undefined;
    const forwardedHost = request.headers['x-forwarded-host'] as string | undefined;
    return {
      ips: proxyAddr.all(request, trust),
      protocol: forwardedProto && peerTrusted ? lastEntry(forwardedProto) : ownProtocol,
      host: forwardedHost && peerTrusted ? lastEntry(forwardedHost) : host,
    };
  }

  /** The caller's uid when this call is one the fast path answers exactly as Fastify would. */
  function eligible(request: IncomingMessage): string | undefined {
    const url = request.url!;
    if (!url.startsWith('/api/')) return undefined;
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    // The website's public endpoints are rate-limited and checked in public-api.ts, token or not.
    if (path === EVENT_STREAM_PATH || path.startsWith(PUBLIC_PREFIX) || !PLAIN_API_PATH.test(path)) return undefined;
    const headers = request.headers;
    if (headers['transfer-encoding'] !== undefined || headers.expect !== undefined || headers.upgrade !== undefined) return undefined;
    const length = headers['content-length'];
    if (NO_BODY.has(request.method!)) {
      if (length !== undefined || headers['content-type'] !== undefined) return undefined;
    } else if (WITH_BODY.has(request.method!)) {
      const type = headers['content-type'];
      if (type === undefined || !MEDIA_TYPE.test(type) || length === undefined || !DECIMAL.test(length)) return undefined;
      const bytes = Number(length);
      if (bytes === 0 || bytes > apiBodyLimit(config, request.method!, url)) return undefined;
    } else {
      return undefined;
    }
    const idToken = idTokenOf(headers.authorization);
    return idToken === undefined ? undefined : verifier.cached(idToken)?.uid;
  }

  function forward(request: IncomingMessage, response: ServerResponse, uid: string, body: Buffer | undefined, startedAt: number): void {
    const id = requestIdOf(request);
    const { ips, protocol, host } = forwarding(request);
    const url = request.url!;
    const headers = forwardedRequestHeaders(request.headers, {
      upstreamHost: upstream.host,
      forwardedFor: ips ? [...ips].reverse().join(', ') : (request.socket.remoteAddress ?? ''),
      protocol,
      host,
      requestId: id,
      bodyLength: body?.length,
      adminNetworks: config.adminNetworks,
    });

    // Decided as the call starts, so at warn a call costs no listener and no closure for its log line.
    const logger = log() as LevelAware;
    if (logger.isLevelEnabled?.('info') !== false) {
      response.once('finish', () => {
        logger.info(
          {
            requestId: id,
            method: request.method,
            url: redactUrl(url),
            statusCode: response.statusCode,
            responseTimeMs: Math.round((performance.now() - startedAt) * 10) / 10,
            remoteAddress: ips ? ips[ips.length - 1] : request.socket.remoteAddress,
            uid,
          },
          'request completed',
        );
      });
    }

    const answer = new ForwardedAnswer(request, response, id, startedAt, shared);
    // reply-from sends the path as resolved against API_UPSTREAM (unchanged for the plain paths taken here)
    // and the query string as received.
    answer.watch(pool.request({ method: request.method!, path: url, headers, body }, answer));
  }

  return {
    handle(request, response) {
      if (stopped || isShuttingDown()) return false;
      const uid = eligible(request);
      if (uid === undefined) return false;
      const startedAt = performance.now();
      if (!WITH_BODY.has(request.method!)) {
        forward(request, response, uid, undefined, startedAt);
        return true;
      }
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.once('end', () => forward(request, response, uid, Buffer.concat(chunks), startedAt));
      return true;
    },
    stop() {
      stopped = true;
    },
    close: () => pool.close(),
    upstreamStats: () => pool.stats,
  };
}
