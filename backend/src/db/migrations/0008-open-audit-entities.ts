/**
 * Migration 8: open-audit-entities. Every area writes its own audit entity (client, task, invoice...); a CHECK
 * listing them would make each area's migration rewrite it, so the list lives in common/events.ts (typed)
 * and the table takes any non-empty name.
 */
import type { Migration } from './migration.ts';

export const migration: Migration = {
  id: 8,
  name: 'open-audit-entities',
  statements: [
    'ALTER TABLE audit_events DROP CONSTRAINT audit_events_entity_check',
    "ALTER TABLE audit_events ADD CONSTRAINT audit_events_entity_named CHECK (entity <> '')",
  ],
};
