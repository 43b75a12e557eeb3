/** Migration 6: user-deactivation. Released: never edit it, add a migration. */
import type { Migration } from './migration.ts';

export const migration: Migration = {
  id: 6,
  name: 'user-deactivation',
  statements: [
    'ALTER TABLE users ADD COLUMN active boolean NOT NULL DEFAULT true',
    'ALTER TABLE users ADD COLUMN deactivated_at timestamptz',
  ],
};
