/**
 * Migration 111: aml-legal-hold. A compliance officer's legal hold on a registration's AML file, with the
 * reason: while it stands the file is not purged, even past its five years. A table of its own, not columns
 * of aml_files, because a purge deletes that row and a hold may come before any file exists; lifting it
 * deletes the row (the audit trail keeps who set and lifted it, and why).
 */
import type { Migration } from './migration.ts';

export const migration: Migration = {
  id: 111,
  name: 'aml-legal-hold',
  statements: [
    `CREATE TABLE aml_legal_holds (
       registration_id integer PRIMARY KEY REFERENCES registrations (id) ON DELETE CASCADE,
       reason text NOT NULL,
       set_by integer REFERENCES users (id) ON DELETE SET NULL,
       set_at timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP
     )`,
  ],
};
