/**
 * The gateway as a Fastify instance that does not listen yet (fastify/demo's app factory): server.ts listens,
 * tests drive it through inject() or on port 0. Each concern is its own plugin; the security header set and
 * the CSP are computed once from the configuration.
 */
import { createServer, type Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { createServer as createHttpsServer } from 'node:https';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import type { Registry } from 'prom-client';
import type { GatewayConfig } from './config.ts';
import { SHUTTING_DOWN, errorOfStatus, sendError } from './errors.ts';
import { createApiFastPath } from './plugins/api-fast-path.ts';
import { apiProxy } from './plugins/api-proxy.ts';
import { eventStream } from './plugins/event-stream.ts';
import { installErrorHandlers } from './plugins/errors.ts';
import { publicApi } from './plugins/public-api.ts';
import { GatewayLogController, REDACTED_PATHS } from './plugins/request-logging.ts';
import { runtimeConfigRoute } from './plugins/runtime-config.ts';
import { createFastPath, staticSite } from './plugins/static-site.ts';
import { requestIdOf } from './request-id.ts';
import { STATIC_ROUTE, createGatewayMetrics } from './metrics.ts';
import { healthRoutes } from './routes/health.ts';
import { securityHeaders } from './security-headers.ts';
import { answerServerErrors, clientErrorHandler, refusalOf, writeRefusal } from './server-errors.ts';
import { RequestMetrics } from '../../common/server/metrics.ts';
import { createTokenVerifier } from '../../common/server/token-verifier.ts';

export interface BuildOptions {
  /** Where log lines go (tests capture them); default stdout. */
  logStream?: NodeJS.WritableStream;
  /** Agent for firebase-admin's outgoing calls: a corporate proxy in production, a local key server in tests. */
  firebaseHttpAgent?: Agent;
  /** false sends every /api/ call through Fastify (api-fast-path.test.ts compares the two paths); default true. */
  apiFastPath?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Flips /readyz to 503 so a load balancer drains this replica before it closes. */
    markShuttingDown(): void;
    /** Every route registered, in order: the route sweep test reads it (the back end keeps the same table). */
    routeTable: RouteOptions[];
    /** The Prometheus registry start.ts serves on GATEWAY_METRICS_PORT (never through this app's routes). */
    metricsRegistry: Registry;
  }
}

export async function buildApp(config: GatewayConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  // firebase-admin reads the emulator address only from this variable, at each verification; keeping it in
  // step with the validated config means the config alone decides whether signatures are checked.
  if (config.firebase.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = config.firebase.emulatorHost;
  else delete process.env.FIREBASE_AUTH_EMULATOR_HOST;

  const headers = securityHeaders(config);
  let shuttingDown = false;
  /** Set as Fastify starts closing: from then on a new request gets 503 from the listener, in the gateway's shape. */
  let closing = false;
  const fastPath = createFastPath(() => shuttingDown);
  const requests = new RequestMetrics();
  const serverOptions: FastifyServerOptions = {
    logger: {
      level: config.logLevel,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    logController: new GatewayLogController(requests),
    genReqId: requestIdOf,
    trustProxy: config.trustProxy,
    bodyLimit: config.apiBodyLimitBytes,
    // The listener below answers 503 itself while closing, in the gateway's shape.
    return503OnClosing: false,
    // Malformed URLs (400) and over-long route parameters (414) never reach a route; they still get the JSON
    // error shape and the API header set.
    frameworkErrors: (error, _request, reply) => {
      const { status, errorCode } = errorOfStatus(error.statusCode);
      return sendError(reply, headers.api, status, errorCode);
    },
    clientErrorHandler: clientErrorHandler(headers.api, () => app.log),
  };
  const tls = config.tls;
  const verifier = createTokenVerifier({
    projectId: config.firebase.projectId,
    timeoutMs: config.auth.timeoutMs,
    checkRevoked: config.auth.checkRevoked,
    cacheMs: config.auth.cacheMs,
    maxSessionMs: config.session.maxHours * 3_600_000,
    ...(options.firebaseHttpAgent ? { httpAgent: options.firebaseHttpAgent } : {}),
  });
  const apiFastPath =
    options.apiFastPath === false
      ? undefined
      : createApiFastPath({ config, headers: headers.api, verifier, isShuttingDown: () => shuttingDown, log: () => app.log, requests });
  const metrics = createGatewayMetrics(requests, verifier, apiFastPath?.upstreamStats);
  const app: FastifyInstance = Fastify({
    ...serverOptions,
    // API calls with a cached token and the console's files are answered on the Node server itself when they
    // can be (see api-fast-path.ts and static-site.ts); everything else goes to Fastify. The HTTPS server is
    // created here for the same reason.
    serverFactory: (fastifyHandler) => {
      const listener = (request: IncomingMessage, response: ServerResponse) => {
        const refusal = closing
          ? ({ status: 503, errorCode: 'UPSTREAM_UNAVAILABLE', message: SHUTTING_DOWN, extra: { connection: 'close' } } as const)
          : refusalOf(request);
        if (refusal) {
          app.log.info({ method: request.method, statusCode: refusal.status }, 'request refused');
          writeRefusal(response, headers.api, request, refusal);
          return;
        }
        if (apiFastPath?.handle(request, response)) return;
        const startedAt = performance.now();
        if (fastPath.handle(request, response)) requests.record(STATIC_ROUTE, request.method!, response.statusCode, (performance.now() - startedAt) / 1000);
        else fastifyHandler(request, response);
      };
      const server = tls ? createHttpsServer({ cert: tls.cert, key: tls.key }, listener) : createServer(listener);
      answerServerErrors(server, headers.api);
      return server;
    },
  });

  app.decorate('routeTable', [] as RouteOptions[]);
  app.addHook('onRoute', (route) => {
    app.routeTable.push(route);
  });

  app.decorate('metricsRegistry', metrics.registry);

  app.decorate('markShuttingDown', () => {
    shuttingDown = true;
  });

  app.addHook('preClose', () => {
    closing = true;
  });
  app.addHook('onClose', () => verifier.close());
  if (apiFastPath) {
    app.addHook('preClose', () => apiFastPath.stop());
    app.addHook('onClose', () => apiFastPath.close());
  }

  installErrorHandlers(app, headers.api);
  await app.register(healthRoutes, { config, headers: headers.api, isShuttingDown: () => shuttingDown });
  await app.register(runtimeConfigRoute, { config, headers: headers.api });
  await app.register(eventStream, { config, headers: headers.api, verifier });
  // The website's public endpoints: their own scope, without api-proxy.ts's token check.
  await app.register(publicApi, { config, headers: headers.api });
  await app.register(apiProxy, { config, headers: headers.api, verifier });
  await app.register(staticSite, { config, headers, fastPath });
  return app;
}
