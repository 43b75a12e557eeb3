/**
 * Probes for the orchestrator and the load balancer: /healthz says the process serves requests (restart it
 * when this fails), /readyz says it can do its job, i.e. the configuration loaded and the back end answers
 * (take it out of rotation when this fails). While shutting down /readyz fails first, so traffic drains.
 */
import type { FastifyInstance } from 'fastify';
import type { GatewayConfig } from '../config.ts';
import { SHUTTING_DOWN, sendError } from '../errors.ts';
import type { HeaderSet } from '../security-headers.ts';

const UPSTREAM_PROBE_TIMEOUT_MS = 2000;

export interface HealthOptions {
  config: GatewayConfig;
  /** The API header set. */
  headers: HeaderSet;
  isShuttingDown: () => boolean;
}

async function upstreamAnswers(base: string): Promise<boolean> {
  try {
    // Any HTTP answer, even a 404, proves the back end is up; only a failed connection or silence does not.
    const response = await fetch(`${base}/`, { signal: AbortSignal.timeout(UPSTREAM_PROBE_TIMEOUT_MS) });
    await response.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

export async function healthRoutes(app: FastifyInstance, { config, headers: api, isShuttingDown }: HealthOptions): Promise<void> {
  const headers = { ...api, 'cache-control': 'no-store' };
  app.get('/healthz', (_request, reply) => reply.headers(headers).send({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    if (isShuttingDown()) return sendError(reply, api, 503, 'UPSTREAM_UNAVAILABLE', SHUTTING_DOWN);
    if (!(await upstreamAnswers(config.apiUpstream))) {
      return sendError(reply, api, 503, 'UPSTREAM_UNAVAILABLE', 'The back end does not answer.');
    }
    return reply.headers(headers).send({ status: 'ready' });
  });
}
