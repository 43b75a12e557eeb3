/**
 * The back end's configuration, read from environment variables and validated by schema at start-up, so a
 * bad value stops the process with one line naming the variable instead of failing on the first request.
 */
import { EnvError, readEnv } from '../../common/server/env.ts';
import { SESSION_MAX_HOURS_SETTING } from '../../common/contract/security-paths.ts';
import {
  EMULATOR_HOST_PATTERN,
  UNSIGNED_TOKENS_OPT_IN,
  UNSIGNED_TOKENS_OPT_IN_VALUE,
  isEmulatorModeRefused,
} from '../../common/server/emulator-mode.ts';

export interface BackendConfig {
  NODE_ENV: string;
  PORT: number;
  HOST: string;
  /** PGlite data folder, or 'memory://' for a throw-away database; unused when DATABASE_URL is set. */
  DATA_DIR: string;
  /** postgres://user:password@host:port/database of a Postgres server, shared by every replica; unset for PGlite. */
  DATABASE_URL?: string;
  /** Most connections one replica opens to the Postgres server (replicas x this must stay under its max_connections). */
  DATABASE_POOL_MAX: number;
  FIREBASE_PROJECT_ID: string;
  /** host:port of the Firebase Auth emulator; unset in production. */
  FIREBASE_AUTH_EMULATOR_HOST?: string;
  ALLOW_UNSIGNED_EMULATOR_TOKENS_IN_PRODUCTION?: string;
  SEED_DEMO_DATA: boolean;
  LOG_LEVEL: string;
  /** Which peers may set X-Forwarded-* (Fastify's trustProxy): the pagination links use the public host. */
  TRUST_PROXY: string;
  /** Upper bound on ID-token verification, which may fetch Google's keys over the network. */
  AUTH_TIMEOUT_MS: number;
  /** Send notifications to closed browsers through FCM (needs Admin credentials for the project). */
  FCM_PUSH: boolean;
  /**
   * Staff sign-in needs the TOTP second factor: every staff call whose sign-in passed no code check
   * is refused with 401 SECOND_FACTOR_REQUIRED. `off` only for a staged roll-out.
   */
  STAFF_SECOND_FACTOR: 'required' | 'off';
  /** The gateway's absolute session limit, the same variable: the sessions list shows only sign-ins younger. */
  SESSION_MAX_HOURS: number;
  /** How often an open notification stream sends a heartbeat comment, so idle proxies keep it open. */
  STREAM_HEARTBEAT_MS: number;
  /** The console's public origin for set-password links; unset, taken from each request's (forwarded) host. */
  CONSOLE_URL?: string;
  /** How often the clients area's scheduler renews due subscriptions and sends deadline notices; 0 runs it only at start. */
  CLIENT_JOBS_INTERVAL_MS: number;
  /** Service desk: how often recurring tasks, due notices and chat reminders run; 0 runs them only at start. */
  SERVICE_DESK_JOBS_INTERVAL_MS: number;
  // Invoices: the accounting system (Zoho Books); sync is off while ZOHO_BOOKS_API_URL is unset.
  ZOHO_BOOKS_API_URL?: string;
  ZOHO_BOOKS_ORGANIZATION_ID?: string;
  ZOHO_BOOKS_ACCESS_TOKEN?: string;
  ZOHO_ACCOUNTS_URL?: string;
  ZOHO_CLIENT_ID?: string;
  ZOHO_CLIENT_SECRET?: string;
  ZOHO_REFRESH_TOKEN?: string;
  ZOHO_BOOKS_VAT_TAX_ID?: string;
  /** Bound on one call to the accounting system. */
  INVOICE_SYNC_TIMEOUT_MS: number;
  /** How often the sync worker looks for due invoices (a retry asked for wakes it at once). */
  INVOICE_SYNC_INTERVAL_MS: number;
  /** The first retry's back-off; it doubles per try up to INVOICE_SYNC_MAX_DELAY_MS. */
  INVOICE_SYNC_BASE_DELAY_MS: number;
  INVOICE_SYNC_MAX_DELAY_MS: number;
  /** How often subscription periods are invoiced (also once at start-up); 0 runs it only at start. */
  INVOICE_JOBS_INTERVAL_MS: number;
  // E-invoicing: the Accredited Service Provider; e-invoicing is off while EINVOICING_ASP_URL is unset.
  EINVOICING_ASP_URL?: string;
  EINVOICING_ASP_API_KEY?: string;
  /** The firm's Peppol endpoint, 0235:<10-digit TIN>. */
  EINVOICING_SENDER_ID?: string;
  /** Bound on one call to the ASP. */
  EINVOICING_TIMEOUT_MS: number;
  /** How often the worker looks for documents to send or follow (a send asked for wakes it at once). */
  EINVOICING_INTERVAL_MS: number;
  /** How long after a submission, and between reads, the ASP's status is read. */
  EINVOICING_POLL_MS: number;
  /** The first retry's back-off; it doubles per try up to EINVOICING_MAX_DELAY_MS. */
  EINVOICING_BASE_DELAY_MS: number;
  EINVOICING_MAX_DELAY_MS: number;
  /**
   * Demo mode only (with the Auth emulator): the gateway's origin as a browser reaches it. Set, the back end
   * serves the demo website form page (/demo/website) that posts to the gateway's public endpoints.
   */
  DEMO_WEBSITE_GATEWAY?: string;
  /** Where Prometheus' GET /metrics listens (server.ts), a port of its own; unset, no metrics listener. */
  BACKEND_METRICS_PORT?: number;
  BACKEND_METRICS_HOST: string;
}

const schema = {
  type: 'object',
  required: ['FIREBASE_PROJECT_ID'],
  properties: {
    NODE_ENV: { type: 'string', default: 'development' },
    PORT: { type: 'integer', minimum: 0, maximum: 65535, default: 3001 },
    HOST: { type: 'string', minLength: 1, default: '127.0.0.1' },
    DATA_DIR: { type: 'string', minLength: 1, default: './data/db' },
    DATABASE_URL: { type: 'string', pattern: '^postgres(ql)?://' },
    DATABASE_POOL_MAX: { type: 'integer', minimum: 1, maximum: 1000, default: 10 },
    FIREBASE_PROJECT_ID: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{4,28}[a-z0-9]$' },
    FIREBASE_AUTH_EMULATOR_HOST: { type: 'string', pattern: EMULATOR_HOST_PATTERN },
    [UNSIGNED_TOKENS_OPT_IN]: { type: 'string' },
    SEED_DEMO_DATA: { type: 'boolean', default: false },
    LOG_LEVEL: { type: 'string', enum: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], default: 'info' },
    TRUST_PROXY: { type: 'string', default: 'loopback,uniquelocal' },
    AUTH_TIMEOUT_MS: { type: 'integer', minimum: 100, maximum: 60000, default: 5000 },
    FCM_PUSH: { type: 'boolean', default: false },
    STAFF_SECOND_FACTOR: { type: 'string', enum: ['required', 'off'], default: 'required' },
    SESSION_MAX_HOURS: SESSION_MAX_HOURS_SETTING,
    STREAM_HEARTBEAT_MS: { type: 'integer', minimum: 100, maximum: 60000, default: 20000 },
    CONSOLE_URL: { type: 'string', pattern: '^https?://[^/?#\\s]+$' },
    CLIENT_JOBS_INTERVAL_MS: { type: 'integer', minimum: 0, maximum: 86400000, default: 600000 },
    // service desk: reminders are due to the minute, so the default is short
    SERVICE_DESK_JOBS_INTERVAL_MS: { type: 'integer', minimum: 0, maximum: 86400000, default: 15000 },
    // Invoices
    ZOHO_BOOKS_API_URL: { type: 'string', pattern: '^https?://[^\\s]+$' },
    ZOHO_BOOKS_ORGANIZATION_ID: { type: 'string', minLength: 1, maxLength: 50 },
    ZOHO_BOOKS_ACCESS_TOKEN: { type: 'string', minLength: 1 },
    ZOHO_ACCOUNTS_URL: { type: 'string', pattern: '^https?://[^\\s]+$' },
    ZOHO_CLIENT_ID: { type: 'string', minLength: 1 },
    ZOHO_CLIENT_SECRET: { type: 'string', minLength: 1 },
    ZOHO_REFRESH_TOKEN: { type: 'string', minLength: 1 },
    ZOHO_BOOKS_VAT_TAX_ID: { type: 'string', minLength: 1 },
    INVOICE_SYNC_TIMEOUT_MS: { type: 'integer', minimum: 100, maximum: 120000, default: 15000 },
    INVOICE_SYNC_INTERVAL_MS: { type: 'integer', minimum: 50, maximum: 3600000, default: 5000 },
    INVOICE_SYNC_BASE_DELAY_MS: { type: 'integer', minimum: 1, maximum: 3600000, default: 30000 },
    INVOICE_SYNC_MAX_DELAY_MS: { type: 'integer', minimum: 1, maximum: 86400000, default: 960000 },
    INVOICE_JOBS_INTERVAL_MS: { type: 'integer', minimum: 0, maximum: 86400000, default: 600000 },
    // E-invoicing
    EINVOICING_ASP_URL: { type: 'string', pattern: '^https?://[^\\s]+$' },
    EINVOICING_ASP_API_KEY: { type: 'string', minLength: 8 },
    EINVOICING_SENDER_ID: { type: 'string', pattern: '^0235:1[0-9]{9}$' },
    EINVOICING_TIMEOUT_MS: { type: 'integer', minimum: 100, maximum: 120000, default: 15000 },
    EINVOICING_INTERVAL_MS: { type: 'integer', minimum: 50, maximum: 3600000, default: 5000 },
    EINVOICING_POLL_MS: { type: 'integer', minimum: 10, maximum: 3600000, default: 5000 },
    EINVOICING_BASE_DELAY_MS: { type: 'integer', minimum: 1, maximum: 3600000, default: 30000 },
    EINVOICING_MAX_DELAY_MS: { type: 'integer', minimum: 1, maximum: 86400000, default: 960000 },
    DEMO_WEBSITE_GATEWAY: { type: 'string', pattern: '^https?://[^/?#\\s]+$' },
    // Metrics: Prometheus' GET /metrics on a listener of its own, never the API's port.
    BACKEND_METRICS_PORT: { type: 'integer', minimum: 0, maximum: 65535 },
    BACKEND_METRICS_HOST: { type: 'string', minLength: 1, default: '127.0.0.1' },
  },
} as const;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the configuration from `env` (process.env by default); throws a ConfigError with one readable line. */
export function loadConfig(env: Record<string, string | undefined> = process.env): BackendConfig {
  let config: BackendConfig;
  // An empty accounting setting (compose passes `${ZOHO_BOOKS_API_URL:-}` through) means unset: sync off.
  env = Object.fromEntries(Object.entries(env).filter(([name, value]) => !((name.startsWith('ZOHO_') || name.startsWith('EINVOICING_')) && value === '')));
  try {
    config = readEnv<BackendConfig>(schema, env);
  } catch (error) {
    throw new ConfigError(`invalid configuration: ${error instanceof EnvError ? error.message : String(error)}`);
  }
  if (isEmulatorModeRefused(config)) {
    throw new ConfigError(
      `refusing to start: FIREBASE_AUTH_EMULATOR_HOST is set while NODE_ENV=production, and emulator tokens are unsigned ` +
        `(anyone can forge them). Unset it, or set ${UNSIGNED_TOKENS_OPT_IN}=${UNSIGNED_TOKENS_OPT_IN_VALUE} if you really mean it.`,
    );
  }
  if (config.ZOHO_BOOKS_API_URL && !config.ZOHO_BOOKS_ORGANIZATION_ID) throw new ConfigError('invalid configuration: ZOHO_BOOKS_ORGANIZATION_ID is required with ZOHO_BOOKS_API_URL');
  if (config.ZOHO_BOOKS_API_URL && !config.ZOHO_BOOKS_ACCESS_TOKEN && !(config.ZOHO_ACCOUNTS_URL && config.ZOHO_CLIENT_ID && config.ZOHO_CLIENT_SECRET && config.ZOHO_REFRESH_TOKEN)) {
    throw new ConfigError('invalid configuration: ZOHO_BOOKS_API_URL needs ZOHO_BOOKS_ACCESS_TOKEN or ZOHO_ACCOUNTS_URL, ZOHO_CLIENT_ID, ZOHO_CLIENT_SECRET and ZOHO_REFRESH_TOKEN');
  }
  if (config.BACKEND_METRICS_PORT !== undefined && config.BACKEND_METRICS_PORT !== 0 && config.BACKEND_METRICS_PORT === config.PORT) {
    throw new ConfigError(`invalid configuration: BACKEND_METRICS_PORT must be a port of its own, not the API's (got ${config.BACKEND_METRICS_PORT})`);
  }
  if (config.EINVOICING_ASP_URL && !(config.EINVOICING_ASP_API_KEY && config.EINVOICING_SENDER_ID)) {
    throw new ConfigError('invalid configuration: EINVOICING_ASP_URL needs EINVOICING_ASP_API_KEY and EINVOICING_SENDER_ID (0235: and the firm\'s 10-digit TIN)');
  }
  return config;
}
