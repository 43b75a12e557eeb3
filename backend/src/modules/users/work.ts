/**
 * The users area's part of work at speed: staff by name or e-mail in search everywhere, for the
 * roles that see Users (ADMIN), and bulk deactivate, reactivate and change role, each row through the page's
 * own single-user action with every one of its rules (never oneself, never the last active administrator,
 * the Firebase account kept in step). Those actions take no version or Idempotency-Key: they are idempotent
 * by state (deactivating an inactive user changes nothing), so a re-run row is skipped, never applied twice.
 */
import { canSee } from '../../../../common/access.ts';
import { isStaffRole } from '../../../../common/roles.ts';
import { containsPattern } from '../../lib/pagination.ts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database, Queryable } from '../../db/database.ts';
import { UserFilter, usersBulkActions } from '../../../../common/contract/users.ts';
import { bulkRowStep, parseListFilter } from '../../lib/bulk-rows.ts';
import { invalidInput } from '../../lib/http-error.ts';
import type { IdentityAdmin } from '../../plugins/identity.ts';
import { contractBulk, type BulkAction, type Caller, type SearchProvider, type WorkContributions } from '../../lib/work-registry.ts';
import { changeRole, deactivateUser, reactivateUser, readStaffUser, roleList, staffLabels, usersMatching, type UsersDeps } from './store.ts';
import { userListPath } from '../../../../common/links.ts';

export const userSearch: SearchProvider = {
  kind: 'user',
  label: 'Users',
  order: 40,
  async search(db, caller, q, limit) {
    if (!isStaffRole(caller.role) || !canSee(caller.role, 'users')) return [];
    // The user list's rule (spec section 6): client-side accounts are not staff users.
    const rows = await db.query<{ id: number; display_name: string | null; email: string; role: string }>(
      `SELECT id, display_name, email, role FROM users
       WHERE lower(email || ' ' || coalesce(display_name, '')) LIKE $1 ESCAPE '\\' AND role NOT IN ('CLIENT_ACCOUNT_MANAGER', 'CLIENT')
       ORDER BY (lower(email) = $2) DESC, word_similarity($2, lower(email || ' ' || coalesce(display_name, ''))) DESC, id LIMIT ${limit}`,
      [containsPattern(q), q.toLowerCase()],
    );
    return rows.map((row) => ({ kind: 'user', id: row.id, title: row.display_name ?? row.email, subtitle: `${row.email} · ${row.role}`, href: userListPath({ search: row.email }) }));
  },
};

// -------------------------------------------------------------------------------------- bulk actions

/**
 * The Auth admin and log of the app whose database a bulk row runs on (a bulk action is given only the
 * database): recorded by the users module's setup, one entry per app, so tests with several apps stay apart.
 */
const appDeps = new WeakMap<Database, { identity: IdentityAdmin; log: FastifyBaseLogger }>();

export async function setupUsers(app: FastifyInstance): Promise<void> {
  appDeps.set(app.db, { identity: app.identity, log: app.log });
}

function depsOf(db: Database): UsersDeps {
  const deps = appDeps.get(db);
  if (!deps) throw new Error('The users module was not set up on this database.');
  return { db, ...deps };
}

/** The Users page's filter as it sends it (role__in, search); anything else is refused. */
function staffFilter(filter: Record<string, string>) {
  const { role__in: roleIn, search } = parseListFilter<UserFilter>(UserFilter, filter);
  const roles = roleList(roleIn, 'filter.role__in');
  const client = roles.find((role) => !isStaffRole(role));
  if (client !== undefined) throw invalidInput('filter.role__in', `has a role that is not a staff role: '${client}'`);
  return { roleIn: roles, search: search?.trim() ?? '' };
}

const staffRows = {
  page: 'users',
  select: (db: Queryable, _caller: Caller, filter: Record<string, string>, limit: number) => usersMatching(db, staffFilter(filter), limit),
  labels: (db: Queryable, _caller: Caller, ids: number[]) => staffLabels(db, ids),
} as const;

function setActive(active: boolean): BulkAction {
  return contractBulk(active ? usersBulkActions.reactivate : usersBulkActions.deactivate, {
    ...staffRows,
    apply: (db, caller, id) =>
      bulkRowStep(db, {
        entity: null,
        id,
        idempotencyKey: caller.idempotencyKey,
        read: (tx) => readStaffUser(tx, id),
        skip: (user) => (user.active === active ? (active ? 'Already active.' : 'Already deactivated.') : null),
        act: () => (active ? reactivateUser : deactivateUser)(depsOf(db), { id: caller.id }, id),
      }),
  });
}

const bulkRole = contractBulk(usersBulkActions.role, {
  ...staffRows,
  stepUp: 'change a role',
  apply: (db, caller, id, { role }) =>
    bulkRowStep(db, {
      entity: null,
      id,
      idempotencyKey: caller.idempotencyKey,
      read: (tx) => readStaffUser(tx, id),
      skip: (user) => (user.role === role ? 'Already has this role.' : null),
      act: () => changeRole(depsOf(db), { id: caller.id }, id, role),
    }),
});

export const usersWork: WorkContributions = { search: [userSearch], bulk: [setActive(false), setActive(true), bulkRole] };
