/**
 * Migration 41: search everywhere finds tasks by title. Without a trigram index on the title, every
 * search by an ADMIN or a REVIEWER (who see every client's tasks) read all the tasks: about 200 ms at 200,000.
 */
import type { Migration } from './migration.ts';

export const migration: Migration = {
  id: 41,
  name: 'task-title-search',
  statements: ['CREATE INDEX tasks_title_trgm_idx ON tasks USING gin (lower(title) gin_trgm_ops)'],
};
