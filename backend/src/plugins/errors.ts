/**
 * Every error leaves as { errorCode, message } (plus `field` on a refused input) with the catalogue's codes;
 * nothing internal (stack traces, SQL, library or framework messages) reaches the client. Unknown paths,
 * the framework's own refusals and malformed requests Node rejects before routing answer in the same shape.
 */
import fp from 'fastify-plugin';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Socket } from 'node:net';
import { bodyLimitMessage, bodyLimitOf } from '../../../common/contract/body-limits.ts';
import type { ErrorBody } from '../../../common/error-catalogue.ts';
import { HttpError, invalidInput, labelledByRoute } from '../lib/http-error.ts';
import { RequestValidationError } from '../lib/validation.ts';

export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    // Every answer, errors included, is JSON or a file of a checked type: never let a browser guess another.
    app.addHook('onSend', async (_request, reply) => {
      reply.header('x-content-type-options', 'nosniff');
    });

    app.setNotFoundHandler((request, reply) => {
      const body: ErrorBody = { errorCode: 'NOT_FOUND', message: `No such resource: ${request.method} ${request.url.split('?')[0]!.slice(0, 200)}` };
      return reply.code(404).header('cache-control', 'no-store').send(body);
    });

    app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
      const schema = request.routeOptions.schema;
      const sent = labelledByRoute(toHttpError(error, request), schema ? [schema.body, schema.querystring] : []);
      if (sent.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      // A streamed answer that fails half-way has sent its head already; the socket is all that is left.
      if (reply.sent || reply.raw.headersSent) {
        reply.raw.destroy();
        return;
      }
      return reply.code(sent.statusCode).header('cache-control', 'no-store').type('application/json; charset=utf-8').send(sent.toBody());
    });
  },
  { name: 'errors' },
);

/** deadlock_detected, serialization_failure, lock_not_available: conflicts a retry resolves. */
const TRANSIENT_SQLSTATES: ReadonlySet<string> = new Set(['40P01', '40001', '55P03']);

function toHttpError(error: FastifyError | HttpError, request: FastifyRequest): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof RequestValidationError) return new HttpError(400, 'INVALID_INPUT', error.sentence, error.field);
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return invalidInput('body', 'is not valid JSON');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new HttpError(415, 'INVALID_INPUT', 'Send the body as application/json.', 'content-type');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new HttpError(400, 'INVALID_INPUT', 'The body does not match its Content-Length.', 'content-length');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      // The gateway refuses the same bodies with the same sentence (common/contract/body-limits.ts).
      return new HttpError(413, 'PAYLOAD_TOO_LARGE', bodyLimitMessage(bodyLimitOf(request.method, request.url)));
  }
  // Postgres ended the transaction to break a deadlock or a serialisation conflict (two back ends writing
  // the same rows, or notifying the same person, in opposite orders): nothing was saved, and the same request
  // sent again succeeds. 503 is what the console re-sends with the same Idempotency-Key on its own.
  if (TRANSIENT_SQLSTATES.has(String((error as { code?: unknown }).code))) {
    return new HttpError(503, 'UPSTREAM_UNAVAILABLE', 'Another change to the same records got there first; nothing was saved. Try again.');
  }
  const status = error.statusCode ?? 500;
  if (status === 404) return new HttpError(404, 'NOT_FOUND', 'No such resource.');
  if (status >= 400 && status < 500) return new HttpError(status, 'INVALID_INPUT', 'The request could not be read.');
  return new HttpError(500, 'INTERNAL_ERROR', 'Something went wrong on our side.');
}

/**
 * The router's own refusals, before any route or hook (a malformed percent-encoding, a path segment over the
 * parameter limit): Fastify's `frameworkErrors`, answered in our shape.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const [status, message] = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? [414, 'The address is too long.'] : [400, 'The address is not valid.'];
  void reply
    .code(status)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send({ errorCode: 'INVALID_INPUT', message, field: 'path' } satisfies ErrorBody);
}

/**
 * Node refuses some requests before Fastify sees them (a malformed request line, header fields too large):
 * they get the same JSON shape, written straight on the socket, instead of Node's bare status line.
 */
export function clientErrorHandler(error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, text, body]: [number, string, ErrorBody] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', { errorCode: 'INVALID_INPUT', message: 'The request headers are too large.' }]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', { errorCode: 'INVALID_INPUT', message: 'The request took too long to arrive.' }]
        : [400, 'Bad Request', { errorCode: 'INVALID_INPUT', message: 'The request could not be read.' }];
  const json = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\n` +
      `X-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${json}`,
  );
}
