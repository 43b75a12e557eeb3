/** The console's one Trusted Types policy: made once under the name the page's CSP allows, for root scripts only. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SERVICE_WORKER_POLICY } from '../../../common/trusted-types.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** A fresh module each time: the policy is made once per page. */
const load = async () => (await import('../../../client/src/lib/trusted-types.ts')).serviceWorkerScriptUrl;

describe('serviceWorkerScriptUrl', () => {
  it('is the URL itself where the browser has no Trusted Types', async () => {
    vi.stubGlobal('trustedTypes', undefined);
    expect((await load())('/firebase-messaging-sw.js')).toBe('/firebase-messaging-sw.js');
  });

  it("makes one policy under the CSP's name and returns what it made", async () => {
    const names: string[] = [];
    vi.stubGlobal('trustedTypes', {
      createPolicy(name: string, rules: { createScriptURL(input: string): string }) {
        names.push(name);
        return { createScriptURL: (input: string) => ({ trusted: rules.createScriptURL(input) }) };
      },
    });
    const scriptUrl = await load();
    expect(scriptUrl('/firebase-messaging-sw.js')).toEqual({ trusted: '/firebase-messaging-sw.js' });
    expect(scriptUrl('/firebase-messaging-sw.js')).toEqual({ trusted: '/firebase-messaging-sw.js' });
    expect(names).toEqual([SERVICE_WORKER_POLICY]);
  });

  it.each(['/assets/main-ABC.js', 'https://evil.example/sw.js', '//evil.example/sw.js', '/sw.js?v=1', '/../sw.js', 'javascript:alert(1)', '/sw.mjs'])(
    'refuses %s, with or without Trusted Types',
    async (url) => {
      const scriptUrl = await load();
      expect(() => scriptUrl(url)).toThrow(TypeError);
    },
  );
});
