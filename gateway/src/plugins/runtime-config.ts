/**
 * GET /config.json: the Firebase settings the console boots with, so one build serves every environment.
 * Never cached: a deploy that switches projects must reach open tabs on their next load.
 */
import type { FastifyInstance } from 'fastify';
import type { GatewayConfig } from '../config.ts';
import { RUNTIME_CONFIG_PATH, type RuntimeConfig } from '../../../common/runtime-config.ts';
import type { HeaderSet } from '../security-headers.ts';

export function runtimeConfigOf(config: GatewayConfig): RuntimeConfig {
  const { firebase } = config;
  const runtime: RuntimeConfig = {
    firebase: { apiKey: firebase.webApiKey, authDomain: firebase.authDomain, projectId: firebase.projectId },
    storeLinks: config.storeLinks,
    sessionIdleMinutes: config.session.idleMinutes,
  };
  if (firebase.appId) runtime.firebase.appId = firebase.appId;
  if (firebase.messagingSenderId) runtime.firebase.messagingSenderId = firebase.messagingSenderId;
  if (firebase.vapidKey) runtime.vapidKey = firebase.vapidKey;
  if (config.authEmulatorPublicUrl) runtime.authEmulatorUrl = config.authEmulatorPublicUrl;
  return runtime;
}

export async function runtimeConfigRoute(
  app: FastifyInstance,
  { config, headers: api }: { config: GatewayConfig; headers: HeaderSet },
): Promise<void> {
  const body = JSON.stringify(runtimeConfigOf(config));
  const headers = {
    ...api,
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  };
  app.get(RUNTIME_CONFIG_PATH, (_request, reply) => reply.headers(headers).send(body));
}
