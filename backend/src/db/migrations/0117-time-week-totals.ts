/**
 * Migration 117: time-week-totals. Each person's minutes per ISO week (its Monday), kept by a trigger on
 * time_entries as 0116 keeps the monthly totals, so the Capacity view's logged time over 12 weeks reads a row
 * per person and week (600 for a 50-person firm) rather than every entry of those weeks (over 100,000). The
 * rows already there are summed once here.
 */
import type { Migration } from './migration.ts';

export const migration: Migration = {
  id: 117,
  name: 'time-week-totals',
  statements: [
    `CREATE TABLE time_week_totals (
       week date NOT NULL,
       user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
       minutes bigint NOT NULL DEFAULT 0,
       PRIMARY KEY (week, user_id)
     )`,
    `CREATE FUNCTION time_week_totals_apply(p_week date, p_user integer, p_minutes bigint) RETURNS void AS $$
     BEGIN
       INSERT INTO time_week_totals AS t (week, user_id, minutes) VALUES (p_week, p_user, p_minutes)
       ON CONFLICT (week, user_id) DO UPDATE SET minutes = t.minutes + EXCLUDED.minutes;
     END
     $$ LANGUAGE plpgsql`,
    // date_trunc('week') is the ISO week's Monday, whatever the session's settings.
    `CREATE FUNCTION time_week_totals_keep() RETURNS trigger AS $$
     BEGIN
       IF TG_OP IN ('UPDATE', 'DELETE') THEN
         PERFORM time_week_totals_apply(date_trunc('week', OLD.work_date)::date, OLD.user_id, -OLD.minutes);
       END IF;
       IF TG_OP IN ('INSERT', 'UPDATE') THEN
         PERFORM time_week_totals_apply(date_trunc('week', NEW.work_date)::date, NEW.user_id, NEW.minutes);
       END IF;
       RETURN NULL;
     END
     $$ LANGUAGE plpgsql`,
    `CREATE TRIGGER time_entries_week_totals AFTER INSERT OR UPDATE OF work_date, user_id, minutes OR DELETE ON time_entries
     FOR EACH ROW EXECUTE FUNCTION time_week_totals_keep()`,
    `INSERT INTO time_week_totals (week, user_id, minutes)
     SELECT date_trunc('week', work_date)::date, user_id, sum(minutes) FROM time_entries GROUP BY 1, 2`,
  ],
};
