/**
 * Migration 114: timesheet-ids. A week's approval is a record of its own in the audit trail and the idempotency
 * check, which key records by one integer id: the timesheet gets one beside its (user, week) key.
 */
import type { Migration } from './migration.ts';

export const migration: Migration = {
  id: 114,
  name: 'timesheet-ids',
  statements: ['ALTER TABLE timesheets ADD COLUMN id serial UNIQUE'],
};
