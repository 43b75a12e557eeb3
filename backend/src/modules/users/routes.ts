/**
 * /api/users/...: the signed-in user, the staff user search, role choices, and the staff administration
 * (invite, role, deactivate, reactivate, set-password link, audit), ADMIN only. Rules and SQL: store.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { usersEndpoints as endpoints } from '../../../../common/contract/users.ts';
import { ROLES, roleLabel } from '../../../../common/roles.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { actionContext } from '../../lib/action.ts';
import { pageWindow, toPage } from '../../lib/pagination.ts';
import { publicOrigin } from '../../lib/public-url.ts';
import { route } from '../../lib/routes.ts';
import { invalidInput } from '../../lib/http-error.ts';
import type { ModuleOptions } from '../../lib/module.ts';
import { stepUpGuard } from '../security/index.ts';
import { changeRole, deactivateUser, inviteUser, listUserAudit, listUsers, newSetPasswordLink, reactivateUser, roleList, setComplianceOfficer, type UsersDeps } from './store.ts';

export async function userRoutes(app: FastifyInstance, { config }: ModuleOptions) {
  const deps = (request: FastifyRequest): UsersDeps => ({ db: app.db, identity: app.identity, log: request.log });
  const stepUpOf = stepUpGuard({ db: app.db, identity: app.identity }, config);
  /** Set-password links open the console; without a known public origin they are root-relative. */
  const consoleOrigin = (request: FastifyRequest): string => publicOrigin(request) ?? '';

  route(app, endpoints.me, async (request) => {
    const user = signedInUser(request);
    return {
      display_name: user.display_name,
      email: user.email,
      id: user.id,
      role: user.role,
      profile_picture: user.profile_picture,
      profile: user.profile_id === null ? null : { id: user.profile_id },
      second_factor_missing: request.secondFactorMissing,
    };
  });

  route(app, endpoints.roleChoices, async () => ROLES.map((role) => ({ value: role, label: roleLabel(role) })));

  route(app, endpoints.list, async (request) => {
    const window = pageWindow(request.query);
    const filter = {
      roleIn: roleList(request.query.role__in, 'role__in'),
      roleNotIn: roleList(request.query.role__not__in, 'role__not__in'),
      search: request.query.search?.trim() ?? '',
    };
    const { count, results } = await listUsers(app.db, filter, window);
    return toPage(request, window, count, results);
  });

  route(app, endpoints.invite, async (request, reply) => {
    const invited = await inviteUser(deps(request), signedInUser(request), request.body, consoleOrigin(request), actionContext(request, signedInUser(request).id).idempotencyKey);
    return reply.code(201).send(invited);
  });

  route(app, endpoints.changeRole, async (request) => {
    const { role, compliance_officer: officer, code } = request.body;
    if (role === undefined && officer === undefined) throw invalidInput('role', 'give the role or the compliance officer mark');
    if (role !== undefined) await stepUpOf(request, code, 'change a role');
    let user = role === undefined ? null : await changeRole(deps(request), signedInUser(request), request.params.userId, role);
    if (officer !== undefined) user = await setComplianceOfficer(deps(request), signedInUser(request), request.params.userId, officer);
    return user!;
  });

  route(app, endpoints.deactivate, async (request) => deactivateUser(deps(request), signedInUser(request), request.params.userId));

  route(app, endpoints.reactivate, async (request) => reactivateUser(deps(request), signedInUser(request), request.params.userId));

  route(app, endpoints.setPasswordLink, async (request) => newSetPasswordLink(deps(request), request.params.userId, consoleOrigin(request)));

  route(app, endpoints.audit, async (request) => {
    const window = pageWindow(request.query);
    const { count, results } = await listUserAudit(app.db, request.query.user_id, window);
    return toPage(request, window, count, results);
  });
}
