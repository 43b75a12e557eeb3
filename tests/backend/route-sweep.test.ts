/**
 * The strict-API sweep over every route the back end registers (read from the app's own route table, not a
 * hand-kept list, so a route added later is swept too):
 * - each route declares who may call it and has schemas: a closed body on every write, closed query strings,
 *   bounded strings, a response schema (or is a file/stream, said so in its config);
 * - per route and per caller (no token, a bad token, every role), generated bad inputs (wrong JSON types,
 *   unknown fields, non-finite and out-of-range numbers, over-long strings and ids, bad JSON, wrong content
 *   types, repeated and malformed query values) never answer 5xx, always answer the error shape, and no
 *   refused request changes the database (a fingerprint of every table, read back before and after).
 */
import { READ_EVENT_KINDS } from '../../common/events.ts';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CATALOGUE_CODES, SERVICE_CODES } from '../../common/error-catalogue.ts';
import { canSee } from '../../common/access.ts';
import { STAGE_OWNERSHIP } from '../../common/contract/registrations.ts';
import { mayOpenRecord } from '../../common/onboarding.ts';
import { PHASES, phaseOf, type Phase, type PipelineState } from '../../common/pipeline.ts';
import { isStaffRole, ROLES, STAFF_ROLES, type Role } from '../../common/roles.ts';
import { TEST_PROJECT_ID } from '../support/constants.ts';
import { auth, createUsers, forgeEmulatorToken, startBackend, type TestUser } from './support.ts';

type Schema = Record<string, unknown> & {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  enum?: unknown[];
  additionalProperties?: boolean;
};

interface Probe {
  what: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

const emulatorHost = inject('authEmulatorHost');
const ERROR_CODES = new Set<string>([...CATALOGUE_CODES, ...SERVICE_CODES]);
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let app: FastifyInstance;
let users: Map<Role, TestUser>;
let routes: { method: string; route: RouteOptions }[];

beforeAll(async () => {
  app = await startBackend(emulatorHost);
  rememberSignedInCallers(app);
  users = await createUsers(app, emulatorHost, ROLES, 'sweep');
  // The first signed-in call of each user records its sign-in: do it before the database is fingerprinted.
  for (const user of users.values()) await app.inject({ method: 'GET', url: '/api/users/me', headers: auth(user.token) });
  routes = app.routeTable.flatMap((route) => (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({ method, route }))).filter(({ method }) => method !== 'HEAD');
}, 120_000);
afterAll(() => app?.close());

/**
 * Each caller's first request is authenticated for real (its token verified, its user row read); its later
 * requests reuse that answer for the same Authorization header. The back end remembers a verified token in
 * emulator mode itself, but still reads the caller's user row on every request: over the sweep's ten thousand
 * requests 15 s of its tests' time with this, 22 s without. The sweep is about what comes after sign-in: bad
 * input and access rules, which still run per request. A refused token (none, bad, expired) is never
 * remembered, so its every request goes the whole way.
 */
function rememberSignedInCallers(server: FastifyInstance): void {
  const authenticate = server.authenticate.bind(server);
  // Everything authenticate() leaves on the request, so a remembered caller is exactly what a verified one is.
  const known = new Map<string, Pick<FastifyRequest, 'user' | 'tokenExpiresAt' | 'idToken' | 'secondFactorMissing'>>();
  server.authenticate = async (request) => {
    const header = request.headers.authorization;
    const seen = header === undefined ? undefined : known.get(header);
    if (seen) {
      request.user = seen.user && { ...seen.user };
      request.tokenExpiresAt = seen.tokenExpiresAt;
      request.idToken = seen.idToken;
      request.secondFactorMissing = seen.secondFactorMissing;
      return;
    }
    await authenticate(request);
    if (header !== undefined && request.user) {
      known.set(header, { user: { ...request.user }, tokenExpiresAt: request.tokenExpiresAt, idToken: request.idToken, secondFactorMissing: request.secondFactorMissing });
    }
  };
}

const schemaOf = (route: RouteOptions, part: 'body' | 'querystring' | 'params' | 'headers') => (route.schema as Record<string, Schema> | undefined)?.[part];
const label = ({ method, route }: { method: string; route: RouteOptions }) => `${method} ${route.url}`;

/** Every object in a request schema (nested too), with its path. */
function objectsOf(schema: Schema | undefined, path = ''): [string, Schema][] {
  if (!schema) return [];
  const found: [string, Schema][] = [];
  if (schema.type === 'object') found.push([path || '(root)', schema]);
  for (const [name, property] of Object.entries(schema.properties ?? {})) found.push(...objectsOf(property, path ? `${path}.${name}` : name));
  for (const branch of schema.anyOf ?? []) found.push(...objectsOf(branch, path));
  if (schema.items) found.push(...objectsOf(schema.items as Schema, `${path}[]`));
  return found;
}

/** Every string in a request schema that has no bound (a maximum length, a fixed set of values or a dated format). */
function unboundedStrings(schema: Schema | undefined, path = ''): string[] {
  if (!schema) return [];
  const found: string[] = [];
  if (schema.type === 'string' && schema.maxLength === undefined && schema.enum === undefined && schema.const === undefined) found.push(path || '(root)');
  for (const [name, property] of Object.entries(schema.properties ?? {})) found.push(...unboundedStrings(property, path ? `${path}.${name}` : name));
  for (const branch of schema.anyOf ?? []) found.push(...unboundedStrings(branch, path));
  if (schema.items) found.push(...unboundedStrings(schema.items as Schema, `${path}[]`));
  return found;
}

describe('every route declares its access and its schemas', () => {
  it('finds the routes from the app itself', () => {
    expect(routes.length).toBeGreaterThan(25);
    expect(routes.map(label)).toContain('POST /api/registrations/:userId/approve');
  });

  it('has an access rule, a closed body on every write, closed query strings, bounded strings and a response schema', () => {
    const problems: string[] = [];
    for (const entry of routes) {
      const { method, route } = entry;
      const name = label(entry);
      if (!route.config?.access) problems.push(`${name}: no config.access`);
      if (WRITE_METHODS.has(method) && !schemaOf(route, 'body')) problems.push(`${name}: a write without a body schema`);
      if (route.url.includes(':') && !schemaOf(route, 'params')) problems.push(`${name}: path parameters without a schema`);
      for (const part of ['body', 'querystring', 'params'] as const) {
        for (const [path, object] of objectsOf(schemaOf(route, part))) {
          if (object.additionalProperties !== false) problems.push(`${name}: ${part} ${path} is not closed (additionalProperties: false)`);
        }
        for (const path of unboundedStrings(schemaOf(route, part))) problems.push(`${name}: ${part} ${path} is a string without a maximum length`);
      }
      const response = (route.schema as { response?: Record<string, unknown> } | undefined)?.response ?? {};
      const success = Object.keys(response).filter((code) => code.startsWith('2'));
      if (!route.config?.rawResponse && success.length === 0) problems.push(`${name}: no response schema for its success answer`);
    }
    expect(problems).toEqual([]);
  });
});

/** Values that are wrong for a property of this schema (by JSON type, range, length or set). */
function badValues(schema: Schema): unknown[] {
  const types = new Set([schema.type, ...(schema.anyOf ?? []).map((branch) => branch.type)].filter(Boolean));
  const nullable = types.has('null');
  const values: unknown[] = [{ nested: true }, ['list']];
  if (!nullable) values.push(null);
  if (types.has('integer') || types.has('number')) {
    values.push('1', true, 1.5, -1, 0, 2 ** 31, Number.MAX_SAFE_INTEGER * 10, 'Infinity');
  } else if (types.has('string')) {
    const bounded = [schema, ...(schema.anyOf ?? [])].find((branch) => branch.type === 'string');
    values.push(123, true, `${'x'.repeat(Number(bounded?.maxLength ?? 10_000) + 1)}`, 'nul\u0000byte');
  } else if (types.has('boolean')) {
    values.push('true', 1, 0);
  } else if (schema.enum || schema.const !== undefined) {
    values.push('not-one-of-them', 7, true);
  }
  return values;
}

/** A value that satisfies a property (used to reach the part of the request under test). */
function goodValue(schema: Schema): unknown {
  const branch = schema.anyOf?.find((candidate) => candidate.type !== 'null') ?? schema;
  if (branch.enum) return branch.enum[0];
  if (branch.const !== undefined) return branch.const;
  switch (branch.type) {
    case 'integer':
    case 'number':
      return Math.max(1, Number(branch.minimum ?? 1));
    case 'boolean':
      return true;
    case 'object':
      return goodBody(branch);
    case 'array':
      return [];
    default:
      return branch.format === 'date' ? '2026-01-05' : branch.format === 'date-time' ? '2026-01-05T10:00:00Z' : 'x'.repeat(Math.max(1, Number(branch.minLength ?? 1)));
  }
}

function goodBody(schema: Schema): Record<string, unknown> {
  return Object.fromEntries((schema.required ?? []).map((name) => [name, goodValue(schema.properties![name]!)]));
}

/** Path values for a route: each parameter good, or one of them bad. */
function paths(route: RouteOptions): { url: string; bad: string | null }[] {
  const params = schemaOf(route, 'params')?.properties ?? {};
  const fill = (overrides: Record<string, string>) => route.url.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(overrides[name] ?? (params[name]?.type === 'integer' ? '1' : 'x')));
  const result: { url: string; bad: string | null }[] = [{ url: fill({}), bad: null }];
  for (const [name, schema] of Object.entries(params)) {
    const wrong = schema.type === 'integer' ? ['abc', '0', '-1', '1.5', '1e3', 'Infinity', ' 12', '0x10', '99999999999', '9'.repeat(400)] : ['x'.repeat(5000), 'a b'];
    for (const value of wrong) result.push({ url: fill({ [name]: value }), bad: `${name}=${value.slice(0, 20)}` });
  }
  return result;
}

/** Over the 10 MB body limit, made once: stringifying 11 MB afresh per route was seconds of the sweep. */
const FILLER = `"filler":"${'x'.repeat(11 * 1024 * 1024)}"`;

/** JSON.stringify({ ...body, filler: 'x'.repeat(11 MB) }), the filler spliced in. */
function withFiller(body: Record<string, unknown>): string {
  const json = JSON.stringify({ ...body, filler: '' });
  return json.replace('"filler":""', () => FILLER);
}

/** The bad requests of one route, for a caller whose access the route grants. */
function probes(method: string, route: RouteOptions, headers: Record<string, string>): Probe[] {
  const list: Probe[] = [];
  const json = { ...headers, 'content-type': 'application/json' };
  const body = schemaOf(route, 'body');
  const baseBody = body ? JSON.stringify(goodBody(body)) : undefined;
  const [good, ...badPaths] = paths(route);
  for (const path of badPaths) list.push({ what: `path ${path.bad}`, method, url: path.url, headers: json, ...(baseBody === undefined ? {} : { payload: baseBody }) });
  const url = good!.url;

  const query = schemaOf(route, 'querystring');
  if (query) {
    list.push({ what: 'an unknown query parameter', method, url: `${url}?zz_unknown=1`, headers });
    for (const [name, property] of Object.entries(query.properties ?? {})) {
      const type = property.type ?? property.anyOf?.[0]?.type;
      const wrong = type === 'integer' || type === 'number' ? ['abc', '1.5', '1e3', 'Infinity', '-1', '', ' 1', '99999999999999999999'] : type === 'boolean' ? ['yes', '1', ''] : ['x'.repeat(Number(property.maxLength ?? 5000) + 1), 'a\u0000b'];
      if (property.enum) wrong.push('not-one-of-them');
      for (const value of wrong) list.push({ what: `query ${name}=${value.slice(0, 20)}`, method, url: `${url}?${name}=${encodeURIComponent(value)}`, headers });
      list.push({ what: `query ${name} twice`, method, url: `${url}?${name}=1&${name}=2`, headers });
    }
  }

  if (body) {
    const valid = goodBody(body);
    list.push({ what: 'an unknown field', method, url, headers: json, payload: JSON.stringify({ ...valid, zz_unknown: 1 }) });
    list.push({ what: 'a body that is not JSON', method, url, headers: json, payload: '{"bad json' });
    list.push({ what: 'a JSON array body', method, url, headers: json, payload: '[]' });
    list.push({ what: 'a text body', method, url, headers: { ...headers, 'content-type': 'text/plain' }, payload: 'hello' });
    list.push({ what: 'a body of another media type', method, url, headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1' });
    list.push({ what: 'a body over the limit', method, url, headers: json, payload: withFiller(valid) });
    // JSON's own non-finite number: 1e400 parses as Infinity.
    for (const [name, property] of Object.entries(body.properties ?? {})) {
      for (const value of badValues(property)) {
        const payload = value === 'Infinity' ? JSON.stringify({ ...valid, [name]: 0 }).replace(`"${name}":0`, `"${name}":1e400`) : JSON.stringify({ ...valid, [name]: value });
        list.push({ what: `body ${name}=${JSON.stringify(value)?.slice(0, 30)}`, method, url, headers: json, payload });
      }
      if ((body.required ?? []).includes(name)) {
        const { [name]: _missing, ...rest } = valid;
        list.push({ what: `body without ${name}`, method, url, headers: json, payload: JSON.stringify(rest) });
      }
    }
  }

  if (schemaOf(route, 'headers')?.properties?.['idempotency-key']) {
    for (const key of [' ', 'x'.repeat(201), 'tab\there']) {
      list.push({ what: `Idempotency-Key ${JSON.stringify(key).slice(0, 20)}`, method, url, headers: { ...json, 'idempotency-key': key }, payload: JSON.stringify({ zz_unknown: 1 }) });
    }
  }
  return list;
}

/**
 * A route's probes without a caller's headers, made once per route: every caller gets the same probes, and
 * making them (an 11 MB body among them) for each of the twelve callers was a quarter of the sweep's time.
 */
const probeCache = new Map<string, Probe[]>();
function probesOf(method: string, route: RouteOptions): Probe[] {
  const key = `${method} ${route.url}`;
  let list = probeCache.get(key);
  if (!list) probeCache.set(key, (list = probes(method, route, {})));
  return list;
}

/** The route's access rule for a role, as the auth plugin applies it. */
function allows(route: RouteOptions, role: Role): boolean {
  const rule = route.config?.access;
  if (!rule || rule.kind === 'public' || rule.kind === 'signed-in') return true;
  if (rule.kind === 'client') return role === 'CLIENT';
  // The sweep's users are not compliance officers: the register answers them all 404.
  if (rule.kind === 'compliance-officer') return false;
  if (!isStaffRole(role)) return false;
  if (rule.kind === 'roles') return rule.roles.includes(role);
  return rule.kind === 'page' ? canSee(role, rule.page) : rule.pages.some((page) => canSee(role, page));
}

async function fingerprint(): Promise<Record<string, string>> {
  const tables = await app.db.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
  );
  const result: Record<string, string> = {};
  for (const { table_name: table } of tables) {
    // An accepted export is audited (a read that leaves its event); every other change counts.
    const reads = table === 'audit_events' ? `WHERE t.kind <> ALL(ARRAY[${READ_EVENT_KINDS.map((kind) => `'${kind}'`).join(', ')}])` : '';
    const [row] = await app.db.query<{ digest: string | null; count: number }>(`SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest, count(*)::integer AS count FROM "${table}" t ${reads}`);
    result[table] = `${row!.count}:${row!.digest ?? ''}`;
  }
  return result;
}

function checkAnswer(probe: Probe, response: { statusCode: number; headers: Record<string, unknown>; body: string }, problems: string[]): void {
  const where = `${probe.method} ${probe.url.slice(0, 80)} (${probe.what})`;
  if (response.statusCode >= 500) {
    problems.push(`${where}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    return;
  }
  if (response.statusCode < 400) {
    problems.push(`${where}: accepted with ${response.statusCode}`);
    return;
  }
  let body: { errorCode?: unknown; message?: unknown; field?: unknown } = {};
  try {
    body = JSON.parse(response.body) as typeof body;
  } catch {
    problems.push(`${where}: ${response.statusCode} answer is not JSON: ${response.body.slice(0, 100)}`);
    return;
  }
  const keys = Object.keys(body).sort();
  const shapeOk = keys.every((key) => ['errorCode', 'field', 'message'].includes(key)) && typeof body.message === 'string' && ERROR_CODES.has(String(body.errorCode));
  if (!shapeOk) problems.push(`${where}: not the error shape: ${response.body.slice(0, 200)}`);
  if (/FST_|fastify|ajv|stack|at \w+ \(|must match pattern|\^\[/i.test(String(body.message))) problems.push(`${where}: internals in the message: ${String(body.message)}`);
  if (!String(response.headers['content-type']).startsWith('application/json')) problems.push(`${where}: content-type ${String(response.headers['content-type'])}`);
  if (response.headers['x-content-type-options'] !== 'nosniff') problems.push(`${where}: no nosniff`);
}

describe('bad input through every route, for every caller', () => {
  it('answers 4xx in the error shape, never 5xx, and no refused request changes anything', async () => {
    const before = await fingerprint();
    const problems: string[] = [];
    const fullySwept = new Set<string>();
    const started = performance.now();
    let sent = 0;
    const badToken = forgeEmulatorToken({ projectId: 'demo-another-project', uid: 'sweep-intruder' });
    const callers: [string, Record<string, string>, Role | null][] = [
      ['no token', {}, null],
      ['a bad token', auth(badToken), null],
      ['an expired token', auth(forgeEmulatorToken({ projectId: TEST_PROJECT_ID, uid: 'sweep-expired', issuedSecondsAgo: 7200, lifetimeSeconds: 3600 })), null],
      ...[...users.values()].map((user): [string, Record<string, string>, Role] => [user.role, auth(user.token), user.role]),
    ];
    for (const { method, route } of routes) {
      const isPublic = route.config?.access?.kind === 'public';
      for (const [callerIndex, [caller, headers, role]] of callers.entries()) {
        // A good request to an event stream opens it and never ends: the stream is probed only by the refused.
        if (route.url.endsWith('/stream') && role !== null && allows(route, role)) continue;
        const [good] = paths(route);
        // Who is refused is told so before anything is parsed: one probe with a bad body shows it.
        const first = await app.inject({ method: method as 'GET', url: good!.url, headers: { ...headers, 'content-type': 'application/json' }, ...(WRITE_METHODS.has(method) ? { payload: '{"zz_unknown":1}' } : {}) });
        sent += 1;
        if (!isPublic && role === null) {
          if (first.statusCode !== 401) problems.push(`${method} ${route.url} with ${caller}: ${first.statusCode}, not 401`);
          checkAnswer({ what: caller, method, url: good!.url, headers }, first, problems);
          continue;
        }
        if (first.statusCode === 403) {
          checkAnswer({ what: `${caller}, refused`, method, url: good!.url, headers }, first, problems);
          continue;
        }
        if (WRITE_METHODS.has(method)) checkAnswer({ what: `${caller}, an unknown field`, method, url: good!.url, headers }, first, problems);
        // Validation does not depend on who asks: the first caller the route lets in gets every generated
        // probe, the others an even spread of them, so every role still meets every kind of bad input.
        const all = probesOf(method, route);
        const sample = fullySwept.has(`${method} ${route.url}`) ? all.filter((_probe, index) => index % 7 === callerIndex % 7) : all;
        fullySwept.add(`${method} ${route.url}`);
        for (const callerless of sample) {
          const probe = { ...callerless, headers: { ...headers, ...callerless.headers } };
          const response = await app.inject({ method: probe.method as 'GET', url: probe.url, headers: probe.headers, ...(probe.payload === undefined ? {} : { payload: probe.payload }) });
          sent += 1;
          // A GET with a bad path value may be a valid miss (404) or a refusal (400): both are fine here.
          checkAnswer({ ...probe, what: `${caller}: ${probe.what}` }, response, problems);
        }
      }
    }
    console.log(`route sweep: ${routes.length} routes, ${callers.length} callers, ${sent} requests in ${Math.round(performance.now() - started)} ms`);
    expect(problems.slice(0, 40)).toEqual([]);
    expect(await fingerprint()).toEqual(before);
  }, 900_000);
});

describe('the second factor', () => {
  it('refuses a staff sign-in without its code on every route but enrolment and the code check', async () => {
    const problems: string[] = [];
    for (const role of ['ADMIN', 'BOOKKEEPER'] as const) {
      const user = users.get(role)!;
      const uid = (JSON.parse(Buffer.from(user.token.split('.')[1]!, 'base64url').toString()) as { user_id: string }).user_id;
      const bare = auth(forgeEmulatorToken({ projectId: TEST_PROJECT_ID, uid, email: user.email, secondFactor: false }));
      for (const { method, route } of routes) {
        if (route.config?.access?.kind === 'public') continue;
        const [good] = paths(route);
        const response = await app.inject({ method: method as 'GET', url: good!.url, headers: { ...bare, 'content-type': 'application/json' }, ...(WRITE_METHODS.has(method) ? { payload: '{"zz_unknown":1}' } : {}) });
        const code = response.statusCode === 401 ? (response.json<{ errorCode: string }>().errorCode) : null;
        const exempt = route.config?.endpoint?.beforeSecondFactor === true;
        if (!exempt && code !== 'SECOND_FACTOR_REQUIRED') problems.push(`${role} ${method} ${route.url}: ${response.statusCode} ${code ?? ''}`);
        if (exempt && code === 'SECOND_FACTOR_REQUIRED') problems.push(`${role} ${method} ${route.url}: refused, though it is how the factor is given`);
      }
    }
    expect(problems).toEqual([]);
    expect(routes.filter(({ route }) => route.config?.endpoint?.beforeSecondFactor).map(({ method, route }) => `${method} ${route.url}`).sort()).toEqual([
      'GET /api/security/second-factor',
      // The profile says whether the code is still needed: the console's sign-in reads it first.
      'GET /api/users/me',
      'POST /api/security/second-factor/enrolment',
      'POST /api/security/second-factor/enrolment/confirm',
      'POST /api/security/second-factor/reset',
      'POST /api/security/second-factor/verify',
    ]);
  });
});

describe('the stage rule: a registration is opened only at the stages the caller\'s pages list', () => {
  it('answers 404 on every route declaring it, per phase of the demo data and per staff role, exactly where the role\'s pages do not list the stage', async () => {
    const before = await fingerprint();
    const scoped = routes.filter(({ route }) => route.config?.endpoint?.ownership === STAGE_OWNERSHIP);
    expect(scoped.map(label)).toEqual(
      expect.arrayContaining([
        'GET /api/registrations/:userId/review',
        'GET /api/registrations/:userId/documents/:documentId',
        'GET /api/registrations/:userId/events',
        'GET /api/users/:userId/status',
        'POST /api/registrations/:userId/withdraw',
        'POST /api/registrations/:userId/reinstate',
      ]),
    );
    const rows = await app.db.query<PipelineState & { user_id: number; version: number; document_id: number | null }>(
      `SELECT r.user_id, r.stage, r.status, r.review_state, r.meeting_outcome, r.version,
              EXISTS (SELECT 1 FROM registration_plans p WHERE p.registration_id = r.id AND p.approved_at IS NOT NULL) AS plan_approved,
              (SELECT min(d.id) FROM registration_documents d WHERE d.registration_id = r.id) AS document_id
       FROM registrations r ORDER BY (SELECT min(d.id) FROM registration_documents d WHERE d.registration_id = r.id) IS NULL, r.id`,
    );
    // One registration per phase, one with a document where the phase has one.
    const byPhase = new Map<Phase, (typeof rows)[number]>();
    for (const row of rows) if (!byPhase.has(phaseOf(row))) byPhase.set(phaseOf(row), row);
    expect([...byPhase.keys()].sort()).toEqual([...PHASES].sort());

    const problems: string[] = [];
    let refused = 0;
    const refusedRoutes = new Set<string>();
    for (const { method, route } of scoped) {
      for (const [phase, row] of byPhase) {
        if (route.url.includes(':documentId') && row.document_id === null) continue;
        const url = route.url.replace(':userId', String(row.user_id)).replace(':documentId', String(row.document_id));
        const body = schemaOf(route, 'body');
        for (const role of STAFF_ROLES) {
          if (!allows(route, role)) continue;
          const mayOpen = mayOpenRecord(role, row);
          // Writes are sent only where they must be refused, so the sweep changes nothing.
          if (WRITE_METHODS.has(method) && mayOpen) continue;
          const response = await app.inject({
            method: method as 'GET',
            url,
            headers: { ...auth(users.get(role)!.token), 'content-type': 'application/json' },
            ...(body ? { payload: JSON.stringify({ ...goodBody(body), version: row.version }) } : {}),
          });
          // A generated body may not pass a write's own checks (an amount's pattern): that write proves nothing here.
          if (WRITE_METHODS.has(method) && response.statusCode === 400) continue;
          if (!mayOpen) refusedRoutes.add(label({ method, route }));
          const isRecordMiss = response.statusCode === 404 && response.body.includes('Registration of this user');
          if (!mayOpen && !isRecordMiss) problems.push(`${role} ${method} ${route.url} at ${phase}: ${response.statusCode}, not 404`);
          if (mayOpen && isRecordMiss) problems.push(`${role} ${method} ${route.url} at ${phase}: 404, though its pages list the stage`);
          if (!mayOpen) refused += 1;
        }
      }
    }
    expect(problems).toEqual([]);
    // BD_EXEC's KYC reads at due diligence, plan approval and awaiting payment among them.
    expect(refused).toBeGreaterThan(20);
    expect([...refusedRoutes]).toEqual(expect.arrayContaining(['GET /api/registrations/:userId/review', 'GET /api/registrations/:userId/documents/:documentId', 'POST /api/registrations/:userId/withdraw', 'POST /api/registrations/:userId/reinstate']));
    expect(await fingerprint()).toEqual(before);
  }, 300_000);
});
