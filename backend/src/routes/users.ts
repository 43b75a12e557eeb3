/** /api/users/...: the signed-in user, the staff user search, role choices and a client's registration status. */
import type { FastifyInstance } from 'fastify';
import type { CurrentStatusEntry, Me, RoleChoice, StaffUser, StatusStep, UserStatusResponse } from '../../../common/api-contract.ts';
import { ROLES, isRole, roleLabel, type Role } from '../../../common/roles.ts';
import { STAGES, STAGE_TITLES, type Stage } from '../../../common/stages.ts';
import { authorize, signedInUser } from '../plugins/auth.ts';
import { invalidInput, notFound } from '../lib/http-error.ts';
import { SqlFilter } from '../lib/sql-filter.ts';
import { plainText } from '../lib/schemas.ts';
import { containsPattern, pageQuerySchema, pageWindow, toPage, type PageQuery } from '../lib/pagination.ts';

interface UserQuery extends PageQuery {
  search?: string;
  role__in?: string;
  role__not__in?: string;
}

export async function userRoutes(app: FastifyInstance) {
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
    async (request) => {
      authorize(request, 'users');
      const window = pageWindow(request.query);
      const filter = new SqlFilter();
      const roleIn = roleList(request.query.role__in, 'role__in');
      const roleNotIn = roleList(request.query.role__not__in, 'role__not__in');
      if (roleIn.length > 0) filter.add((p) => `u.role = ANY(${p}::text[])`, roleIn);
      if (roleNotIn.length > 0) filter.add((p) => `NOT (u.role = ANY(${p}::text[]))`, roleNotIn);
      const search = request.query.search?.trim() ?? '';
      if (search) {
        filter.add((p) => `(lower(coalesce(u.display_name, '')) LIKE ${p} ESCAPE '\\' OR lower(u.email) LIKE ${p} ESCAPE '\\')`, containsPattern(search));
      }
      const [{ count } = { count: 0 }] = await app.db.query<{ count: number }>(
        `SELECT count(*)::integer AS count FROM users u ${filter.where}`,
        filter.params,
      );
      const rows = await app.db.query<Omit<StaffUser, 'date_joined'> & { date_joined: Date }>(
        `SELECT u.id, u.display_name, u.email, u.role, u.profile_picture, u.date_joined FROM users u ${filter.where}
         ORDER BY lower(coalesce(u.display_name, u.email)), u.id LIMIT ${window.size} OFFSET ${window.offset}`,
        filter.params,
      );
      return toPage<StaffUser>(request, window, count, rows.map((row) => ({ ...row, date_joined: row.date_joined.toISOString() })));
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
