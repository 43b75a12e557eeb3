/**
 * Error replies of the gateway: always JSON `{errorCode, message}` with the codes of common/error-catalogue.ts.
 * Catalogue codes use the spec's texts; the gateway's own service codes get a sentence for operators (the
 * console shows 'Something went wrong.' for them).
 */
import type { FastifyReply } from 'fastify';
import {
  ERROR_CODE_MESSAGES,
  FALLBACK_MESSAGE,
  HTTP_STATUS_MESSAGES,
  isCatalogueCode,
  type ErrorBody,
  type ErrorCode,
  type ServiceCode,
} from '../../common/error-catalogue.ts';
import type { HeaderSet } from './security-headers.ts';

const SERVICE_MESSAGES: Partial<Record<ServiceCode, string>> = {
  NOT_FOUND: HTTP_STATUS_MESSAGES[404],
  FORBIDDEN: HTTP_STATUS_MESSAGES[403],
  PAYLOAD_TOO_LARGE: 'The request body is larger than the gateway accepts.',
  AUTH_UNAVAILABLE: 'The sign-in service did not answer in time. Please try again.',
  UPSTREAM_TIMEOUT: 'The server took too long to answer.',
  UPSTREAM_UNAVAILABLE: 'The server is unavailable. Please try again.',
  INTERNAL_ERROR: FALLBACK_MESSAGE,
};

export function errorBody(errorCode: ErrorCode, message?: string): ErrorBody {
  const text = message ?? (isCatalogueCode(errorCode) ? ERROR_CODE_MESSAGES[errorCode] : SERVICE_MESSAGES[errorCode]);
  return { errorCode, message: text ?? errorCode };
}

/** Sends an error reply; the caller's security headers go on it so error pages are as locked down as pages. */
export function sendError(
  reply: FastifyReply,
  security: HeaderSet,
  status: number,
  errorCode: ErrorCode,
  message?: string,
): FastifyReply {
  return reply
    .code(status)
    .headers(security)
    .header('cache-control', 'no-store')
    .header('x-request-id', reply.request.id)
    .type('application/json; charset=utf-8')
    .send(errorBody(errorCode, message));
}
