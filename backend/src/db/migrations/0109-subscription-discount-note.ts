/**
 * Migration 109: subscription-discount-note. A negotiated discount's reason, given when the plan was set at
 * Plan Approval, travels with it to the client's subscription, where whoever renews or audits it reads why
 * the client pays less. Null where there is no negotiated discount or it was granted before this.
 */
import type { Migration } from './migration.ts';

export const migration: Migration = {
  id: 109,
  name: 'subscription-discount-note',
  statements: ['ALTER TABLE subscriptions ADD COLUMN discount_note text'],
};
