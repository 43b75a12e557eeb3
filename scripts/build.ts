/**
 * Production build: the console bundled by esbuild into dist/client (content-hashed assets, an index.html
 * that references them, .br and .gz copies of every text asset) and each server bundled into dist/server.
 */
import { build, type Metafile } from 'esbuild';
import { createHash } from 'node:crypto';
import { cp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { basename, extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compressedCopies } from '../gateway/src/static-files.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const outClient = join(root, 'dist/client');
const outServer = join(root, 'dist/server');

const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt', '.webmanifest', '.ico']);

async function buildClient(): Promise<void> {
  await rm(outClient, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: { main: 'client/src/main.tsx' },
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
    loader: { '.svg': 'file', '.png': 'file', '.woff2': 'file' },
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
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
  const { js, css } = entryOutputs(result.metafile, 'client/src/main.tsx');
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
}

function entryOutputs(metafile: Metafile, entryPoint: string): { js: string; css: string[] } {
  for (const [file, output] of Object.entries(metafile.outputs)) {
    if (output.entryPoint !== entryPoint) continue;
    const toUrl = (path: string) => relative(outClient, join(root, path)).split('\\').join('/');
    return { js: toUrl(file), css: output.cssBundle ? [toUrl(output.cssBundle)] : [] };
  }
  throw new Error(`esbuild produced no output for ${entryPoint}`);
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
    entryPoints: { gateway: 'gateway/src/server.ts', backend: 'backend/src/server.ts' },
    outdir: outServer,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

const started = Date.now();
await Promise.all([buildClient(), buildServers()]);
console.log(`built dist/ in ${Date.now() - started} ms (${basename(outClient)}, ${basename(outServer)})`);
