/**
 * The reference back end as an app factory: everything but listening, so tests drive it through inject()
 * or a port-0 listener and server.ts adds only the socket and signal handling. Plugins give what every
 * module needs (database, errors, authentication, identity administration); the modules of modules/index.ts
 * bring the areas, each registered the same way.
 */
import { trackRequestOrigin } from './lib/request-origin.ts';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Agent } from 'node:http';
import type { BackendConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { openApiPlugin } from './lib/openapi.ts';
import { markMissingBody, strictValidatorCompiler } from './lib/validation.ts';
import { lazyResponseSerializerCompiler } from './lib/response-serializer.ts';
import type { ModuleOptions } from './lib/module.ts';
import { MODULES } from './modules/index.ts';
import type { PushTransport } from './modules/notifications/index.ts';
import { authPlugin } from './plugins/auth.ts';
import { dbPlugin } from './plugins/db.ts';
import { clientErrorHandler, errorsPlugin, frameworkErrors } from './plugins/errors.ts';
import { DEFAULT_BODY_LIMIT } from '../../common/contract/body-limits.ts';
import { identityPlugin, type IdentityAdmin } from './plugins/identity.ts';
import { metricsPlugin } from './plugins/metrics.ts';

export interface BuildExtras {
  /** Agent for firebase-admin's calls to Google (an outbound proxy; tests use a local one). */
  httpAgent?: Agent;
  /** An open database shared with other app instances (tests of cross-replica delivery); the caller closes it. */
  database?: Database;
  /** PGlite only: the database starts as this copy of a data folder (tests: the run's seeded template), not empty. */
  pgliteDump?: Blob;
  /** Stands in for FCM in tests. */
  pushTransport?: PushTransport;
  /** Stands in for Firebase Auth administration (tests that make the provider fail on purpose). */
  identity?: IdentityAdmin;
  /** A clock for the demo seed (tests that need fixed dates). */
  now?: Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app registered, in order (the route sweep test reads it). */
    routeTable: RouteOptions[];
    /** Extras a module may need (the FCM stand-in). */
    buildExtras: BuildExtras;
  }
}

/** `config` comes from loadConfig, tests included, so every default lives in its schema alone. */
export async function buildBackend(config: BackendConfig, extras: BuildExtras = {}): Promise<FastifyInstance> {
  if (config.FIREBASE_AUTH_EMULATOR_HOST) {
    // firebase-admin reads the emulator address from the environment only.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = config.FIREBASE_AUTH_EMULATOR_HOST;
  }
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
    },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: DEFAULT_BODY_LIMIT,
    // FCM registration tokens are longer than find-my-way's default 100-character parameter limit.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 4096 },
    requestIdHeader: 'x-request-id',
    clientErrorHandler,
    frameworkErrors,
    // The db plugin starts PGlite (WebAssembly), loads pg_trgm and migrates: beyond fastify's 10 s default on
    // a busy two-core machine. Start-up is bounded by the stack's own ready time-out.
    pluginTimeout: 60_000,
  });
  app.setValidatorCompiler(strictValidatorCompiler);
  app.setSerializerCompiler(lazyResponseSerializerCompiler);
  app.addHook('preValidation', markMissingBody);
  trackRequestOrigin(app);
  app.decorate('consoleUrl', config.CONSOLE_URL);
  app.decorate('buildExtras', extras);
  app.decorate('routeTable', [] as RouteOptions[]);
  app.addHook('onRoute', (route) => {
    // A route without an access rule would be reachable by any signed-in account: refuse to start instead.
    if (!route.config?.access && !route.url.startsWith('*') && route.method !== 'HEAD') {
      throw new Error(`route ${String(route.method)} ${route.url} declares no config.access`);
    }
    app.routeTable.push(route);
  });

  await app.register(errorsPlugin);
  await app.register(metricsPlugin);
  // Before any route: it collects them as they are added.
  await app.register(openApiPlugin);
  await app.register(dbPlugin, {
    location: config.DATABASE_URL ?? config.DATA_DIR,
    poolMax: config.DATABASE_POOL_MAX,
    ...(extras.database ? { database: extras.database } : {}),
    ...(extras.pgliteDump ? { pgliteDump: extras.pgliteDump } : {}),
  });
  await app.register(authPlugin, { projectId: config.FIREBASE_PROJECT_ID, timeoutMs: config.AUTH_TIMEOUT_MS, httpAgent: extras.httpAgent, secondFactor: config.STAFF_SECOND_FACTOR === 'required', emulator: Boolean(config.FIREBASE_AUTH_EMULATOR_HOST) });
  await app.register(identityPlugin, { projectId: config.FIREBASE_PROJECT_ID, timeoutMs: config.AUTH_TIMEOUT_MS, httpAgent: extras.httpAgent, override: extras.identity });

  const options: ModuleOptions = { config, modules: MODULES };
  for (const module of MODULES) {
    const setup = module.setup;
    if (setup) await app.register(fp(async (root) => setup(root, options), { name: `${module.name}-setup` }));
  }
  for (const module of MODULES) {
    const { routes, rootRoutes } = module;
    if (rootRoutes) await app.register(async (scope) => rootRoutes(scope, options));
    if (routes) await app.register(async (scope) => routes(scope, options), { prefix: '/api' });
  }
  if (config.SEED_DEMO_DATA) {
    // The one door from production code to the demo's, opened only when the configuration asks for demo data.
    // eslint-disable-next-line import-x/no-restricted-paths
    const { seedDemoData } = await import('./demo/seed.ts');
    if (await seedDemoData(app.db, extras.now)) app.log.info('seeded the empty database with demo data');
  }
  return app;
}
