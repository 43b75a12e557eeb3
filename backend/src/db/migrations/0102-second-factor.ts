/**
 * Migration 102: second-factor. A staff user's TOTP secret (unconfirmed until a code from the app confirms
 * it), the last time step a code was accepted in (a code is good once), wrong codes in a row and the lock
 * they lead to; the recovery codes, stored as SHA-256 of 80 random bits each, spent once.
 */
import type { Migration } from './migration.ts';

export const migration: Migration = {
  id: 102,
  name: 'second-factor',
  statements: [
    `CREATE TABLE second_factors (
      user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      secret text NOT NULL,
      confirmed_at timestamptz,
      last_step bigint NOT NULL DEFAULT 0,
      failures integer NOT NULL DEFAULT 0,
      locked_until timestamptz,
      created_at timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP
    )`,
    `CREATE TABLE second_factor_recovery_codes (
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      code_hash text NOT NULL,
      used_at timestamptz,
      PRIMARY KEY (user_id, code_hash)
    )`,
  ],
};
