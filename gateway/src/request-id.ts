/**
 * Request ids: a caller's X-Request-Id is kept when it looks like an id (so a trace spans the load balancer,
 * the gateway and the back end); anything else, including header-injection attempts, gets a fresh UUID.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && VALID_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}
