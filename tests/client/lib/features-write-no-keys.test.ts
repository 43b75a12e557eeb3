/**
 * What a write makes stale is the contract's (`<area>Changes` beside the area's routes): a feature's write names
 * its endpoint and useAction reads again the areas the endpoint changes; a list names its endpoint and
 * useListController keys it by keyOf. A feature that wrote `invalidates: [...]` or `queryKey: ...` itself would
 * drift from the contract without a word, so none does: neither as an option nor as a component's prop.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const features = join(root, 'client/src/features');

/** The names a feature may not give a value of its own. */
const REFUSED = new Set(['invalidates', 'queryKey']);

/**
 * The few places that truly need one, each with its reason. A key here must name the file and the name, and the
 * reason must say why the contract cannot give it.
 */
const EXEMPT: Readonly<Record<string, string>> = {
  // A period ending before it starts answers an empty page without a call (the dates show the refusal); a list over
  // an endpoint always asks its endpoint, so the audit list keeps its own key and fetch.
  'client/src/features/audit/pages/audit-page.tsx: queryKey': 'an empty page without a call',
};

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Each refused name a file's code gives a value: an object's property (`invalidates: [...]`) or a JSX attribute (`invalidates={...}`). */
function keysWrittenIn(text: string, fileName = 'feature.tsx'): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node) || ts.isJsxAttribute(node)) && REFUSED.has(node.name.getText())) {
      found.push(node.name.getText());
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS));
  return found;
}

describe('features write no cache key', () => {
  it('finds a key given as an option, in shorthand or as a prop, and not one named in a comment or a string', () => {
    expect(keysWrittenIn("useAction({ run, invalidates: [['crm']] });")).toEqual(['invalidates']);
    expect(keysWrittenIn('const invalidates = [x]; useAction({ run, invalidates });')).toEqual(['invalidates']);
    expect(keysWrittenIn("useListController({ schema, queryKey: (view) => ['audit', view], fetchPage });")).toEqual(['queryKey']);
    expect(keysWrittenIn("<BulkBar list=\"faqs\" invalidates={[['faqs']]} />")).toEqual(['invalidates']);
    expect(keysWrittenIn("/** Every write invalidates ['users']: invalidates: */\nconst text = 'queryKey: none';\nuseAction({ run, endpoint: users.changeRole });")).toEqual([]);
  });

  it('no feature gives invalidates or queryKey a value: writes name their endpoint, lists theirs', () => {
    const files = sourceFiles(features);
    expect(files.length).toBeGreaterThan(100);
    const written = files.flatMap((path) => keysWrittenIn(readFileSync(path, 'utf8'), path).map((name) => `${relative(root, path)}: ${name}`));
    expect(written.filter((entry) => !(entry in EXEMPT))).toEqual([]);
    // An exemption nothing needs any more goes, so the list stays the truly needed ones.
    expect(Object.keys(EXEMPT).filter((entry) => !written.includes(entry))).toEqual([]);
  });
});
