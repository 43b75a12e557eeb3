/**
 * The bundle budget, read from the last build's output (npm test builds first): the script the login page
 * needs before it shows stays within 95 KB brotli and no lazily loaded page pulls in more than 30 KB of its
 * own. It also checks the split itself: the login page's download holds none of the signed-in area.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { LOGIN_PAGE, MAIN_ENTRY, bundleSizes, staticClosure } from '../../scripts/lib/bundle-sizes.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const metaFile = join(root, 'dist/client-meta.json');
const KB = 1024;

function metafile(): Metafile {
  if (!existsSync(metaFile)) throw new Error('dist/client-meta.json is missing: run `npm run build` first');
  return JSON.parse(readFileSync(metaFile, 'utf8')) as Metafile;
}

describe('bundle budget', () => {
  it('keeps the login page’s first render within 95 KB brotli and every route chunk within 30 KB', async () => {
    const sizes = await bundleSizes(metafile(), join(root, 'dist/client'));
    console.log(
      `login first render ${(sizes.loginFirstRender / KB).toFixed(1)} KB, with the auth boot ${(sizes.loginTotal / KB).toFixed(1)} KB, ` +
        `largest route chunk ${(sizes.largestRouteChunk.brotli / KB).toFixed(1)} KB (${sizes.largestRouteChunk.entryPoint})`,
    );
    expect(sizes.loginFirstRender).toBeLessThanOrEqual(95 * KB);
    expect(sizes.largestRouteChunk.brotli).toBeLessThanOrEqual(30 * KB);
  });

  it('gives the login page none of the signed-in code: no shell, no page of the route table, no list machinery', () => {
    const meta = metafile();
    const scriptOf = (entryPoint: string) => Object.entries(meta.outputs).find(([file, output]) => output.entryPoint === entryPoint && file.endsWith('.js'))?.[0];
    const firstRender = new Set<string>();
    for (const entryPoint of [MAIN_ENTRY, LOGIN_PAGE]) staticClosure(meta, scriptOf(entryPoint)!, firstRender);
    const modules = [...firstRender].flatMap((file) => Object.keys(meta.outputs[file]?.inputs ?? {}));
    expect(modules).toContain(LOGIN_PAGE);
    for (const signedIn of ['client/src/components/app-shell.tsx', 'client/src/features/home/home-page.tsx', 'client/src/components/data-table.tsx']) {
      expect(modules).not.toContain(signedIn);
    }
    expect(modules.some((module) => module.includes('features/onboarding/'))).toBe(false);
    for (const page of ['due-diligence-page.tsx', 'registrations-page.tsx', 'call-schedules-page.tsx', 'pending-payments-page.tsx', 'pending-activation-page.tsx']) {
      expect(scriptOf(`client/src/features/onboarding/${page}`), page).toBeDefined();
    }
  });
});
