/**
 * The console from memory: every built file as its own route, page paths answered with index.html (or the
 * mobile notice), everything else a JSON 404. The security headers are baked into each file's precomputed
 * header set, so this hot path runs no hooks.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../config.ts';
import { sendError } from '../errors.ts';
import {
  MOBILE_NOTICE_CSS,
  MOBILE_NOTICE_CSS_PATH,
  isMobileUserAgent,
  renderMobileNotice,
} from '../mobile-notice.ts';
import type { HeaderSet } from '../security-headers.ts';
import {
  HASHED_PREFIX,
  IMMUTABLE,
  REVALIDATE,
  chooseVariant,
  loadStaticDir,
  makeCompressedResource,
  type StaticFile,
} from '../static-files.ts';

export interface StaticSiteOptions {
  config: GatewayConfig;
  security: HeaderSet;
}

/** Page responses depend on the User-Agent (desktop console or mobile notice), so caches must key on it. */
const PAGE_VARY = ['User-Agent'];

function serve(request: FastifyRequest, reply: FastifyReply, file: StaticFile): FastifyReply {
  const variant = chooseVariant(file, request.headers['accept-encoding']);
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined && ifNoneMatch.includes(variant.etag)) {
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

export async function staticSite(app: FastifyInstance, { config, security }: StaticSiteOptions): Promise<void> {
  const files = await loadStaticDir(config.staticDir, security, PAGE_VARY);
  const index = files.get('/index.html');
  if (!index) throw new Error(`STATIC_DIR has no index.html (${config.staticDir}); run npm run build`);

  const notice = makeCompressedResource(Buffer.from(renderMobileNotice(config.storeLinks, files.has('/favicon.svg') ? '/favicon.svg' : undefined)), {
    contentType: 'text/html; charset=utf-8',
    cacheControl: REVALIDATE,
    vary: PAGE_VARY,
    security,
  });
  const noticeCss = makeCompressedResource(Buffer.from(MOBILE_NOTICE_CSS), {
    contentType: 'text/css; charset=utf-8',
    cacheControl: IMMUTABLE,
    security,
  });

  const servePage = (request: FastifyRequest, reply: FastifyReply) =>
    serve(request, reply, isMobileUserAgent(request.headers['user-agent']) ? notice : index);

  for (const [path, file] of files) {
    if (file === index) continue;
    app.get(path, (request, reply) => serve(request, reply, file));
  }
  app.get(MOBILE_NOTICE_CSS_PATH, (request, reply) => serve(request, reply, noticeCss));
  app.get('/', servePage);
  app.get('/index.html', servePage);

  app.get('/*', (request, reply) => {
    const rawPath = request.url.split('?', 1)[0]!;
    const lastSegment = rawPath.slice(rawPath.lastIndexOf('/') + 1);
    // A missing hashed asset or any other missing file must not turn into index.html: the browser would try
    // to run HTML as a script, and a stale tab would never learn its bundle is gone.
    if (isSuspiciousPath(rawPath) || rawPath.startsWith(HASHED_PREFIX) || lastSegment.includes('.')) {
      return sendError(reply, security, 404, 'NOT_FOUND');
    }
    return servePage(request, reply);
  });
}
