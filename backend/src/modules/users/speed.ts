/** The users area's search provider (issue 22): staff by name or e-mail, for the roles that see Users (ADMIN). */
import { canSee } from '../../../../common/access.ts';
import { isStaffRole } from '../../../../common/roles.ts';
import { containsPattern } from '../../lib/pagination.ts';
import type { SearchProvider, SpeedContributions } from '../../lib/work-registry.ts';

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
    return rows.map((row) => ({ kind: 'user', id: row.id, title: row.display_name ?? row.email, subtitle: `${row.email} · ${row.role}`, href: `/users?search=${encodeURIComponent(row.email)}` }));
  },
};

export const usersSpeed: SpeedContributions = { search: [userSearch] };
