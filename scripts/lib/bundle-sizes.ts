/**
 * What the browser downloads, from esbuild's metafile and the .br copies the build writes: the login page's
 * first load (the entry, the login page's chunk, and every chunk they import statically) and the largest
 * route chunk (a lazily loaded page with the shared chunks only it pulls in). The build prints these and
 * a test holds them to the budget.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Metafile } from 'esbuild';

export const MAIN_ENTRY = 'client/src/main.tsx';
export const LOGIN_PAGE = 'client/src/features/auth/login-page.tsx';

export interface BundleSizes {
  /** Brotli bytes of every script the login page needs. */
  loginFirstLoad: number;
  /** The largest lazily loaded chunk, in brotli bytes. */
  largestRouteChunk: { entryPoint: string; brotli: number };
  /** Brotli bytes of every script, by file name. */
  scripts: Record<string, number>;
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

/** The script of an entry point, or of a lazily imported module; undefined when it is bundled into another. */
function outputOf(metafile: Metafile, entryPoint: string): string | undefined {
  return Object.entries(metafile.outputs).find(([file, output]) => output.entryPoint === entryPoint && file.endsWith('.js'))?.[0];
}

/** `root` is where the metafile's paths start (the repository); `outClient` holds the .br copies. */
export async function bundleSizes(metafile: Metafile, outClient: string, root = join(outClient, '../..')): Promise<BundleSizes> {
  const scripts: Record<string, number> = {};
  for (const file of Object.keys(metafile.outputs).filter((name) => name.endsWith('.js'))) {
    scripts[file] = (await readFile(`${join(root, file)}.br`)).length;
  }
  const total = (files: Iterable<string>) => [...files].reduce((sum, file) => sum + (scripts[file] ?? 0), 0);
  const main = outputOf(metafile, MAIN_ENTRY);
  if (!main) throw new Error(`no script for ${MAIN_ENTRY}`);
  const firstLoad = staticClosure(metafile, main);
  const login = outputOf(metafile, LOGIN_PAGE);
  if (login) staticClosure(metafile, login, firstLoad);
  const initial = staticClosure(metafile, main);
  let largest = { entryPoint: '', brotli: 0 };
  for (const [file, output] of Object.entries(metafile.outputs)) {
    if (!output.entryPoint || output.entryPoint === MAIN_ENTRY || !file.endsWith('.js')) continue;
    const own = [...staticClosure(metafile, file)].filter((chunk) => !initial.has(chunk));
    const brotli = total(own);
    if (brotli > largest.brotli) largest = { entryPoint: output.entryPoint, brotli };
  }
  return { loginFirstLoad: total(firstLoad), largestRouteChunk: largest, scripts };
}
