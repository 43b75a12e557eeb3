/**
 * Migration 9: user-first-sign-in. An invited user is 'Invited' until the first signed-in call, not
 * 'Active' from the moment the row exists. Rows older than this migration belong to people who used the
 * console (or the demo), so they count as signed in.
 */
import type { Migration } from './migration.ts';

export const migration: Migration = {
  id: 9,
  name: 'user-first-sign-in',
  statements: ['ALTER TABLE users ADD COLUMN signed_in_at timestamptz', 'UPDATE users SET signed_in_at = date_joined'],
};
