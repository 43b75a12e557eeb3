/**
 * Migration 107: sessions-ended. When an account's sessions were last ended (sign out everywhere, an ADMIN's
 * reset of the second factor) and by whom: the back end refuses a token whose sign-in came before at once,
 * saying who ended it, instead of waiting for the gateway's revocation check, and the sessions list starts there.
 */
import type { Migration } from './migration.ts';

export const migration: Migration = {
  id: 107,
  name: 'sessions-ended',
  statements: [
    'ALTER TABLE users ADD COLUMN sessions_ended_at timestamptz',
    `ALTER TABLE users ADD COLUMN sessions_ended_by text CHECK (sessions_ended_by IN ('self', 'administrator'))`,
  ],
};
