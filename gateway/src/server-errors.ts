/**
 * The errors Node's HTTP server would answer itself, in the gateway's error shape (errors.ts): a request its
 * parser refuses (malformed request line, bad header, over-large head, an HTTP/2 preface, a request that
 * timed out), an Expect it cannot meet, a CONNECT; and the URL length limit, which the gateway's listener
 * checks before anything else (app.ts, start.ts). Node's and Fastify's defaults answer these with their own
 * bodies (Fastify's `{"error":"Bad Request","message":"Client Error"}`) and without the security headers.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { rawErrorResponse, writeError, type RawError } from './errors.ts';
import { requestIdOf } from './request-id.ts';
import type { HeaderSet } from './security-headers.ts';

/**
 * The longest URL (path and query) the gateway takes, as nginx's default 8 KiB line buffer does. The console's
 * longest URLs (a list view with every filter) are well under 1 KiB; Node alone would take up to its whole
 * 16 KiB head limit and answer past that as if the headers were too large.
 */
export const MAX_URL_LENGTH = 8192;

/** A refusal decided from the request line alone, before either fast path or Fastify sees the request. */
export function refusalOf(request: IncomingMessage): RawError | undefined {
  if (request.url !== undefined && request.url.length > MAX_URL_LENGTH) return { status: 414, errorCode: 'URI_TOO_LONG' };
  return undefined;
}

export function writeRefusal(response: ServerResponse, headers: HeaderSet, request: IncomingMessage, refusal: RawError): void {
  writeError(response, headers, requestIdOf(request), refusal);
}

/** Node's parser error; Fastify's type for rawPacket is its JSON form, at run time it is the Buffer. */
type ParserError = Error & { code?: string; rawPacket?: unknown };

const REQUEST_LINE = /^[A-Z]+ /;

/**
 * Node reports one overflow for the whole request head; it is the URL's fault when the request line is not
 * over yet (or is longer than the URL limit) in the bytes the parser saw last, which on loopback and for
 * one-packet requests start at the request line. Anything else counts as the header fields.
 */
function overflowStatus(packet: unknown): 414 | 431 {
  if (!Buffer.isBuffer(packet)) return 431;
  const start = packet.subarray(0, 16).toString('latin1');
  if (!REQUEST_LINE.test(start)) return 431;
  const lineEnd = packet.indexOf('\r\n');
  return lineEnd === -1 || lineEnd > MAX_URL_LENGTH ? 414 : 431;
}

function parserErrorOf(error: ParserError): RawError {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, errorCode: 'REQUEST_TIMEOUT' };
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    const status = overflowStatus(error.rawPacket);
    return status === 414 ? { status, errorCode: 'URI_TOO_LONG' } : { status, errorCode: 'HEADERS_TOO_LARGE' };
  }
  return { status: 400, errorCode: 'INVALID_INPUT' };
}

/**
 * Node's 'clientError' (Fastify's clientErrorHandler): the parser refused the bytes, so there is no request to
 * answer through; the answer is written on the socket, which then closes, as Node's own default does.
 */
export function clientErrorHandler(headers: HeaderSet, log: () => FastifyBaseLogger) {
  return (error: ParserError, socket: Socket): void => {
    // A reset connection has no one to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const refusal = parserErrorOf(error);
    log().info({ statusCode: refusal.status, code: error.code, remoteAddress: socket.remoteAddress }, 'request refused by the HTTP parser');
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const head = Buffer.isBuffer(error.rawPacket) && error.rawPacket.subarray(0, 5).toString('latin1') === 'HEAD ';
    socket.end(rawErrorResponse(headers, refusal, { head }), () => socket.destroy());
  };
}

/**
 * The other answers Node gives itself, as the gateway's JSON errors: an Expect other than 100-continue (Node's
 * bare 417), and CONNECT, which Node answers by closing the connection. The gateway is no forward proxy, so
 * CONNECT gets 405 with an empty Allow: no method reaches another host through it.
 */
export function answerServerErrors(server: Server, headers: HeaderSet): void {
  server.on('checkExpectation', (request: IncomingMessage, response: ServerResponse) => {
    writeRefusal(response, headers, request, { status: 417, errorCode: 'INVALID_INPUT', message: 'The gateway cannot meet this Expect header.' });
  });
  server.on('connect', (_request: IncomingMessage, socket: Socket) => {
    socket.end(rawErrorResponse(headers, { status: 405, errorCode: 'METHOD_NOT_ALLOWED', extra: { allow: '' } }, { head: false }), () => socket.destroy());
  });
}
