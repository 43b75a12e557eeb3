/**
 * `call(endpoint, { params, query, body, headers, signal })`: the console's one way to reach the API. The
 * endpoint (a handle of lib/endpoints.ts, or its bare route line) comes from its area's table (common/contract/endpoint.ts), so the method and path are the ones the
 * back end registered, and the input and the answer are typed by the table's schemas.
 */
import { requestOf, type AnswerOf, type BodyOf, type ClientEndpoint, type ParamsOf, type QueryOf, type RawAnswer } from '../../../common/contract/endpoint.ts';
import { api } from './api.ts';

export interface EndpointHandle<E = unknown> {
  /** The area of the table it belongs to: the first member of every cache key it reads. */
  readonly area: string;
  /** Its key in the table: the second member. */
  readonly name: string;
  /** 'GET /tasks/:taskId': the route line `call` sends. */
  readonly line: ClientEndpoint<E>;
  /** For a write, the areas whose views it makes stale: its own, then those the table declares. None for a read. */
  readonly changes: readonly string[];
}

/** A part the endpoint takes is required unless every field of it is optional; one it does not take is refused. */
type Part<K extends string, T> = [T] extends [undefined] ? { [P in K]?: never } : object extends T ? { [P in K]?: T } : { [P in K]: T };

/** Path values are text: an id read from the page's URL goes as it is (the back end checks it). */
type PathValues<P> = [P] extends [undefined] ? undefined : { [K in keyof P]: P[K] | string };

export type CallOptions<E> = Part<'params', PathValues<ParamsOf<E>>> &
  Part<'query', QueryOf<E>> &
  Part<'body', BodyOf<E>> &
  // A file is read as a Blob: the caller says so, and the table's type makes it say so exactly for files.
  (E extends { raw: RawAnswer } ? { responseType: 'blob' } : { responseType?: never }) & {
    headers?: Record<string, string>;
    signal?: AbortSignal;
  };

export function call<E>(endpoint: ClientEndpoint<E> | EndpointHandle<E>, ...[options]: object extends CallOptions<E> ? [CallOptions<E>?] : [CallOptions<E>]): Promise<AnswerOf<E>> {
  const { params, ...rest } = (options ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: Record<string, unknown>; headers?: Record<string, string>; signal?: AbortSignal; responseType?: 'blob' };
  const { method, path } = requestOf(typeof endpoint === 'string' ? endpoint : endpoint.line, params);
  return api<AnswerOf<E>>(path, { ...rest, method });
}
