/**
 * Where the request being handled came from (its X-Request-Id and the client address the gateway saw), kept
 * for the duration of the request so every audit event records it without each area passing it along.
 * Scheduled work runs outside any request and records neither.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

export interface RequestOrigin {
  requestId: string;
  clientAddress: string;
}

const storage = new AsyncLocalStorage<RequestOrigin>();

export const requestOrigin = (): RequestOrigin | undefined => storage.getStore();

/** Runs `work` as if it handled a request from `origin` (tests, and code that acts for a request it was handed). */
export const withRequestOrigin = <T>(origin: RequestOrigin, work: () => T): T => storage.run(origin, work);

/**
 * preHandler runs after the body is read, and Fastify calls the handler from `done` synchronously, so the
 * handler and everything it awaits run inside the store. `request.ip` is the forwarded client address when
 * the peer is a trusted proxy (TRUST_PROXY), the peer's otherwise.
 */
export function trackRequestOrigin(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    storage.run({ requestId: request.id, clientAddress: request.ip }, done);
  });
}
