/** Migration 4: onboarding-list-columns. Released: never edit it, add a migration. */
import type { Migration } from './migration.ts';

export const migration: Migration = {
  id: 4,
  name: 'onboarding-list-columns',
  statements: [
    // What the Call Schedule, Plan Approval and Activation pages show beside the due-diligence columns.
    'ALTER TABLE registrations ADD COLUMN meeting_at timestamptz',
    'ALTER TABLE registrations ADD COLUMN meeting_booked_by integer REFERENCES users (id) ON DELETE SET NULL',
    'ALTER TABLE registrations ADD COLUMN plan_name text',
    'ALTER TABLE registrations ADD COLUMN plan_amount_aed numeric(12, 2) CHECK (plan_amount_aed >= 0)',
    'ALTER TABLE registrations ADD COLUMN payment_date timestamptz',
    // Case-insensitive contains search on the company name (lower(legal_name) LIKE '%text%') uses this index.
    'CREATE EXTENSION IF NOT EXISTS pg_trgm',
    'CREATE INDEX registrations_legal_name_trgm_idx ON registrations USING gin (lower(legal_name) gin_trgm_ops)',
    // A queue's page is read in (requested_on, id) order straight from an index; its count is answered
    // from the second index alone (index-only), without visiting the rows.
    'CREATE INDEX registrations_stage_status_requested_idx ON registrations (stage, status, requested_on, id)',
    'CREATE INDEX registrations_queue_idx ON registrations (stage, status, review_state)',
  ],
};
