/**
 * Migration 116: practice-rollup. Each person's minutes per client and month, kept by a trigger on
 * time_entries, so the profitability report and the dashboard over a year read a few thousand rows rather
 * than every entry (half a million in a year of a 50-person firm). The trigger keeps it whichever module writes
 * the entries; the rows already there are summed once here.
 */
import type { Migration } from './migration.ts';

export const migration: Migration = {
  id: 116,
  name: 'practice-rollup',
  statements: [
    `CREATE TABLE time_month_totals (
       month date NOT NULL,
       client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
       user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
       minutes bigint NOT NULL DEFAULT 0,
       billable_minutes bigint NOT NULL DEFAULT 0,
       PRIMARY KEY (month, client_id, user_id)
     )`,
    'CREATE INDEX time_month_totals_user_idx ON time_month_totals (user_id, month)',
    `CREATE FUNCTION time_month_totals_apply(p_month date, p_client integer, p_user integer, p_minutes bigint, p_billable bigint) RETURNS void AS $$
     BEGIN
       INSERT INTO time_month_totals AS t (month, client_id, user_id, minutes, billable_minutes)
       VALUES (p_month, p_client, p_user, p_minutes, p_billable)
       ON CONFLICT (month, client_id, user_id) DO UPDATE SET minutes = t.minutes + EXCLUDED.minutes, billable_minutes = t.billable_minutes + EXCLUDED.billable_minutes;
     END
     $$ LANGUAGE plpgsql`,
    `CREATE FUNCTION time_month_totals_keep() RETURNS trigger AS $$
     BEGIN
       IF TG_OP IN ('UPDATE', 'DELETE') THEN
         PERFORM time_month_totals_apply(date_trunc('month', OLD.work_date)::date, OLD.client_id, OLD.user_id, -OLD.minutes, CASE WHEN OLD.billable THEN -OLD.minutes ELSE 0 END);
       END IF;
       IF TG_OP IN ('INSERT', 'UPDATE') THEN
         PERFORM time_month_totals_apply(date_trunc('month', NEW.work_date)::date, NEW.client_id, NEW.user_id, NEW.minutes, CASE WHEN NEW.billable THEN NEW.minutes ELSE 0 END);
       END IF;
       RETURN NULL;
     END
     $$ LANGUAGE plpgsql`,
    `CREATE TRIGGER time_entries_month_totals AFTER INSERT OR UPDATE OF work_date, client_id, user_id, minutes, billable OR DELETE ON time_entries
     FOR EACH ROW EXECUTE FUNCTION time_month_totals_keep()`,
    `INSERT INTO time_month_totals (month, client_id, user_id, minutes, billable_minutes)
     SELECT date_trunc('month', work_date)::date, client_id, user_id, sum(minutes), coalesce(sum(minutes) FILTER (WHERE billable), 0) FROM time_entries GROUP BY 1, 2, 3`,
    // Revenue by month reads invoices by date across every client.
    'CREATE INDEX invoices_issued_idx ON invoices (issued_on) INCLUDE (client_id, kind, net_fils)',
  ],
};
