/** /api/security/...: ending sessions, the sessions list and the second factor. Rules: store.ts, second-factor.ts. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ModuleOptions } from '../../lib/module.ts';
import { securityEndpoints as endpoints } from '../../../../common/contract/security.ts';
import { isStaffRole } from '../../../../common/roles.ts';
import { HttpError } from '../../lib/http-error.ts';
import { route } from '../../lib/routes.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { signOutEverywhere } from './store.ts';
import {
  confirmEnrolment,
  listSessions,
  resetOwnSecondFactor,
  resetUserSecondFactor,
  SecondFactorLocked,
  secondFactorStatus,
  startEnrolment,
  stepUp,
  unlockUserSecondFactor,
  userSecondFactorStatus,
  verifySignIn,
  type SecondFactorDeps,
  type SignIn,
} from './second-factor.ts';

/** The staff user and the sign-in of the request's token; a client account has no second factor here. */
function signInOf(request: FastifyRequest): SignIn {
  const user = signedInUser(request);
  if (!isStaffRole(user.role) || !request.idToken) throw new HttpError(403, 'FORBIDDEN', 'Only staff accounts have a second factor.');
  const browser = request.headers['user-agent'];
  return { userId: user.id, email: user.email, uid: request.idToken.uid, authTime: request.idToken.auth_time, browser: typeof browser === 'string' ? browser : null };
}

/**
 * The ADMIN's fresh code before a change an unattended, signed-in laptop must not be enough for. Without the
 * second factor in force (STAFF_SECOND_FACTOR=off) there is no code to ask for.
 */
export function stepUpGuard(deps: SecondFactorDeps, config: ModuleOptions['config']) {
  return (request: FastifyRequest, code: string | undefined, what: string): Promise<void> =>
    config.STAFF_SECOND_FACTOR === 'required' ? stepUp(deps, signedInUser(request).id, code, what) : Promise.resolve();
}

export async function securityRoutes(app: FastifyInstance, { config }: ModuleOptions) {
  const deps = { db: app.db, identity: app.identity };
  const stepUpOf = stepUpGuard(deps, config);
  route(app, endpoints.signOutEverywhere, async (request) => {
    const user = signedInUser(request);
    return signOutEverywhere(deps, user.id, user.id);
  });
  route(app, endpoints.signOutUserEverywhere, async (request) => {
    await stepUpOf(request, request.body.code, 'end the sessions of another user');
    return signOutEverywhere(deps, signedInUser(request).id, request.params.userId);
  });
  route(app, endpoints.sessions, async (request) => {
    const signIn = signInOf(request);
    return listSessions(deps, signIn.userId, signIn.authTime, config.SESSION_MAX_HOURS);
  });
  route(app, endpoints.userSecondFactor, async (request) => userSecondFactorStatus(deps, request.params.userId));
  route(app, endpoints.unlockUser, async (request) => unlockUserSecondFactor(deps, signedInUser(request).id, request.params.userId));

  // The lock's 429 says when to try again.
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof SecondFactorLocked) void reply.header('retry-after', String(error.retryAfterSeconds));
  });
  route(app, endpoints.secondFactor, async (request) => secondFactorStatus(deps, signInOf(request).userId));
  route(app, endpoints.startEnrolment, async (request) => {
    const signIn = signInOf(request);
    return startEnrolment(deps, { id: signIn.userId, email: signIn.email });
  });
  route(app, endpoints.confirmEnrolment, async (request) => confirmEnrolment(deps, signInOf(request), request.body.code));
  route(app, endpoints.verify, async (request) => verifySignIn(deps, signInOf(request), request.body));
  route(app, endpoints.resetOwn, async (request) => resetOwnSecondFactor(deps, signInOf(request), request.body.recovery_code));
  route(app, endpoints.resetUser, async (request) => {
    const actorId = signedInUser(request).id;
    // Nobody resets their own this way: refused before a code is spent on it.
    if (actorId !== request.params.userId) await stepUpOf(request, request.body.code, "reset another user's second factor");
    return resetUserSecondFactor(deps, actorId, request.params.userId);
  });
}
