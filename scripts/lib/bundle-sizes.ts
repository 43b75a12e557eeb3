/**
 * What the browser downloads, from esbuild's metafile and the .br copies the build writes:
 * - the login page's first render: the entry, the login page's chunk and every chunk they import
 *   statically (what must arrive before the login form shows);
 * - the login route's whole download: that, the boot (what main.tsx imports right after the first render on
 *   every page: Firebase and the auth flow) and what the login page imports when the form is sent;
 * - the signed-in shell: the lazily loaded frame every signed-in page stands in (navigation, the route table, the
 *   notification code) with what it imports, beyond the entry and the boot;
 * - each lazily loaded page with the shared chunks only it pulls in beyond the entry, the boot, the shell and what
 *   every module importing it has loaded already (a page never loads without the shell, so the shell is measured
 *   once, on its own budget, and a page's figure does not grow when the shell does; a tab or dialog likewise
 *   never loads without its page).
 * The build prints these and tests/scripts/bundle-budget.test.ts holds them to the budget.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Metafile } from 'esbuild';

export const MAIN_ENTRY = 'client/src/main.tsx';
export const LOGIN_PAGE = 'client/src/features/auth/login-page.tsx';
/** What main.tsx imports after its first render, on every page. */
export const BOOT_IMPORTS = ['client/src/lib/auth.ts'];
/** The signed-in area's frame, which app.tsx loads lazily once someone is signed in. */
export const SIGNED_IN_SHELL = 'client/src/config/signed-in-shell.tsx';
/**
 * main.tsx's other dynamic imports, with why the login route never downloads them. Every dynamic import of
 * main.tsx is either a boot import or listed here (the budget test checks it), so a new one cannot slip past
 * the login route's figure unclassified.
 */
export const NOT_ON_LOGIN_ROUTE: Readonly<Record<string, string>> = {
  'client/src/components/mobile-notice.tsx': 'phones only, instead of the console',
  'client/src/lib/push.ts': 'once Firebase reports a signed-in user (auth.ts watchAuthState)',
  'client/src/lib/me.ts': "the signed-in user's profile read, once Firebase has signed someone in (auth.ts watchAuthState's readMe)",
};

export interface BundleSizes {
  /** Brotli bytes of every script the login form needs before it shows. */
  loginFirstRender: number;
  /** Every script the login route downloads: the first render, the boot and the sign-in itself. */
  loginTotal: number;
  /** The signed-in shell with what it imports beyond the entry and the boot, in brotli bytes. */
  signedInShell: number;
  /** The largest lazily loaded page with what only it pulls in beyond the entry, the boot and the shell. */
  largestRouteChunk: { entryPoint: string; brotli: number };
}

/** A script and every script it imports statically. */
export function staticClosure(metafile: Metafile, file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const imported of metafile.outputs[file]?.imports ?? []) {
    if (imported.kind === 'import-statement') staticClosure(metafile, imported.path, seen);
  }
  return seen;
}

/** The script of an entry point or of a lazily imported module; undefined when it is bundled into another. */
function outputOf(metafile: Metafile, entryPoint: string): string | undefined {
  return Object.entries(metafile.outputs).find(([file, output]) => output.entryPoint === entryPoint && file.endsWith('.js'))?.[0];
}

/** The modules a source module imports with import(), as the metafile names them. */
export function dynamicImportsOf(metafile: Metafile, module: string): string[] {
  return (metafile.inputs[module]?.imports ?? []).filter((imported) => imported.kind === 'dynamic-import').map((imported) => imported.path);
}

/** main.tsx's dynamic imports that are neither boot imports nor known to stay off the login route. */
export function unclassifiedMainImports(metafile: Metafile): string[] {
  return dynamicImportsOf(metafile, MAIN_ENTRY).filter((module) => !BOOT_IMPORTS.includes(module) && !(module in NOT_ON_LOGIN_ROUTE));
}

/** `outClient` holds the .br copies; the metafile's paths start at the repository root above it. */
export async function bundleSizes(metafile: Metafile, outClient: string, root = join(outClient, '../..')): Promise<BundleSizes> {
  const brotli: Record<string, number> = {};
  for (const file of Object.keys(metafile.outputs).filter((name) => name.endsWith('.js'))) {
    brotli[file] = (await readFile(`${join(root, file)}.br`)).length;
  }
  const total = (files: Iterable<string>) => [...files].reduce((sum, file) => sum + (brotli[file] ?? 0), 0);
  const closureOf = (entryPoints: string[]) => {
    const files = new Set<string>();
    for (const entryPoint of entryPoints) {
      const file = outputOf(metafile, entryPoint);
      if (file) staticClosure(metafile, file, files);
    }
    return files;
  };
  if (!outputOf(metafile, MAIN_ENTRY)) throw new Error(`no script for ${MAIN_ENTRY}`);
  const firstRender = closureOf([MAIN_ENTRY, LOGIN_PAGE]);
  const always = closureOf([MAIN_ENTRY, ...BOOT_IMPORTS]);
  if (!outputOf(metafile, SIGNED_IN_SHELL)) throw new Error(`no script for ${SIGNED_IN_SHELL}`);
  const shell = new Set([...closureOf([SIGNED_IN_SHELL])].filter((chunk) => !always.has(chunk)));
  const loginRoute = closureOf([MAIN_ENTRY, LOGIN_PAGE, ...BOOT_IMPORTS, ...dynamicImportsOf(metafile, LOGIN_PAGE)]);
  // What a lazily loaded module's importers have loaded before they import it: present in all of them.
  const importers = (file: string) => Object.keys(metafile.outputs).filter((other) => metafile.outputs[other]!.imports.some((imported) => imported.kind === 'dynamic-import' && imported.path === file));
  const loadedBefore = (file: string) => {
    const closures = importers(file).map((importer) => staticClosure(metafile, importer));
    return new Set(closures[0] ? [...closures[0]].filter((chunk) => closures.every((closure) => closure.has(chunk))) : []);
  };
  let largest = { entryPoint: '', brotli: 0 };
  for (const [file, output] of Object.entries(metafile.outputs)) {
    if (!output.entryPoint || !file.endsWith('.js') || [MAIN_ENTRY, SIGNED_IN_SHELL, ...BOOT_IMPORTS].includes(output.entryPoint)) continue;
    const before = loadedBefore(file);
    const own = total([...staticClosure(metafile, file)].filter((chunk) => !always.has(chunk) && !shell.has(chunk) && !before.has(chunk)));
    if (own > largest.brotli) largest = { entryPoint: output.entryPoint, brotli: own };
  }
  return {
    loginFirstRender: total(firstRender),
    loginTotal: total(loginRoute),
    signedInShell: total(shell),
    largestRouteChunk: largest,
  };
}
