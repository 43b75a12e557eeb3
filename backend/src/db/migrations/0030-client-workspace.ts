/**
 * Migration 30: client-workspace. What the Clients list and a client's subscription need beyond migration 10:
 * the client's next compliance deadline kept on the row (the list sorts and shows it; the store recomputes it
 * in every transaction that changes what it depends on), one search index over legal name, trade licence
 * number and TRN, and a subscription's scheduled change (plan and cycle from the next renewal), pause and
 * cancellation.
 */
import { sqlList, type Migration } from './migration.ts';

// The value lists as they were when this migration was released (the code's lists may grow since).
const CANCEL_REASONS = ['client_request', 'non_payment', 'business_closed', 'moved_provider', 'other'];

export const migration: Migration = {
  id: 30,
  name: 'client-workspace',
  statements: [
    'ALTER TABLE clients ADD COLUMN next_deadline_on date',
    'ALTER TABLE clients ADD COLUMN next_deadline_key text',
    'ALTER TABLE clients ADD COLUMN next_deadline_title text',
    'CREATE INDEX clients_next_deadline_idx ON clients (next_deadline_on, id)',
    'CREATE INDEX clients_licence_expiry_idx ON clients (licence_expires_on, id)',
    'CREATE INDEX clients_legal_name_idx ON clients (lower(legal_name), id)',
    'CREATE INDEX clients_user_idx ON clients (user_id)',
    'CREATE INDEX clients_reviewer_idx ON clients (reviewer_id)',
    // The search box matches any of the three; one trigram index over the one expression the query uses.
    `CREATE INDEX clients_search_trgm_idx ON clients USING gin ((lower(legal_name || ' ' || trade_licence_number || ' ' || coalesce(trn, ''))) gin_trgm_ops)`,
    'ALTER TABLE subscriptions ADD COLUMN scheduled_plan_id integer REFERENCES plans (id)',
    'ALTER TABLE subscriptions ADD COLUMN scheduled_cycle text REFERENCES subscription_cycles (code)',
    'ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_scheduled_pair CHECK ((scheduled_plan_id IS NULL) = (scheduled_cycle IS NULL))',
    'ALTER TABLE subscriptions ADD COLUMN paused_on date',
    'ALTER TABLE subscriptions ADD COLUMN cancelled_on date',
    `ALTER TABLE subscriptions ADD COLUMN cancel_reason text CHECK (cancel_reason IN (${sqlList(CANCEL_REASONS)}))`,
    'ALTER TABLE subscriptions ADD COLUMN cancel_note text',
    'CREATE INDEX subscriptions_client_idx ON subscriptions (client_id, id)',
    "CREATE INDEX subscriptions_plan_idx ON subscriptions (plan_id, client_id) WHERE status <> 'cancelled'",
  ],
};
