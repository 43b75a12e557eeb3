/**
 * Every field a request takes (body, query, path and headers) carries the label its form or filter shows it
 * under (the schema's `title`): the back end words a refusal with it ('Due date must not be in the past.', not
 * 'Due on must ...'; 'Assignee must be ...', not 'assignee_id must be ...'), so a field added without one, or
 * with its code name as the label, would bring back code-like names in messages. Walks every schema of every
 * endpoint table, nested objects and list items included.
 */
import { describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS } from '../../common/contract/tables.ts';

type Node = { title?: unknown; properties?: Record<string, unknown>; items?: unknown; anyOf?: unknown[]; allOf?: unknown[]; type?: unknown };

/** A label reads as words: no code-style underscores ('owner_id', 'role__in') and not one lower-case code word ('id', 'userId'). */
const label = (title: unknown) => typeof title === 'string' && title.trim() !== '' && !title.includes('_') && !/^[a-z]+([A-Z][a-z]*)*$/.test(title);

const titled = (schema: unknown): boolean => {
  const node = schema as Node;
  if (label(node.title)) return true;
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

describe('request fields', () => {
  it('each carry the label the form shows them under', () => {
    const parts = ['body', 'query', 'params', 'headers'] as const;
    const missing = ALL_ENDPOINTS.flatMap(({ name, endpoint }) =>
      parts.flatMap((part) => (endpoint[part] ? untitled(endpoint[part], '').map((field) => `${name} ${part}: ${field}`) : [])),
    );
    expect(missing).toEqual([]);
  });
});
