/**
 * The gateway's whole configuration, read once from the environment and validated by a JSON schema
 * (env-schema). Anything wrong stops start-up with one line that names the variable, so an operator never
 * has to guess which of twenty settings broke a deploy.
 */
import { readFileSync, statSync } from 'node:fs';
import { BlockList, isIP } from 'node:net';
import { isAbsolute, resolve } from 'node:path';
import { API_BODY_LIMIT_BYTES, API_TIMEOUT_MS } from '../../common/contract/http.ts';
import { SESSION_MAX_HOURS_SETTING } from '../../common/contract/security-paths.ts';
import { EnvError, readEnv } from '../../common/server/env.ts';
import { VERIFIED_TOKEN_CACHE_MS } from '../../common/server/token-verifier.ts';
import { STORE_PAGE_EXAMPLES, STORE_PAGE_PATTERNS, type StoreLinks } from '../../common/mobile-notice.ts';
import {
  EMULATOR_HOST_PATTERN,
  UNSIGNED_TOKENS_OPT_IN,
  UNSIGNED_TOKENS_OPT_IN_VALUE,
  isEmulatorModeRefused,
} from '../../common/server/emulator-mode.ts';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const schema = {
  type: 'object',
  required: ['API_UPSTREAM', 'FIREBASE_PROJECT_ID'],
  properties: {
    NODE_ENV: { type: 'string', default: 'development' },
    PORT: { type: 'integer', minimum: 0, maximum: 65535, default: 8080 },
    HOST: { type: 'string', minLength: 1, default: '0.0.0.0' },
    API_UPSTREAM: { type: 'string', minLength: 1 },
    API_TIMEOUT_MS: { type: 'integer', minimum: 1, default: API_TIMEOUT_MS },
    API_BODY_LIMIT_BYTES: { type: 'integer', minimum: 1, default: API_BODY_LIMIT_BYTES },
    FIREBASE_PROJECT_ID: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{3,61}[a-z0-9]$' },
    FIREBASE_AUTH_EMULATOR_HOST: { type: 'string', pattern: EMULATOR_HOST_PATTERN },
    FIREBASE_WEB_API_KEY: { type: 'string', minLength: 1 },
    FIREBASE_AUTH_DOMAIN: { type: 'string', minLength: 1 },
    FIREBASE_APP_ID: { type: 'string', minLength: 1 },
    FIREBASE_MESSAGING_SENDER_ID: { type: 'string', minLength: 1 },
    FIREBASE_VAPID_KEY: { type: 'string', minLength: 1 },
    AUTH_EMULATOR_PUBLIC_URL: { type: 'string', minLength: 1 },
    AUTH_TIMEOUT_MS: { type: 'integer', minimum: 1, default: 5000 },
    AUTH_CHECK_REVOKED: { type: 'string', enum: ['true', 'false'], default: 'true' },
    AUTH_CACHE_MS: { type: 'integer', minimum: 0, default: VERIFIED_TOKEN_CACHE_MS },
    [UNSIGNED_TOKENS_OPT_IN]: { type: 'string' },
    TLS_CERT_FILE: { type: 'string', minLength: 1 },
    TLS_KEY_FILE: { type: 'string', minLength: 1 },
    HTTP_REDIRECT_PORT: { type: 'integer', minimum: 0, maximum: 65535 },
    STATIC_DIR: { type: 'string', minLength: 1, default: 'dist/client' },
    TRUST_PROXY: { type: 'string', minLength: 1, default: 'false' },
    PLAY_STORE_URL: { type: 'string', minLength: 1 },
    APP_STORE_URL: { type: 'string', minLength: 1 },
    LOG_LEVEL: { type: 'string', enum: LOG_LEVELS, default: 'info' },
    SHUTDOWN_TIMEOUT_MS: { type: 'integer', minimum: 1, default: 25_000 },
    // The website's public endpoints.
    PUBLIC_API_ORIGINS: { type: 'string', default: '' },
    PUBLIC_RATE_LIMIT: { type: 'integer', minimum: 1, maximum: 10_000, default: 5 },
    PUBLIC_RATE_WINDOW_MS: { type: 'integer', minimum: 1000, maximum: 86_400_000, default: 60_000 },
    // Staff security.
    SESSION_IDLE_MINUTES: { type: 'integer', minimum: 2, maximum: 1440, default: 30 },
    SESSION_MAX_HOURS: SESSION_MAX_HOURS_SETTING,
    ADMIN_ALLOWED_CIDRS: { type: 'string', default: '' },
    // Metrics: Prometheus' GET /metrics on a listener of its own, never the public port.
    GATEWAY_METRICS_PORT: { type: 'integer', minimum: 0, maximum: 65535 },
    GATEWAY_METRICS_HOST: { type: 'string', minLength: 1, default: '127.0.0.1' },
  },
} as const;

interface RawEnv {
  NODE_ENV: string;
  PORT: number;
  HOST: string;
  API_UPSTREAM: string;
  API_TIMEOUT_MS: number;
  API_BODY_LIMIT_BYTES: number;
  FIREBASE_PROJECT_ID: string;
  FIREBASE_AUTH_EMULATOR_HOST?: string;
  FIREBASE_WEB_API_KEY?: string;
  FIREBASE_AUTH_DOMAIN?: string;
  FIREBASE_APP_ID?: string;
  FIREBASE_MESSAGING_SENDER_ID?: string;
  FIREBASE_VAPID_KEY?: string;
  AUTH_EMULATOR_PUBLIC_URL?: string;
  AUTH_TIMEOUT_MS: number;
  AUTH_CHECK_REVOKED: 'true' | 'false';
  AUTH_CACHE_MS: number;
  ALLOW_UNSIGNED_EMULATOR_TOKENS_IN_PRODUCTION?: string;
  TLS_CERT_FILE?: string;
  TLS_KEY_FILE?: string;
  HTTP_REDIRECT_PORT?: number;
  STATIC_DIR: string;
  TRUST_PROXY: string;
  PLAY_STORE_URL?: string;
  APP_STORE_URL?: string;
  LOG_LEVEL: LogLevel;
  SHUTDOWN_TIMEOUT_MS: number;
  PUBLIC_API_ORIGINS: string;
  PUBLIC_RATE_LIMIT: number;
  PUBLIC_RATE_WINDOW_MS: number;
  SESSION_IDLE_MINUTES: number;
  SESSION_MAX_HOURS: number;
  ADMIN_ALLOWED_CIDRS: string;
  GATEWAY_METRICS_PORT?: number;
  GATEWAY_METRICS_HOST: string;
}

export interface GatewayConfig {
  production: boolean;
  port: number;
  host: string;
  /** Origin and base path of the back end, without a trailing slash: /api/x goes to `${apiUpstream}/api/x`. */
  apiUpstream: string;
  apiTimeoutMs: number;
  apiBodyLimitBytes: number;
  firebase: {
    projectId: string;
    /** host:port of the Auth emulator; set means tokens are NOT signature-checked. */
    emulatorHost?: string;
    webApiKey: string;
    authDomain: string;
    appId?: string;
    messagingSenderId?: string;
    vapidKey?: string;
  };
  /** Origin the browser uses to reach the emulator (may differ from emulatorHost behind Docker or a proxy). */
  authEmulatorPublicUrl?: string;
  auth: {
    timeoutMs: number;
    checkRevoked: boolean;
    /** How long a verified token is trusted before it is verified (and its revocation checked) again. */
    cacheMs: number;
  };
  tls?: { cert: Buffer; key: Buffer };
  httpRedirectPort?: number;
  staticDir: string;
  trustProxy: boolean | string[];
  storeLinks: StoreLinks;
  logLevel: LogLevel;
  shutdownTimeoutMs: number;
  /**
   * The website's public endpoints (plugins/public-api.ts): the origins whose pages may call them from a
   * browser (CORS; none when unset), and how many posts one client address may send per window.
   */
  publicApi: { origins: string[]; rateLimit: number; rateWindowMs: number };
  /**
   * Sessions: the console signs itself out after `idleMinutes` without input (served in
   * /config.json); a token whose sign-in (auth_time) is older than `maxHours` is refused as expired.
   */
  session: { idleMinutes: number; maxHours: number };
  /** ADMIN_ALLOWED_CIDRS: the networks ADMIN calls may come from; undefined lets ADMIN in from anywhere. */
  adminNetworks?: BlockList;
  /** GATEWAY_METRICS_PORT/_HOST: where GET /metrics listens (start.ts); unset, no metrics listener (the figures are still kept). */
  metrics?: { port: number; host: string };
}

/** A configuration error; `variable` is the environment variable to fix. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Invalid configuration: ${variable} ${detail}`);
    this.name = 'ConfigError';
  }
}

function validate(env: NodeJS.ProcessEnv): RawEnv {
  try {
    return readEnv<RawEnv>(schema, env);
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    if (error.missing) throw new ConfigError(error.variable, 'is required but not set');
    const allowed = error.allowedValues ? `: ${error.allowedValues.join(', ')}` : '';
    throw new ConfigError(error.variable, `${error.reason}${allowed} (got ${JSON.stringify(env[error.variable])})`);
  }
}

function httpUrl(variable: string, value: string, { allowQuery = false } = {}): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(variable, `must be an absolute http(s) URL (got ${JSON.stringify(value)})`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(variable, `must use http or https (got ${JSON.stringify(value)})`);
  }
  if ((url.search && !allowQuery) || url.hash || url.username || url.password) {
    throw new ConfigError(variable, `must not carry a query, fragment or credentials (got ${JSON.stringify(value)})`);
  }
  return url;
}

/** A store link is the app's own page there (see STORE_PAGE_PATTERNS), or absent: then the notice shows no button for it. */
function storeLink(store: keyof StoreLinks, variable: string, value: string | undefined): StoreLinks {
  if (value === undefined) return {};
  if (!STORE_PAGE_PATTERNS[store].test(value)) {
    throw new ConfigError(variable, `must be the app's own page in the store, like ${STORE_PAGE_EXAMPLES[store]} (got ${JSON.stringify(value)})`);
  }
  return { [store]: value };
}

function readPemFile(variable: string, path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    throw new ConfigError(variable, `cannot be read: ${(error as Error).message}`);
  }
}

function parseTrustProxy(value: string): boolean | string[] {
  if (value === 'true') return true;
  if (value === 'false') return false;
  // Fastify 5 fails closed on a bare hop count (it cannot tell the immediate peer is a proxy), so a count
  // would silently trust nobody: refuse it rather than accept a setting that does nothing.
  if (/^\d+$/.test(value)) {
    throw new ConfigError('TRUST_PROXY', `takes the proxies' addresses/CIDRs or true, not a hop count (got ${JSON.stringify(value)})`);
  }
  const list = value.split(',').map((part) => part.trim());
  if (list.some((part) => !/^[0-9a-fA-F.:/]+$/.test(part) && !['loopback', 'linklocal', 'uniquelocal'].includes(part))) {
    throw new ConfigError('TRUST_PROXY', `must be true, false or a comma-separated list of addresses/CIDRs (got ${JSON.stringify(value)})`);
  }
  return list;
}

/** 'https://www.example.ae, https://example.ae' -> the origins, each an exact http(s) origin (no path, no wildcard). */
function parseOrigins(value: string): string[] {
  const origins = value.split(',').map((part) => part.trim()).filter(Boolean);
  for (const origin of origins) {
    const url = httpUrl('PUBLIC_API_ORIGINS', origin);
    if (url.origin !== origin.replace(/\/$/, '')) throw new ConfigError('PUBLIC_API_ORIGINS', `takes origins only, like https://www.example.ae (got ${JSON.stringify(origin)})`);
  }
  return origins.map((origin) => origin.replace(/\/$/, ''));
}

/** '10.0.0.0/8, 203.0.113.7, 2001:db8::/32' -> a BlockList of those networks; a bad entry stops start-up naming it. */
export function parseCidrs(variable: string, value: string): BlockList | undefined {
  const entries = value.split(',').map((part) => part.trim()).filter(Boolean);
  if (entries.length === 0) return undefined;
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix, extra] = entry.split('/');
    const family = isIP(address);
    const bits = family === 4 ? 32 : 128;
    const length = prefix === undefined ? bits : /^\d{1,3}$/.test(prefix) ? Number(prefix) : Number.NaN;
    if (family === 0 || extra !== undefined || !(length >= 0 && length <= bits)) {
      throw new ConfigError(variable, `must be a comma-separated list of IPv4/IPv6 addresses or CIDRs like 10.0.0.0/8 (got ${JSON.stringify(entry)})`);
    }
    list.addSubnet(address, length, family === 4 ? 'ipv4' : 'ipv6');
  }
  return list;
}

/** Reads and checks the configuration; throws ConfigError naming the variable at the first problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): GatewayConfig {
  const raw = validate(env);
  const production = raw.NODE_ENV === 'production';
  const emulatorHost = raw.FIREBASE_AUTH_EMULATOR_HOST;

  if (isEmulatorModeRefused(raw)) {
    throw new ConfigError(
      'FIREBASE_AUTH_EMULATOR_HOST',
      `must not be set when NODE_ENV=production: emulator tokens are unsigned and anyone can forge them ` +
        `(set ${UNSIGNED_TOKENS_OPT_IN}=${UNSIGNED_TOKENS_OPT_IN_VALUE} only for a throw-away demo)`,
    );
  }
  if (!emulatorHost && production && !raw.FIREBASE_WEB_API_KEY) {
    throw new ConfigError('FIREBASE_WEB_API_KEY', 'is required in production (the console signs in with it)');
  }
  if (Boolean(raw.TLS_CERT_FILE) !== Boolean(raw.TLS_KEY_FILE)) {
    throw new ConfigError(raw.TLS_CERT_FILE ? 'TLS_KEY_FILE' : 'TLS_CERT_FILE', 'must be set together with the other TLS file');
  }
  if (raw.HTTP_REDIRECT_PORT !== undefined && !raw.TLS_CERT_FILE) {
    throw new ConfigError('HTTP_REDIRECT_PORT', 'only makes sense with HTTPS: set TLS_CERT_FILE and TLS_KEY_FILE too');
  }

  if (raw.GATEWAY_METRICS_PORT !== undefined && raw.GATEWAY_METRICS_PORT !== 0 && [raw.PORT, raw.HTTP_REDIRECT_PORT].includes(raw.GATEWAY_METRICS_PORT)) {
    throw new ConfigError('GATEWAY_METRICS_PORT', `must be a port of its own, not the public one (got ${raw.GATEWAY_METRICS_PORT})`);
  }

  const upstream = httpUrl('API_UPSTREAM', raw.API_UPSTREAM);
  const authEmulatorPublicUrl = emulatorHost
    ? httpUrl('AUTH_EMULATOR_PUBLIC_URL', raw.AUTH_EMULATOR_PUBLIC_URL ?? `http://${emulatorHost}`).origin
    : undefined;

  const staticDir = isAbsolute(raw.STATIC_DIR) ? raw.STATIC_DIR : resolve(cwd, raw.STATIC_DIR);
  try {
    if (!statSync(staticDir).isDirectory()) throw new Error('not a directory');
  } catch (error) {
    throw new ConfigError('STATIC_DIR', `must be a folder holding the built console (${staticDir}: ${(error as Error).message}; run npm run build)`);
  }

  return {
    production,
    port: raw.PORT,
    host: raw.HOST,
    apiUpstream: `${upstream.origin}${upstream.pathname.replace(/\/+$/, '')}`,
    apiTimeoutMs: raw.API_TIMEOUT_MS,
    apiBodyLimitBytes: raw.API_BODY_LIMIT_BYTES,
    firebase: {
      projectId: raw.FIREBASE_PROJECT_ID,
      emulatorHost,
      webApiKey: raw.FIREBASE_WEB_API_KEY ?? 'demo-api-key',
      authDomain: raw.FIREBASE_AUTH_DOMAIN ?? `${raw.FIREBASE_PROJECT_ID}.firebaseapp.com`,
      appId: raw.FIREBASE_APP_ID,
      messagingSenderId: raw.FIREBASE_MESSAGING_SENDER_ID,
      vapidKey: raw.FIREBASE_VAPID_KEY,
    },
    authEmulatorPublicUrl,
    auth: { timeoutMs: raw.AUTH_TIMEOUT_MS, checkRevoked: raw.AUTH_CHECK_REVOKED === 'true', cacheMs: raw.AUTH_CACHE_MS },
    tls:
      raw.TLS_CERT_FILE && raw.TLS_KEY_FILE
        ? { cert: readPemFile('TLS_CERT_FILE', raw.TLS_CERT_FILE), key: readPemFile('TLS_KEY_FILE', raw.TLS_KEY_FILE) }
        : undefined,
    httpRedirectPort: raw.HTTP_REDIRECT_PORT,
    staticDir,
    trustProxy: parseTrustProxy(raw.TRUST_PROXY),
    storeLinks: {
      ...storeLink('playStore', 'PLAY_STORE_URL', raw.PLAY_STORE_URL),
      ...storeLink('appStore', 'APP_STORE_URL', raw.APP_STORE_URL),
    },
    logLevel: raw.LOG_LEVEL,
    shutdownTimeoutMs: raw.SHUTDOWN_TIMEOUT_MS,
    publicApi: { origins: parseOrigins(raw.PUBLIC_API_ORIGINS), rateLimit: raw.PUBLIC_RATE_LIMIT, rateWindowMs: raw.PUBLIC_RATE_WINDOW_MS },
    session: { idleMinutes: raw.SESSION_IDLE_MINUTES, maxHours: raw.SESSION_MAX_HOURS },
    adminNetworks: parseCidrs('ADMIN_ALLOWED_CIDRS', raw.ADMIN_ALLOWED_CIDRS),
    metrics: raw.GATEWAY_METRICS_PORT === undefined ? undefined : { port: raw.GATEWAY_METRICS_PORT, host: raw.GATEWAY_METRICS_HOST },
  };
}
