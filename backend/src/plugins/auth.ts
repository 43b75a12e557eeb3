/**
 * Verifies `Authorization: Firebase <ID token>` with firebase-admin on every /api request (the back end may
 * be reached without the gateway) and loads the staff user the token belongs to.
 *
 * Mapping: a user row is found by its Firebase uid; failing that, by e-mail when the token says the e-mail
 * is verified and the row is not bound yet, and the row is then bound to that uid. So an admin creates a
 * user row with an e-mail, the person signs in with that verified address, and from then on the uid is the
 * key: another provider account that later gets the same address cannot take the row over.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DecodedIdToken } from 'firebase-admin/auth';
import type { Agent } from 'node:http';
import { createTokenVerifier, VERIFIED_TOKEN_CACHE_MS, type TokenVerifier } from '../../../common/server/token-verifier.ts';
import { ADMIN_NETWORK_HEADER, AUTH_SCHEME } from '../../../common/contract/http.ts';
import { writeAudit } from '../lib/audit.ts';
import { withRequestOrigin } from '../lib/request-origin.ts';
import { canSee, type RouteKey } from '../../../common/access.ts';
import type { Access } from '../../../common/contract/endpoint.ts';
import { isStaffRole, type Role } from '../../../common/roles.ts';
import { forbidden, HttpError, notFound } from '../lib/http-error.ts';
import { SECOND_FACTOR_CLAIM } from '../../../common/contract/security-paths.ts';
import { SESSION_ENDED_MESSAGES } from '../../../common/error-catalogue.ts';

export interface CurrentUser {
  id: number;
  email: string;
  display_name: string | null;
  role: Role;
  profile_picture: string | null;
  profile_id: number | null;
  /** An ADMIN marked compliance officer sees the goAML register. */
  compliance_officer: boolean;
}

/**
 * Who may call a route: its endpoint table entry's `access` (common/contract/endpoint.ts), set as the route's
 * `config.access` and enforced before its input is validated, so a forbidden caller learns nothing about the
 * route's schema. Every route declares one; the app refuses to start otherwise.
 */
export { access, type Access } from '../../../common/contract/endpoint.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: CurrentUser | null;
    /** Epoch ms at which the request's ID token expires (a notification stream ends then). */
    tokenExpiresAt: number;
    /** The verified ID token (its uid and auth_time: the second factor binds to the sign-in). */
    idToken: DecodedIdToken | null;
    /** A staff sign-in whose code was not checked yet: only the routes marked beforeSecondFactor answer it. */
    secondFactorMissing: boolean;
  }
}

export interface AuthPluginOptions {
  projectId: string;
  timeoutMs: number;
  /** How firebase-admin reaches Google's key server (a proxy's agent; tests point it at a local socket). */
  httpAgent?: Agent;
  /** Staff calls need the second factor of their sign-in (STAFF_SECOND_FACTOR=required). */
  secondFactor?: boolean;
  /** FIREBASE_AUTH_EMULATOR_HOST is set: firebase-admin checks each token with the emulator over HTTP. */
  emulator?: boolean;
}

const USER_COLUMNS =
  'u.id, u.email, u.display_name, u.role, u.profile_picture, p.id AS profile_id, u.compliance_officer, u.active, u.signed_in_at IS NOT NULL AS signed_in, u.sessions_ended_at, u.sessions_ended_by';

export const authPlugin = fp<AuthPluginOptions>(
  async (app: FastifyInstance, options) => {
    // Revocation is the gateway's check (it caches it); the back end verifies signature, project and expiry.
    // In emulator mode firebase-admin cannot check a signature (emulator tokens are unsigned) and asks the
    // emulator for the account on every verification instead: an HTTP round trip per API call, which production
    // (signatures against cached keys) never makes. There a verified token is trusted as long as the gateway
    // trusts one by default: a revoked session ends within the window it has in production, and a deactivated
    // account is refused at once by its users row (findUser) either way.
    const verifier = createTokenVerifier({
      projectId: options.projectId,
      timeoutMs: options.timeoutMs,
      checkRevoked: false,
      cacheMs: options.emulator ? VERIFIED_TOKEN_CACHE_MS : 0,
      ...(options.httpAgent ? { httpAgent: options.httpAgent } : {}),
    });
    app.addHook('onClose', () => verifier.close());
    app.metrics.registerVerifier(verifier);
    app.decorateRequest('user', null);
    app.decorateRequest('tokenExpiresAt', 0);
    app.decorateRequest('idToken', null);
    app.decorateRequest('secondFactorMissing', false);

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearerToken(request.headers.authorization);
      const decoded = await verify(verifier, token);
      request.tokenExpiresAt = decoded.exp * 1000;
      request.idToken = decoded;
      request.user = await findUser(app, decoded);
    });

    // Authentication, then the route's access rule, before parsing: an unknown /api/ path needs a token too,
    // so what exists is not told to strangers.
    app.addHook('onRequest', async (request) => {
      const rule = request.routeOptions.config.access;
      if (rule?.kind === 'public') return;
      if (!rule && !request.url.startsWith('/api/')) return;
      await app.authenticate(request);
      // Roles live in the back end's database, not in the token: the second factor is enforced here, where a
      // staff account is known, rather than at the gateway (docs/areas/settings.md).
      request.secondFactorMissing = Boolean(options.secondFactor) && isStaffRole(request.user?.role) && !passedSecondFactor(request.idToken!);
      if (request.secondFactorMissing && !request.routeOptions.config.endpoint?.beforeSecondFactor) {
        throw new HttpError(401, 'SECOND_FACTOR_REQUIRED', 'Enter the code from your authenticator app to finish signing in.');
      }
      if (request.headers[ADMIN_NETWORK_HEADER] === 'outside' && request.user?.role === 'ADMIN') await refuseAdminNetwork(app, request);
      if (rule) checkAccess(request, rule);
    });
  },
  { name: 'auth', dependencies: ['db'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    authenticate(request: FastifyRequest): Promise<void>;
  }
}

/**
 * Whether the token's sign-in passed the code check: the check adds the sign-in's auth_time to the account's
 * custom claim, and a refreshed token carries it; a new sign-in has a new auth_time, so it needs a new code.
 */
export function passedSecondFactor(token: DecodedIdToken): boolean {
  const checked: unknown = token[SECOND_FACTOR_CLAIM];
  return Array.isArray(checked) && checked.includes(token.auth_time);
}

function bearerToken(header: string | undefined): string {
  if (!header || header.trim() === '') throw new HttpError(401, 'UNAUTHORIZED', 'Sign in first: the Authorization header is missing.');
  const match = /^(\S+)\s+(\S+)$/.exec(header.trim());
  if (!match || match[1] !== AUTH_SCHEME) {
    throw new HttpError(401, 'AUTHENTICATION_FAILED', `The Authorization header must be '${AUTH_SCHEME} <ID token>'.`);
  }
  return match[2]!;
}

async function verify(verifier: TokenVerifier, token: string): Promise<DecodedIdToken> {
  const result = await verifier.verify(token);
  if (result.ok) return result.token;
  if (result.reason === 'expired') throw new HttpError(401, 'TOKEN_EXPIRED', 'The ID token has expired.');
  if (result.reason === 'unavailable') {
    throw new HttpError(503, 'AUTH_UNAVAILABLE', 'Sign-in could not be checked right now. Try again shortly.');
  }
  throw new HttpError(401, 'AUTHENTICATION_FAILED', 'The ID token is not valid.');
}

/**
 * A deactivated user is refused here as well as by the gateway: the gateway trusts a verified token for
 * AUTH_CACHE_MS, and the back end may be reached without it.
 */
async function findUser(app: FastifyInstance, token: DecodedIdToken): Promise<CurrentUser> {
  const { active, signed_in, sessions_ended_at: endedAt, sessions_ended_by: endedBy, ...user } = await findUserRow(app, token);
  if (!active) throw new HttpError(401, 'AUTHENTICATION_FAILED', 'This account has been deactivated. Ask an administrator.');
  // Firebase's revocation compares whole seconds (a sign-in in the revocation's own second stays valid); so
  // does this, so both agree on which sessions ended. The gateway would refuse the token too, but only once
  // its verification cache lapses, and without saying who ended the session.
  if (endedAt && token.auth_time < Math.floor(endedAt.getTime() / 1000)) {
    throw new HttpError(401, 'SESSION_ENDED', SESSION_ENDED_MESSAGES[endedBy ?? 'administrator']);
  }
  // The first signed-in call ends 'Invited' on the Users page; a write only that once.
  if (!signed_in) await app.db.query('UPDATE users SET signed_in_at = CURRENT_TIMESTAMP WHERE id = $1 AND signed_in_at IS NULL', [user.id]);
  return user;
}

type UserRow = CurrentUser & { active: boolean; signed_in: boolean; sessions_ended_at: Date | null; sessions_ended_by: 'self' | 'administrator' | null };

async function findUserRow(app: FastifyInstance, token: DecodedIdToken): Promise<UserRow> {
  const byUid = async () =>
    (await app.db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users u LEFT JOIN profiles p ON p.user_id = u.id WHERE u.firebase_uid = $1`, [token.uid]))[0];
  const first = await byUid();
  if (first) return first;
  if (token.email && token.email_verified === true) {
    const [byEmail] = await app.db.query<UserRow>(
      `UPDATE users u SET firebase_uid = $1 FROM users x LEFT JOIN profiles p ON p.user_id = x.id
       WHERE u.id = x.id AND lower(u.email) = lower($2) AND u.firebase_uid IS NULL
       RETURNING ${USER_COLUMNS}`,
      [token.uid, token.email],
    );
    if (byEmail) return byEmail;
    // The account's first calls at once (a page's parallel reads): another of them linked it a moment ago.
    const linked = await byUid();
    if (linked) return linked;
  }
  throw new HttpError(403, 'FORBIDDEN', 'This account has no staff user. Ask an administrator to add you.');
}

/** ADMIN_ALLOWED_CIDRS (the gateway's verdict): an ADMIN call from another network is refused, and audited. */
async function refuseAdminNetwork(app: FastifyInstance, request: FastifyRequest): Promise<never> {
  const user = request.user!;
  await withRequestOrigin({ requestId: request.id, clientAddress: request.ip }, () =>
    app.db.transaction((tx) =>
      writeAudit(tx, { entity: 'user', entityId: user.id, kind: 'admin_network_refused', actorId: user.id, data: { method: request.method, path: request.url.split('?')[0] } }),
    ),
  );
  throw new HttpError(403, 'ADMIN_NETWORK_REFUSED', 'Administrator access is allowed only from the office or VPN networks.');
}

function checkAccess(request: FastifyRequest, rule: Access): void {
  const { role, compliance_officer: officer } = signedInUser(request);
  switch (rule.kind) {
    case 'public':
    case 'signed-in':
      return;
    case 'client':
      if (role !== 'CLIENT') throw forbidden('Only a client account may use this resource.');
      return;
    case 'page':
      if (!isStaffRole(role) || !canSee(role, rule.page)) throw forbidden();
      return;
    case 'any-page':
      if (!isStaffRole(role) || !rule.pages.some((page) => canSee(role, page))) throw forbidden();
      return;
    case 'compliance-officer':
      // 404, never 403: a refusal would tell the caller there is a register to be refused.
      if (role !== 'ADMIN' || !officer) throw notFound('Page');
      return;
    case 'roles':
      if (!isStaffRole(role) || !rule.roles.includes(role)) throw forbidden();
  }
}

/** The guard inside a handler, for rules that depend on what was asked: the role must see this console page. */
export function authorize(request: FastifyRequest, route: RouteKey): CurrentUser {
  const user = signedInUser(request);
  if (!isStaffRole(user.role) || !canSee(user.role, route)) throw forbidden();
  return user;
}

export function signedInUser(request: FastifyRequest): CurrentUser {
  if (!request.user) throw new HttpError(401, 'UNAUTHORIZED', 'Sign in first: the Authorization header is missing.');
  return request.user;
}


