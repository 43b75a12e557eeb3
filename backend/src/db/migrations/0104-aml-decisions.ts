/**
 * Migration 104: aml-decisions. Four eyes on a cleared strong hit (a false positive waiting for its
 * countersign, and who countersigned it), a party withdrawn as added by mistake (kept in the file's history,
 * out of its rules), and the goAML register entry's description kept apart from its filing notes.
 */
import type { Migration } from './migration.ts';

export const migration: Migration = {
  id: 104,
  name: 'aml-decisions',
  statements: [
    `ALTER TABLE aml_matches
       ADD COLUMN countersign_due boolean NOT NULL DEFAULT false,
       ADD COLUMN countersigned_by integer REFERENCES users (id) ON DELETE SET NULL,
       ADD COLUMN countersigned_at timestamptz`,
    `ALTER TABLE aml_parties
       ADD COLUMN withdrawn_at timestamptz,
       ADD COLUMN withdrawn_by integer REFERENCES users (id) ON DELETE SET NULL,
       ADD COLUMN withdrawn_reason text`,
    "ALTER TABLE aml_register_entries ADD COLUMN description text NOT NULL DEFAULT ''",
    // Until now the description was the notes: an entry's notes become its description, and an unfiled one's
    // notes start empty (a filed one's notes may be the filing's, so they stay).
    "UPDATE aml_register_entries SET description = notes",
    "UPDATE aml_register_entries SET notes = '' WHERE filed_on IS NULL",
  ],
};
