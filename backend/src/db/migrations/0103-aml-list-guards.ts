/**
 * Migration 103: sanctions lists that cannot be emptied by accident. A list version is applied, pending (it
 * would remove more than the allowed share of the entries: a second person approves or rejects it) or
 * rejected; a pending version keeps its parsed entries until then. A version says what it changed apart from
 * what it added, the file's name, and who decided it. A match whose entry was delisted goes to
 * 'delisted_review' (keeping the state and decision it had) until a person closes it as 'delisted' with a reason. A re-screening job
 * counts what it found, so one summary is sent per import.
 */
import { sqlList, type Migration } from './migration.ts';

// The value lists as they were when this migration was released.
const VERSION_STATES = ['applied', 'pending', 'rejected'];
const MATCH_STATES = ['potential', 'confirmed', 'false_positive', 'delisted_review', 'delisted'];

export const migration: Migration = {
  id: 103,
  name: 'aml-list-guards',
  statements: [
    `ALTER TABLE aml_list_versions ADD COLUMN state text NOT NULL DEFAULT 'applied' CHECK (state IN (${sqlList(VERSION_STATES)}))`,
    "ALTER TABLE aml_list_versions ADD COLUMN changed jsonb NOT NULL DEFAULT '[]'",
    'ALTER TABLE aml_list_versions ADD COLUMN file_name text',
    'ALTER TABLE aml_list_versions ADD COLUMN pending_entries jsonb',
    'ALTER TABLE aml_list_versions ADD COLUMN decided_by integer REFERENCES users (id) ON DELETE SET NULL',
    'ALTER TABLE aml_list_versions ADD COLUMN decided_at timestamptz',
    'ALTER TABLE aml_list_versions ADD COLUMN decision_reason text',
    'ALTER TABLE aml_list_versions ADD COLUMN version integer NOT NULL DEFAULT 1',
    'ALTER TABLE aml_matches DROP CONSTRAINT IF EXISTS aml_matches_state_check',
    `ALTER TABLE aml_matches ADD CONSTRAINT aml_matches_state_check CHECK (state IN (${sqlList(MATCH_STATES)}))`,
    'ALTER TABLE aml_matches ADD COLUMN delisted_from text',
    'ALTER TABLE aml_matches ADD COLUMN delisted_at timestamptz',
    'ALTER TABLE aml_matches ADD COLUMN delisting_closed_by integer REFERENCES users (id) ON DELETE SET NULL',
    'ALTER TABLE aml_matches ADD COLUMN delisting_closed_at timestamptz',
    'ALTER TABLE aml_matches ADD COLUMN delisting_reason text',
    'ALTER TABLE aml_rescreen_jobs ADD COLUMN new_matches integer NOT NULL DEFAULT 0',
    'ALTER TABLE aml_rescreen_jobs ADD COLUMN delisted_matches integer NOT NULL DEFAULT 0',
    'ALTER TABLE aml_rescreen_jobs ADD COLUMN flagged_registrations integer NOT NULL DEFAULT 0',
  ],
};
