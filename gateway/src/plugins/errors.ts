/**
 * Every error Fastify sees ends here and leaves as JSON `{errorCode, message}` with the API header set:
 * unknown paths, methods the console's files do not take, oversized, untyped or malformed bodies, bodies the
 * client gave up sending, and anything unexpected (logged, never leaked). Installed on the root instance so
 * that every plugin's routes share it; what Node answers before Fastify is in server-errors.ts.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { errorOfStatus, sendError } from '../errors.ts';
import type { HeaderSet } from '../security-headers.ts';
import { API_METHODS, apiBodyLimitMessage } from './api-proxy.ts';

/** Outside /api/ the gateway serves files and pages, which are only read. */
const READ_ONLY = 'GET, HEAD';

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

export function installErrorHandlers(app: FastifyInstance, headers: HeaderSet): void {
  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD') return sendError(reply, headers, 404, 'NOT_FOUND');
    reply.header('allow', isApiPath(request.url) ? API_METHODS.join(', ') : READ_ONLY);
    return sendError(reply, headers, 405, 'METHOD_NOT_ALLOWED');
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A body the client stopped sending: nobody is left to read the answer, and it is no fault of ours.
    if (error.statusCode === undefined && request.raw.destroyed) {
      request.log.info({ code: error.code }, 'request aborted');
      return sendError(reply, headers, 400, 'INVALID_INPUT');
    }
    const { status, errorCode } = errorOfStatus(error.statusCode);
    if (status >= 500) request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, headers, status, errorCode, status === 413 && isApiPath(request.url) ? apiBodyLimitMessage(request.routeOptions.bodyLimit ?? Number.POSITIVE_INFINITY, request.method, request.url) : undefined);
  });
}
