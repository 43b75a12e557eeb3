/**
 * Every error the gateway produces ends here and leaves as JSON `{errorCode, message}` with the security
 * headers: unknown routes, oversized or malformed bodies, and anything unexpected (logged, never leaked).
 * Installed on the root instance so that every plugin's routes share it.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { sendError } from '../errors.ts';
import type { HeaderSet } from '../security-headers.ts';

export function installErrorHandlers(app: FastifyInstance, security: HeaderSet): void {
  app.setNotFoundHandler((_request, reply) => sendError(reply, security, 404, 'NOT_FOUND'));

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status === 413) return sendError(reply, security, 413, 'PAYLOAD_TOO_LARGE');
    if (status >= 400 && status < 500) return sendError(reply, security, status, 'INVALID_INPUT');
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, security, 500, 'INTERNAL_ERROR');
  });
}
