/**
 * The two header sets of the gateway (security-headers.ts), checked the same way for every response of a kind:
 * the page set on the console's pages and files, the API set on everything that is data (API answers, errors,
 * /config.json, the probes).
 */
import { expect } from 'vitest';
import { SERVICE_WORKER_POLICY } from '../../common/trusted-types.ts';

type Headers = Record<string, string | string[] | number | undefined>;

const HSTS = 'max-age=63072000; includeSubDomains; preload';

/** What both sets carry. */
function expectCommonHeaders(headers: Headers, options: { https?: boolean }): void {
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['cross-origin-resource-policy']).toBe('same-origin');
  if (options.https) expect(headers['strict-transport-security']).toBe(HSTS);
  else expect(headers['strict-transport-security']).toBeUndefined();
}

export function expectPageHeaders(headers: Headers, options: { https?: boolean } = {}): void {
  const csp = String(headers['content-security-policy'] ?? '');
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("style-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).toContain("form-action 'self'");
  expect(csp).toContain("object-src 'none'");
  // Document previews: blob: URLs the console made itself, in img and iframe only.
  expect(csp).toMatch(/img-src [^;]*blob:/);
  expect(csp).toContain('frame-src blob:;');
  expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
  // Trusted Types: script sinks take only what the console's one named policy made.
  expect(csp).toContain("require-trusted-types-for 'script'");
  expect(csp).toMatch(new RegExp(`trusted-types ${SERVICE_WORKER_POLICY}(;|$)`));
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(String(headers['permissions-policy'])).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
  expectCommonHeaders(headers, options);
  expect(csp.includes('upgrade-insecure-requests')).toBe(Boolean(options.https));
}

/**
 * The API set: a CSP under which nothing loads, runs or frames it, and the common headers; none of what only
 * a document running scripts needs. `csp` is the upstream's own policy when it sent one.
 */
export function expectApiHeaders(headers: Headers, options: { https?: boolean; csp?: string } = {}): void {
  expect(headers['content-security-policy']).toBe(options.csp ?? "default-src 'none'; frame-ancestors 'none'; sandbox");
  expectCommonHeaders(headers, options);
  for (const pageOnly of ['permissions-policy', 'cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-permitted-cross-domain-policies']) {
    expect(headers[pageOnly], pageOnly).toBeUndefined();
  }
}

/** An error answer: the API set, the JSON shape with the given code, never cached, and no framework's words. */
export function expectErrorAnswer(response: { statusCode: number; headers: Headers; text: string }, status: number, errorCode: string, options: { https?: boolean; head?: boolean } = {}): void {
  expect(response.statusCode).toBe(status);
  expectApiHeaders(response.headers, options);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(response.headers['cache-control']).toBe('no-store');
  if (options.head) {
    expect(response.text).toBe('');
    return;
  }
  const body = JSON.parse(response.text) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['errorCode', 'message']);
  expect(body.errorCode).toBe(errorCode);
  expect(typeof body.message).toBe('string');
  expect(response.text).not.toMatch(/FST_|fastify|statusCode|Client Error|Bad Request|node:|\bat \w+ \(/i);
}
