/**
 * Migration 105: aml-freeze-lift. Lifting a freeze takes two people: a compliance officer asks for it with a
 * reason (kept here until a second staff member approves it, when the freeze and the request are cleared;
 * both steps are audit events on the registration, its timeline).
 */
import type { Migration } from './migration.ts';

export const migration: Migration = {
  id: 105,
  name: 'aml-freeze-lift',
  statements: [
    'ALTER TABLE aml_files ADD COLUMN freeze_lift_requested_by integer REFERENCES users (id) ON DELETE SET NULL',
    'ALTER TABLE aml_files ADD COLUMN freeze_lift_requested_at timestamptz',
    'ALTER TABLE aml_files ADD COLUMN freeze_lift_reason text',
  ],
};
