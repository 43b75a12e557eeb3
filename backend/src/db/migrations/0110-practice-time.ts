/**
 * Migration 110: practice-time. The firm's own numbers: time entries (whole minutes on a Dubai date), one
 * running timer per user held by the server (so it survives reloads, tabs and signing in again), weekly
 * timesheets whose approval locks their entries, staff leave days and weekly capacity, staff cost rates
 * (ADMIN's alone, so a table of their own that no other read joins by accident), the hours a plan includes,
 * a task's estimate, and the once-a-month budget notices at 80 % and 100 %.
 */
import type { Migration } from './migration.ts';

export const migration: Migration = {
  id: 110,
  name: 'practice-time',
  statements: [
    `CREATE TABLE time_entries (
       id serial PRIMARY KEY,
       version integer NOT NULL DEFAULT 1,
       user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
       client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
       task_id integer REFERENCES tasks (id) ON DELETE SET NULL,
       request_id integer REFERENCES service_requests (id) ON DELETE SET NULL,
       work_date date NOT NULL,
       minutes integer NOT NULL CHECK (minutes BETWEEN 1 AND 1440),
       note text NOT NULL DEFAULT '',
       billable boolean NOT NULL DEFAULT true,
       source text NOT NULL DEFAULT 'manual' CHECK (source IN ('manual', 'timer')),
       created_at timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP,
       updated_at timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP
     )`,
    // A user's week (the timesheet) and a range of the firm's months (profitability, the dashboard) each read one index.
    'CREATE INDEX time_entries_user_date_idx ON time_entries (user_id, work_date, id)',
    'CREATE INDEX time_entries_date_idx ON time_entries (work_date) INCLUDE (client_id, user_id, minutes, billable)',
    'CREATE INDEX time_entries_client_date_idx ON time_entries (client_id, work_date) INCLUDE (user_id, minutes, billable)',
    'CREATE INDEX time_entries_task_idx ON time_entries (task_id) WHERE task_id IS NOT NULL',
    `CREATE TABLE timers (
       user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
       version integer NOT NULL DEFAULT 1,
       client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
       task_id integer REFERENCES tasks (id) ON DELETE SET NULL,
       request_id integer REFERENCES service_requests (id) ON DELETE SET NULL,
       note text NOT NULL DEFAULT '',
       started_at timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP
     )`,
    `CREATE TABLE timesheets (
       user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
       week text NOT NULL CHECK (week ~ '^[0-9]{4}-W[0-9]{2}$'),
       version integer NOT NULL DEFAULT 1,
       status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'submitted', 'approved', 'returned')),
       submitted_at timestamptz,
       decided_at timestamptz,
       decided_by integer REFERENCES users (id) ON DELETE SET NULL,
       return_reason text,
       PRIMARY KEY (user_id, week)
     )`,
    "CREATE INDEX timesheets_status_idx ON timesheets (status, week) WHERE status = 'submitted'",
    `CREATE TABLE staff_leave_days (
       user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
       day date NOT NULL,
       note text NOT NULL DEFAULT '',
       created_by integer REFERENCES users (id) ON DELETE SET NULL,
       created_at timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP,
       PRIMARY KEY (user_id, day)
     )`,
    // Five working days of eight hours unless an ADMIN says otherwise.
    'ALTER TABLE users ADD COLUMN weekly_capacity_minutes integer NOT NULL DEFAULT 2400 CHECK (weekly_capacity_minutes BETWEEN 0 AND 6000)',
    `CREATE TABLE staff_cost_rates (
       user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
       version integer NOT NULL DEFAULT 1,
       hourly_fils integer NOT NULL CHECK (hourly_fils >= 0),
       updated_by integer REFERENCES users (id) ON DELETE SET NULL,
       updated_at timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP
     )`,
    'ALTER TABLE plans ADD COLUMN monthly_minutes integer NOT NULL DEFAULT 0 CHECK (monthly_minutes >= 0)',
    'ALTER TABLE tasks ADD COLUMN estimate_minutes integer CHECK (estimate_minutes IS NULL OR estimate_minutes BETWEEN 1 AND 60000)',
    `CREATE TABLE client_budget_notices (
       client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
       month text NOT NULL CHECK (month ~ '^[0-9]{4}-[0-9]{2}$'),
       threshold_percent integer NOT NULL CHECK (threshold_percent IN (80, 100)),
       notified_at timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP,
       PRIMARY KEY (client_id, month, threshold_percent)
     )`,
  ],
};
