/**
 * Migration 34: client-deadlines. The compliance calendar is computed from the client's profile
 * (common/compliance.ts); what is stored is what people and the scheduler did about it: a deadline marked
 * filed (with its reference), and the one notice a bookkeeper gets when a deadline comes within 7 days (the
 * primary key makes it once, whichever replica's timer gets there first).
 */
import type { Migration } from './migration.ts';

export const migration: Migration = {
  id: 34,
  name: 'client-deadlines',
  statements: [
    `CREATE TABLE client_deadline_filings (
       client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
       key text NOT NULL,
       kind text NOT NULL,
       title text NOT NULL,
       due_on date NOT NULL,
       reference text NOT NULL,
       filed_by integer REFERENCES users (id) ON DELETE SET NULL,
       filed_at timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP,
       PRIMARY KEY (client_id, key)
     )`,
    `CREATE TABLE client_deadline_notices (
       client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
       key text NOT NULL,
       due_on date NOT NULL,
       notified_at timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP,
       PRIMARY KEY (client_id, key)
     )`,
  ],
};
