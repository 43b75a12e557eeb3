/**
 * Error replies of the gateway: always JSON `{errorCode, message}` with the codes of common/error-catalogue.ts,
 * the API header set and `no-store`, whoever detects the error: a route, Fastify, the Node server before
 * Fastify, or Node's HTTP parser (a raw socket write). Catalogue codes use the spec's texts; the gateway's
 * own service codes get a sentence for operators (the console shows 'Something went wrong.' for them). No
 * answer carries a framework's or Node's own message.
 */
import { STATUS_CODES, type ServerResponse } from 'node:http';
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
  METHOD_NOT_ALLOWED: 'This method is not allowed here.',
  REQUEST_TIMEOUT: 'The request took too long to arrive.',
  URI_TOO_LONG: 'The address is longer than the gateway accepts.',
  UNSUPPORTED_MEDIA_TYPE: 'The request body has a content type the gateway cannot read.',
  HEADERS_TOO_LARGE: 'The request headers are larger than the gateway accepts.',
  RATE_LIMITED: 'Too many requests from this address. Please try again later.',
};

/** The code of an error status; any other client error is invalid input, any other failure an internal error. */
const CODES_BY_STATUS: Partial<Record<number, ErrorCode>> = {
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  408: 'REQUEST_TIMEOUT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
  502: 'UPSTREAM_UNAVAILABLE',
  503: 'UPSTREAM_UNAVAILABLE',
  504: 'UPSTREAM_TIMEOUT',
};

/** An error status (4xx or 5xx) and its code; anything else counts as an internal error. */
export function errorOfStatus(status: number | undefined): { status: number; errorCode: ErrorCode } {
  if (status === undefined || !Number.isInteger(status) || status < 400 || status > 599) return { status: 500, errorCode: 'INTERNAL_ERROR' };
  return { status, errorCode: CODES_BY_STATUS[status] ?? (status < 500 ? 'INVALID_INPUT' : 'INTERNAL_ERROR') };
}

export function errorBody(errorCode: ErrorCode, message?: string): ErrorBody {
  const text = message ?? (isCatalogueCode(errorCode) ? ERROR_CODE_MESSAGES[errorCode] : SERVICE_MESSAGES[errorCode]);
  return { errorCode, message: text ?? errorCode };
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** The 503 message of a gateway that is closing (new requests) or draining (/readyz). */
export const SHUTTING_DOWN = 'The gateway is shutting down.';

/** Every header of an error answer but the per-request ones. */
function errorHeaders(headers: HeaderSet, payload: string): Record<string, string> {
  return { ...headers, 'cache-control': 'no-store', 'content-type': JSON_TYPE, 'content-length': String(Buffer.byteLength(payload)) };
}

/** Sends an error reply through Fastify, with the API header set (`headers`). */
export function sendError(
  reply: FastifyReply,
  headers: HeaderSet,
  status: number,
  errorCode: ErrorCode,
  message?: string,
): FastifyReply {
  return reply
    .code(status)
    .headers(headers)
    .header('cache-control', 'no-store')
    .header('x-request-id', reply.request.id)
    .type(JSON_TYPE)
    .send(errorBody(errorCode, message));
}

export interface RawError {
  status: number;
  errorCode: ErrorCode;
  message?: string;
  /** Headers of this answer only (Allow, Connection...). */
  extra?: Record<string, string>;
}

/** Writes an error answer on the Node server, where Fastify has no reply: the same bytes sendError sends. */
export function writeError(response: ServerResponse, headers: HeaderSet, requestId: string, error: RawError): void {
  const payload = JSON.stringify(errorBody(error.errorCode, error.message));
  response.writeHead(error.status, { ...errorHeaders(headers, payload), 'x-request-id': requestId, ...error.extra });
  response.end(payload);
}

/**
 * A whole error answer as bytes, for a socket whose request Node's parser refused (no request or response
 * object exists): status line, headers, `Connection: close`, and the body unless the request was a HEAD.
 */
export function rawErrorResponse(headers: HeaderSet, error: RawError, options: { head: boolean }): Buffer {
  const payload = JSON.stringify(errorBody(error.errorCode, error.message));
  const all = { ...errorHeaders(headers, payload), date: new Date().toUTCString(), connection: 'close', ...error.extra };
  const lines = [`HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? 'Error'}`, ...Object.entries(all).map(([name, value]) => `${name}: ${value}`)];
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n${options.head ? '' : payload}`);
}
