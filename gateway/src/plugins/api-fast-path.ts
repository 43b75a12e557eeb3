/**
 * /api/ calls whose token the verifier already trusts, answered on the Node server before Fastify builds its
 * request and reply objects (like the static files' fast path in static-site.ts). Fastify's lifecycle and
 * @fastify/http-proxy's per-call work were most of the API path's CPU (README, "The API path, measured"), and
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
import type { Readable } from 'node:stream';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger } from 'fastify';
import { Pool, type Dispatcher } from 'undici';
import type { GatewayConfig } from '../config.ts';
import { writeError } from '../errors.ts';
import { requestIdOf } from '../request-id.ts';
import type { HeaderSet } from '../security-headers.ts';
import { idTokenOf, type TokenVerifier } from '../../../common/server/token-verifier.ts';
import { apiResponseHeaders, forwardedRequestHeaders, proxyOptions } from './api-proxy.ts';
import { EVENT_STREAM_PATH } from './event-stream.ts';
import { PUBLIC_PREFIX } from './public-api.ts';
import { redactUrl } from './request-logging.ts';

export interface ApiFastPath {
  /** true when the request was answered (or is being answered) here. */
  handle(request: IncomingMessage, response: ServerResponse): boolean;
  /** Fastify is closing: leave every call to it so it answers 503 as it does for the rest. */
  stop(): void;
  close(): Promise<void>;
}

export interface ApiFastPathOptions {
  config: GatewayConfig;
  /** The API header set. */
  headers: HeaderSet;
  verifier: TokenVerifier;
  isShuttingDown: () => boolean;
  log: () => FastifyBaseLogger;
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
 * The answer's body to the caller with back-pressure, as Fastify's stream reply does it (pipe, and on a broken
 * upstream body a destroyed response); stream.pipeline's abort-signal set-up cost more than the copy here.
 */
function relay(body: Readable, response: ServerResponse): void {
  body.on('data', (chunk: Buffer) => {
    if (!response.write(chunk)) {
      body.pause();
      response.once('drain', () => body.resume());
    }
  });
  body.once('end', () => response.end());
  body.once('error', () => response.destroy());
  response.once('close', () => {
    if (!response.writableFinished) body.destroy();
  });
}

/** A small answer's body as one buffer, so its head and body leave in one write (see WHOLE_ANSWER_BYTES). */
function readWhole(body: Readable, response: ServerResponse, done: (whole: Buffer) => void): void {
  const chunks: Buffer[] = [];
  body.on('data', (chunk: Buffer) => chunks.push(chunk));
  body.once('end', () => done(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
  body.once('error', () => response.destroy());
  response.once('close', () => {
    if (!response.writableFinished) body.destroy();
  });
}

type LevelAware = FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };

export function createApiFastPath({ config, headers: api, verifier, isShuttingDown, log }: ApiFastPathOptions): ApiFastPath {
  const upstream = new URL(config.apiUpstream);
  const pool = new Pool(upstream.origin, proxyOptions(config));
  // Fastify's own trust decision (TRUST_PROXY), compiled the same way (fastify/lib/request.js).
  const trust = config.trustProxy === true ? () => true : config.trustProxy === false ? undefined : proxyAddr.compile(config.trustProxy);
  let stopped = false;

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
      if (bytes === 0 || bytes > config.apiBodyLimitBytes) return undefined;
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
    });

    response.once('finish', () => {
      const logger = log() as LevelAware;
      if (logger.isLevelEnabled?.('info') === false) return;
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

    const options: Dispatcher.RequestOptions = {
      // reply-from sends the path as resolved against API_UPSTREAM (unchanged for the plain paths taken here)
      // and the query string as received.
      path: url,
      method: request.method as Dispatcher.HttpMethod,
      headers: headers as Record<string, string>,
      body: body ?? null,
    };
    const fail = (errorCode: 'UPSTREAM_TIMEOUT' | 'UPSTREAM_UNAVAILABLE') => {
      if (response.headersSent || response.destroyed) return;
      writeError(response, api, id, { status: errorCode === 'UPSTREAM_TIMEOUT' ? 504 : 502, errorCode });
    };

    pool.request(options, (error, answer) => {
      if (error) {
        log().child({ requestId: id }).warn(error, 'response errored');
        // As reply-from sorts them for api-proxy.ts's onError: only a missed headers deadline is a time-out.
        fail((error as { code?: string }).code === 'UND_ERR_HEADERS_TIMEOUT' ? 'UPSTREAM_TIMEOUT' : 'UPSTREAM_UNAVAILABLE');
        return;
      }
      if (request.destroyed && !request.complete) {
        answer.body.destroy();
        return;
      }
      delete answer.headers['transfer-encoding'];
      const headers = apiResponseHeaders(answer.headers, api, id) as OutgoingHttpHeaders;
      /** false, answered 502, when Node will not send the status or a header, as reply-from answers an invalid status code. */
      const writeHead = (): boolean => {
        try {
          response.writeHead(answer.statusCode, headers);
          return true;
        } catch (invalid) {
          log().child({ requestId: id }).warn(invalid, 'response has invalid status code');
          for (const name of response.getHeaderNames()) response.removeHeader(name);
          fail('UPSTREAM_UNAVAILABLE');
          return false;
        }
      };
      const length = answer.headers['content-length'];
      if (typeof length === 'string' && DECIMAL.test(length) && Number(length) <= WHOLE_ANSWER_BYTES) {
        readWhole(answer.body, response, (body) => {
          if (writeHead()) response.end(body);
        });
      } else if (writeHead()) {
        relay(answer.body, response);
      } else {
        answer.body.destroy();
      }
    });
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
  };
}
