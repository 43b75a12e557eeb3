/**
 * /api/users/...: the signed-in user, the staff user search, role choices, and the staff administration
 * (invite, role, deactivate, reactivate, set-password link, audit), ADMIN only. Rules and SQL: store.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { IdParams, NoBody, Page } from '../../../../common/contract/shared.ts';
import {
  ChangeRoleBody,
  InviteUserBody,
  Me,
  RoleChoice,
  SetPasswordLinkResponse,
  StaffUser,
  UserAuditEvent,
  UserAuditQuery,
  UserQuery,
} from '../../../../common/contract/users.ts';
import { ROLES, roleLabel } from '../../../../common/roles.ts';
import { access, signedInUser } from '../../plugins/auth.ts';
import { pageWindow, toPage } from '../../lib/pagination.ts';
import { publicOrigin } from '../../lib/public-url.ts';
import { changeRole, deactivateUser, inviteUser, listUserAudit, listUsers, newSetPasswordLink, reactivateUser, roleList, type UsersDeps } from './store.ts';

const admin = { access: access.page('users') };
const userParams = IdParams('userId');

export async function userRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const deps = (request: FastifyRequest): UsersDeps => ({ db: app.db, identity: app.identity, log: request.log });
  /** Set-password links open the console; without a known public origin they are root-relative. */
  const consoleOrigin = (request: FastifyRequest): string => publicOrigin(request) ?? '';

  api.get('/users/me', { config: { access: access.signedIn }, schema: { response: { 200: Me } } }, async (request) => {
    const user = signedInUser(request);
    return {
      display_name: user.display_name,
      email: user.email,
      id: user.id,
      role: user.role,
      profile_picture: user.profile_picture,
      profile: user.profile_id === null ? null : { id: user.profile_id },
    };
  });

  api.get('/users/user-role-choices/', { config: admin, schema: { response: { 200: Type.Array(RoleChoice) } } }, async () =>
    ROLES.map((role) => ({ value: role, label: roleLabel(role) })),
  );

  api.get('/users/', { config: admin, schema: { querystring: UserQuery, response: { 200: Page(StaffUser) } } }, async (request) => {
    const window = pageWindow(request.query);
    const filter = {
      roleIn: roleList(request.query.role__in, 'role__in'),
      roleNotIn: roleList(request.query.role__not__in, 'role__not__in'),
      search: request.query.search?.trim() ?? '',
    };
    const { count, results } = await listUsers(app.db, filter, window);
    return toPage(request, window, count, results);
  });

  api.post('/users/', { config: admin, schema: { body: InviteUserBody, response: { 201: SetPasswordLinkResponse } } }, async (request, reply) => {
    const invited = await inviteUser(deps(request), signedInUser(request), request.body, consoleOrigin(request));
    return reply.code(201).send(invited);
  });

  api.patch('/users/:userId', { config: admin, schema: { params: userParams, body: ChangeRoleBody, response: { 200: StaffUser } } }, async (request) =>
    changeRole(deps(request), signedInUser(request), request.params.userId, request.body.role),
  );

  api.post('/users/:userId/deactivate', { config: admin, schema: { params: userParams, body: NoBody, response: { 200: StaffUser } } }, async (request) =>
    deactivateUser(deps(request), signedInUser(request), request.params.userId),
  );

  api.post('/users/:userId/reactivate', { config: admin, schema: { params: userParams, body: NoBody, response: { 200: StaffUser } } }, async (request) =>
    reactivateUser(deps(request), signedInUser(request), request.params.userId),
  );

  api.post(
    '/users/:userId/set-password-link',
    { config: admin, schema: { params: userParams, body: NoBody, response: { 200: SetPasswordLinkResponse } } },
    async (request) => newSetPasswordLink(deps(request), request.params.userId, consoleOrigin(request)),
  );

  api.get('/users/audit/', { config: admin, schema: { querystring: UserAuditQuery, response: { 200: Page(UserAuditEvent) } } }, async (request) => {
    const window = pageWindow(request.query);
    const { count, results } = await listUserAudit(app.db, request.query.user_id, window);
    return toPage(request, window, count, results);
  });
}
