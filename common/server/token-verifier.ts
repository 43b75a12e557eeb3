/**
 * Firebase ID token verification with firebase-admin, bounded in time and briefly cached: the one verifier
 * of the gateway and the back end (server-side only; the console never imports common/server/).
 *
 * - Time: firebase-admin fetches Google's signing keys (and, for revocation, the user record) without a
 *   time-out, so a key server that accepts the connection and never answers would hang the request for
 *   minutes. Each verification races a timer and fails as 'unavailable' instead.
 * - Revocation: checkRevoked costs a call to the Auth service per request. A verified token (revocation
 *   included) is trusted for AUTH_CACHE_MS (30 s by default, never past its own expiry), so a revoked
 *   session stops working within that window while the common case stays a map lookup.
 */
import { randomUUID } from 'node:crypto';
import type { Agent } from 'node:http';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type DecodedIdToken } from 'firebase-admin/auth';
import { AUTH_SCHEME } from '../contract/http.ts';

export type VerifyResult =
  | { ok: true; token: DecodedIdToken }
  | { ok: false; reason: 'expired' | 'invalid' | 'unavailable'; detail: string };

export interface TokenVerifierOptions {
  projectId: string;
  timeoutMs: number;
  checkRevoked: boolean;
  cacheMs: number;
  /** Agent for firebase-admin's own HTTP calls (Google's keys, the Auth API): a corporate proxy, or a test key server. */
  httpAgent?: Agent;
  maxCacheEntries?: number;
  /**
   * The absolute session limit (SESSION_MAX_HOURS): a token whose sign-in (auth_time) is older is refused as
   * expired, however fresh the token itself is, so a session kept alive by refreshing ends anyway.
   */
  maxSessionMs?: number;
}

export interface TokenVerifier {
  verify(idToken: string): Promise<VerifyResult>;
  /** The token when verify() would answer it from the cache right now, without waiting; else undefined. */
  cached(idToken: string): DecodedIdToken | undefined;
  close(): Promise<void>;
  /** Plain counts for the metrics (common/server/metrics.ts), read at scrape time; the hot path only adds one. */
  stats: VerifierStats;
}

export interface VerifierStats {
  cacheHits: number;
  /** Verifications with firebase-admin (cache misses), by result. */
  verifications: Record<'ok' | VerifyFailure, number>;
  cacheEntries(): number;
}

type VerifyFailure = Extract<VerifyResult, { ok: false }>['reason'];

/**
 * 'Firebase <token>', the scheme matched case-insensitively as HTTP auth schemes are. Anything after the
 * scheme and its blanks is the token (trailing blanks aside), so a malformed one fails verification rather
 * than this match. It reads every API call's header, so the token is cut out by position rather than by a
 * lazy pattern that retries its end at each of the token's ~900 characters; the result is the pattern
 * `^Firebase[ \t]+(\S.*?)[ \t]*$`/i's group (tests/common/token-header.test.ts compares the two).
 */
const SCHEME = new RegExp(`^${AUTH_SCHEME}[ \\t]`, 'i');
/** What the pattern's `.` does not match: a header carrying one has no token. */
const LINE_TERMINATOR = /[\n\r\u2028\u2029]/;
const LEADING_SPACE = /^\s/;

const isBlank = (code: number) => code === 0x20 || code === 0x09;

/** The ID token an Authorization header carries; undefined when the header is missing or names another scheme. */
export function idTokenOf(authorization: string | undefined): string | undefined {
  if (authorization === undefined || !SCHEME.test(authorization)) return undefined;
  let start = AUTH_SCHEME.length;
  let end = authorization.length;
  while (start < end && isBlank(authorization.charCodeAt(start))) start++;
  while (end > start && isBlank(authorization.charCodeAt(end - 1))) end--;
  if (start === end) return undefined;
  const token = authorization.slice(start, end);
  return LEADING_SPACE.test(token) || LINE_TERMINATOR.test(token) ? undefined : token;
}

/** firebase-admin error codes that mean "the token is bad" rather than "we could not check it". */
const INVALID_TOKEN_CODES = new Set([
  'auth/argument-error',
  'auth/invalid-argument',
  'auth/id-token-revoked',
  'auth/user-disabled',
  'auth/user-not-found',
  'auth/invalid-id-token',
]);

/**
 * firebase-admin reports a failed fetch of Google's signing keys with the same code as a bad token
 * (auth/argument-error); only its message tells them apart, and it is not the token's fault.
 */
const KEY_FETCH_FAILURE = /^(Error while making request|Error fetching public keys)/;

class VerificationTimeout extends Error {}

/** How long a verified token is trusted by default: the gateway's AUTH_CACHE_MS, and the back end in emulator mode. */
export const VERIFIED_TOKEN_CACHE_MS = 30_000;

export function createTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  // One named app per verifier, so several servers (tests) can live in one process with different settings.
  const app: App = initializeApp(
    { projectId: options.projectId, ...(options.httpAgent ? { httpAgent: options.httpAgent } : {}) },
    `token-verifier-${randomUUID()}`,
  );
  const auth = getAuth(app);
  const cache = new Map<string, { token: DecodedIdToken; until: number }>();
  const maxEntries = options.maxCacheEntries ?? 10_000;

  const stats: VerifierStats = { cacheHits: 0, verifications: { ok: 0, expired: 0, invalid: 0, unavailable: 0 }, cacheEntries: () => cache.size };

  function remember(idToken: string, token: DecodedIdToken): void {
    if (options.cacheMs <= 0) return;
    if (cache.size >= maxEntries) {
      const now = Date.now();
      for (const [key, entry] of cache) if (entry.until <= now) cache.delete(key);
      // Still full of live entries: drop the oldest, Map keeps insertion order.
      if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
    }
    // The session's own end bounds the entry too, so a lookup is one comparison with the clock.
    const sessionEnd = options.maxSessionMs === undefined ? Infinity : token.auth_time * 1000 + options.maxSessionMs;
    cache.set(idToken, { token, until: Math.min(Date.now() + options.cacheMs, token.exp * 1000, sessionEnd) });
  }

  const sessionEnded = (token: DecodedIdToken) => options.maxSessionMs !== undefined && token.auth_time * 1000 + options.maxSessionMs <= Date.now();
  const ended: VerifyResult = { ok: false, reason: 'expired', detail: 'the session is older than its limit (SESSION_MAX_HOURS)' };

  function cached(idToken: string): DecodedIdToken | undefined {
    const entry = cache.get(idToken);
    if (!entry) return undefined;
    if (entry.until > Date.now()) {
      stats.cacheHits++;
      return entry.token;
    }
    cache.delete(idToken);
    return undefined;
  }

  async function verify(idToken: string): Promise<VerifyResult> {
    const token = cached(idToken);
    if (token) return { ok: true, token };
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new VerificationTimeout(`no answer within ${options.timeoutMs} ms`)), options.timeoutMs);
    });
    try {
      const token = await Promise.race([auth.verifyIdToken(idToken, options.checkRevoked), timeout]);
      if (sessionEnded(token)) {
        stats.verifications.expired++;
        return ended;
      }
      remember(idToken, token);
      stats.verifications.ok++;
      return { ok: true, token };
    } catch (error) {
      const result = classify(error);
      if (!result.ok) stats.verifications[result.reason]++;
      return result;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    verify,
    cached,
    stats,
    async close() {
      cache.clear();
      await deleteApp(app);
    },
  };
}

function classify(error: unknown): VerifyResult {
  if (error instanceof VerificationTimeout) return { ok: false, reason: 'unavailable', detail: error.message };
  const code = (error as { code?: unknown }).code;
  const detail = error instanceof Error ? error.message : String(error);
  if (code === 'auth/id-token-expired') return { ok: false, reason: 'expired', detail };
  if (typeof code === 'string' && INVALID_TOKEN_CODES.has(code) && !KEY_FETCH_FAILURE.test(detail)) {
    return { ok: false, reason: 'invalid', detail };
  }
  // Key fetch failures, an unreachable Auth API, missing credentials for the revocation check: not the token's fault.
  return { ok: false, reason: 'unavailable', detail };
}
