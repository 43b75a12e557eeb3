/**
 * The gateway's Prometheus metrics: requests by route pattern, method and status with their latency (the API
 * fast path, Fastify's routes and the static files' fast path), 5xx among them by status, the token
 * verifier's verifications and cache hits, and the fast path's upstream connections. Served by start.ts on
 * GATEWAY_METRICS_PORT, never on the public port.
 */
import { Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import { registerVerifierMetrics, type RequestMetrics } from '../../common/server/metrics.ts';
import type { TokenVerifier } from '../../common/server/token-verifier.ts';

/** The route label of API calls the fast path forwards: Fastify's own pattern for the proxy's route. */
export const API_ROUTE = '/api/*';
/** The route label of the console's files answered before Fastify: the static route's pattern. */
export const STATIC_ROUTE = '/*';

export interface UpstreamStats {
  connected: number;
  pending: number;
  running: number;
}

export interface GatewayMetrics {
  registry: Registry;
  requests: RequestMetrics;
}

/** `requests` is made first: Fastify's log controller, built before the verifier, fills it. */
export function createGatewayMetrics(requests: RequestMetrics, verifier: TokenVerifier, upstream: (() => UpstreamStats) | undefined): GatewayMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  requests.register(registry);
  registerVerifierMetrics(registry, verifier);
  if (upstream) {
    const gauge = new Gauge({
      name: 'gateway_upstream_connections',
      help: "The API fast path's connections to the back end: open (connected), waiting for a connection (pending), with a call in flight (running).",
      labelNames: ['state'],
      registers: [registry],
      collect: () => {
        const stats = upstream();
        gauge.set({ state: 'connected' }, stats.connected);
        gauge.set({ state: 'pending' }, stats.pending);
        gauge.set({ state: 'running' }, stats.running);
      },
    });
  }
  return { registry, requests };
}
