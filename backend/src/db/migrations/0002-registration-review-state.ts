/** Migration 2: registration-review-state. Released: never edit it, add a migration. */
import { sqlList, type Migration } from './migration.ts';

// The value lists as they were when this migration was released (the code's lists may grow since).
const REVIEW_STATES = ['returned', 'approved'];

export const migration: Migration = {
  id: 2,
  name: 'registration-review-state',
  statements: [`ALTER TABLE registrations ADD COLUMN review_state text CHECK (review_state IN (${sqlList(REVIEW_STATES)}))`],
};
