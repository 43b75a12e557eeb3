/**
 * The gateway as production runs it (NODE_ENV=production, RS256 tokens checked against fetched keys), for the
 * API-path bench and the soak, as a process of its own so its CPU time is its own. Google's key endpoint is
 * local (local-google-keys.ts). Environment: API_UPSTREAM, LOG_LEVEL, STATIC_DIR, AUTH_CACHE_MS, and
 * API_FAST_PATH=false to send every API call through Fastify (the bench's before/after row).
 * Sends {port, tokens} over IPC once listening: TOKEN_COUNT signed ID tokens of distinct users.
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../gateway/src/app.ts';
import { loadConfig } from '../../gateway/src/config.ts';
import { startLocalGoogleKeys } from './local-google-keys.ts';

const PROJECT_ID = 'bench-production';
const keys = await startLocalGoogleKeys();
const config = loadConfig({
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: '0',
  API_UPSTREAM: process.env.API_UPSTREAM,
  FIREBASE_PROJECT_ID: PROJECT_ID,
  FIREBASE_WEB_API_KEY: 'bench-web-api-key',
  STATIC_DIR: process.env.STATIC_DIR,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  AUTH_CACHE_MS: process.env.AUTH_CACHE_MS,
  API_TIMEOUT_MS: process.env.API_TIMEOUT_MS,
  // The revocation check needs service-account credentials for the Auth API, out of reach here; a verified
  // token is cached for AUTH_CACHE_MS either way, so it changes the first request per token, not the rest.
  AUTH_CHECK_REVOKED: 'false',
});
const app = await buildApp(config, { firebaseHttpAgent: keys.agent, apiFastPath: process.env.API_FAST_PATH !== 'false' });
await app.listen({ port: 0, host: '127.0.0.1' });
const tokens = Array.from({ length: Number(process.env.TOKEN_COUNT ?? 1) }, (_, index) => keys.signIdToken(PROJECT_ID, `bench-user-${index}`));
process.send?.({ port: (app.server.address() as AddressInfo).port, tokens });

const stop = async () => {
  await app.close();
  await keys.close();
  process.exit(0);
};
// With --expose-gc the soak asks for a full collection before reading resident memory, so it compares live
// memory rather than how far the heap happened to have grown.
process.on('message', (message: { gc?: boolean }) => {
  if (!message.gc) return;
  (globalThis as { gc?: () => void }).gc?.();
  process.send?.(process.memoryUsage());
});
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
