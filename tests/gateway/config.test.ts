/**
 * Start-up configuration: defaults, every refusal names its variable, emulator mode never runs in
 * production without the loud opt-in, and the real entry point prints one line and exits 1.
 */
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../gateway/src/config.ts';
import { makeStaticDir, type Fixture } from './support.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
let fixture: Fixture;
let minimal: Record<string, string>;

beforeAll(async () => {
  fixture = await makeStaticDir();
  minimal = { API_UPSTREAM: 'http://backend:8081', FIREBASE_PROJECT_ID: 'demo-staff-console', STATIC_DIR: fixture.dir };
});

afterAll(() => fixture.remove());

function refusal(env: Record<string, string | undefined>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('loadConfig accepted a bad configuration');
}

describe('loadConfig', () => {
  it('reads only the variables it is given, never process.env behind them', () => {
    const { API_UPSTREAM: _upstream, ...withoutUpstream } = minimal;
    process.env.API_UPSTREAM = 'http://leaked:8081';
    try {
      expect(refusal(withoutUpstream).message).toBe('Invalid configuration: API_UPSTREAM is required but not set');
    } finally {
      delete process.env.API_UPSTREAM;
    }
  });

  it('fills the documented defaults', () => {
    const config = loadConfig(minimal);
    expect(config).toMatchObject({
      production: false,
      port: 8080,
      host: '0.0.0.0',
      apiUpstream: 'http://backend:8081',
      apiTimeoutMs: 120000,
      apiBodyLimitBytes: 10 * 1024 * 1024,
      auth: { timeoutMs: 5000, checkRevoked: true, cacheMs: 30000 },
      trustProxy: false,
      logLevel: 'info',
      firebase: { projectId: 'demo-staff-console', webApiKey: 'demo-api-key', authDomain: 'demo-staff-console.firebaseapp.com' },
    });
    expect(config.tls).toBeUndefined();
    expect(config.firebase.emulatorHost).toBeUndefined();
    expect(config.storeLinks).toEqual({});
  });

  it("takes the app's own store pages for the mobile notice", () => {
    const playStore = 'https://play.google.com/store/apps/details?id=ae.example.console&hl=en';
    const appStore = 'https://apps.apple.com/ae/app/example-console/id1234567890';
    expect(loadConfig({ ...minimal, PLAY_STORE_URL: playStore, APP_STORE_URL: appStore }).storeLinks).toEqual({ playStore, appStore });
  });

  it('resolves a relative STATIC_DIR against the working directory, dist/client by default', async () => {
    const withoutBuild = { ...minimal, STATIC_DIR: undefined };
    expect(() => loadConfig(withoutBuild, fixture.dir)).toThrow(/^Invalid configuration: STATIC_DIR .*dist\/client/);
    await mkdir(join(fixture.dir, 'dist/client'), { recursive: true });
    expect(loadConfig(withoutBuild, fixture.dir).staticDir).toBe(join(fixture.dir, 'dist/client'));
    expect(loadConfig({ ...minimal, STATIC_DIR: 'assets' }, fixture.dir).staticDir).toBe(join(fixture.dir, 'assets'));
  });

  it('derives the emulator URL the browser uses, or takes AUTH_EMULATOR_PUBLIC_URL', () => {
    expect(loadConfig({ ...minimal, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).authEmulatorPublicUrl).toBe('http://127.0.0.1:9099');
    const behindProxy = loadConfig({
      ...minimal,
      FIREBASE_AUTH_EMULATOR_HOST: 'auth:9099',
      AUTH_EMULATOR_PUBLIC_URL: 'http://localhost:9099/',
    });
    expect(behindProxy.authEmulatorPublicUrl).toBe('http://localhost:9099');
  });

  it('keeps the upstream base path without a trailing slash', () => {
    expect(loadConfig({ ...minimal, API_UPSTREAM: 'https://api.internal/base/' }).apiUpstream).toBe('https://api.internal/base');
  });

  it.each([
    [{ API_UPSTREAM: undefined }, 'API_UPSTREAM', /is required/],
    [{ FIREBASE_PROJECT_ID: undefined }, 'FIREBASE_PROJECT_ID', /is required/],
    [{ FIREBASE_PROJECT_ID: 'Bad Project!' }, 'FIREBASE_PROJECT_ID', /must match pattern/],
    [{ PORT: 'eighty' }, 'PORT', /must be integer/],
    [{ PORT: '70000' }, 'PORT', /must be <= 65535/],
    [{ API_TIMEOUT_MS: '0' }, 'API_TIMEOUT_MS', /must be >= 1/],
    [{ API_UPSTREAM: 'backend:8081' }, 'API_UPSTREAM', /http/],
    [{ API_UPSTREAM: 'ftp://backend' }, 'API_UPSTREAM', /http or https/],
    [{ API_UPSTREAM: 'http://backend/?x=1' }, 'API_UPSTREAM', /query/],
    [{ FIREBASE_AUTH_EMULATOR_HOST: 'http://127.0.0.1:9099' }, 'FIREBASE_AUTH_EMULATOR_HOST', /must match pattern/],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL', /must be equal to one of the allowed values: fatal/],
    [{ AUTH_CHECK_REVOKED: 'yes' }, 'AUTH_CHECK_REVOKED', /true, false/],
    [{ TLS_CERT_FILE: '/tmp/cert.pem' }, 'TLS_KEY_FILE', /together/],
    [{ TLS_CERT_FILE: '/nonexistent/cert.pem', TLS_KEY_FILE: '/nonexistent/key.pem' }, 'TLS_CERT_FILE', /cannot be read/],
    [{ HTTP_REDIRECT_PORT: '8079' }, 'HTTP_REDIRECT_PORT', /HTTPS/],
    [{ STATIC_DIR: '/nonexistent/dist/client' }, 'STATIC_DIR', /npm run build/],
    [{ TRUST_PROXY: 'everyone' }, 'TRUST_PROXY', /addresses\/CIDRs/],
    [{ TRUST_PROXY: '2' }, 'TRUST_PROXY', /not a hop count/],
    [{ NODE_ENV: 'production' }, 'FIREBASE_WEB_API_KEY', /required in production/],
    // A store's home page (the old default) or another site is not the app's page.
    [{ PLAY_STORE_URL: 'https://play.google.com/store/apps' }, 'PLAY_STORE_URL', /app's own page in the store, like https:\/\/play/],
    [{ PLAY_STORE_URL: 'https://play.google.com.evil.example/store/apps/details?id=ae.console' }, 'PLAY_STORE_URL', /own page/],
    [{ APP_STORE_URL: 'https://apps.apple.com/' }, 'APP_STORE_URL', /app's own page in the store/],
    [{ APP_STORE_URL: 'javascript:alert(1)//apps.apple.com/app/id1' }, 'APP_STORE_URL', /own page/],
  ])('%o is refused, naming %s', (override, variable, detail) => {
    const error = refusal({ ...minimal, ...override });
    expect(error.variable).toBe(variable);
    expect(error.message).toMatch(new RegExp(`^Invalid configuration: ${variable} `));
    expect(error.message).toMatch(detail);
    expect(error.message).not.toContain('\n');
  });

  it('refuses emulator mode in production: emulator tokens are unsigned and forgeable', () => {
    const error = refusal({ ...minimal, NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' });
    expect(error.variable).toBe('FIREBASE_AUTH_EMULATOR_HOST');
    expect(error.message).toContain('ALLOW_UNSIGNED_EMULATOR_TOKENS_IN_PRODUCTION=yes-i-know');
    const halfHearted = { ...minimal, NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };
    expect(refusal({ ...halfHearted, ALLOW_UNSIGNED_EMULATOR_TOKENS_IN_PRODUCTION: 'true' }).variable).toBe('FIREBASE_AUTH_EMULATOR_HOST');
  });

  it('runs emulator mode in production only with the explicit opt-in', () => {
    const config = loadConfig({
      ...minimal,
      NODE_ENV: 'production',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      ALLOW_UNSIGNED_EMULATOR_TOKENS_IN_PRODUCTION: 'yes-i-know',
    });
    expect(config.production).toBe(true);
    expect(config.firebase.emulatorHost).toBe('127.0.0.1:9099');
  });

  it('reads the TLS files at start-up', async () => {
    const cert = join(fixture.dir, 'cert.pem');
    const key = join(fixture.dir, 'key.pem');
    await writeFile(cert, 'CERT');
    await writeFile(key, 'KEY');
    const config = loadConfig({ ...minimal, TLS_CERT_FILE: cert, TLS_KEY_FILE: key, HTTP_REDIRECT_PORT: '8079' });
    expect(config.tls?.cert.toString()).toBe('CERT');
    expect(config.httpRedirectPort).toBe(8079);
  });

  it.each([
    ['true', true],
    ['10.0.0.0/8, 127.0.0.1', ['10.0.0.0/8', '127.0.0.1']],
  ])('TRUST_PROXY=%s is understood', (value, expected) => {
    expect(loadConfig({ ...minimal, TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });
});

/** The real entry point, run from source so this does not depend on a build. */
function runServer(env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'gateway/src/server.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: fixture.dir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, stdout });
    });
  });
}

describe('the gateway process', () => {
  it('stops with exit code 1 and one line naming the variable when API_UPSTREAM is missing', async () => {
    const { code, stderr, stdout } = await runServer({ FIREBASE_PROJECT_ID: 'demo-staff-console', STATIC_DIR: fixture.dir });
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual(['Invalid configuration: API_UPSTREAM is required but not set']);
    expect(stdout).toBe('');
  });

  it('refuses emulator mode with NODE_ENV=production', async () => {
    const { code, stderr } = await runServer({
      ...minimal,
      NODE_ENV: 'production',
      FIREBASE_WEB_API_KEY: 'AIza-test',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
    });
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/^Invalid configuration: FIREBASE_AUTH_EMULATOR_HOST must not be set when NODE_ENV=production/);
  });
});
