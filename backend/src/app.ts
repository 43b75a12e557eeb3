/**
 * The reference back end as an app factory: everything but listening, so tests drive it through inject()
 * or a port-0 listener and server.ts adds only the socket and signal handling.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { Agent } from 'node:http';
import type { BackendConfig } from './config.ts';
import { authPlugin } from './plugins/auth.ts';
import type { Database } from './db/database.ts';
import type { PushTransport } from './notifications/push.ts';
import { dbPlugin } from './plugins/db.ts';
import { notificationsPlugin } from './plugins/notifications.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { identityPlugin, type IdentityAdmin } from './plugins/identity.ts';
import { deviceRoutes } from './routes/devices.ts';
import { healthRoutes } from './routes/health.ts';
import { myRegistrationRoutes } from './routes/my-registration.ts';
import { notificationRoutes } from './routes/notifications.ts';
import { registrationRoutes } from './routes/registrations.ts';
import { reviewRoutes } from './routes/review.ts';
import { userRoutes } from './routes/users.ts';

export interface BuildExtras {
  /** Agent for firebase-admin's calls to Google (an outbound proxy; tests use a local one). */
  httpAgent?: Agent;
  /** An open database shared with other app instances (tests of cross-replica delivery); the caller closes it. */
  database?: Database;
  /** Stands in for FCM in tests. */
  pushTransport?: PushTransport;
  /** Stands in for Firebase Auth administration (tests that make the provider fail on purpose). */
  identity?: IdentityAdmin;
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
    bodyLimit: 64 * 1024,
    // FCM registration tokens are longer than find-my-way's default 100-character parameter limit.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 4096 },
    requestIdHeader: 'x-request-id',
    // The db plugin starts PGlite (WebAssembly), loads pg_trgm, migrates and may seed: beyond fastify's
    // 10 s default on a busy two-core machine. Start-up is bounded by the stack's own ready time-out.
    pluginTimeout: 60_000,
  });
  await app.register(errorsPlugin);
  await app.register(dbPlugin, {
    location: config.DATABASE_URL ?? config.DATA_DIR,
    poolMax: config.DATABASE_POOL_MAX,
    seedDemoData: config.SEED_DEMO_DATA,
    ...(extras.database ? { database: extras.database } : {}),
  });
  await app.register(notificationsPlugin, {
    projectId: config.FIREBASE_PROJECT_ID,
    fcmPush: config.FCM_PUSH,
    ...(extras.pushTransport ? { pushTransport: extras.pushTransport } : {}),
  });
  await app.register(authPlugin, {
    projectId: config.FIREBASE_PROJECT_ID,
    timeoutMs: config.AUTH_TIMEOUT_MS,
    httpAgent: extras.httpAgent,
  });
  await app.register(identityPlugin, {
    projectId: config.FIREBASE_PROJECT_ID,
    timeoutMs: config.AUTH_TIMEOUT_MS,
    httpAgent: extras.httpAgent,
    override: extras.identity,
  });
  await app.register(healthRoutes);
  await app.register(
    async (api) => {
      api.addHook('onRequest', (request) => app.authenticate(request));
      await api.register(registrationRoutes);
      await api.register(reviewRoutes);
      await api.register(myRegistrationRoutes);
      await api.register(userRoutes, { consoleUrl: config.CONSOLE_URL });
      await api.register(deviceRoutes);
      await api.register(notificationRoutes, { heartbeatMs: config.STREAM_HEARTBEAT_MS, demoMode: Boolean(config.FIREBASE_AUTH_EMULATOR_HOST) });
    },
    { prefix: '/api' },
  );
  return app;
}
