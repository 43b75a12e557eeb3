/** /api/security/...: ending sessions and the second factor (issue 33). Rules: store.ts, second-factor.ts. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { securityEndpoints as endpoints } from '../../../../common/contract/security.ts';
import { isStaffRole } from '../../../../common/roles.ts';
import { HttpError } from '../../lib/http-error.ts';
import { route } from '../../lib/routes.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { signOutEverywhere } from './store.ts';
import { confirmEnrolment, resetOwnSecondFactor, resetUserSecondFactor, SecondFactorLocked, secondFactorStatus, startEnrolment, verifySignIn, type SignIn } from './second-factor.ts';

/** The staff user and the sign-in of the request's token; a client account has no second factor here. */
function signInOf(request: FastifyRequest): SignIn {
  const user = signedInUser(request);
  if (!isStaffRole(user.role) || !request.idToken) throw new HttpError(403, 'FORBIDDEN', 'Only staff accounts have a second factor.');
  return { userId: user.id, email: user.email, uid: request.idToken.uid, authTime: request.idToken.auth_time };
}

export async function securityRoutes(app: FastifyInstance) {
  const deps = { db: app.db, identity: app.identity };
  route(app, endpoints.signOutEverywhere, async (request) => {
    const user = signedInUser(request);
    return signOutEverywhere(deps, user.id, user.id);
  });
  route(app, endpoints.signOutUserEverywhere, async (request) => signOutEverywhere(deps, signedInUser(request).id, request.params.userId));

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
  route(app, endpoints.resetUser, async (request) => resetUserSecondFactor(deps, signedInUser(request).id, request.params.userId));
}
