/**
 * Every error leaves as { errorCode, message } with the spec's codes; nothing internal (stack traces, SQL,
 * library messages) reaches the client. Unknown paths answer 404 in the same shape.
 */
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ErrorBody } from '../../../common/error-catalogue.ts';
import { HttpError, invalidInput } from '../lib/http-error.ts';

export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setNotFoundHandler((request, reply) => {
      const body: ErrorBody = { errorCode: 'NOT_FOUND', message: `No such resource: ${request.method} ${request.url.split('?')[0]}` };
      return reply.code(404).send(body);
    });

    app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
      const sent = toHttpError(error);
      if (sent.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      return reply.code(sent.statusCode).send({ errorCode: sent.errorCode, message: sent.message } satisfies ErrorBody);
    });
  },
  { name: 'errors' },
);

function toHttpError(error: FastifyError | HttpError): HttpError {
  if (error instanceof HttpError) return error;
  if (error.validation) {
    const [first] = error.validation;
    const field =
      (first?.params as { missingProperty?: string } | undefined)?.missingProperty ??
      (first?.instancePath.replace(/^\//, '').replace(/\//g, '.') || error.validationContext || 'request');
    return invalidInput(field, first?.message ?? 'is invalid');
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return invalidInput('the body', 'is not valid JSON');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new HttpError(415, 'INVALID_INPUT', 'Invalid input: send the body as application/json.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new HttpError(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.');
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return new HttpError(status, 'INVALID_INPUT', 'Invalid input: the request could not be read.');
  return new HttpError(500, 'INTERNAL_ERROR', 'Something went wrong on our side.');
}
