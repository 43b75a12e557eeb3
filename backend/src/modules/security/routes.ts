/** /api/security/...: ending sessions (issue 33). Rules: store.ts. */
import type { FastifyInstance } from 'fastify';
import { securityEndpoints as endpoints } from '../../../../common/contract/security.ts';
import { route } from '../../lib/routes.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { signOutEverywhere } from './store.ts';

export async function securityRoutes(app: FastifyInstance) {
  const deps = { db: app.db, identity: app.identity };
  route(app, endpoints.signOutEverywhere, async (request) => {
    const user = signedInUser(request);
    return signOutEverywhere(deps, user.id, user.id);
  });
  route(app, endpoints.signOutUserEverywhere, async (request) => signOutEverywhere(deps, signedInUser(request).id, request.params.userId));
}
