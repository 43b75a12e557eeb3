/**
 * Migration 82: the tasks AML due items made: the next review by risk, a party's ID and the
 * trade licence expiring. One row per due item, keyed by what it is and its date, so the job makes one task
 * per item however often it runs; a new date (a new rating, a renewed ID) is a new item.
 */
import type { Migration } from './migration.ts';

export const migration: Migration = {
  id: 82,
  name: 'aml-due-tasks',
  statements: [
    `CREATE TABLE aml_due_tasks (
       item_key text PRIMARY KEY,
       registration_id integer NOT NULL REFERENCES registrations (id) ON DELETE CASCADE,
       task_id integer REFERENCES tasks (id) ON DELETE SET NULL,
       created_at timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP
     )`,
  ],
};
