/**
 * Every field a request body takes carries the label its form shows it under (the schema's `title`): the
 * back end words a refusal with it ('Due date must not be in the past.', not 'Due on must ...'), so a field
 * added without one would bring back code-like names in messages. Walks every body schema of every endpoint
 * table, nested objects and list items included.
 */
import { describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS } from '../../common/contract/tables.ts';

type Node = { title?: unknown; properties?: Record<string, unknown>; items?: unknown; anyOf?: unknown[]; allOf?: unknown[]; type?: unknown };

const titled = (schema: unknown): boolean => {
  const node = schema as Node;
  if (typeof node.title === 'string' && node.title.trim() !== '') return true;
  // Nullable(...) and unions: a title on the branch that carries the value counts.
  return Array.isArray(node.anyOf) && node.anyOf.some((branch) => titled(branch));
};

/** 'items.*.amount'-style paths of fields without a title under `schema`. */
function untitled(schema: unknown, path: string): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const node = schema as Node;
  const missing: string[] = [];
  for (const branch of [...(node.anyOf ?? []), ...(node.allOf ?? [])]) missing.push(...untitled(branch, path));
  for (const [name, property] of Object.entries(node.properties ?? {})) {
    const at = path ? `${path}.${name}` : name;
    if (!titled(property)) missing.push(at);
    missing.push(...untitled(property, at));
  }
  if (node.items) missing.push(...untitled(node.items, `${path}.*`));
  return [...new Set(missing)];
}

describe('request body fields', () => {
  it('each carry the label the form shows them under', () => {
    const missing = ALL_ENDPOINTS.flatMap(({ name, endpoint }) => (endpoint.body ? untitled(endpoint.body, '').map((field) => `${name}: ${field}`) : []));
    expect(missing).toEqual([]);
  });
});
