/**
 * A component reads through its endpoint (`useEndpoint(area.name)`, a list through useListController) or its
 * feature's api module, never by calling useQuery with a key it made up: a hand-made key drifts from keyOf and
 * a write's `changes` no longer reach it. useQuery itself is lib/'s, and a feature's api module (`api.ts`,
 * `<name>-api.ts`) may still hold the keys of reads not yet moved onto endpoints.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const client = join(root, 'client/src');

/** Files that truly need to read by hand, each with its reason (none today); one that no longer does leaves the list. */
const EXEMPT: Readonly<Record<string, string>> = {};

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const mayCallUseQuery = (path: string) => relative(client, path).startsWith('lib/') || /^(.+-)?api\.ts$/.test(basename(path));

/** How many times a file's code calls useQuery (not a mention in a comment or a string). */
function useQueryCalls(text: string, fileName = 'component.tsx'): number {
  let calls = 0;
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'useQuery') calls += 1;
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS));
  return calls;
}

describe('components read through endpoints', () => {
  it('counts calls of useQuery, not its name in a comment, a string or an import', () => {
    expect(useQueryCalls("const timer = useQuery(['time', 'timer'], fetchTimer);")).toBe(1);
    expect(useQueryCalls("import { useQuery } from '../lib/use-query.ts';\n/** not useQuery(x) */\nconst s = 'useQuery(y)';\nuseEndpoint(time.timer);")).toBe(0);
  });

  it('no component or page outside lib/ and the api modules calls useQuery itself', () => {
    const files = sourceFiles(client);
    expect(files.length).toBeGreaterThan(100);
    const calling = files.filter((path) => !mayCallUseQuery(path) && useQueryCalls(readFileSync(path, 'utf8'), path) > 0).map((path) => relative(root, path));
    expect(calling.filter((path) => !(path in EXEMPT))).toEqual([]);
    expect(Object.keys(EXEMPT).filter((path) => !calling.includes(path))).toEqual([]);
  });
});
