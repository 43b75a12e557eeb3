/**
 * The API describes itself: an OpenAPI 3.1 document built by @fastify/swagger from the routes the app
 * registered (so from the endpoint tables, lib/routes.ts), each operation with its roles (`x-roles` and a
 * line of its description), its access rule (`x-access`) and the error answers its shape implies, with the
 * catalogue's codes (common/error-catalogue.ts). `npm run build` writes it to docs/api/openapi.json
 * (openApiDocument: sorted, no timestamps, so the file changes only when the API does) and signed-in ADMINs
 * read it at GET /api/openapi.json.
 */
import swagger from '@fastify/swagger';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { rolesOf, type Access, type Endpoint } from '../../../common/contract/endpoint.ts';
import { API_BASE, AUTH_SCHEME, IDEMPOTENCY_HEADER } from '../../../common/contract/http.ts';
import { ErrorBody } from '../../../common/contract/shared.ts';
import { SCHEMA_NAMES } from '../../../common/contract/tables.ts';
import { workEndpoints } from '../../../common/contract/work.ts';
import type { ErrorCode } from '../../../common/error-catalogue.ts';
import { ROLES } from '../../../common/roles.ts';
import { mayRunBulk, type BulkAction } from './work-registry.ts';

type JsonSchema = Record<string, unknown>;

/** The refusals every route of a kind can answer, by status. */
function errorCodes(schema: FastifySchema, rule: Access | undefined, endpoint: Endpoint | undefined): Map<number, ErrorCode[]> {
  const codes = new Map<number, ErrorCode[]>();
  const add = (status: number, ...more: ErrorCode[]) => codes.set(status, [...(codes.get(status) ?? []), ...more]);
  const body = schema.body as JsonSchema | undefined;
  if (schema.body || schema.querystring || schema.params || schema.headers) add(400, 'INVALID_INPUT');
  if (rule?.kind !== 'public') {
    add(401, 'UNAUTHORIZED', 'AUTHENTICATION_FAILED', 'TOKEN_EXPIRED');
    add(403, 'FORBIDDEN');
    add(503, 'AUTH_UNAVAILABLE');
  }
  const declared = new Set(endpoint?.errors ?? []);
  if (schema.params || declared.has(404)) add(404, 'NOT_FOUND');
  // A write carrying the version the user saw is refused when the record changed since.
  if ((body?.properties as JsonSchema | undefined)?.version || declared.has(409)) add(409, 'CONFLICT');
  if (schema.body || declared.has(413)) add(413, 'PAYLOAD_TOO_LARGE');
  if (schema.body) add(415, 'UNSUPPORTED_MEDIA_TYPE');
  if (declared.has(429)) add(429, 'RATE_LIMITED');
  add(500, 'INTERNAL_ERROR');
  // A transaction Postgres ended to break a deadlock (plugins/errors.ts): sent again, it succeeds.
  add(503, 'UPSTREAM_UNAVAILABLE');
  return codes;
}

const errorAnswer = (codes: ErrorCode[]) => ({
  ...ErrorBody,
  description: codes.join(', '),
  properties: { ...ErrorBody.properties, errorCode: { type: 'string', enum: codes } },
});

/** What the document shows of a route beyond its schemas. */
function describe(schema: FastifySchema, route: RouteOptions): FastifySchema & JsonSchema {
  const rule = route.config?.access;
  const endpoint = route.config?.endpoint;
  const roles = rule ? rolesOf(rule) : [];
  const who = rule?.kind === 'public' ? 'No sign-in.' : `Roles: ${roles.join(', ')}.`;
  const response: Record<string, unknown> = { ...(schema.response as JsonSchema | undefined) };
  if (endpoint?.raw) {
    const content = Object.fromEntries(endpoint.raw.contentTypes.map((type) => [type, { schema: { type: 'string' } }]));
    response[200] = { description: endpoint.raw.description, content };
  }
  for (const [status, codes] of errorCodes(schema, rule, endpoint)) response[status] ??= errorAnswer(codes);
  return {
    ...schema,
    ...(endpoint ? { summary: endpoint.summary, tags: [endpoint.area] } : {}),
    ...(endpoint?.consumes ? { consumes: [...endpoint.consumes] } : {}),
    description: [who, endpoint?.ownership, endpoint?.condition].filter(Boolean).join(' '),
    ...(rule ? { 'x-access': rule, 'x-roles': roles } : {}),
    ...(rule?.kind === 'public' ? {} : { security: [{ firebase: [] }] }),
    response,
  };
}

export const openApiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Staff console API',
          version: '1',
          description: `Every path is under ${API_BASE}. Signed-in calls carry 'Authorization: ${AUTH_SCHEME} <ID token>'; writes may carry '${IDEMPOTENCY_HEADER}' to be safe to retry. Errors are { errorCode, message, field? }.`,
        },
        components: { securitySchemes: { firebase: { type: 'apiKey', in: 'header', name: 'Authorization', description: `${AUTH_SCHEME} <Firebase ID token>` } } },
      },
      // The demo website page is HTML for the demo only, not the API.
      transform: ({ schema, url, route }) => ({ schema: { ...describe(schema ?? {}, route), ...(url.startsWith('/demo/') ? { hide: true } : {}) }, url }),
    });
  },
  { name: 'openapi' },
);

/** Object keys sorted at every depth, except a schema's own properties (their order is the form's). */
function sorted(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => sorted(item));
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value as JsonSchema).map(([name, inner]) => [name, sorted(inner, name)] as const);
  if (key === 'properties') return Object.fromEntries(entries);
  return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

interface Operation {
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
  [extension: `x-${string}`]: unknown;
}

interface Document {
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
}

/** A route's URL as the document's paths write it ('/api/users/{userId}'). */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/**
 * A request or answer schema a contract exports by name ('RegistrationReview') is written once, under
 * components, and referred to: the same answer of many operations is not repeated in each.
 */
function nameSchemas(document: Document, routes: readonly RouteOptions[]): void {
  const components: Record<string, unknown> = (document.components ??= {}).schemas ?? {};
  const refer = (holder: { schema: unknown } | undefined, schema: unknown) => {
    const name = typeof schema === 'object' && schema !== null ? SCHEMA_NAMES.get(schema) : undefined;
    if (!holder || !name) return;
    components[name] ??= holder.schema;
    holder.schema = { $ref: `#/components/schemas/${name}` };
  };
  for (const route of routes) {
    const endpoint = route.config?.endpoint;
    const operation = endpoint && document.paths?.[openApiPath(route.url)]?.[endpoint.method.toLowerCase()];
    if (!endpoint || !operation) continue;
    refer(operation.requestBody?.content['application/json'], endpoint.body);
    for (const [status, schema] of Object.entries(endpoint.response ?? {})) refer(operation.responses[status]?.content?.['application/json'], schema);
  }
  // The refusals of a status are the same everywhere (errorCodes): one component each.
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      for (const [status, response] of Object.entries(operation.responses)) {
        const holder = response.content?.['application/json'];
        if (Number(status) < 400 || !holder) continue;
        const name = `Error${status}`;
        components[name] ??= holder.schema;
        if (JSON.stringify(components[name]) === JSON.stringify(holder.schema)) holder.schema = { $ref: `#/components/schemas/${name}` };
      }
    }
  }
  document.components.schemas = components;
}

/** A bulk action's params schema under components: 'BulkParams.tasks.assign'. */
const bulkParamsName = (action: Pick<BulkAction, 'list' | 'action'>) => `BulkParams.${action.list}.${action.action}`;

/**
 * Bulk actions are one route (POST bulk/jobs/) whose params depend on the list and action: the document
 * names each action's params schema under components and gives the route's body as the envelope joined with
 * one of the actions (its list, key and params), each with the roles that may run it (`x-roles`); the
 * refusals are the route's own (400 naming `params.<field>`, 403 for a role the action is not for).
 */
function describeBulkActions(document: Document, routes: readonly RouteOptions[], actions: readonly BulkAction[]): void {
  const route = routes.find((each) => each.config?.endpoint === workEndpoints.startBulkJob);
  const operation = route && document.paths?.[openApiPath(route.url)]?.[workEndpoints.startBulkJob.method.toLowerCase()];
  const holder = operation?.requestBody?.content['application/json'];
  if (!operation || !holder) throw new Error('The API description has no bulk job route to describe the bulk actions on.');
  const components: Record<string, unknown> = ((document.components ??= {}).schemas ??= {});
  const variants = [...actions]
    .sort((a, b) => bulkParamsName(a).localeCompare(bulkParamsName(b)))
    .map((action) => {
      components[bulkParamsName(action)] = action.params;
      const roles = ROLES.filter((role) => mayRunBulk(role, action));
      return {
        title: action.label,
        'x-roles': roles,
        description: `${action.label} on the ${action.list} list. Roles: ${roles.join(', ')}.`,
        type: 'object',
        required: ['list', 'action', 'params'],
        properties: { list: { const: action.list }, action: { const: action.action }, params: { $ref: `#/components/schemas/${bulkParamsName(action)}` } },
      };
    });
  holder.schema = { allOf: [holder.schema, { oneOf: variants }] };
  operation['x-bulk-actions'] = variants.map(({ properties, 'x-roles': roles, title }) => ({ list: properties.list.const, action: properties.action.const, label: title, roles, params: properties.params }));
}

/** The document as the build writes it: sorted and stable, so it changes only when the API does. */
export function openApiDocument(app: FastifyInstance, bulk: readonly BulkAction[]): string {
  // A copy: swagger() answers the same object every time.
  const document = structuredClone(app.swagger()) as Document;
  nameSchemas(document, app.routeTable);
  describeBulkActions(document, app.routeTable, bulk);
  return `${JSON.stringify(sorted(document), null, 2)}\n`;
}
