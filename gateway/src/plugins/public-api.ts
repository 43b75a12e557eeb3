/**
 * The website's public endpoints: the one narrow exception to "every /api/ call carries a verified token".
 * Exactly the routes of PUBLIC_API_ROUTES are registered here, outside api-proxy.ts's scope (so its token
 * check does not run for them) and ahead of its /api/* wildcard (a static route wins over a wildcard); any
 * other method or path under /api/public/ falls to the wildcard and needs a token like the rest. The API fast
 * path leaves /api/public/ alone (api-fast-path.ts), so nothing here can be skipped by sending a token.
 *
 * Per request, before the body is read: the path's parameters are checked (400 naming the field), a browser's
 * Origin must be one of PUBLIC_API_ORIGINS (CORS for those only; none when unset; a foreign origin's post is
 * refused, since a multipart form needs no preflight), and each post counts against its client address's
 * budget (PUBLIC_RATE_LIMIT per PUBLIC_RATE_WINDOW_MS; over it, 429 with Retry-After). Then the body is read up
 * to the route's limit and forwarded as received; the back end validates its fields.
 *
 * The client address is Fastify's request.ip: the TCP peer, unless TRUST_PROXY names the load balancer in front,
 * in which case the address that proxy appends to X-Forwarded-For. With TRUST_PROXY unset (false) a client-sent
 * X-Forwarded-For is ignored, so it cannot be used to spend another address's budget or escape one's own.
 */
import { Readable } from 'node:stream';
import replyFrom from '@fastify/reply-from';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_APPLICATION_REQUEST_BYTES } from '../../../common/contract/careers-paths.ts';
import { ENQUIRY_KINDS } from '../../../common/contract/enquiries-paths.ts';
import type { GatewayConfig } from '../config.ts';
import { sendError } from '../errors.ts';
import type { HeaderSet } from '../security-headers.ts';
import { apiResponseHeaders, forwardedRequestHeaders, proxyOptions } from './api-proxy.ts';

export interface PublicRoute {
  method: 'GET' | 'POST';
  url: string;
  /** Content types a post may have, and its largest body. */
  body?: { types: readonly string[]; limit: number };
}

/** The only /api/ routes that answer without a token (the issue's list; tests compare both sides with it). */
export const PUBLIC_API_ROUTES: readonly PublicRoute[] = [
  { method: 'POST', url: '/api/public/enquiries/:kind', body: { types: ['application/json'], limit: 16 * 1024 } },
  { method: 'GET', url: '/api/public/jobs' },
  { method: 'GET', url: '/api/public/jobs/:id' },
  { method: 'POST', url: '/api/public/jobs/:id/applications', body: { types: ['multipart/form-data'], limit: MAX_APPLICATION_REQUEST_BYTES } },
  { method: 'GET', url: '/api/public/faqs' },
];

export const PUBLIC_PREFIX = '/api/public/';

const PARAMS: Record<string, (value: string) => boolean> = {
  kind: (value) => (ENQUIRY_KINDS as readonly string[]).includes(value),
  id: (value) => /^[1-9][0-9]{0,9}$/.test(value) && Number(value) <= 2_147_483_647,
};

/**
 * Sliding-window counts per client address: the times of its last posts within the window. Memory is bounded
 * by the addresses seen in one window (each holds at most `limit` times); a sweep drops the idle ones.
 */
export class RateLimiter {
  private readonly hits = new Map<string, number[]>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.timer = setInterval(() => this.sweep(), windowMs);
    this.timer.unref();
  }

  /** null when allowed (and counted); else the seconds until the oldest counted post leaves the window. */
  take(key: string): number | null {
    const now = this.now();
    const recent = (this.hits.get(key) ?? []).filter((at) => at > now - this.windowMs);
    if (recent.length >= this.limit) {
      this.hits.set(key, recent);
      return Math.max(1, Math.ceil((recent[0]! + this.windowMs - now) / 1000));
    }
    recent.push(now);
    this.hits.set(key, recent);
    return null;
  }

  sweep(): void {
    const cutoff = this.now() - this.windowMs;
    for (const [key, times] of this.hits) if (times.every((at) => at <= cutoff)) this.hits.delete(key);
  }

  close(): void {
    clearInterval(this.timer);
  }
}

export interface PublicApiOptions {
  config: GatewayConfig;
  headers: HeaderSet;
}

const mediaType = (header: string | undefined) => header?.split(';', 1)[0]!.trim().toLowerCase() ?? '';

export async function publicApi(app: FastifyInstance, { config, headers: api }: PublicApiOptions): Promise<void> {
  const origins = new Set(config.publicApi.origins);
  const limiter = new RateLimiter(config.publicApi.rateLimit, config.publicApi.rateWindowMs);
  app.addHook('onClose', async () => limiter.close());

  const corsHeaders = (request: FastifyRequest, reply: FastifyReply): void => {
    reply.header('vary', 'Origin');
    const origin = request.headers.origin;
    if (origin !== undefined && origins.has(origin)) reply.header('access-control-allow-origin', origin);
  };

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (request, body, done) => {
    request.bodyLength = (body as Buffer).length;
    done(null, Readable.from([body as Buffer], { objectMode: false }));
  });

  await app.register(replyFrom, { base: config.apiUpstream, undici: proxyOptions(config), disableRequestLogging: true });

  const forward = (request: FastifyRequest, reply: FastifyReply) =>
    reply.from(request.url, {
      // Retrying is the website's call: a silent retry of a post could store it twice.
      retryDelay: () => null,
      rewriteRequestHeaders: (_request, headers) => {
        const out = forwardedRequestHeaders(headers, {
          upstreamHost: new URL(config.apiUpstream).host,
          forwardedFor: request.ips ? [...request.ips].reverse().join(', ') : (request.socket.remoteAddress ?? ''),
          protocol: request.protocol,
          host: request.host,
          requestId: request.id,
          bodyLength: request.bodyLength,
          // Nobody is signed in on a public call, so no ADMIN rule applies.
          adminNetworks: undefined,
        });
        // A public call carries no one's credentials to the back end.
        delete out.authorization;
        delete out.cookie;
        return out as typeof headers;
      },
      rewriteHeaders: (headers) => {
        const out = apiResponseHeaders(headers, api, request.id);
        return { ...out, ...(reply.getHeader('access-control-allow-origin') ? { 'access-control-allow-origin': reply.getHeader('access-control-allow-origin') as string } : {}), vary: 'Origin' };
      },
      onError: (errorReply, { error }) => {
        const code = (error as { code?: string }).code;
        return sendError(errorReply as FastifyReply, api, code === 'FST_REPLY_FROM_GATEWAY_TIMEOUT' ? 504 : 502, code === 'FST_REPLY_FROM_GATEWAY_TIMEOUT' ? 'UPSTREAM_TIMEOUT' : 'UPSTREAM_UNAVAILABLE');
      },
    });

  for (const route of PUBLIC_API_ROUTES) {
    app.route({
      method: route.method,
      url: route.url,
      ...(route.body ? { bodyLimit: route.body.limit } : {}),
      onRequest: async (request, reply) => {
        corsHeaders(request, reply);
        // reply-from decodes the address it forwards; a malformed escape is the caller's error, not ours.
        try {
          decodeURIComponent(request.url);
        } catch {
          return sendError(reply, api, 400, 'INVALID_INPUT', 'The address is not valid.');
        }
        for (const [name, value] of Object.entries((request.params ?? {}) as Record<string, string>)) {
          const valid = PARAMS[name];
          if (!valid || !valid(value)) return sendError(reply, api, 400, 'INVALID_INPUT', `The ${name} in the address is not valid.`);
        }
        if (route.method !== 'POST') return;
        const origin = request.headers.origin;
        if (origin !== undefined && !origins.has(origin)) return sendError(reply, api, 403, 'FORBIDDEN', 'This origin may not post to the website endpoints.');
        const retryAfter = limiter.take(request.ip);
        if (retryAfter !== null) {
          request.log.info({ ip: request.ip, url: route.url }, 'public post rate-limited');
          reply.header('retry-after', String(retryAfter));
          return sendError(reply, api, 429, 'RATE_LIMITED');
        }
        if (!route.body!.types.includes(mediaType(request.headers['content-type']))) {
          return sendError(reply, api, 415, 'UNSUPPORTED_MEDIA_TYPE', `Send the body as ${route.body!.types.join(' or ')}.`);
        }
      },
      handler: (request, reply) => forward(request, reply),
    });
  }

  // CORS preflight: answered here for the listed origins only; a browser on any other origin gets no grant.
  const preflightPaths = [...new Set(PUBLIC_API_ROUTES.map((route) => route.url))];
  for (const url of preflightPaths) {
    app.options(url, async (request, reply) => {
      const origin = request.headers.origin;
      const methods = PUBLIC_API_ROUTES.filter((route) => route.url === url).map((route) => route.method);
      if (origin === undefined || !origins.has(origin)) return sendError(reply.header('vary', 'Origin'), api, 403, 'FORBIDDEN', 'This origin may not call the website endpoints.');
      return reply
        .code(204)
        .headers(api)
        .header('vary', 'Origin')
        .header('access-control-allow-origin', origin)
        .header('access-control-allow-methods', methods.join(', '))
        .header('access-control-allow-headers', 'content-type')
        .header('access-control-max-age', '600')
        .header('cache-control', 'no-store')
        .send();
    });
  }
}
