/**
 * Migration 115: capacity. What budgets and capacity need beyond 0110: a version on a staff member's weekly
 * capacity and on a plan (both are edited now, and a stale edit must be refused), and the index the Capacity
 * view reads planned work from (open tasks with an assignee, by due date, their estimates in the index).
 */
import type { Migration } from './migration.ts';

export const migration: Migration = {
  id: 115,
  name: 'capacity',
  statements: [
    'ALTER TABLE users ADD COLUMN capacity_version integer NOT NULL DEFAULT 1',
    'ALTER TABLE plans ADD COLUMN version integer NOT NULL DEFAULT 1',
    "CREATE INDEX tasks_open_due_idx ON tasks (due_on, assignee_id) INCLUDE (estimate_minutes) WHERE status <> 'done' AND assignee_id IS NOT NULL",
  ],
};
