/**
 * The console's public origin for links the back end writes (pagination, set-password links): CONSOLE_URL
 * when configured; else the X-Forwarded-Host of a trusted proxy (TRUST_PROXY, the gateway); never the
 * request's own Host header, which any caller can set. Without either, links are root-relative.
 */
import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** CONSOLE_URL, when configured. */
    consoleUrl: string | undefined;
  }
}

export function publicOrigin(request: FastifyRequest): string | null {
  if (request.server.consoleUrl) return request.server.consoleUrl;
  const forwarded = request.headers['x-forwarded-host'];
  const forwardedHost = Array.isArray(forwarded) ? forwarded.at(-1) : forwarded?.split(',').at(-1)?.trim();
  // Fastify takes X-Forwarded-Host only from a trusted peer; request.host equal to it means it was taken.
  if (!forwardedHost || request.host !== forwardedHost) return null;
  try {
    return new URL(`${request.protocol}://${forwardedHost}`).origin;
  } catch {
    return null;
  }
}
