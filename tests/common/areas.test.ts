/**
 * One name per area (common/areas.ts): every console page's route key names its feature folder, its resource
 * names a back-end module and a contract, and the feature's cache keys start with that resource, so nobody
 * has to guess that the Website Enquiries page (contactus) reads enquiries or that Unsynced Inv reads invoices.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../common/access.ts';
import { isRouteKey, RESOURCE_OF, resourceOf } from '../../common/areas.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const features = readdirSync(join(root, 'client/src/features'));
/** Feature folders the shell composes that are not a page of the navigation (sign-in, 404, the bell, the assistant). */
const SHELL_FEATURES = ['auth', 'not-found', 'notifications', 'chat-assistant'];

describe('route keys and resources', () => {
  it('has every route key, and nothing else', () => {
    expect(Object.keys(RESOURCE_OF).sort()).toEqual(ROUTES.map((route) => route.id).sort());
    expect(isRouteKey('contactus')).toBe(true);
    expect(isRouteKey('enquiries')).toBe(false);
    expect(isRouteKey('toString')).toBe(false);
  });

  it('names each resource’s back-end module and contract', () => {
    for (const [key, resource] of Object.entries(RESOURCE_OF)) {
      expect(existsSync(join(root, 'backend/src/modules', resource)), `${key}: backend/src/modules/${resource}/`).toBe(true);
      expect(existsSync(join(root, 'common/contract', `${resource}.ts`)), `${key}: common/contract/${resource}.ts`).toBe(true);
    }
  });

  it('has a feature folder per page, named as its route key (the onboarding pages share the registrations folder)', () => {
    expect(features.filter((folder) => !isRouteKey(folder) && !SHELL_FEATURES.includes(folder))).toEqual([]);
    for (const key of Object.keys(RESOURCE_OF)) {
      if (!isRouteKey(key)) continue;
      const folder = features.includes(key) ? key : resourceOf(key);
      expect(features, key).toContain(folder);
    }
  });

  it('starts every feature’s cache keys with its resource', () => {
    for (const folder of features.filter(isRouteKey)) {
      const file = join(root, 'client/src/features', folder, 'api.ts');
      if (!existsSync(file)) continue;
      const text = readFileSync(file, 'utf8');
      const first = /\ball: \['([a-z-]+)'\]/.exec(text)?.[1] ?? /\['([a-z-]+)'/.exec(text)?.[1];
      if (first === undefined) continue;
      const resource = resourceOf(folder);
      expect(first === resource || first.startsWith(`${resource}-`), `${folder}/api.ts keys start with '${first}', not '${resource}'`).toBe(true);
    }
  });

  it('documents each page in docs/areas/<route key>.md (the onboarding queues in their folder’s page) and tests each resource in tests/backend/<resource>/', () => {
    for (const key of Object.keys(RESOURCE_OF)) {
      if (!isRouteKey(key)) continue;
      const page = features.includes(key) ? key : resourceOf(key);
      expect(existsSync(join(root, 'docs/areas', `${page}.md`)), `${key}: docs/areas/${page}.md`).toBe(true);
    }
    for (const resource of new Set(Object.values(RESOURCE_OF))) {
      expect(existsSync(join(root, 'tests/backend', resource)), `tests/backend/${resource}/`).toBe(true);
    }
  });

  it('keeps no test file loose at the top of tests/client or tests/backend', () => {
    const loose = (folder: string, allowed: string[]) =>
      readdirSync(join(root, folder)).filter((name) => /\.test\.tsx?$/.test(name) && !allowed.includes(name));
    expect(loose('tests/client', [])).toEqual([]);
    // The app as a whole: its start-up settings, and every route of every module at once.
    expect(loose('tests/backend', ['app.test.ts', 'config.test.ts', 'route-sweep.test.ts'])).toEqual([]);
  });
});
