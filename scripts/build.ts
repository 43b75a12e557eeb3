/**
 * Production build: the console bundled by esbuild into dist/client and re-chunked by Rollup (content-hashed
 * assets, an index.html that references them, .br and .gz copies of every text asset), each server bundled into
 * dist/server, and the API's description written to docs/api/openapi.json (committed: it changes only when the API does).
 */
import { build, type Metafile, type Plugin } from 'esbuild';
import { createHash } from 'node:crypto';
import { cp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { basename, extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compressedCopies } from '../gateway/src/static-files.ts';
import { writeApiDocument } from './lib/api-document.ts';
import { bundleSizes, MAIN_ENTRY } from './lib/bundle-sizes.ts';
import { classStaticsPlugin } from './lib/class-statics.ts';
import { mergeChunks } from './lib/merge-chunks.ts';
import { SERVER_BUNDLE } from './lib/server-bundle.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const outClient = join(root, 'dist/client');
const outServer = join(root, 'dist/server');
await mkdir(join(root, 'dist'), { recursive: true });

const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt', '.webmanifest', '.ico']);

/** wouter's use-sync-external-store shim becomes React 19's own hook (see the module it points to). */
const reactOwnSyncExternalStore: Plugin = {
  name: 'react-own-sync-external-store',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^use-sync-external-store\/shim(\/index\.js)?$/ }, () => ({
      path: join(root, 'client/src/lib/use-sync-external-store-shim.ts'),
    }));
  },
};

/** The Firebase SDK's packages, whose unused classes esbuild can drop once their constants are static fields. */
const FIREBASE_DIST = /[\\/]@firebase[\\/][\w-]+[\\/]dist[\\/].*\.js$/;

async function buildClient(): Promise<void> {
  await rm(outClient, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: { main: MAIN_ENTRY },
    outdir: join(outClient, 'assets'),
    publicPath: '/assets',
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    assetNames: '[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['chrome120', 'firefox120', 'safari17'],
    minify: true,
    jsx: 'automatic',
    legalComments: 'none',
    metafile: true,
    plugins: [reactOwnSyncExternalStore, classStaticsPlugin(FIREBASE_DIST)],
    loader: { '.svg': 'file', '.png': 'file', '.woff2': 'file' },
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  const metafile = await mergeChunks(result.metafile, { root, outDir: join(outClient, 'assets'), publicPath: '/assets', entryPoint: MAIN_ENTRY });
  await writeFile(join(root, 'dist/client-meta.json'), JSON.stringify(metafile));
  // The messaging service worker keeps a fixed, unhashed name: browsers look for it at the same URL forever.
  await build({
    absWorkingDir: root,
    entryPoints: { 'firebase-messaging-sw': 'client/src/firebase-messaging-sw.ts' },
    outdir: outClient,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: ['chrome120', 'firefox120', 'safari17'],
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  const { js, css: sheets } = entryOutputs(metafile, MAIN_ENTRY);
  const css = [await oneStyleSheet(sheets)];
  const template = await readFile(join(root, 'client/index.html'), 'utf8');
  // Subresource Integrity on the entry tags: the browser refuses a tampered bundle, and Mozilla's HTTP
  // Observatory counts it towards the top grade.
  const integrity = async (file: string) =>
    `sha384-${createHash('sha384').update(await readFile(join(outClient, file))).digest('base64')}`;
  const tags = [
    ...(await Promise.all(css.map(async (file) => `<link rel="stylesheet" href="/${file}" integrity="${await integrity(file)}">`))),
    `<script type="module" src="/${js}" integrity="${await integrity(js)}"></script>`,
  ].join('\n    ');
  await writeFile(join(outClient, 'index.html'), template.replace('</head>', `    ${tags}\n  </head>`));
  const publicDir = join(root, 'client/public');
  if (existsSync(publicDir)) await cp(publicDir, outClient, { recursive: true });
  await precompress(outClient);
  const sizes = await bundleSizes(metafile, outClient);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(
    `scripts, brotli: login page first render ${kb(sizes.loginFirstRender)}, the login route's whole download (auth boot and sign-in) ${kb(sizes.loginTotal)}; ` +
      `signed-in shell ${kb(sizes.signedInShell)}, largest page beyond it ${kb(sizes.largestRouteChunk.brotli)} (${sizes.largestRouteChunk.entryPoint})`,
  );
}

/**
 * The entry script and every style sheet. esbuild writes the CSS of a lazily loaded page beside its chunk
 * but does not load it, so the page links all of them up front (a few KB), the entry's own first.
 */
function entryOutputs(metafile: Metafile, entryPoint: string): { js: string; css: string[] } {
  const toUrl = (path: string) => relative(outClient, join(root, path)).split('\\').join('/');
  const outputs = Object.entries(metafile.outputs);
  const entry = outputs.find(([, output]) => output.entryPoint === entryPoint);
  if (!entry) throw new Error(`esbuild produced no output for ${entryPoint}`);
  const entryCss = entry[1].cssBundle;
  const otherCss = outputs.map(([file]) => file).filter((file) => file.endsWith('.css') && file !== entryCss).sort();
  return { js: toUrl(entry[0]), css: [...(entryCss ? [entryCss] : []), ...otherCss].map(toUrl) };
}

/**
 * The style sheets as one file, in the order the page linked them (the entry's first, so the cascade is the
 * same): each sheet is a request of its own on every first visit, and the browser spends more on fifty requests
 * of a few KB each than on the bytes. The parts are removed, so nothing serves CSS no page asks for.
 */
async function oneStyleSheet(sheets: string[]): Promise<string> {
  const text = (await Promise.all(sheets.map((file) => readFile(join(outClient, file), 'utf8')))).join('\n');
  const file = `assets/styles-${createHash('sha256').update(text).digest('hex').slice(0, 12)}.css`;
  await writeFile(join(outClient, file), text);
  await Promise.all(sheets.map((sheet) => rm(join(outClient, sheet))));
  return file;
}

async function precompress(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.has(extname(entry.name))) continue;
    const file = join(entry.parentPath, entry.name);
    const { br, gzip } = compressedCopies(await readFile(file));
    await writeFile(`${file}.br`, br);
    await writeFile(`${file}.gz`, gzip);
  }
}

async function buildServers(): Promise<void> {
  await rm(outServer, { recursive: true, force: true });
  await mkdir(outServer, { recursive: true });
  await build({
    absWorkingDir: root,
    entryPoints: { gateway: 'gateway/src/server.ts', backend: 'backend/src/server.ts', 'accounting-standin': 'backend/src/demo/accounting-standin-server.ts', 'asp-standin': 'backend/src/demo/asp-standin-server.ts' },
    outdir: outServer,
    ...SERVER_BUNDLE,
  });
}

const started = Date.now();
await Promise.all([buildClient(), buildServers(), writeApiDocument()]);
console.log(`built dist/ in ${Date.now() - started} ms (${basename(outClient)}, ${basename(outServer)}) and docs/api/openapi.json`);
