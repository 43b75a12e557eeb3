/**
 * Listening and stopping: the gateway on HOST:PORT (HTTPS when TLS files are set), the optional plain-HTTP
 * listener that only redirects to HTTPS, and a graceful stop that finishes in-flight requests.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from './app.ts';
import { startMetricsServer, type MetricsServer } from '../../common/server/metrics.ts';
import type { GatewayConfig } from './config.ts';
import { securityHeaders } from './security-headers.ts';
import { answerServerErrors, clientErrorHandler, refusalOf, writeRefusal } from './server-errors.ts';

export interface RunningGateway {
  app: FastifyInstance;
  port: number;
  redirectPort?: number;
  /** Where GET /metrics answers (GATEWAY_METRICS_PORT); undefined when it is not set. */
  metricsPort?: number;
  /** Marks the gateway not ready, stops accepting, waits for in-flight requests (bounded), closes. */
  stop(): Promise<void>;
}

const HOST_HEADER = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * Every request on plain HTTP gets a 301 to the same path on HTTPS; nothing else is served there. Its errors,
 * Node's own included, are JSON with the API header set like the gateway's.
 */
function redirectServer(config: GatewayConfig, httpsPort: number, log: () => FastifyBaseLogger): Server {
  // Plain HTTP: browsers ignore HSTS there, so the set is the one without it.
  const { api } = securityHeaders({ ...config, tls: undefined });
  const server = createServer((request, response) => {
    const refusal = refusalOf(request);
    if (refusal) return writeRefusal(response, api, request, refusal);
    const host = request.headers.host ?? '';
    if (!HOST_HEADER.test(host)) {
      return writeRefusal(response, api, request, { status: 400, errorCode: 'INVALID_INPUT', message: 'Invalid Host header.' });
    }
    const hostname = host.replace(/:\d+$/, '');
    const port = httpsPort === 443 ? '' : `:${httpsPort}`;
    response.writeHead(301, { ...api, location: `https://${hostname}${port}${request.url ?? '/'}`, 'cache-control': 'no-store' });
    response.end();
  });
  server.on('clientError', clientErrorHandler(api, log));
  answerServerErrors(server, api);
  return server;
}

export async function startGateway(config: GatewayConfig, options: BuildOptions = {}): Promise<RunningGateway> {
  const app = await buildApp(config, options);
  await app.listen({ port: config.port, host: config.host });
  const port = (app.server.address() as AddressInfo).port;

  let redirect: Server | undefined;
  if (config.httpRedirectPort !== undefined) {
    const server = redirectServer(config, port, () => app.log);
    redirect = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.httpRedirectPort, config.host, () => resolve());
    });
  }

  let metrics: MetricsServer | undefined;
  if (config.metrics) {
    try {
      metrics = await startMetricsServer(app.metricsRegistry, config.metrics.host, config.metrics.port);
    } catch (error) {
      await Promise.all([app.close(), redirect ? new Promise<void>((resolve) => redirect.close(() => resolve())) : undefined]);
      throw new Error(`GATEWAY_METRICS_PORT ${config.metrics.port} on ${config.metrics.host}: ${(error as Error).message}`, { cause: error });
    }
  }

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      app.markShuttingDown();
      const deadline = setTimeout(() => {
        app.log.warn({ timeoutMs: config.shutdownTimeoutMs }, 'in-flight requests did not finish; closing their connections');
        app.server.closeAllConnections();
      }, config.shutdownTimeoutMs);
      deadline.unref();
      await Promise.all([
        app.close(),
        redirect ? new Promise<void>((resolve) => redirect.close(() => resolve())) : Promise.resolve(),
        metrics?.close(),
      ]);
      clearTimeout(deadline);
    })();
    return stopping;
  };

  return {
    app,
    port,
    redirectPort: redirect ? (redirect.address() as AddressInfo).port : undefined,
    metricsPort: metrics?.port,
    stop,
  };
}
