/**
 * The endpoint table of an area: each endpoint's method and path, who may call it, and its params, query,
 * headers, body and answer schemas, as plain data. The back end registers its routes from it
 * (backend/src/lib/routes.ts), the console calls it (client/src/lib/call.ts) and the OpenAPI document is
 * generated from the routes it registers.
 *
 * An area declares it in two halves that meet here:
 * - `<area>-paths.ts`: `export const faqsRoutes = { list: 'GET /faqs/', ... } as const`: each endpoint's method
 *   and path, one line each, plain strings. The console imports this half at runtime, so its bundle carries
 *   no schema library;
 * - `<area>.ts`: `export const faqsEndpoints = endpoints('faqs', faqsRoutes, { list: { access, query, response } })`,
 *   the same keys (checked by the compiler both ways) with the schemas. The back end imports it; the console
 *   imports its type only, which types `call(faqs.list, { query })` and its answer.
 * This module imports the schema library for types only, for the same reason.
 */
import type { Static, TSchema } from 'typebox';
import { canSee, type RouteKey } from '../access.ts';
import { ROLES, STAFF_ROLES, type Role, type StaffRole } from '../roles.ts';

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type Method = (typeof METHODS)[number];

/** 'POST /faqs/:id/move': the method and the path under /api, as a person writes an endpoint. */
export type RouteLine = `${Method} /${string}`;
export type MethodOf<R extends string> = R extends `${infer M extends Method} ${string}` ? M : never;
export type PathOf<R extends string> = R extends `${Method} ${infer P}` ? P : never;

/**
 * Who may call an endpoint, enforced before its input is validated (backend/src/plugins/auth.ts), so a
 * forbidden caller learns nothing about the input:
 * - public: no token (health; the website's few public endpoints)
 * - signed-in: any known user, staff or client (their own profile, push token, devices)
 * - client: a CLIENT account, reaching only its own records (the handlers key them by the caller)
 * - page: the staff roles that see that console page (common/access.ts), the data's page
 * - any-page: the roles that see any of these pages; the handler narrows by what was asked
 * - compliance-officer: ADMIN users marked compliance officer (the goAML register); anyone else is answered
 *   404, not 403, so nobody learns the register exists (no tipping off)
 * - roles: these staff roles, for a duty narrower than any page's readers (deciding a screening match)
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'signed-in' }
  | { kind: 'client' }
  | { kind: 'page'; page: RouteKey }
  | { kind: 'any-page'; pages: readonly RouteKey[] }
  | { kind: 'compliance-officer' }
  | { kind: 'roles'; roles: readonly StaffRole[] };

export const access = {
  public: { kind: 'public' },
  signedIn: { kind: 'signed-in' },
  client: { kind: 'client' },
  page: (page: RouteKey): Access => ({ kind: 'page', page }),
  anyPage: (...pages: RouteKey[]): Access => ({ kind: 'any-page', pages }),
  complianceOfficer: { kind: 'compliance-officer' },
  roles: (...roles: StaffRole[]): Access => ({ kind: 'roles', roles }),
} as const satisfies Record<string, Access | ((...args: never[]) => Access)>;

/** The roles an access rule lets through (the handler may narrow further: `ownership` says how). */
export function rolesOf(rule: Access): Role[] {
  switch (rule.kind) {
    case 'public':
    case 'signed-in':
      return [...ROLES];
    case 'client':
      return ['CLIENT'];
    case 'page':
      return STAFF_ROLES.filter((role) => canSee(role, rule.page));
    case 'any-page':
      return STAFF_ROLES.filter((role) => rule.pages.some((page) => canSee(role, page)));
    case 'compliance-officer':
      return ['ADMIN'];
    case 'roles':
      return STAFF_ROLES.filter((role) => rule.roles.includes(role));
  }
}

/** What an answer that is not JSON carries (a file, a CSV export, an event stream). */
export interface RawAnswer {
  /** Its Content-Type(s), for the API description. */
  contentTypes: readonly string[];
  description: string;
}

/** Everything about an endpoint but its method and path. */
export interface EndpointSpec {
  /** One line for the API description. */
  summary: string;
  access: Access;
  /** The rule beyond the roles that the handler applies to the record asked for, when there is one. */
  ownership?: string;
  params?: TSchema;
  query?: TSchema;
  headers?: TSchema;
  body?: TSchema;
  /** JSON answers by status. */
  response?: Readonly<Record<number, TSchema>>;
  /** The answer is not JSON (then `response` is left out). */
  raw?: RawAnswer;
  /** Body media types other than JSON (a form with a file). */
  consumes?: readonly string[];
  /** The largest body in bytes, when it is not the app's 64 KB (an uploaded file). */
  bodyLimit?: number;
  /** An upload's largest file in bytes, which a 413 names ('The file is larger than the 5 MB limit.'). */
  fileLimit?: number;
  /** When the app registers it only under a condition (the demo's), the condition in a sentence. */
  condition?: string;
  /** Catalogue codes the endpoint answers beyond those its input, access and record imply. */
  errors?: readonly ErrorStatus[];
  /**
   * Reachable by a staff token whose sign-in has not passed the second factor yet (enrolment and the code
   * check); every other staff call is refused with 401 SECOND_FACTOR_REQUIRED.
   */
  beforeSecondFactor?: true;
}

/** Statuses an endpoint may declare beyond those derived from its shape. */
export type ErrorStatus = 404 | 409 | 413 | 429;

export type Endpoint<R extends RouteLine = RouteLine, S extends EndpointSpec = EndpointSpec> = S & {
  readonly method: MethodOf<R>;
  readonly path: PathOf<R>;
  /** The table it belongs to: the area's tag in the API description. */
  readonly area: string;
};

type Exact<R, S> = S & Record<Exclude<keyof S, keyof R>, never>;

/** Splits 'POST /x/:id' into its method and path. */
export function splitRoute<R extends RouteLine>(line: R): { method: MethodOf<R>; path: PathOf<R> } {
  const space = line.indexOf(' ');
  return { method: line.slice(0, space) as MethodOf<R>, path: line.slice(space + 1) as PathOf<R> };
}

/**
 * The method and the path relative to API_BASE of a route line with its :params filled in (each encoded as
 * one path segment): what a caller sends.
 */
export function requestOf(line: string, params: Readonly<Record<string, unknown>> = {}): { method: Method; path: string } {
  const space = line.indexOf(' ');
  const path = line.slice(space + 2).replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
  return { method: line.slice(0, space) as Method, path };
}

/** An area's table: its routes half joined with its schemas half, key by key (a missing or extra key does not compile). */
export function endpoints<R extends Record<string, RouteLine>, S extends { [K in keyof R]: EndpointSpec }>(
  area: string,
  routes: R,
  specs: Exact<R, S>,
): { [K in keyof R]: Endpoint<R[K], S[K]> } {
  return Object.fromEntries(Object.entries(routes).map(([key, line]) => [key, { ...splitRoute(line), area, ...specs[key] }])) as { [K in keyof R]: Endpoint<R[K], S[K]> };
}

type PartOf<E, K extends 'params' | 'query' | 'headers' | 'body'> = E extends { [P in K]: infer S extends TSchema } ? Static<S> : undefined;
type SuccessStatus = 200 | 201 | 202 | 204;
/** The answer of an endpoint as the caller reads it: the JSON of its success statuses, or the file as a Blob. */
export type AnswerOf<E> = E extends { raw: RawAnswer }
  ? Blob
  : E extends { response: infer R }
    ? { [S in keyof R & SuccessStatus]: R[S] extends TSchema ? Static<R[S]> : never }[keyof R & SuccessStatus]
    : void;
export type ParamsOf<E> = PartOf<E, 'params'>;
export type QueryOf<E> = PartOf<E, 'query'>;
export type BodyOf<E> = PartOf<E, 'body'>;
export type HeadersOf<E> = PartOf<E, 'headers'>;

/**
 * The console's handle on an endpoint: its route line, which carries the endpoint's type (never a value) so
 * `call` types its input and answer.
 */
export type ClientEndpoint<E> = string & { readonly endpoint?: E };

/**
 * The console's view of an area's table: the routes half, typed by the table (`typeof faqsEndpoints`, imported
 * as a type). The compiler checks that each route line is the table's.
 */
export const clientEndpoints = <T extends Record<string, Endpoint>>(routes: { [K in keyof T]: `${T[K]['method']} ${T[K]['path']}` }) =>
  routes as { [K in keyof T]: ClientEndpoint<T[K]> };

/** A route line that writes (anything but GET). */
type WriteKeys<R> = { [K in keyof R]: R[K] extends `GET ${string}` ? never : K }[keyof R];

/**
 * The areas besides its own whose data a write endpoint changes, declared beside the area's routes
 * (`<area>Changes` in `<area>-paths.ts`): an approved plan changes the client it makes, a converted enquiry
 * the CRM. The console reads the views of those areas and its own again after the write (client/src/lib/endpoints.ts);
 * only write endpoints may be named, so a read cannot claim to change anything.
 */
export type AreaChanges<R> = { readonly [K in WriteKeys<R>]?: readonly string[] };
