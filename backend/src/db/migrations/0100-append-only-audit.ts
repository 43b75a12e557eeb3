/**
 * Migration 100: append-only-audit. The audit trail is evidence (security review, AML): once written, an event
 * is never changed or removed, whoever holds the database role the back end uses. A trigger refuses UPDATE
 * and DELETE row by row and TRUNCATE for the statement; a migration that truly must rewrite history has to
 * drop the trigger in its own transaction, in plain sight.
 */
import type { Migration } from './migration.ts';

export const migration: Migration = {
  id: 100,
  name: 'append-only-audit',
  statements: [
    `CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
     END
     $$`,
    `CREATE TRIGGER audit_events_no_change BEFORE UPDATE OR DELETE ON audit_events
       FOR EACH ROW EXECUTE FUNCTION audit_events_append_only()`,
    `CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
       FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only()`,
  ],
};
