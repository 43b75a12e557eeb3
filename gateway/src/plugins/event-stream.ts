/**
 * GET /api/notifications/stream: the one long-lived API call. The general proxy bounds every call by
 * API_TIMEOUT_MS (120 s) and is built for whole answers, so this path is handled here, before it: the token
 * is verified when the stream opens and again every AUTH_CACHE_MS (a revoked session stops within that
 * window), the stream ends when the token expires, and upstream bytes are written through as they come
 * (no buffering, no overall time-out; the back end's heartbeats keep idle proxies from cutting it).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_NETWORK_HEADER, API_BASE } from '../../../common/contract/http.ts';
import { adminNetworkVerdict } from './api-proxy.ts';
import { requestOf } from '../../../common/contract/endpoint.ts';
import { notificationsRoutes } from '../../../common/contract/notifications-paths.ts';
import type { GatewayConfig } from '../config.ts';
import { sendError } from '../errors.ts';
import type { HeaderSet } from '../security-headers.ts';
import { idTokenOf, type TokenVerifier, type VerifyResult } from '../../../common/server/token-verifier.ts';

export interface EventStreamOptions {
  config: GatewayConfig;
  /** The API header set. */
  headers: HeaderSet;
  verifier: TokenVerifier;
}

export const EVENT_STREAM_PATH = `${API_BASE}${requestOf(notificationsRoutes.stream).path}`;

/** How often an open stream's token is checked again when the verifier caches nothing (AUTH_CACHE_MS=0). */
const DEFAULT_RECHECK_MS = 30_000;

/** Request headers the back end needs; everything else (cookies, hop-by-hop) stays at the edge. */
const FORWARDED_HEADERS = ['authorization', 'last-event-id', 'user-agent', 'accept-language'];

export async function eventStream(app: FastifyInstance, { config, headers: api, verifier }: EventStreamOptions): Promise<void> {
  const openStreams = new Set<() => void>();
  // Streams would otherwise hold a graceful shutdown for SHUTDOWN_TIMEOUT_MS; browsers reconnect elsewhere.
  app.addHook('preClose', () => {
    for (const end of openStreams) end();
  });

  const reject = (request: FastifyRequest, reply: FastifyReply, result: Exclude<VerifyResult, { ok: true }>) => {
    request.log.info({ reason: result.reason, detail: result.detail }, 'token rejected');
    if (result.reason === 'unavailable') return sendError(reply, api, 503, 'AUTH_UNAVAILABLE');
    return sendError(reply, api, 401, result.reason === 'expired' ? 'TOKEN_EXPIRED' : 'AUTHENTICATION_FAILED');
  };

  app.get(EVENT_STREAM_PATH, async (request, reply) => {
    const idToken = idTokenOf(request.headers.authorization);
    if (!idToken) return sendError(reply, api, 401, 'UNAUTHORIZED');
    const verified = await verifier.verify(idToken);
    if (!verified.ok) return reject(request, reply, verified);
    request.log = request.log.child({ uid: verified.token.uid });

    const upstreamAbort = new AbortController();
    const headers: Record<string, string> = {
      'x-request-id': request.id,
      'x-forwarded-for': request.ips ? [...request.ips].reverse().join(', ') : (request.socket.remoteAddress ?? ''),
      'x-forwarded-proto': request.protocol,
      'x-forwarded-host': request.host,
      accept: 'text/event-stream',
    };
    for (const name of FORWARDED_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    // The stream is an ADMIN's call like any other: without the verdict the back end applies no network rule.
    const verdict = config.adminNetworks ? adminNetworkVerdict(config.adminNetworks, headers['x-forwarded-for']!) : undefined;
    if (verdict) headers[ADMIN_NETWORK_HEADER] = verdict;
    let upstream: Response;
    // Only the wait for the answer's head is bounded; the body is open-ended by design.
    const headTimer = setTimeout(() => upstreamAbort.abort(), config.apiTimeoutMs);
    try {
      upstream = await fetch(`${config.apiUpstream}${EVENT_STREAM_PATH}`, { headers, signal: upstreamAbort.signal });
    } catch (error) {
      request.log.warn({ err: error }, 'event stream upstream failed');
      return upstreamAbort.signal.aborted ? sendError(reply, api, 504, 'UPSTREAM_TIMEOUT') : sendError(reply, api, 502, 'UPSTREAM_UNAVAILABLE');
    } finally {
      clearTimeout(headTimer);
    }
    if (upstream.status !== 200 || !upstream.body) {
      // The back end's own error answer ({errorCode, message}) goes through as it is.
      const body = Buffer.from(await upstream.arrayBuffer());
      return reply
        .code(upstream.status)
        .headers(api)
        .header('content-type', upstream.headers.get('content-type') ?? 'application/json; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-request-id', request.id)
        .send(body);
    }

    reply.hijack();
    const out = reply.raw;
    out.writeHead(200, {
      ...api,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      'x-request-id': request.id,
    });
    out.flushHeaders();

    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(recheck);
      clearTimeout(expiry);
      openStreams.delete(end);
      upstreamAbort.abort();
      out.end();
    };
    openStreams.add(end);
    const expiry = setTimeout(end, Math.max(0, verified.token.exp * 1000 - Date.now()));
    const recheck = setInterval(
      () => {
        void verifier.verify(idToken).then((result) => {
          // 'unavailable' is the Auth service's trouble, not the user's: the stream stays until a clear answer.
          if (!result.ok && result.reason !== 'unavailable') {
            request.log.info({ reason: result.reason }, 'event stream closed: token no longer valid');
            end();
          }
        });
      },
      config.auth.cacheMs > 0 ? config.auth.cacheMs : DEFAULT_RECHECK_MS,
    );
    out.once('close', end);

    const reader = upstream.body.getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done || ended) break;
        out.write(value);
      }
    } catch (error) {
      if (!ended) request.log.info({ err: error }, 'event stream upstream ended');
    }
    end();
  });
}
