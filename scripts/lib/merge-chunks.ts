/**
 * The console's scripts re-chunked by Rollup after esbuild has bundled them. esbuild's code splitting puts each
 * module in a chunk keyed by the set of entry points (the entry and every import()ed module) that reach it, and
 * has no setting to merge them (evanw/esbuild#1128, #3780): with 75 lazily loaded modules that made 203 scripts,
 * 119 of them requested by one signed-in page load, each costing the browser more than its bytes. Rollup's
 * chunking leaves out of a lazily loaded module's chunks what every one of its importers has already loaded, so
 * the code a page shares with the signed-in shell rides with the shell instead of in fifty-odd slivers; nothing
 * is loaded that was not before. Angular's CLI optimises esbuild's output the same way (its chunk optimizer).
 *
 * Rollup reads esbuild's files (already minified, tree-shaken ESM) and writes new ones; the metafile's outputs
 * are rewritten to match (entry points, imports, the source modules each file holds, bytes), so the bundle
 * budget and the page's tags read the files that ship.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { Metafile } from 'esbuild';
import { rollup, type OutputChunk } from 'rollup';

/** Repository-relative path (as the metafile names files) of a file under `root`. */
const fromRoot = (root: string, file: string) => relative(root, file).split('\\').join('/');

/**
 * Re-chunks the scripts of `metafile` (paths relative to `root`; chunks import each other as `publicPath/...`),
 * starting from the script of `entryPoint`, into `outDir`. Deletes esbuild's scripts and answers the metafile of
 * what is there now (style sheets and the inputs' graph unchanged).
 */
export async function mergeChunks(metafile: Metafile, options: { root: string; outDir: string; publicPath: string; entryPoint: string }): Promise<Metafile> {
  const { root, outDir, publicPath, entryPoint } = options;
  const scripts = Object.keys(metafile.outputs).filter((file) => file.endsWith('.js'));
  const code = new Map(await Promise.all(scripts.map(async (file) => [join(root, file), await readFile(join(root, file), 'utf8')] as const)));
  const entry = scripts.find((file) => metafile.outputs[file]?.entryPoint === entryPoint);
  if (!entry) throw new Error(`esbuild produced no script for ${entryPoint}`);

  const bundle = await rollup({
    input: join(root, entry),
    // esbuild has tree-shaken already; Rollup only moves code between files, and keeps every statement.
    treeshake: false,
    plugins: [
      {
        name: 'esbuild-output',
        resolveId(source) {
          if (code.has(source)) return source;
          const file = source.startsWith(`${publicPath}/`) ? join(outDir, source.slice(publicPath.length + 1)) : undefined;
          if (!file || !code.has(file)) throw new Error(`a script imports ${source}, which esbuild did not write`);
          return file;
        },
        load(id) {
          return code.get(id);
        },
      },
    ],
    onwarn(warning) {
      // A library's "use client" (a React Server Components marker) left at the top of a chunk: meaningless here.
      if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
      throw new Error(`Rollup, re-chunking the console's scripts: ${warning.message}`);
    },
  });
  const { output } = await bundle.generate({
    format: 'es',
    compact: true,
    entryFileNames: 'main-[hash].js',
    chunkFileNames: 'chunk-[hash].js',
  });
  await bundle.close();

  await Promise.all(scripts.map((file) => rm(join(root, file))));
  const chunks = output.filter((item): item is OutputChunk => item.type === 'chunk');
  await Promise.all(chunks.map((chunk) => writeFile(join(outDir, chunk.fileName), chunk.code)));

  const path = (fileName: string) => fromRoot(root, join(outDir, fileName));
  const outputs: Metafile['outputs'] = Object.fromEntries(Object.entries(metafile.outputs).filter(([file]) => !file.endsWith('.js')));
  for (const chunk of chunks) {
    const held = chunk.moduleIds.map((id) => metafile.outputs[fromRoot(root, id)]!);
    // The entry or lazily loaded module the file stands for (Rollup names no facade when a chunk holds more).
    const entries = held.filter((script) => script.entryPoint);
    if (entries.length > 1) throw new Error(`Rollup put ${entries.map((script) => script.entryPoint).join(' and ')} in one file`);
    const facade = entries[0];
    outputs[path(chunk.fileName)] = {
      bytes: Buffer.byteLength(chunk.code),
      inputs: Object.assign({}, ...held.map((script) => script.inputs)) as Metafile['outputs'][string]['inputs'],
      imports: [
        ...chunk.imports.map((fileName) => ({ path: path(fileName), kind: 'import-statement' as const })),
        ...chunk.dynamicImports.map((fileName) => ({ path: path(fileName), kind: 'dynamic-import' as const })),
      ],
      exports: chunk.exports,
      ...(facade?.entryPoint ? { entryPoint: facade.entryPoint } : {}),
      ...(facade?.cssBundle ? { cssBundle: facade.cssBundle } : {}),
    };
  }
  return { inputs: metafile.inputs, outputs };
}
