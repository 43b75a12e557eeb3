/**
 * Every error leaves as { errorCode, message } with the spec's codes; nothing internal (stack traces, SQL,
 * library messages) reaches the client. Unknown paths answer 404 in the same shape.
 */
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ErrorBody } from '../../../common/error-catalogue.ts';
import { HttpError } from '../lib/http-error.ts';

export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setNotFoundHandler((request, reply) => {
      const body: ErrorBody = { errorCode: 'NOT_FOUND', message: `No such resource: ${request.method} ${request.url.split('?')[0]}` };
      return reply.code(404).send(body);
    });

    app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
      const body = toErrorBody(error);
      if (body.status >= 500) request.log.error({ err: error }, 'request failed');
      return reply.code(body.status).send({ errorCode: body.errorCode, message: body.message } satisfies ErrorBody);
    });
  },
  { name: 'errors' },
);

function toErrorBody(error: FastifyError | HttpError): ErrorBody & { status: number } {
  if (error instanceof HttpError) return { status: error.statusCode, errorCode: error.errorCode, message: error.message };
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    const [first] = fastifyError.validation;
    const field =
      (first?.params as { missingProperty?: string } | undefined)?.missingProperty ??
      (first?.instancePath.replace(/^\//, '').replace(/\//g, '.') || fastifyError.validationContext || 'request');
    const problem = first?.message ?? 'is invalid';
    return { status: 400, errorCode: 'INVALID_INPUT', message: `Invalid input: ${field} ${problem}.` };
  }
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, errorCode: 'INVALID_INPUT', message: 'Invalid input: the body is not valid JSON.' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, errorCode: 'INVALID_INPUT', message: 'Invalid input: send the body as application/json.' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, errorCode: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' };
  }
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) return { status, errorCode: 'INVALID_INPUT', message: 'Invalid input: the request could not be read.' };
  return { status: 500, errorCode: 'INTERNAL_ERROR', message: 'Something went wrong on our side.' };
}
