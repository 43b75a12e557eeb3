/**
 * Migration 71: search everywhere's Users group (ADMIN) looks among staff only, a few dozen rows, but the one
 * trigram index on users holds every client account as well (100,000 at the bench's scale): an e-mail's common
 * trigrams ('@', the domain) made that group read posting lists of every client, about 10 ms of each search. A
 * partial index over staff rows only (the provider's own condition, so the planner picks it) answers at once.
 */
import type { Migration } from './migration.ts';

export const migration: Migration = {
  id: 71,
  name: 'staff-search-index',
  statements: [
    `CREATE INDEX users_staff_search_trgm_idx ON users USING gin ((lower(email || ' ' || coalesce(display_name, ''))) gin_trgm_ops)
     WHERE role NOT IN ('CLIENT_ACCOUNT_MANAGER', 'CLIENT')`,
  ],
};
