/**
 * What the gateway and the back end share for their Prometheus metrics (prom-client): the request table both
 * fill on every call, the token verifier's figures, and the listener that serves `GET /metrics` on a port of
 * its own (never the API's, so the public never reaches it).
 *
 * Every API call records its route pattern, method, status and time. prom-client's own Histogram hashes its
 * label object at each observe(); on the gateway's API path, where a whole call costs tens of microseconds, the
 * call instead adds to a few numbers in a table keyed by route, method and status, and prom-client reads the
 * table only when Prometheus scrapes (a metric object with get(), which its Registry formats like its own).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Gauge, type Metric, type Registry } from 'prom-client';
import type { TokenVerifier } from './token-verifier.ts';

/** Upper bounds of the latency buckets, in seconds: a cached API call is about a millisecond, a slow list a second. */
export const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Cell {
  route: string;
  method: string;
  status: number;
  count: number;
  sum: number;
  /** Per bucket, not cumulative; the last slot is above the largest bound. */
  buckets: number[];
}

const METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'HEAD', 'OPTIONS'];
/** Status codes 100-599 per method, then one slot for any other method. */
const STATUS_SLOTS = 600;

type ExportedValue = { labels: Record<string, string | number>; value: number; metricName?: string };

/** Requests by route pattern, method and status: a counter and a latency histogram. */
export class RequestMetrics {
  private readonly routes = new Map<string, (Cell | undefined)[]>();

  /**
   * `route` is the pattern the request matched ('/api/clients/:id'), never its URL, so the series stay few.
   * The record is a map lookup, an array index and a short loop over the bucket bounds.
   */
  record(route: string, method: string, status: number, seconds: number): void {
    let cells = this.routes.get(route);
    if (cells === undefined) {
      cells = [];
      this.routes.set(route, cells);
    }
    const methodIndex = METHODS.indexOf(method);
    const slot = (methodIndex === -1 ? METHODS.length : methodIndex) * STATUS_SLOTS + (status > 0 && status < STATUS_SLOTS ? status : 0);
    let cell = cells[slot];
    if (cell === undefined) {
      cell = { route, method: methodIndex === -1 ? 'other' : method, status, count: 0, sum: 0, buckets: new Array<number>(LATENCY_BUCKETS.length + 1).fill(0) };
      cells[slot] = cell;
    }
    cell.count++;
    cell.sum += seconds;
    let bucket = 0;
    while (bucket < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[bucket]!) bucket++;
    cell.buckets[bucket]!++;
  }

  private *cells(): Generator<Cell> {
    for (const cells of this.routes.values()) for (const cell of cells) if (cell !== undefined) yield cell;
  }

  /** Registers `http_requests_total` and `http_request_duration_seconds` in `registry`. */
  register(registry: Registry): void {
    const counter = {
      name: 'http_requests_total',
      help: 'Requests answered, by route pattern, method and status.',
      type: 'counter',
      get: () => ({
        name: counter.name,
        help: counter.help,
        type: counter.type,
        aggregator: 'sum',
        values: [...this.cells()].map((cell): ExportedValue => ({ labels: { route: cell.route, method: cell.method, status: cell.status }, value: cell.count })),
      }),
    };
    const histogram = {
      name: 'http_request_duration_seconds',
      help: 'Time from the request to the end of its answer, by route pattern, method and status.',
      type: 'histogram',
      get: () => {
        const values: ExportedValue[] = [];
        for (const cell of this.cells()) {
          const labels = { route: cell.route, method: cell.method, status: cell.status };
          let cumulative = 0;
          LATENCY_BUCKETS.forEach((bound, index) => {
            cumulative += cell.buckets[index]!;
            values.push({ metricName: `${histogram.name}_bucket`, labels: { ...labels, le: bound }, value: cumulative });
          });
          values.push({ metricName: `${histogram.name}_bucket`, labels: { ...labels, le: '+Inf' }, value: cell.count });
          values.push({ metricName: `${histogram.name}_sum`, labels, value: cell.sum });
          values.push({ metricName: `${histogram.name}_count`, labels, value: cell.count });
        }
        return { name: histogram.name, help: histogram.help, type: histogram.type, aggregator: 'sum', values };
      },
    };
    registry.registerMetric(counter as unknown as Metric);
    registry.registerMetric(histogram as unknown as Metric);
  }
}

/** A counter whose value is read from elsewhere at scrape time (a plain number the hot path increments). */
export function registerReadCounter(registry: Registry, name: string, help: string, read: () => { labels?: Record<string, string>; value: number }[]): void {
  const metric = {
    name,
    help,
    type: 'counter',
    get: () => ({ name, help, type: 'counter', aggregator: 'sum', values: read().map(({ labels = {}, value }) => ({ labels, value })) }),
  };
  registry.registerMetric(metric as unknown as Metric);
}

/** `auth_token_verifications_total{result}` and `auth_token_cache_hits_total` from the verifier's own counts. */
export function registerVerifierMetrics(registry: Registry, verifier: TokenVerifier): void {
  registerReadCounter(registry, 'auth_token_verifications_total', 'ID tokens verified with firebase-admin (not from the cache), by result.', () =>
    Object.entries(verifier.stats.verifications).map(([result, value]) => ({ labels: { result }, value })),
  );
  registerReadCounter(registry, 'auth_token_cache_hits_total', 'API calls whose ID token was trusted from the verified-token cache.', () => [
    { value: verifier.stats.cacheHits },
  ]);
  new Gauge({
    name: 'auth_token_cache_entries',
    help: 'Verified tokens held in the cache.',
    registers: [registry],
    collect(this: Gauge) {
      this.set(verifier.stats.cacheEntries());
    },
  });
}

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * `GET /metrics` (HEAD too) in the Prometheus text format on host:port, and nothing else: any other path is a
 * 404, any other method a 405. A collector that fails (the database away) answers 503 with its message, so a
 * scrape failure shows in Prometheus' `up` rather than as partial figures.
 */
export async function startMetricsServer(registry: Registry, host: string, port: number): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: metrics are at /metrics\n');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('Method not allowed\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        response.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' }).end(`metrics unavailable: ${(error as Error).message}\n`);
      },
    );
  });
  // Prometheus keeps its connection open between scrapes; a stop must not wait for it.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
