/**
 * Fastify's response serializer compiler, fast-json-stringify as fastify's own default uses it, but built at a
 * response schema's first use instead of as its route is added: building every route's took about 0.5 s of
 * CPU a start, and most starts (a test's stack, a new replica) answer a few routes before the next. Built once
 * per schema object and kept, so apps built in one process (the server tests') share them. A schema
 * fast-json-stringify refuses would fail at its first response, not at start-up, so
 * tests/common/endpoint-tables.test.ts builds every route's at once.
 */
import type { FastifySerializerCompiler } from 'fastify';
import fastJsonStringify from 'fast-json-stringify';

type Serialize = (data: unknown) => string;

const built = new WeakMap<object, Serialize>();

/** Builds the serializer of a response schema now, as its first response would: a schema it refuses throws. */
export function buildResponseSerializer(schema: object): Serialize {
  let serialize = built.get(schema);
  if (!serialize) {
    serialize = fastJsonStringify(schema) as Serialize;
    built.set(schema, serialize);
  }
  return serialize;
}

export const lazyResponseSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  let serialize: Serialize | undefined;
  return (data: unknown) => (serialize ??= buildResponseSerializer(schema as object))(data);
};
