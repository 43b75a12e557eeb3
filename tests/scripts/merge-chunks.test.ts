/**
 * mergeChunks (scripts/lib/merge-chunks.ts) on a small app built as the console is (esbuild, code splitting,
 * `publicPath`): a shell loaded lazily by the entry, and three pages loaded lazily by the shell, sharing modules
 * with it and with each other in different combinations. The merged files run (Node imports them from disk),
 * answer what the sources say, load fewer files than esbuild's, and the rewritten metafile names every file that
 * is there, each lazily loaded module's own script, and what each holds.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergeChunks } from '../../scripts/lib/merge-chunks.ts';
import { staticClosure } from '../../scripts/lib/bundle-sizes.ts';

const SOURCES: Record<string, string> = {
  'main.js': `export const loadShell = () => import('./shell.js');`,
  'shell.js': `import { format } from './format.js'; import { table } from './table.js';
    export const pages = { a: () => import('./page-a.js'), b: () => import('./page-b.js'), c: () => import('./page-c.js') };
    export const frame = (title) => table([format(title)]);`,
  'format.js': `export const format = (text) => '[' + text + ']';`,
  'table.js': `export const table = (rows) => rows.join('|');`,
  'dialog.js': `export const dialog = (text) => '<' + text + '>';`,
  'chart.js': `export const chart = (values) => values.map((value) => '#'.repeat(value)).join(' ');`,
  'page-a.js': `import { format } from './format.js'; import { table } from './table.js'; import { dialog } from './dialog.js';
    export const render = () => table([format('a'), dialog('a')]);`,
  'page-b.js': `import { format } from './format.js'; import { dialog } from './dialog.js'; import { chart } from './chart.js';
    export const render = () => format(dialog('b')) + chart([1, 2]);`,
  'page-c.js': `import { table } from './table.js'; import { chart } from './chart.js';
    export const render = () => table(['c', chart([3])]);`,
};

let dir: string;
let before: Metafile;
let after: Metafile;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'merge-chunks-'));
  await mkdir(join(dir, 'src'));
  for (const [name, text] of Object.entries(SOURCES)) await writeFile(join(dir, 'src', name), text);
  const result = await build({
    absWorkingDir: dir,
    entryPoints: { main: 'src/main.js' },
    outdir: join(dir, 'out/assets'),
    publicPath: '/assets',
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    metafile: true,
    logLevel: 'silent',
  });
  before = result.metafile;
  after = await mergeChunks(before, { root: dir, outDir: join(dir, 'out/assets'), publicPath: '/assets', entryPoint: 'src/main.js' });
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const scriptOf = (metafile: Metafile, entryPoint: string) =>
  Object.entries(metafile.outputs).find(([file, output]) => output.entryPoint === entryPoint && file.endsWith('.js'))?.[0];

describe('mergeChunks', () => {
  it('writes scripts that run and answer what the sources say', async () => {
    const main = (await import(pathToFileURL(join(dir, scriptOf(after, 'src/main.js')!)).href)) as { loadShell(): Promise<{ frame(title: string): string; pages: Record<string, () => Promise<{ render(): string }>> }> };
    const shell = await main.loadShell();
    expect(shell.frame('Home')).toBe('[Home]');
    expect(await Promise.all(['a', 'b', 'c'].map(async (page) => (await shell.pages[page]!()).render()))).toEqual(['[a]|<a>', '[<b>]# ##', 'c|###']);
  });

  it('loads fewer files for the shell and a page than esbuild wrote for them, and no file holds code twice', () => {
    const loaded = (metafile: Metafile, entryPoints: string[]) => {
      const files = new Set<string>();
      for (const entryPoint of entryPoints) staticClosure(metafile, scriptOf(metafile, entryPoint)!, files);
      return files;
    };
    const opened = ['src/main.js', 'src/shell.js', 'src/page-a.js'];
    expect(loaded(after, opened).size).toBeLessThan(loaded(before, opened).size);
    const holders = Object.entries(after.outputs).flatMap(([, output]) => Object.keys(output.inputs));
    expect(holders.sort()).toEqual([...new Set(holders)].sort());
  });

  it('rewrites the metafile to the files on disk, each lazily loaded module with its own script, and what each holds', async () => {
    const scripts = Object.keys(after.outputs).filter((file) => file.endsWith('.js'));
    expect((await readdir(join(dir, 'out/assets'))).sort()).toEqual(scripts.map((file) => file.split('/').pop()).sort());
    for (const file of Object.keys(before.outputs)) if (!(file in after.outputs)) expect(existsSync(join(dir, file)), file).toBe(false);
    for (const entryPoint of ['src/main.js', 'src/shell.js', 'src/page-a.js', 'src/page-b.js', 'src/page-c.js']) expect(scriptOf(after, entryPoint), entryPoint).toBeDefined();
    const modules = new Set(scripts.flatMap((file) => Object.keys(after.outputs[file]!.inputs)));
    expect([...modules].sort()).toEqual(Object.keys(SOURCES).map((name) => `src/${name}`).sort());
    for (const file of scripts) {
      for (const imported of after.outputs[file]!.imports) expect(scripts, `${file} imports ${imported.path}`).toContain(imported.path);
    }
  });
});
