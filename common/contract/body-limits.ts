/**
 * How large a request body each API route takes, from the endpoint tables (their `bodyLimit`, else the back
 * end's default), and the sentence a refusal names it with. The gateway holds every /api/ call to the same
 * limit as the back end, so an oversized upload gets a 413 naming the limit at the edge instead of a
 * connection the back end drops mid-body (which the gateway could only answer with 502).
 */
import type { Endpoint } from './endpoint.ts';
import { API_BASE, bytesLabel } from './http.ts';
import { ALL_ENDPOINTS } from './tables.ts';

/** The back end's body limit for a route that declares none. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

export interface BodyLimit {
  /** The largest body in bytes. */
  bytes: number;
  /** An upload's largest file in bytes. */
  file?: number | undefined;
}

const DEFAULT: BodyLimit = { bytes: DEFAULT_BODY_LIMIT };

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** '/registrations/:id/documents' as a pattern of the request's path under API_BASE. */
const pathPattern = (path: string) => new RegExp(`^${escape(API_BASE.slice(0, -1))}${path.split(/(:\w+)/).map((part) => (part.startsWith(':') ? '[^/]+' : escape(part))).join('')}/?$`);

const LIMITED = ALL_ENDPOINTS.map(({ endpoint }) => endpoint)
  .filter((endpoint: Endpoint) => endpoint.bodyLimit !== undefined)
  .map((endpoint) => ({ method: endpoint.method, pattern: pathPattern(endpoint.path), limit: { bytes: endpoint.bodyLimit!, file: endpoint.fileLimit } satisfies BodyLimit }));

/** The body limit of a call (its method and URL, query and all): the route's own, or the default. */
export function bodyLimitOf(method: string, url: string): BodyLimit {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  return LIMITED.find((route) => route.method === method && route.pattern.test(path))?.limit ?? DEFAULT;
}

/** The 413's sentence: the file's limit for an upload, else the body's. */
export function bodyLimitMessage(limit: BodyLimit): string {
  return limit.file !== undefined ? `The file is larger than the ${bytesLabel(limit.file)} limit.` : `The request is larger than the ${bytesLabel(limit.bytes)} limit.`;
}
