/**
 * Registers a route from its area's endpoint table (common/contract/endpoint.ts): the method, path, schemas,
 * access rule and body limit all come from the table, so a module adds only the handler, and the route, the
 * console's call and the OpenAPI document (lib/openapi.ts, from config.endpoint) cannot disagree.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AnswerOf, BodyOf, Endpoint, HeadersOf, ParamsOf, QueryOf } from '../../../common/contract/endpoint.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The table entry a route was registered from (the API description reads its summary, raw answer and errors). */
    endpoint?: Endpoint;
  }
}

export type EndpointRequest<E> = FastifyRequest<{
  Params: ParamsOf<E>;
  Querystring: QueryOf<E>;
  Body: BodyOf<E>;
  Headers: HeadersOf<E>;
}>;

/**
 * A handler answers the table's JSON (Fastify serialises it by the response schema) or sends through the
 * reply; a raw answer (a file, a stream it writes itself after hijacking the reply) returns nothing.
 */
export type EndpointHandler<E> = (request: EndpointRequest<E>, reply: FastifyReply) => Promise<(E extends { raw: object } ? void : AnswerOf<E>) | FastifyReply>;

/** `route(app, faqsEndpoints.update, async (request) => updateFaq(...))`: the one way a module adds a route. */
export function route<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: EndpointHandler<E>): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.headers ? { headers: endpoint.headers } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.response ? { response: endpoint.response } : {}),
    },
    config: { access: endpoint.access, endpoint, ...(endpoint.raw ? { rawResponse: true } : {}) },
    ...(endpoint.bodyLimit ? { bodyLimit: endpoint.bodyLimit } : {}),
    handler: handler as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
