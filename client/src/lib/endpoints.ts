/**
 * The console's endpoints, described once from the area's table: `clientEndpoints<typeof tasksEndpoints>('tasks',
 * tasksRoutes, tasksChanges)` gives each endpoint a handle that knows its area, its name, its route line and,
 * for a write, the areas it changes. From a handle come the cache key of what it reads (`keyOf`), the read
 * itself (`useEndpoint`), a list over it (`useListController({ endpoint })`) and what a write makes stale
 * (`useAction({ endpoint })`), so no feature writes a cache key or a fetch of its own.
 */
import type { AnswerOf, AreaChanges, Endpoint, ParamsOf, QueryOf } from '../../../common/contract/endpoint.ts';
import { call } from './call.ts';
import { useQuery, type QueryKey, type QueryOptions, type QueryResult } from './use-query.ts';

// The handle's shape lives with `call`, which sends it, so the two modules do not import each other.
import type { EndpointHandle } from './call.ts';
export type { EndpointHandle };

export type EndpointHandles<T extends Record<string, Endpoint>> = { readonly [K in keyof T]: EndpointHandle<T[K]> };

export function clientEndpoints<T extends Record<string, Endpoint>>(
  area: string,
  routes: { [K in keyof T]: `${T[K]['method']} ${T[K]['path']}` },
  changes: AreaChanges<typeof routes> = {},
): EndpointHandles<T> {
  const declared = changes as Readonly<Record<string, readonly string[] | undefined>>;
  return Object.fromEntries(
    Object.entries(routes as Record<string, string>).map(([name, line]) => {
      const writes = !line.startsWith('GET ');
      const areas = writes ? [area, ...(declared[name] ?? []).filter((other) => other !== area)] : [];
      return [name, { area, name, line, changes: areas }];
    }),
  ) as unknown as EndpointHandles<T>;
}

/** Path values are text: an id read from the URL and the same id as a number name one record, one key. */
type PathValues<P> = [P] extends [undefined] ? undefined : { [K in keyof P]: P[K] | string };
type Part<K extends string, T> = [T] extends [undefined] ? { [P in K]?: never } : object extends T ? { [P in K]?: T } : { [P in K]: T };

/** What a read depends on: its path values and its query. */
export type ReadInput<E> = Part<'params', PathValues<ParamsOf<E>>> & Part<'query', QueryOf<E>>;

function textValues(params: Readonly<Record<string, unknown>>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, String(value)]));
}

/**
 * The cache key of a read: [area, name, params?, query?]. Without input (or with part of it) it is the prefix
 * of every such key, what a notification about the endpoint's records invalidates: keyOf(tasks.list).
 */
export function keyOf<E>(endpoint: EndpointHandle<E>, input: Partial<ReadInput<E>> = {}): QueryKey {
  const { params, query } = input as { params?: Readonly<Record<string, unknown>>; query?: unknown };
  return [endpoint.area, endpoint.name, ...(params ? [textValues(params)] : []), ...(query !== undefined ? [query] : [])];
}

/** The key prefixes a write makes stale: the areas it changes, each whole. */
export function changedKeys(endpoint: EndpointHandle): QueryKey[] {
  return endpoint.changes.map((area) => [area]);
}

/** A read of an endpoint with input its caller typed already (useEndpoint's, a list's view). */
export function readEndpoint<E>(endpoint: EndpointHandle<E>, input: { params?: unknown; query?: unknown }, signal: AbortSignal): Promise<AnswerOf<E>> {
  return (call as unknown as (handle: EndpointHandle<E>, options: object) => Promise<AnswerOf<E>>)(endpoint, { ...input, signal });
}

/** Reads an endpoint through the shared cache under keyOf(endpoint, input). */
export function useEndpoint<E>(
  endpoint: EndpointHandle<E>,
  ...[input, options]: object extends ReadInput<E> ? [ReadInput<E>?, QueryOptions?] : [ReadInput<E>, QueryOptions?]
): QueryResult<AnswerOf<E>> {
  const read = (input ?? {}) as ReadInput<E>;
  return useQuery(keyOf(endpoint, read), (signal) => readEndpoint(endpoint, read, signal), options);
}
