/**
 * /api/*: verify the caller's Firebase ID token, then forward to the back end with @fastify/http-proxy
 * (undici). Bodies are read into memory up to the limit (so an oversized or chunked body gets a clean 413)
 * and forwarded as the exact bytes received, never re-serialised.
 */
import { ADMIN_NETWORK_HEADER } from '../../../common/contract/http.ts';
import { bodyLimitMessage, bodyLimitOf } from '../../../common/contract/body-limits.ts';
import { isIP, type BlockList } from 'node:net';
import { Readable } from 'node:stream';
import httpProxy from '@fastify/http-proxy';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../config.ts';
import { sendError } from '../errors.ts';
import type { HeaderSet } from '../security-headers.ts';
import { idTokenOf, type TokenVerifier } from '../../../common/server/token-verifier.ts';

export interface ApiProxyOptions {
  config: GatewayConfig;
  /** The API header set. */
  headers: HeaderSet;
  verifier: TokenVerifier;
}

/** RFC 9110 7.6.1: connection-specific headers a proxy must not forward (Connection-listed ones go too). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'proxy-authenticate', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

declare module 'fastify' {
  interface FastifyRequest {
    /** Size of the buffered request body, so the forwarded Content-Length matches the bytes sent. */
    bodyLength?: number;
    /** The verified caller, for the request's log line (a per-request child logger costs more than the proxying). */
    uid?: string;
  }
}

/** Names a Connection header lists beyond the hop-by-hop ones (usually none: 'keep-alive'). */
function connectionListed(connection: unknown): Set<string> | undefined {
  if (typeof connection !== 'string' || connection === 'keep-alive') return undefined;
  let listed: Set<string> | undefined;
  for (const part of connection.split(',')) {
    const name = part.trim().toLowerCase();
    if (name !== '' && !HOP_BY_HOP.has(name)) (listed ??= new Set()).add(name);
  }
  return listed;
}

/**
 * A copy without hop-by-hop headers. It runs twice per API call, so it copies in one pass rather than
 * spreading and deleting (a delete turns the object into a slow dictionary for every later read).
 */
function copyEndToEnd(headers: Record<string, unknown>, dropped?: string): Record<string, unknown> {
  const listed = connectionListed(headers.connection);
  const out: Record<string, unknown> = {};
  for (const name in headers) {
    if (HOP_BY_HOP.has(name) || listed?.has(name) || name === dropped) continue;
    out[name] = headers[name];
  }
  return out;
}

type RequestHeaders = Record<string, string | string[] | number | undefined>;

export interface Forwarding {
  upstreamHost: string;
  forwardedFor: string;
  protocol: string;
  host: string;
  requestId: string;
  bodyLength: number | undefined;
  /** ADMIN_ALLOWED_CIDRS; undefined when ADMIN may call from anywhere. */
  adminNetworks: BlockList | undefined;
}

/** Verdicts by client address: a BlockList check builds a SocketAddress per call, and a staff member's calls come from one address. */
const verdicts = new WeakMap<BlockList, Map<string, 'inside' | 'outside'>>();
const MAX_VERDICTS = 4096;

/** ADMIN_ALLOWED_CIDRS' verdict on the client address (the first of X-Forwarded-For). */
export function adminNetworkVerdict(networks: BlockList, forwardedFor: string): 'inside' | 'outside' {
  const comma = forwardedFor.indexOf(',');
  const client = (comma === -1 ? forwardedFor : forwardedFor.slice(0, comma)).trim();
  let known = verdicts.get(networks);
  if (known === undefined) verdicts.set(networks, (known = new Map()));
  let verdict = known.get(client);
  if (verdict === undefined) {
    const family = isIP(client);
    verdict = family !== 0 && networks.check(client, family === 4 ? 'ipv4' : 'ipv6') ? 'inside' : 'outside';
    if (known.size >= MAX_VERDICTS) known.clear();
    known.set(client, verdict);
  }
  return verdict;
}

/**
 * The headers the back end receives, for both writers (this plugin and api-fast-path.ts). X-Forwarded-For is
 * Fastify's own trust decision (TRUST_PROXY), the one request.ip, .protocol and .host use: the peer and the
 * hops it vouches for, nearest last, cut at the first untrusted one. At the edge (no trusted proxy) there is
 * no chain to keep: a client-sent one is a lie.
 */
export function forwardedRequestHeaders(headers: RequestHeaders, forwarding: Forwarding): RequestHeaders {
  // The ADMIN network verdict is the gateway's alone: a caller's own is dropped in the copy (a delete would
  // turn the object into a slow dictionary for undici's reads of every header).
  const out = copyEndToEnd(headers, ADMIN_NETWORK_HEADER) as RequestHeaders;
  out.host = forwarding.upstreamHost;
  out['x-forwarded-for'] = forwarding.forwardedFor;
  out['x-forwarded-proto'] = forwarding.protocol;
  out['x-forwarded-host'] = forwarding.host;
  out['x-request-id'] = forwarding.requestId;
  if (forwarding.adminNetworks) out[ADMIN_NETWORK_HEADER] = adminNetworkVerdict(forwarding.adminNetworks, forwarding.forwardedFor);
  if (forwarding.bodyLength !== undefined) out['content-length'] = forwarding.bodyLength;
  return out;
}

/**
 * The body limit of an /api/ call: the back end's own for its route (so a body the back end would refuse is
 * refused here with a 413 naming the limit, never forwarded to a connection the back end drops), within
 * API_BODY_LIMIT_BYTES.
 */
export function apiBodyLimit(config: GatewayConfig, method: string, url: string): number {
  return Math.min(config.apiBodyLimitBytes, bodyLimitOf(method, url).bytes);
}

/** The 413 sentence of an /api/ call: the route's file or body limit, or the gateway's own where that is lower. */
export function apiBodyLimitMessage(gatewayLimit: number, method: string, url: string): string {
  const limit = bodyLimitOf(method, url);
  return bodyLimitMessage(gatewayLimit < limit.bytes ? { bytes: gatewayLimit } : limit);
}

/** What /api/ forwards; any other method gets 405 from the gateway (plugins/errors.ts). */
export const API_METHODS = ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT'];

/**
 * The headers of an upstream answer, for both writers: its own status line, body and headers (Content-Type,
 * Content-Disposition, Cache-Control...) without hop-by-hop ones, then the API header set. Its own
 * Content-Security-Policy stays: a document the back end serves inline carries the policy written for it
 * (`default-src 'none'; frame-ancestors 'none'; sandbox`), which the gateway must not swap for another. An
 * answer that says nothing about caching is not cached: it is someone's data.
 */
export function apiResponseHeaders<T extends Record<string, unknown>>(headers: T, api: HeaderSet, requestId: string | undefined): T {
  const out = copyEndToEnd(headers);
  for (const name in api) out[name] = api[name];
  if (requestId !== undefined) out['x-request-id'] = requestId;
  if (headers['content-security-policy'] !== undefined) out['content-security-policy'] = headers['content-security-policy'];
  if (headers['cache-control'] === undefined) out['cache-control'] = 'no-store';
  return out as T;
}

/** The client settings of both writers (undici here, api-upstream.ts on the fast path): the API time-out bounds the wait for headers and for body data. */
export function proxyOptions(config: GatewayConfig) {
  return {
    connections: 128,
    headersTimeout: config.apiTimeoutMs,
    bodyTimeout: config.apiTimeoutMs,
    connectTimeout: Math.min(config.apiTimeoutMs, 10_000),
  };
}

export async function apiProxy(app: FastifyInstance, { config, headers: api, verifier }: ApiProxyOptions): Promise<void> {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const idToken = idTokenOf(request.headers.authorization);
    if (!idToken) return sendError(reply, api, 401, 'UNAUTHORIZED');
    const result = await verifier.verify(idToken);
    if (result.ok) {
      request.uid = result.token.uid;
      const length = Number(request.headers['content-length']);
      if (length > apiBodyLimit(config, request.method, request.url)) return sendError(reply, api, 413, 'PAYLOAD_TOO_LARGE', apiBodyLimitMessage(config.apiBodyLimitBytes, request.method, request.url));
      return;
    }
    request.log.info({ reason: result.reason, detail: result.detail }, 'token rejected');
    if (result.reason === 'unavailable') return sendError(reply, api, 503, 'AUTH_UNAVAILABLE');
    return sendError(reply, api, 401, result.reason === 'expired' ? 'TOKEN_EXPIRED' : 'AUTHENTICATION_FAILED');
  });

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: config.apiBodyLimitBytes }, (request, body, done) => {
    // A chunked body has no length to check up front: it is held to its route's limit once read.
    if ((body as Buffer).length > apiBodyLimit(config, request.method, request.url)) {
      done(Object.assign(new Error('body too large'), { statusCode: 413 }), undefined);
      return;
    }
    request.bodyLength = (body as Buffer).length;
    // A stream, so @fastify/reply-from sends these bytes as they are instead of JSON-encoding a parsed body.
    done(null, Readable.from([body as Buffer], { objectMode: false }));
  });

  await app.register(httpProxy, {
    upstream: config.apiUpstream,
    prefix: '/api',
    rewritePrefix: '/api',
    httpMethods: API_METHODS,
    proxyPayloads: false,
    // One line per request comes from request-logging.ts; reply-from's own two info lines per call doubled
    // the log volume and cost more CPU than the forwarding itself (npm run bench:api, info logs).
    disableRequestLogging: true,
    undici: proxyOptions(config),
    replyOptions: {
      // Retrying is the client's call: a silent retry of a POST could apply it twice.
      retryDelay: () => null,
      rewriteRequestHeaders: (request, headers) =>
        forwardedRequestHeaders(headers, {
          upstreamHost: headers.host ?? '',
          forwardedFor: request.ips ? [...request.ips].reverse().join(', ') : (request.socket.remoteAddress ?? ''),
          protocol: request.protocol,
          host: request.host,
          requestId: request.id,
          bodyLength: request.bodyLength,
          adminNetworks: config.adminNetworks,
        }) as typeof headers,
      // Set here rather than in an onSend hook, which cost a hook run per call.
      rewriteHeaders: (headers, request) => apiResponseHeaders(headers, api, request?.id),
      onError: (reply, { error }) => {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REPLY_FROM_GATEWAY_TIMEOUT') {
          return sendError(reply as FastifyReply, api, 504, 'UPSTREAM_TIMEOUT');
        }
        return sendError(reply as FastifyReply, api, 502, 'UPSTREAM_UNAVAILABLE');
      },
    },
  });
}
