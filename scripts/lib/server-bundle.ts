/**
 * How each server is bundled for production (scripts/build.ts writes dist/server with it), so a bench runs the
 * code production runs: esbuild's output under plain node, not the sources under tsx (whose keepNames renames
 * every closure a call makes, and whose loader hooks production has none of).
 */
import { build, type BuildOptions } from 'esbuild';
import { join } from 'node:path';

export const SERVER_BUNDLE = {
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
} as const satisfies BuildOptions;

/**
 * Bundles one TypeScript entry as the servers are, into `outDir` (inside the repository, so its packages resolve
 * from node_modules), and returns the file to run with node.
 */
export async function bundleServerEntry(root: string, entry: string, outDir: string): Promise<string> {
  const outfile = join(outDir, `${entry.replace(/[/\\]/g, '-').replace(/\.ts$/, '')}.js`);
  await build({ ...SERVER_BUNDLE, absWorkingDir: root, entryPoints: [entry], outfile });
  return outfile;
}
