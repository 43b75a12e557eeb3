/**
 * Migration 40: service-desk. The delivery team's daily work on the clients of migration 10: tasks (with a
 * checklist, comments, a maker-checker reviewer, and the recurring templates that create them), the
 * catalogue of on-demand request types with each one's target in working days, the clients' requests (SLA
 * clock, quote, conversion to tasks), and one chat per client with its messages, read marks, canned replies
 * and reminders. Scheduled work is made once by the rows themselves: a recurring task is unique per
 * (template, occurrence), a due notice and a reminder are claimed by an UPDATE that only one replica wins.
 */
import type { Migration } from './migration.ts';

export const migration: Migration = {
  id: 40,
  name: 'service-desk',
  statements: [
    `CREATE TABLE task_templates (
       id serial PRIMARY KEY,
       version integer NOT NULL DEFAULT 1,
       client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
       title text NOT NULL,
       assignee_id integer REFERENCES users (id) ON DELETE SET NULL,
       reviewer_id integer REFERENCES users (id) ON DELETE SET NULL,
       priority text NOT NULL DEFAULT 'normal' CHECK (priority IN ('low', 'normal', 'high', 'urgent')),
       frequency text NOT NULL CHECK (frequency IN ('monthly', 'quarterly', 'yearly')),
       day_of_month integer NOT NULL CHECK (day_of_month BETWEEN 1 AND 31),
       lead_days integer NOT NULL CHECK (lead_days BETWEEN 0 AND 60),
       checklist jsonb NOT NULL DEFAULT '[]',
       next_occurrence_on date NOT NULL,
       active boolean NOT NULL DEFAULT true,
       created_by integer REFERENCES users (id) ON DELETE SET NULL,
       created_at timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP
     )`,
    'CREATE INDEX task_templates_due_idx ON task_templates (next_occurrence_on) WHERE active',
    `CREATE TABLE request_types (
       id serial PRIMARY KEY,
       code text NOT NULL UNIQUE,
       name text NOT NULL,
       target_working_days integer NOT NULL CHECK (target_working_days BETWEEN 1 AND 60),
       position integer NOT NULL
     )`,
    `INSERT INTO request_types (code, name, target_working_days, position) VALUES
       ('vat_registration', 'VAT registration', 10, 1),
       ('corporate_tax_registration', 'Corporate tax registration', 10, 2),
       ('salary_certificate', 'Salary certificate letter', 2, 3),
       ('noc_letter', 'No-objection letter', 2, 4),
       ('audit_support_pack', 'Audit support pack', 7, 5),
       ('ad_hoc_report', 'Ad-hoc report', 5, 6)`,
    `CREATE TABLE service_requests (
       id serial PRIMARY KEY,
       version integer NOT NULL DEFAULT 1,
       client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
       type_id integer NOT NULL REFERENCES request_types (id),
       details text NOT NULL,
       status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'in_progress', 'waiting_on_client', 'completed', 'declined')),
       assignee_id integer REFERENCES users (id) ON DELETE SET NULL,
       requested_by integer REFERENCES users (id) ON DELETE SET NULL,
       quote_net_fils bigint,
       quote_status text CHECK (quote_status IN ('pending', 'accepted')),
       quote_note text,
       decline_reason text,
       paused_since timestamptz,
       paused_ms bigint NOT NULL DEFAULT 0,
       closed_at timestamptz,
       created_at timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP
     )`,
    'CREATE INDEX service_requests_client_idx ON service_requests (client_id, id)',
    'CREATE INDEX service_requests_status_idx ON service_requests (status, created_at)',
    `CREATE TABLE request_attachments (
       id serial PRIMARY KEY,
       request_id integer NOT NULL REFERENCES service_requests (id) ON DELETE CASCADE,
       file_name text NOT NULL,
       content_type text NOT NULL,
       size_bytes integer NOT NULL,
       content bytea NOT NULL,
       uploaded_by integer REFERENCES users (id) ON DELETE SET NULL,
       created_at timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP
     )`,
    'CREATE INDEX request_attachments_request_idx ON request_attachments (request_id)',
    `CREATE TABLE tasks (
       id serial PRIMARY KEY,
       version integer NOT NULL DEFAULT 1,
       client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
       title text NOT NULL,
       description text NOT NULL DEFAULT '',
       assignee_id integer REFERENCES users (id) ON DELETE SET NULL,
       reviewer_id integer REFERENCES users (id) ON DELETE SET NULL,
       due_on date NOT NULL,
       priority text NOT NULL DEFAULT 'normal' CHECK (priority IN ('low', 'normal', 'high', 'urgent')),
       status text NOT NULL DEFAULT 'to_do' CHECK (status IN ('to_do', 'in_progress', 'waiting_on_client', 'in_review', 'done')),
       checklist jsonb NOT NULL DEFAULT '[]',
       review_note text,
       template_id integer REFERENCES task_templates (id) ON DELETE SET NULL,
       occurrence_on date,
       request_id integer REFERENCES service_requests (id) ON DELETE SET NULL,
       due_notice_at timestamptz,
       created_by integer REFERENCES users (id) ON DELETE SET NULL,
       created_at timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP,
       updated_at timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP,
       completed_at timestamptz,
       UNIQUE (template_id, occurrence_on)
     )`,
    // Covering: a bookkeeper's 'Mine' page and its count read the index alone (with the client for the visibility join).
    'CREATE INDEX tasks_assignee_idx ON tasks (assignee_id, due_on, id) INCLUDE (client_id, status)',
    'CREATE INDEX tasks_client_idx ON tasks (client_id, due_on, id)',
    'CREATE INDEX tasks_request_idx ON tasks (request_id) WHERE request_id IS NOT NULL',
    "CREATE INDEX tasks_due_notice_idx ON tasks (due_on) WHERE due_notice_at IS NULL AND status <> 'done'",
    `CREATE TABLE task_comments (
       id serial PRIMARY KEY,
       task_id integer NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
       author_id integer REFERENCES users (id) ON DELETE SET NULL,
       body text NOT NULL,
       created_at timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP
     )`,
    'CREATE INDEX task_comments_task_idx ON task_comments (task_id, id)',
    `CREATE TABLE conversations (
       id serial PRIMARY KEY,
       version integer NOT NULL DEFAULT 1,
       client_id integer NOT NULL UNIQUE REFERENCES clients (id) ON DELETE CASCADE,
       assignee_id integer REFERENCES users (id) ON DELETE SET NULL,
       status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'waiting', 'resolved')),
       last_message_id bigint,
       last_message_at timestamptz,
       last_message_preview text,
       last_client_message_id bigint,
       created_at timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP
     )`,
    'CREATE INDEX conversations_last_idx ON conversations (last_message_at DESC NULLS LAST, id DESC)',
    `CREATE TABLE chat_messages (
       id bigserial PRIMARY KEY,
       conversation_id integer NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
       author_id integer REFERENCES users (id) ON DELETE SET NULL,
       from_client boolean NOT NULL,
       body text NOT NULL,
       file_name text,
       content_type text,
       size_bytes integer,
       content bytea,
       created_at timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP
     )`,
    'CREATE INDEX chat_messages_conversation_idx ON chat_messages (conversation_id, id)',
    `CREATE TABLE conversation_reads (
       conversation_id integer NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
       user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
       last_read_message_id bigint NOT NULL,
       PRIMARY KEY (conversation_id, user_id)
     )`,
    `CREATE TABLE canned_replies (
       id serial PRIMARY KEY,
       version integer NOT NULL DEFAULT 1,
       title text NOT NULL,
       body text NOT NULL,
       created_by integer REFERENCES users (id) ON DELETE SET NULL,
       created_at timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP
     )`,
    `CREATE TABLE chat_reminders (
       id serial PRIMARY KEY,
       conversation_id integer NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
       kind text NOT NULL CHECK (kind IN ('me', 'client')),
       step integer NOT NULL DEFAULT 1,
       last_step boolean NOT NULL DEFAULT true,
       user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
       due_at timestamptz NOT NULL,
       after_message_id bigint NOT NULL DEFAULT 0,
       status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'fired', 'cancelled')),
       fired_at timestamptz,
       created_at timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP
     )`,
    "CREATE INDEX chat_reminders_due_idx ON chat_reminders (due_at) WHERE status = 'pending'",
    'CREATE INDEX chat_reminders_conversation_idx ON chat_reminders (conversation_id, id)',
  ],
};
