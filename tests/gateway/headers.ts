/** The header set every gateway response must carry, checked the same way for every kind of response. */
import { expect } from 'vitest';

type Headers = Record<string, string | string[] | number | undefined>;

export function expectSecurityHeaders(headers: Headers, options: { https?: boolean } = {}): void {
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
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(String(headers['permissions-policy'])).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
  if (options.https) {
    expect(headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains; preload');
    expect(csp).toContain('upgrade-insecure-requests');
  } else {
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(csp).not.toContain('upgrade-insecure-requests');
  }
}
