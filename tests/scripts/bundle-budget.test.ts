/**
 * The bundle budget, read from the last build's output (npm test builds first): every script the login route
 * downloads (the first render, the auth boot after it and what sending the form loads) stays within 95 KB
 * brotli; the signed-in shell every page stands in (navigation, route table, notifications, the list machinery
 * the shell shares) within 40 KB; and no lazily loaded page pulls in more than 25 KB of its own beyond the shell
 * (and beyond what the module importing it has loaded: a tab never loads without its page).
 * The shell and the pages have budgets of their own so that a navigation entry added to the shell is weighed
 * once, against the shell's budget, not against every page's. It also checks the split itself:
 * the login route's download holds none of the signed-in area, and every import() of the entry is accounted
 * for, as boot or as something the login route never loads.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import {
  BOOT_IMPORTS,
  LOGIN_PAGE,
  MAIN_ENTRY,
  NOT_ON_LOGIN_ROUTE,
  bundleSizes,
  dynamicImportsOf,
  staticClosure,
  unclassifiedMainImports,
} from '../../scripts/lib/bundle-sizes.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const metaFile = join(root, 'dist/client-meta.json');
const KB = 1024;

function metafile(): Metafile {
  if (!existsSync(metaFile)) throw new Error('dist/client-meta.json is missing: run `npm run build` first');
  return JSON.parse(readFileSync(metaFile, 'utf8')) as Metafile;
}

describe('bundle budget', () => {
  it('keeps the login route’s whole download within 95 KB brotli, the signed-in shell within 40 KB and every page beyond it within 25 KB', async () => {
    const sizes = await bundleSizes(metafile(), join(root, 'dist/client'));
    console.log(
      `login first render ${(sizes.loginFirstRender / KB).toFixed(1)} KB, whole login route ${(sizes.loginTotal / KB).toFixed(1)} KB, ` +
        `signed-in shell ${(sizes.signedInShell / KB).toFixed(1)} KB, largest page beyond it ${(sizes.largestRouteChunk.brotli / KB).toFixed(1)} KB (${sizes.largestRouteChunk.entryPoint})`,
    );
    expect(sizes.loginFirstRender).toBeLessThan(sizes.loginTotal);
    expect(sizes.loginTotal).toBeLessThanOrEqual(95 * KB);
    expect(sizes.signedInShell).toBeLessThanOrEqual(40 * KB);
    expect(sizes.largestRouteChunk.brotli).toBeLessThanOrEqual(25 * KB);
  });

  it('counts every import() of the entry: the auth boot, or something the login route never loads', () => {
    const meta = metafile();
    expect(unclassifiedMainImports(meta)).toEqual([]);
    const mainImports = dynamicImportsOf(meta, MAIN_ENTRY);
    for (const module of [...BOOT_IMPORTS, ...Object.keys(NOT_ON_LOGIN_ROUTE)]) expect(mainImports, module).toContain(module);
    // Sending the form loads the auth flow the boot already brought, nothing of its own.
    for (const module of dynamicImportsOf(meta, LOGIN_PAGE)) expect(BOOT_IMPORTS).toContain(module);
  });

  it('gives the login route none of the signed-in code: no shell, no page of the route table, no list machinery, no API client or push', () => {
    const meta = metafile();
    const scriptOf = (entryPoint: string) => Object.entries(meta.outputs).find(([file, output]) => output.entryPoint === entryPoint && file.endsWith('.js'))?.[0];
    const loginRoute = new Set<string>();
    for (const entryPoint of [MAIN_ENTRY, LOGIN_PAGE, ...BOOT_IMPORTS]) staticClosure(meta, scriptOf(entryPoint)!, loginRoute);
    const modules = [...loginRoute].flatMap((file) => Object.keys(meta.outputs[file]?.inputs ?? {}));
    expect(modules).toContain(LOGIN_PAGE);
    expect(modules.some((module) => module.includes('@firebase/auth/'))).toBe(true);
    for (const signedIn of [
      'client/src/shell/app-shell.tsx',
      // The signed-in pages' table: it grows with every area, so it rides with the shell, not the login route.
      'client/src/config/pages.tsx',
      'client/src/features/home/pages/home-page.tsx',
      'client/src/components/data-table.tsx',
      'client/src/lib/api.ts',
      'client/src/lib/push.ts',
    ]) {
      expect(modules).not.toContain(signedIn);
    }
    expect(modules.some((module) => module.includes('@firebase/messaging'))).toBe(false);
    expect(modules.some((module) => module.includes('/pages/') && !module.includes('features/auth/'))).toBe(false);
    for (const page of ['due-diligence-page.tsx', 'registrations-page.tsx', 'call-schedules-page.tsx', 'pending-payments-page.tsx', 'pending-activation-page.tsx']) {
      expect(scriptOf(`client/src/features/registrations/pages/${page}`), page).toBeDefined();
    }
  });

  it('links one style sheet holding every sheet esbuild wrote, whole, with its integrity', () => {
    const meta = metafile();
    const html = readFileSync(join(root, 'dist/client/index.html'), 'utf8');
    const links = [...html.matchAll(/<link rel="stylesheet" href="\/([^"]+)" integrity="([^"]+)">/g)];
    expect(links).toHaveLength(1);
    const [, file, integrity] = links[0]!;
    const text = readFileSync(join(root, 'dist/client', file!));
    expect(integrity).toBe(`sha384-${createHash('sha384').update(text).digest('base64')}`);
    // The parts are gone from dist (nothing serves CSS no page asks for), and the one file is all of them.
    const parts = Object.entries(meta.outputs).filter(([output]) => output.endsWith('.css'));
    expect(parts.length).toBeGreaterThan(1);
    for (const [output] of parts) expect(existsSync(join(root, output)), output).toBe(false);
    expect(text.length).toBe(parts.reduce((sum, [, output]) => sum + output.bytes, 0) + parts.length - 1);
  });
});
