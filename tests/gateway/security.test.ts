/**
 * Staff security at the gateway: the session and ADMIN network settings refuse bad values naming
 * them, the absolute session limit on a fake clock, and the ADMIN network verdict the back end receives
 * (a client cannot send its own).
 */
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { ADMIN_NETWORK_HEADER } from '../../common/contract/http.ts';
import { createTokenVerifier, type TokenVerifier } from '../../common/server/token-verifier.ts';
import { ConfigError, loadConfig, parseCidrs } from '../../gateway/src/config.ts';
import { forwardedRequestHeaders } from '../../gateway/src/plugins/api-proxy.ts';
import { forgeEmulatorToken } from '../backend/support.ts';
import { emulatorFetch } from '../../scripts/lib/emulator-fetch.ts';
import { TEST_PROJECT_ID } from '../support/constants.ts';
import { makeStaticDir, type Fixture } from './support.ts';

let fixture: Fixture;
let minimal: Record<string, string>;

beforeAll(async () => {
  fixture = await makeStaticDir();
  minimal = { API_UPSTREAM: 'http://backend:8081', FIREBASE_PROJECT_ID: 'demo-staff-console', STATIC_DIR: fixture.dir };
});
afterAll(() => fixture.remove());

function refusal(env: Record<string, string>): string {
  try {
    loadConfig({ ...minimal, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('loadConfig accepted a bad configuration');
}

describe('session and ADMIN network settings', () => {
  it('defaults to a 30-minute idle limit, a 12-hour session and ADMIN from anywhere', () => {
    const config = loadConfig(minimal);
    expect(config.session).toEqual({ idleMinutes: 30, maxHours: 12 });
    expect(config.adminNetworks).toBeUndefined();
  });

  it('refuses a bad value naming the variable', () => {
    expect(refusal({ SESSION_IDLE_MINUTES: 'soon' })).toMatch(/^Invalid configuration: SESSION_IDLE_MINUTES/);
    expect(refusal({ SESSION_IDLE_MINUTES: '1' })).toMatch(/^Invalid configuration: SESSION_IDLE_MINUTES/);
    expect(refusal({ SESSION_MAX_HOURS: '0' })).toMatch(/^Invalid configuration: SESSION_MAX_HOURS/);
    for (const bad of ['10.0.0.0/33', 'office', '10.0.0/8', '2001:db8::/129', '10.0.0.0/8/1', '10.0.0.0/x']) {
      expect(refusal({ ADMIN_ALLOWED_CIDRS: `192.168.1.0/24, ${bad}` })).toBe(
        `Invalid configuration: ADMIN_ALLOWED_CIDRS must be a comma-separated list of IPv4/IPv6 addresses or CIDRs like 10.0.0.0/8 (got ${JSON.stringify(bad)})`,
      );
    }
  });

  it('matches addresses against the networks, IPv4 and IPv6', () => {
    const networks = parseCidrs('ADMIN_ALLOWED_CIDRS', '10.0.0.0/8, 203.0.113.7, 2001:db8::/32')!;
    expect(networks.check('10.200.1.1', 'ipv4')).toBe(true);
    expect(networks.check('203.0.113.7', 'ipv4')).toBe(true);
    expect(networks.check('203.0.113.8', 'ipv4')).toBe(false);
    expect(networks.check('2001:db8::1', 'ipv6')).toBe(true);
    expect(networks.check('2001:db9::1', 'ipv6')).toBe(false);
  });
});

describe('the ADMIN network verdict sent upstream', () => {
  const forwarding = { upstreamHost: 'backend', protocol: 'https', host: 'console.example', requestId: 'r-1', bodyLength: undefined };
  const networks = parseCidrs('ADMIN_ALLOWED_CIDRS', '10.0.0.0/8');

  it('says inside or outside from the client address, and drops a client-sent value', () => {
    const forged = { [ADMIN_NETWORK_HEADER]: 'inside', authorization: 'Firebase t' };
    expect(forwardedRequestHeaders(forged, { ...forwarding, forwardedFor: '198.51.100.4, 10.0.0.1', adminNetworks: networks })[ADMIN_NETWORK_HEADER]).toBe('outside');
    expect(forwardedRequestHeaders(forged, { ...forwarding, forwardedFor: '10.1.2.3', adminNetworks: networks })[ADMIN_NETWORK_HEADER]).toBe('inside');
    expect(forwardedRequestHeaders(forged, { ...forwarding, forwardedFor: '10.1.2.3', adminNetworks: undefined })).not.toHaveProperty(ADMIN_NETWORK_HEADER);
  });
});

describe('the absolute session limit', () => {
  const projectId = TEST_PROJECT_ID;
  const uid = `session-limit-${Date.now()}`;
  let verifier: TokenVerifier;

  beforeAll(async () => {
    // firebase-admin checks emulator tokens' claims without their (absent) signature, and that the account exists.
    const emulatorHost = inject('authEmulatorHost');
    process.env.FIREBASE_AUTH_EMULATOR_HOST ??= emulatorHost;
    const created = await emulatorFetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: uid, email: `${uid}@example.test`, password: 'session-limit' }),
    });
    expect(created.ok, await created.clone().text()).toBe(true);
    verifier = createTokenVerifier({ projectId, timeoutMs: 5000, checkRevoked: false, cacheMs: 30_000, maxSessionMs: 12 * 3_600_000 });
  });
  afterAll(() => verifier.close());
  afterEach(() => vi.useRealTimers());

  it('refuses a token whose sign-in is older than SESSION_MAX_HOURS, cached or not', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // A token valid for a day, signed in now: the session limit, not the token's expiry, ends it.
    const token = forgeEmulatorToken({ projectId, uid, lifetimeSeconds: 24 * 3600 });
    const first = await verifier.verify(token);
    expect(first, JSON.stringify(first)).toMatchObject({ ok: true });
    vi.setSystemTime(Date.now() + 11 * 3_600_000 + 59 * 60_000);
    expect((await verifier.verify(token)).ok).toBe(true);
    expect(verifier.cached(token)).toBeDefined();
    vi.setSystemTime(Date.now() + 2 * 60_000);
    expect(verifier.cached(token)).toBeUndefined();
    expect(await verifier.verify(token)).toMatchObject({ ok: false, reason: 'expired' });
  });
});
