/**
 * Trusted Types under the gateway's real page CSP: a script sink refuses a plain string (and the helpers record
 * the violation, which is how every other browser test fails on one), the console's one policy name is allowed
 * and no other, and the messaging service worker registers through it, its own script running under the same
 * policy. The console's pages, React, wouter, Firebase Auth, react-toastify and esbuild's chunk loading are
 * covered by every other browser test, which fails on any violation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SERVICE_WORKER_POLICY } from '../../common/trusted-types.ts';
import { startE2E, type E2E } from './helpers.ts';

let e2e: E2E;
let page: Page;

beforeAll(async () => {
  e2e = await startE2E('trusted-types');
  page = await e2e.openLogin();
}, 150_000);

afterAll(async () => {
  await e2e?.stop();
});

describe('Trusted Types on the console', () => {
  it('the page policy requires Trusted Types and names the console policy only', async () => {
    const response = await fetch(`${e2e.stack.url}/auth/login`);
    const csp = String(response.headers.get('content-security-policy'));
    expect(csp).toContain("require-trusted-types-for 'script'");
    expect(csp).toMatch(new RegExp(`trusted-types ${SERVICE_WORKER_POLICY}(;|$)`));
  });

  it('refuses a string in a script sink, and the violation is recorded', async () => {
    const outcome = await page.evaluate(() => {
      try {
        document.createElement('div').innerHTML = '<img src=x onerror=alert(1)>';
        return 'assigned';
      } catch (error) {
        return (error as Error).name;
      }
    });
    expect(outcome).toBe('TypeError');
    await expect.poll(() => e2e.cspViolations.some((line) => line.startsWith('require-trusted-types-for'))).toBe(true);
    e2e.cspViolations.splice(0);
  });

  it('allows only the console policy name', async () => {
    const outcome = await page.evaluate(() => {
      const factory = (window as unknown as { trustedTypes: { createPolicy(name: string, rules: object): unknown } }).trustedTypes;
      const attempt = (name: string) => {
        try {
          factory.createPolicy(name, {});
          return 'created';
        } catch (error) {
          return (error as Error).name;
        }
      };
      return { other: attempt('lib-loader'), default: attempt('default') };
    });
    expect(outcome).toEqual({ other: 'TypeError', default: 'TypeError' });
    await expect.poll(() => e2e.cspViolations.filter((line) => line.startsWith('trusted-types')).length).toBeGreaterThanOrEqual(2);
    e2e.cspViolations.splice(0);
  });

  it('registers the messaging service worker through the console policy, not from a plain string', async () => {
    const outcome = await page.evaluate(async (name) => {
      const refused = await navigator.serviceWorker.register('/firebase-messaging-sw.js').then(
        () => 'registered',
        (error: Error) => error.name,
      );
      const factory = (window as unknown as { trustedTypes: { createPolicy(n: string, r: { createScriptURL(u: string): string }): { createScriptURL(u: string): string } } }).trustedTypes;
      const policy = factory.createPolicy(name, { createScriptURL: (url) => url });
      const registration = await navigator.serviceWorker.register(policy.createScriptURL('/firebase-messaging-sw.js'), { scope: '/' });
      const worker = registration.installing ?? registration.waiting ?? registration.active;
      await new Promise<void>((resolve, reject) => {
        if (!worker || worker.state === 'activated') return resolve();
        worker.addEventListener('statechange', () => (worker.state === 'activated' ? resolve() : worker.state === 'redundant' ? reject(new Error('redundant')) : undefined));
      });
      const scope = registration.scope;
      await registration.unregister();
      return { refused, scope };
    }, SERVICE_WORKER_POLICY);
    expect(outcome).toEqual({ refused: 'TypeError', scope: `${e2e.stack.url}/` });
    await expect.poll(() => e2e.cspViolations.some((line) => line.includes('ServiceWorkerContainer register'))).toBe(true);
    e2e.cspViolations.splice(0);
  });
});
