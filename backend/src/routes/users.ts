/**
 * /api/users/...: the signed-in user, the staff user search, role choices, a client's registration status,
 * and the staff administration (invite, role, deactivate, reactivate, set-password link, audit), ADMIN only.
 * The rules and SQL live in users-store.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {
  ChangeRoleBody,
  CurrentStatusEntry,
  InviteUserBody,
  Me,
  Page,
  RoleChoice,
  SetPasswordLinkResponse,
  StaffUser,
  StatusStep,
  UserAuditEvent,
  UserAuditQuery,
  UserQuery,
  UserStatusResponse,
} from '../../../common/api-contract.ts';
import { ROLES, STAFF_ROLES, isRole, roleLabel, type Role } from '../../../common/roles.ts';
import { STAGES, STAGE_TITLES, type Stage } from '../../../common/stages.ts';
import { authorize, signedInUser } from '../plugins/auth.ts';
import { invalidInput, notFound } from '../lib/http-error.ts';
import { plainText } from '../lib/schemas.ts';
import { pageQuerySchema, pageWindow, toPage } from '../lib/pagination.ts';
import {
  changeRole,
  deactivateUser,
  inviteUser,
  listUserAudit,
  listUsers,
  newSetPasswordLink,
  reactivateUser,
  type UsersDeps,
} from './users-store.ts';

interface UserParams {
  userId: number;
}

const idSchema = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;
const userParams = { type: 'object', properties: { userId: idSchema } } as const;
const staffRoleSchema = { type: 'string', enum: STAFF_ROLES } as const;
/** A practical address check (one @, a dot in the domain, no spaces); Firebase checks it again. */
const emailSchema = { type: 'string', maxLength: 254, pattern: '^\\s*[^\\s@]+@[^\\s@]+\\.[^\\s@]+\\s*$' } as const;
const nameSchema = { ...plainText(100), minLength: 1 } as const;

export interface UserRoutesOptions {
  /** The console's public origin for set-password links; unset, it is taken from the request (Host, or X-Forwarded-* of a trusted proxy). */
  consoleUrl?: string;
}

export async function userRoutes(app: FastifyInstance, options: UserRoutesOptions) {
  const deps = (request: FastifyRequest): UsersDeps => ({ db: app.db, identity: app.identity, log: request.log });
  const consoleOrigin = (request: FastifyRequest): string => {
    if (options.consoleUrl) return options.consoleUrl;
    try {
      return new URL(`${request.protocol}://${request.host}`).origin;
    } catch {
      throw invalidInput('the Host header', 'is not a valid host');
    }
  };

  app.get('/users/me', async (request): Promise<Me> => {
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

  app.get('/users/user-role-choices/', async (request): Promise<RoleChoice[]> => {
    authorize(request, 'users');
    return ROLES.map((role) => ({ value: role, label: roleLabel(role) }));
  });

  app.get<{ Querystring: UserQuery }>(
    '/users/',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            ...pageQuerySchema,
            search: plainText(200),
            role__in: { type: 'string', maxLength: 500 },
            role__not__in: { type: 'string', maxLength: 500 },
          },
        },
      },
    },
    async (request): Promise<Page<StaffUser>> => {
      authorize(request, 'users');
      const window = pageWindow(request.query);
      const filter = {
        roleIn: roleList(request.query.role__in, 'role__in'),
        roleNotIn: roleList(request.query.role__not__in, 'role__not__in'),
        search: request.query.search?.trim() ?? '',
      };
      const { count, results } = await listUsers(app.db, filter, window);
      return toPage(request, window, count, results);
    },
  );

  app.post<{ Body: InviteUserBody }>(
    '/users/',
    { schema: { body: { type: 'object', required: ['email', 'display_name', 'role'], properties: { email: emailSchema, display_name: nameSchema, role: staffRoleSchema } } } },
    async (request, reply): Promise<SetPasswordLinkResponse> => {
      const actor = authorize(request, 'users');
      const invited = await inviteUser(deps(request), actor, request.body, consoleOrigin(request));
      reply.code(201);
      return invited;
    },
  );

  app.patch<{ Params: UserParams; Body: ChangeRoleBody }>(
    '/users/:userId',
    { schema: { params: userParams, body: { type: 'object', required: ['role'], properties: { role: staffRoleSchema } } } },
    async (request): Promise<StaffUser> => {
      const actor = authorize(request, 'users');
      return changeRole(deps(request), actor, request.params.userId, request.body.role);
    },
  );

  app.post<{ Params: UserParams }>('/users/:userId/deactivate', { schema: { params: userParams } }, async (request): Promise<StaffUser> => {
    const actor = authorize(request, 'users');
    return deactivateUser(deps(request), actor, request.params.userId);
  });

  app.post<{ Params: UserParams }>('/users/:userId/reactivate', { schema: { params: userParams } }, async (request): Promise<StaffUser> => {
    const actor = authorize(request, 'users');
    return reactivateUser(deps(request), actor, request.params.userId);
  });

  app.post<{ Params: UserParams }>(
    '/users/:userId/set-password-link',
    { schema: { params: userParams } },
    async (request): Promise<SetPasswordLinkResponse> => {
      authorize(request, 'users');
      return newSetPasswordLink(deps(request), request.params.userId, consoleOrigin(request));
    },
  );

  app.get<{ Querystring: UserAuditQuery }>(
    '/users/audit/',
    { schema: { querystring: { type: 'object', properties: { ...pageQuerySchema, user_id: idSchema } } } },
    async (request): Promise<Page<UserAuditEvent>> => {
      authorize(request, 'users');
      const window = pageWindow(request.query);
      const { count, results } = await listUserAudit(app.db, request.query.user_id, window);
      return toPage(request, window, count, results);
    },
  );

  app.get<{ Params: { userId: string } }>('/users/:userId/status', async (request): Promise<UserStatusResponse> => {
    authorize(request, 'registrations');
    const userId = request.params.userId;
    if (!/^[1-9][0-9]{0,9}$/.test(userId) || Number(userId) > 2_147_483_647) throw invalidInput('userId', 'must be a positive whole number');
    const [registration] = await app.db.query<{ id: number; stage: Stage; status: string }>(
      'SELECT id, stage, status FROM registrations WHERE user_id = $1',
      [Number(userId)],
    );
    if (!registration) throw notFound('Registration of this user');
    const events = await app.db.query<{ status_text: string; created_at: Date }>(
      'SELECT status_text, created_at FROM registration_events WHERE registration_id = $1 ORDER BY created_at, id',
      [registration.id],
    );
    const reached = STAGES.indexOf(registration.stage);
    const status: StatusStep[] = STAGES.map((stage, index) => ({
      field_name: stage,
      status_text: STAGE_TITLES[stage],
      // The stage being worked on is 'active'; a withdrawn registration's last reached step is simply completed.
      status: index < reached ? 'completed' : index === reached ? (registration.status === 'active' ? 'active' : 'completed') : 'pending',
    }));
    const current_status: CurrentStatusEntry[] = events.map((event) => ({
      status_text: event.status_text,
      created_at: event.created_at.toISOString(),
    }));
    return { status, current_status };
  });
}

/** 'CLIENT,CLIENT_ACCOUNT_MANAGER' -> roles; an unknown role is an input error naming the parameter. */
function roleList(value: string | undefined, field: string): Role[] {
  if (!value) return [];
  const roles = value.split(',').map((part) => part.trim()).filter(Boolean);
  const unknown = roles.find((role) => !isRole(role));
  if (unknown !== undefined) throw invalidInput(field, `has an unknown role '${unknown.slice(0, 40)}'`);
  return roles as Role[];
}
