/**
 * The endpoint tables (common/contract/tables.ts) are the API: every route the back end registers under
 * /api/ comes from a table entry and every entry is registered, with the table's method, path, schemas and
 * access; the gateway's public routes are exactly the tables' public entries; each path's :params are the
 * params schema's fields; the console reaches the API only through `call` with a table's endpoint; and the
 * committed API description (docs/api/openapi.json) is what the build generates now, with every entry.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildBackend } from '../../backend/src/app.ts';
import { loadConfig } from '../../backend/src/config.ts';
import { openApiDocument } from '../../backend/src/lib/openapi.ts';
import { buildResponseSerializer } from '../../backend/src/lib/response-serializer.ts';
import { compileRouteSchema } from '../../backend/src/lib/validation.ts';
import { bulkActionsOf, mayRunBulk } from '../../backend/src/lib/work-registry.ts';
import { MODULES } from '../../backend/src/modules/index.ts';
import { nextProviders } from '../../backend/src/modules/work/store.ts';
import { rolesOf } from '../../common/contract/endpoint.ts';
import { ALL_BULK_ACTIONS, ALL_ENDPOINTS } from '../../common/contract/tables.ts';
import { ROLES } from '../../common/roles.ts';
import { workEndpoints } from '../../common/contract/work.ts';
import { PUBLIC_API_ROUTES } from '../../gateway/src/plugins/public-api.ts';
import { API_DOCUMENT } from '../../scripts/lib/api-document.ts';
import { readPgliteDump } from '../support/database-templates.ts';

let app: FastifyInstance;
let routes: { key: string; route: RouteOptions }[];

beforeAll(async () => {
  // On a copy of the run's migrated template, not a fresh cluster: initdb and every migration are seconds of CPU.
  app = await buildBackend(loadConfig({ FIREBASE_PROJECT_ID: 'endpoint-tables', DATA_DIR: 'memory://', LOG_LEVEL: 'silent', CLIENT_JOBS_INTERVAL_MS: '0' }), {
    pgliteDump: await readPgliteDump(inject('databaseTemplates').pgliteMigrated),
  });
  await app.ready();
  routes = app.routeTable
    .filter((route) => route.url.startsWith('/api/'))
    .flatMap((route) => (Array.isArray(route.method) ? route.method : [route.method]).filter((method) => method !== 'HEAD').map((method) => ({ key: `${method} ${route.url}`, route })));
}, 120_000);
afterAll(() => app?.close());

const keyOf = (endpoint: { method: string; path: string }) => `${endpoint.method} /api${endpoint.path}`;

describe('the endpoint tables and the back end', () => {
  it('registers every table entry, once', () => {
    const registered = routes.map(({ key }) => key);
    // An entry registered only under a condition (the demo's) may be absent here, never twice.
    for (const { name, endpoint } of ALL_ENDPOINTS) expect(registered.filter((key) => key === keyOf(endpoint)).length, name).toBe(endpoint.condition ? 0 : 1);
  });

  it('registers no /api/ route that is not a table entry, and each from its own entry', () => {
    const entries = new Map(ALL_ENDPOINTS.map(({ endpoint }) => [keyOf(endpoint), endpoint]));
    const strays = routes
      .filter(({ key, route }) => !route.config?.endpoint || route.config.endpoint !== entries.get(key))
      .map(({ key }) => key);
    expect(strays).toEqual([]);
  });

  it('gives each route the table’s schemas and access rule', () => {
    for (const { route } of routes) {
      const endpoint = route.config?.endpoint;
      if (!endpoint) continue;
      const schema = route.schema as Record<string, unknown>;
      expect(schema.params, route.url).toBe(endpoint.params);
      expect(schema.querystring, route.url).toBe(endpoint.query);
      expect(schema.body, route.url).toBe(endpoint.body);
      expect(schema.headers, route.url).toBe(endpoint.headers);
      expect(route.config?.access, route.url).toBe(endpoint.access);
    }
  });

  it('has schemas ajv and fast-json-stringify build, every route’s (the back end builds each at its first use)', () => {
    let built = 0;
    for (const route of app.routeTable) {
      const schema = (route.schema ?? {}) as Record<string, object | undefined>;
      for (const part of ['params', 'querystring', 'body', 'headers'] as const) {
        const partSchema = schema[part];
        if (!partSchema) continue;
        expect(() => compileRouteSchema(partSchema, part), `${String(route.method)} ${route.url} ${part}`).not.toThrow();
        built++;
      }
      for (const [status, response] of Object.entries((schema.response ?? {}) as Record<string, object>)) {
        expect(() => buildResponseSerializer(response), `${String(route.method)} ${route.url} ${status}`).not.toThrow();
        built++;
      }
    }
    expect(built).toBeGreaterThan(ALL_ENDPOINTS.length);
  });

  it('names each path parameter in the params schema, and nothing else', () => {
    for (const { name, endpoint } of ALL_ENDPOINTS) {
      const inPath = [...endpoint.path.matchAll(/:(\w+)/g)].map((match) => match[1]).sort();
      const inSchema = Object.keys((endpoint.params as { properties?: object } | undefined)?.properties ?? {}).sort();
      expect(inSchema, name).toEqual(inPath);
    }
  });

  it('lets next-unassigned through for exactly the pages of the areas’ queues', () => {
    const pages = [...new Set(nextProviders(MODULES).map((queue) => queue.page))].sort();
    expect(workEndpoints.next.access.kind === 'any-page' ? [...workEndpoints.next.access.pages].sort() : []).toEqual(pages);
  });

  it('answers JSON by a response schema, or says what else it answers', () => {
    for (const { name, endpoint } of ALL_ENDPOINTS) expect(Boolean(endpoint.response) !== Boolean(endpoint.raw), name).toBe(true);
  });
});

describe('the endpoint tables and the gateway', () => {
  it('opens exactly the tables’ public entries without a token', () => {
    const publicEntries = ALL_ENDPOINTS.filter(({ endpoint }) => endpoint.access.kind === 'public').map(({ endpoint }) => keyOf(endpoint)).sort();
    expect(PUBLIC_API_ROUTES.map((route) => `${route.method} ${route.url}`).sort()).toEqual(publicEntries);
  });
});

/** Source files of the console, with their text. */
async function consoleSources(): Promise<[string, string][]> {
  const root = join(import.meta.dirname, '../../client/src');
  const files = (await readdir(root, { recursive: true })).filter((file) => /\.tsx?$/.test(file));
  return Promise.all(files.map(async (file) => [file, await readFile(join(root, file), 'utf8')] as [string, string]));
}

describe('the console and the endpoint tables', () => {
  it('reaches the API only through call() with a table’s endpoint, never a path of its own', async () => {
    // The client itself, and the module that sends a table's endpoint through it.
    const allowed = new Set(['lib/api.ts', 'lib/api-client.ts', 'lib/call.ts']);
    const offenders = (await consoleSources())
      .filter(([file]) => !allowed.has(file))
      .filter(([file, text]) => /from '(\.\.\/)+lib\/api\.ts'/.test(text) || (file.startsWith('lib/') && /from '\.\/api\.ts'/.test(text)))
      .map(([file]) => file);
    expect(offenders).toEqual([]);
  });
});

describe('the API description', () => {
  const openApi = () => openApiDocument(app, bulkActionsOf(MODULES));
  it('is the committed docs/api/openapi.json, generated afresh (npm run build writes it)', async () => {
    expect(openApi() === (await readFile(API_DOCUMENT, 'utf8')), 'docs/api/openapi.json is stale: run npm run build').toBe(true);
  });

  it('lists every table entry with its summary, roles and error codes', () => {
    const document = JSON.parse(openApi()) as { paths: Record<string, Record<string, { summary?: string; 'x-roles'?: string[]; responses: Record<string, unknown> }>> };
    for (const { name, endpoint } of ALL_ENDPOINTS) {
      const operation = document.paths[`/api${endpoint.path.replace(/:(\w+)/g, '{$1}')}`]?.[endpoint.method.toLowerCase()];
      if (endpoint.condition) continue;
      expect(operation, name).toBeDefined();
      expect(operation?.summary, name).toBe(endpoint.summary);
      expect(operation?.['x-roles'], name).toEqual(rolesOf(endpoint.access));
      expect(Object.keys(operation?.responses ?? {}), name).toContain('500');
      if (endpoint.access.kind !== 'public') expect(Object.keys(operation?.responses ?? {}), name).toEqual(expect.arrayContaining(['401', '403']));
    }
  });

  it('lists every bulk action with its params schema, its roles and the bulk route’s error codes', () => {
    interface BulkDoc {
      paths: Record<string, Record<string, { 'x-bulk-actions'?: { list: string; action: string; label: string; roles: string[]; params: { $ref: string } }[]; requestBody: { content: Record<string, { schema: { allOf?: [unknown, { oneOf: unknown[] }] } }> }; responses: Record<string, unknown> }>>;
      components: { schemas: Record<string, unknown> };
    }
    const described = JSON.parse(openApi()) as BulkDoc;
    const operation = described.paths[`/api${workEndpoints.startBulkJob.path}`]?.post;
    const listed = operation?.['x-bulk-actions'] ?? [];
    const registered = bulkActionsOf(MODULES);
    expect(listed.map((each) => `${each.list}.${each.action}`).sort()).toEqual(ALL_BULK_ACTIONS.map((def) => `${def.list}.${def.action}`).sort());
    for (const def of ALL_BULK_ACTIONS) {
      const entry = listed.find((each) => each.list === def.list && each.action === def.action);
      const action = registered.find((each) => each.list === def.list && each.action === def.action)!;
      expect(entry?.label).toBe(def.label);
      expect(entry?.roles, `${def.list}.${def.action}`).toEqual(ROLES.filter((role) => mayRunBulk(role, action)));
      expect(entry?.roles.length, `${def.list}.${def.action}`).toBeGreaterThan(0);
      const component = described.components.schemas[entry?.params.$ref.replace('#/components/schemas/', '') ?? ''];
      expect(component, `${def.list}.${def.action}`).toEqual(JSON.parse(JSON.stringify(def.params)));
    }
    expect(operation?.requestBody.content['application/json']?.schema.allOf?.[1].oneOf).toHaveLength(ALL_BULK_ACTIONS.length);
    expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(['201', '400', '401', '403', '500']));
  });
});
