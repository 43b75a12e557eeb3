/**
 * The console from memory: built files by their path, page paths answered with index.html (or the mobile
 * notice), everything else a JSON 404. The security headers are baked into each file's precomputed header
 * set, so serving runs no hooks.
 *
 * Two writers share one decision (resolve): Fastify's routes, and a fast path that answers GET/HEAD on the
 * Node server before Fastify builds its request and reply objects. That object set-up is most of the cost of
 * a small response (bare Node ~31 µs a request here, Fastify ~45 µs, nginx ~28 µs), so the fast path is what
 * keeps index.html and the assets near nginx's rate. Fast-path hits are not request-logged (like nginx with
 * access_log off for static files); anything it does not answer, 404s included, goes through Fastify.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../config.ts';
import { sendError } from '../errors.ts';
import { isMobileUserAgent } from '../../../common/mobile-notice.ts';
import { MOBILE_NOTICE_CSS, MOBILE_NOTICE_CSS_PATH, renderMobileNotice } from '../mobile-notice.ts';
import type { SecurityHeaders } from '../security-headers.ts';
import {
  HASHED_PREFIX,
  IMMUTABLE,
  REVALIDATE,
  chooseVariant,
  loadStaticDir,
  makeCompressedResource,
  type StaticFile,
} from '../static-files.ts';

/** Answers requests on the Node server before Fastify sees them; see the module comment. */
export interface FastPath {
  /** true when the request was answered. */
  handle(request: IncomingMessage, response: ServerResponse): boolean;
}

interface FastPathTarget {
  app: FastifyInstance;
  resolve: (path: string, userAgent: string | undefined) => StaticFile | undefined;
}

export interface StaticSiteOptions {
  config: GatewayConfig;
  /** Files and pages get the page set; the 404s, which are data, the API set. */
  headers: SecurityHeaders;
  fastPath?: ReturnType<typeof createFastPath>;
}

/** Page responses depend on the User-Agent (desktop console or mobile notice), so caches must key on it. */
const PAGE_VARY = ['User-Agent'];

function pathOf(url: string): string {
  return url.split('?', 1)[0]!;
}

function isNotModified(ifNoneMatch: string | undefined, etag: string): boolean {
  return ifNoneMatch !== undefined && ifNoneMatch.includes(etag);
}

function serve(request: FastifyRequest, reply: FastifyReply, file: StaticFile): FastifyReply {
  const variant = chooseVariant(file, request.headers['accept-encoding']);
  if (isNotModified(request.headers['if-none-match'], variant.etag)) {
    return reply.code(304).headers(variant.headers).send();
  }
  return reply.headers(variant.headers).send(variant.body);
}

/**
 * Encoded slashes, backslashes, NUL bytes and dot segments (plain or %2e-encoded) never name a page of the
 * console; they are how traversal attempts look, so they end in a 404 before anything else is considered.
 */
function isSuspiciousPath(rawPath: string): boolean {
  if (/%2f|%5c|%00|\\|\0/i.test(rawPath)) return true;
  return rawPath
    .replace(/%2e/gi, '.')
    .split('/')
    .some((segment) => segment === '.' || segment === '..');
}

/**
 * The fast path is created before Fastify (it goes into serverFactory) and armed by the static-site plugin.
 * It answers only what Fastify's router would send to this plugin's own routes, so /api/, /healthz,
 * /config.json and anything registered later keep their handlers; while shutting down it steps aside so
 * Fastify can answer 503.
 */
export function createFastPath(isShuttingDown: () => boolean) {
  let target: FastPathTarget | undefined;

  /** '/' is the site's own route; otherwise the router must pick the site's root wildcard ('/*'). */
  const isSiteRoute = (app: FastifyInstance, path: string): boolean => {
    if (path === '/') return true;
    try {
      return app.findRoute({ method: 'GET', url: path })?.params['*'] === path.slice(1);
    } catch {
      return false;
    }
  };

  return {
    arm(next: FastPathTarget): void {
      target = next;
    },
    handle(request: IncomingMessage, response: ServerResponse): boolean {
      if (!target || isShuttingDown() || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
      const path = pathOf(request.url ?? '/');
      if (!isSiteRoute(target.app, path)) return false;
      const file = target.resolve(path, request.headers['user-agent']);
      if (!file) return false;
      const variant = chooseVariant(file, request.headers['accept-encoding']);
      if (isNotModified(request.headers['if-none-match'], variant.etag)) {
        response.writeHead(304, variant.headers);
        response.end();
      } else {
        response.writeHead(200, variant.headersWithLength);
        response.end(request.method === 'HEAD' ? undefined : variant.body);
      }
      return true;
    },
  } satisfies FastPath & { arm(next: FastPathTarget): void };
}

export async function staticSite(app: FastifyInstance, { config, headers, fastPath }: StaticSiteOptions): Promise<void> {
  const files = await loadStaticDir(config.staticDir, headers.page, PAGE_VARY);
  const index = files.get('/index.html');
  if (!index) throw new Error(`STATIC_DIR has no index.html (${config.staticDir}); run npm run build`);

  const notice = makeCompressedResource(Buffer.from(renderMobileNotice(config.storeLinks, files.has('/favicon.svg') ? '/favicon.svg' : undefined)), {
    contentType: 'text/html; charset=utf-8',
    cacheControl: REVALIDATE,
    vary: PAGE_VARY,
    headers: headers.page,
  });
  files.set(
    MOBILE_NOTICE_CSS_PATH,
    makeCompressedResource(Buffer.from(MOBILE_NOTICE_CSS), { contentType: 'text/css; charset=utf-8', cacheControl: IMMUTABLE, headers: headers.page }),
  );

  const page = (userAgent: string | undefined) => (isMobileUserAgent(userAgent) ? notice : index);

  const resolve = (rawPath: string, userAgent: string | undefined): StaticFile | undefined => {
    if (rawPath === '/' || rawPath === '/index.html') return page(userAgent);
    const file = files.get(rawPath);
    if (file) return file;
    const lastSegment = rawPath.slice(rawPath.lastIndexOf('/') + 1);
    // A missing hashed asset or any other missing file must not turn into index.html: the browser would try
    // to run HTML as a script, and a stale tab would never learn its bundle is gone.
    if (isSuspiciousPath(rawPath) || rawPath.startsWith(HASHED_PREFIX) || lastSegment.includes('.')) return undefined;
    return page(userAgent);
  };

  const handler = (request: FastifyRequest, reply: FastifyReply) => {
    const file = resolve(pathOf(request.url), request.headers['user-agent']);
    return file ? serve(request, reply, file) : sendError(reply, headers.api, 404, 'NOT_FOUND');
  };
  app.get('/', handler);
  app.get('/*', handler);
  fastPath?.arm({ app, resolve });
}
