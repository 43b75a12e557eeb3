/**
 * Migration 101: audit-request-origin. The Audit page shows where each event came from: the request id the
 * call carried through the gateway and the back end, and the client address the gateway saw. Events of
 * scheduled work have neither. The page lists every event newest first, so it gets its own index.
 */
import type { Migration } from './migration.ts';

export const migration: Migration = {
  id: 101,
  name: 'audit-request-origin',
  statements: [
    'ALTER TABLE audit_events ADD COLUMN request_id text, ADD COLUMN client_address text',
    'CREATE INDEX audit_events_newest_idx ON audit_events (created_at DESC, id DESC)',
    'CREATE INDEX audit_events_actor_idx ON audit_events (actor_id, created_at DESC)',
  ],
};
