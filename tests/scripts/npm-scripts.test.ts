/**
 * Every npm script runs a file that exists, and every `npm run` the README and docs/ document is a script. Bundles under
 * dist/ do not exist before `npm run build`, so a `dist/server/<name>.js` entry is checked through the build:
 * scripts/build.ts must bundle `<name>` into dist/server from a source file that exists. That keeps this test
 * meaningful on a fresh clone and when run on its own.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
const buildScript = readFileSync(join(root, 'scripts/build.ts'), 'utf8');

/** The files a script hands to tsx or node, in the order they appear. */
function entryFiles(command: string): string[] {
  return [...command.matchAll(/(?:^|[\s;&|])(?:tsx|node)\s+(?:--?[\w-]+(?:=\S+)?\s+)*([^\s;&|-][^\s;&|]*)/g)].map((match) => match[1]!);
}

/** The source file scripts/build.ts bundles into dist/server/<name>.js, if it does. */
function serverBundleSource(name: string): string | undefined {
  if (!/outdir:\s*outServer\b/.test(buildScript) || !/const outServer = join\(root, 'dist\/server'\)/.test(buildScript)) return undefined;
  const entryPoints = /entryPoints:\s*\{([^}]*)\},\s*outdir:\s*outServer/.exec(buildScript)?.[1] ?? '';
  return new RegExp(`(?:^|[\\s,{])['"]?${name}['"]?\\s*:\\s*'([^']+)'`).exec(entryPoints)?.[1];
}

function missingEntry(file: string): string | undefined {
  const bundle = /^dist\/server\/([\w-]+)\.js$/.exec(file);
  if (bundle) {
    const source = serverBundleSource(bundle[1]!);
    if (!source) return `${file}: scripts/build.ts does not bundle ${bundle[1]} into dist/server`;
    return existsSync(join(root, source)) ? undefined : `${file}: its source ${source} does not exist`;
  }
  return existsSync(join(root, file)) ? undefined : `${file} does not exist`;
}

describe('npm scripts', () => {
  it('finds the entry files of tsx and node commands', () => {
    expect(entryFiles('tsx scripts/start.ts --reset')).toEqual(['scripts/start.ts']);
    expect(entryFiles('node --expose-gc dist/server/gateway.js && tsx bench/a.ts')).toEqual(['dist/server/gateway.js', 'bench/a.ts']);
    expect(entryFiles('eslint .')).toEqual([]);
  });

  it('maps the built servers to their sources and notices a missing file', () => {
    expect(missingEntry('dist/server/gateway.js')).toBeUndefined();
    expect(missingEntry('dist/server/nothing.js')).toContain('does not bundle nothing');
    expect(missingEntry('bench/api.ts')).toBe('bench/api.ts does not exist');
  });

  it.each(Object.entries(scripts))('%s runs files that exist', (_name, command) => {
    expect(entryFiles(command).map(missingEntry).filter(Boolean)).toEqual([]);
  });

  it('has every script the README and docs/ run', () => {
    const docs = existsSync(join(root, 'docs'))
      ? readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.md')).map((file) => join('docs', file))
      : [];
    const text = ['README.md', ...docs].map((file) => readFileSync(join(root, file), 'utf8')).join('\n');
    const documented = new Set([...text.matchAll(/npm run ([\w:-]+)/g)].map((match) => match[1]!));
    expect(documented.size).toBeGreaterThan(5);
    expect([...documented].filter((name) => !(name in scripts))).toEqual([]);
  });
});
