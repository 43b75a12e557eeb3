/**
 * A field's label and limits are written once, in its area's field sheet (common/contract/<area>-fields.ts):
 * the contract's schemas take their titles from it and the console's fields take the field. A label typed
 * again in a feature drifts from the title the back end's refusals name the field by; a limit typed again
 * lets a counter say 300 where the server refuses at 200. This reads the console's features for both.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS } from '../../common/contract/tables.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Every title a request field carries (body, query, params, headers), nested fields included. */
function requestTitles(): Set<string> {
  const titles = new Set<string>();
  const walk = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return;
    const { title } = node as { title?: unknown };
    if (typeof title === 'string') titles.add(title);
    for (const child of Object.values(node)) walk(child);
  };
  for (const { endpoint } of ALL_ENDPOINTS) for (const part of ['body', 'query', 'params', 'headers'] as const) walk(endpoint[part]);
  return titles;
}

function sources(folder: string): { file: string; text: string }[] {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .map((file) => ({ file: relative(root, file), text: readFileSync(file, 'utf8') }));
}

/**
 * `label="Status"`, `label={'Status'}`, `label: 'Status'`: a field's label written as a literal. Not an
 * `aria-label`, which names a region of the page (the 'E-invoice' section), not a field.
 */
const LABEL = /(?<![-\w])label(?:=\{?|:\s*)(['"])([^'"]+)\1/g;
/** `limit={300}`: a field's limit written as a number. */
const LIMIT = /\blimit=\{\s*[\d_]+\s*\}/g;

/**
 * Label literals a feature may still write although some schema carries the same title: a word two areas
 * use for different things (the page's 'Tasks' table, a user's 'Active' state, a document's 'Kind').
 */
const MAX_LABEL_REPEATS = 10;

function labelRepeats(): string[] {
  const titles = requestTitles();
  return sources('client/src/features').flatMap(({ file, text }) => [...text.matchAll(LABEL)].filter((match) => titles.has(match[2]!)).map((match) => `${file}: ${match[2]}`));
}

describe('field sheets', () => {
  it('leave the console few labels that repeat a schema title', () => {
    const repeats = labelRepeats();
    expect(repeats.length, repeats.join('\n')).toBeLessThanOrEqual(MAX_LABEL_REPEATS);
  });

  it('leave the console no field limit written as a number', () => {
    const literals = sources('client/src/features').flatMap(({ file, text }) => [...text.matchAll(LIMIT)].map((match) => `${file}: ${match[0]}`));
    expect(literals).toEqual([]);
  });
});
