/**
 * Migration 118: revenue-month-totals. Each client's revenue per month (tax invoices less credit notes, net of
 * VAT, by the month each was issued), kept by a trigger on invoices whichever module writes them. The
 * profitability report by staff member shares each client month's revenue by minutes: read from here it is a
 * walk of two tables in the same key order (month, client) beside the monthly totals of time, rather than every
 * invoice of the range summed by month first. The rows already there are summed once here.
 */
import type { Migration } from './migration.ts';

export const migration: Migration = {
  id: 118,
  name: 'revenue-month-totals',
  statements: [
    `CREATE TABLE revenue_month_totals (
       month date NOT NULL,
       client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
       revenue_fils bigint NOT NULL DEFAULT 0,
       PRIMARY KEY (month, client_id)
     )`,
    `CREATE FUNCTION revenue_month_totals_apply(p_month date, p_client integer, p_fils bigint) RETURNS void AS $$
     BEGIN
       INSERT INTO revenue_month_totals AS t (month, client_id, revenue_fils) VALUES (p_month, p_client, p_fils)
       ON CONFLICT (month, client_id) DO UPDATE SET revenue_fils = t.revenue_fils + EXCLUDED.revenue_fils;
     END
     $$ LANGUAGE plpgsql`,
    `CREATE FUNCTION revenue_month_totals_keep() RETURNS trigger AS $$
     BEGIN
       IF TG_OP IN ('UPDATE', 'DELETE') THEN
         PERFORM revenue_month_totals_apply(date_trunc('month', OLD.issued_on)::date, OLD.client_id, CASE WHEN OLD.kind = 'credit_note' THEN OLD.net_fils ELSE -OLD.net_fils END);
       END IF;
       IF TG_OP IN ('INSERT', 'UPDATE') THEN
         PERFORM revenue_month_totals_apply(date_trunc('month', NEW.issued_on)::date, NEW.client_id, CASE WHEN NEW.kind = 'credit_note' THEN -NEW.net_fils ELSE NEW.net_fils END);
       END IF;
       RETURN NULL;
     END
     $$ LANGUAGE plpgsql`,
    `CREATE TRIGGER invoices_revenue_month_totals AFTER INSERT OR UPDATE OF issued_on, client_id, kind, net_fils OR DELETE ON invoices
     FOR EACH ROW EXECUTE FUNCTION revenue_month_totals_keep()`,
    `INSERT INTO revenue_month_totals (month, client_id, revenue_fils)
     SELECT date_trunc('month', issued_on)::date, client_id, sum(CASE WHEN kind = 'credit_note' THEN -net_fils ELSE net_fils END) FROM invoices GROUP BY 1, 2`,
  ],
};
