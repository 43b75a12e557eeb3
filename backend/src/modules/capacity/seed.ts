/**
 * The demo's budgets and capacity: estimates on the open tasks (a few hours each, the demo bookkeeper's heavier,
 * so some of their weeks are overbooked), a part-time bookkeeper at 24 h a week, and leave days for a few staff:
 * taken in the past weeks and planned in the coming ones (upcoming leave is a plan, not an event). The plans'
 * hours are seeded with the plans; the time logged against them is the time entries' seed.
 */
import { addDays, dubaiDate } from '../../../../common/calendar.ts';
import { mondayOf } from '../../../../common/capacity.ts';
import type { Queryable } from '../../db/database.ts';
import type { DemoContext } from '../../demo/context.ts';
import { workingDaysBetween } from './store.ts';

/** Estimates in minutes, picked by task id: an hour to a day's work. */
const ESTIMATES = [60, 90, 120, 180, 240, 300, 480] as const;

const staffByEmail = async (tx: Queryable, email: string): Promise<number | null> => (await tx.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]))[0]?.id ?? null;

export async function seedCapacity(tx: Queryable, { now }: DemoContext): Promise<void> {
  const today = dubaiDate(now);
  const monday = mondayOf(today);
  const admin = await staffByEmail(tx, 'admin@example.com');
  const bookkeeper = await staffByEmail(tx, 'bookkeeper@example.com');
  const reviewer = await staffByEmail(tx, 'reviewer@example.com');
  // Most open tasks carry an estimate; every seventh is left without one (the view counts those apart).
  await tx.query(
    `UPDATE tasks SET estimate_minutes = (ARRAY[${ESTIMATES.join(', ')}])[1 + id % ${ESTIMATES.length}] WHERE status <> 'done' AND id % 7 <> 3`,
  );
  // The demo bookkeeper's month-end work is bigger: a day and a half each, so this week and next are overbooked.
  if (bookkeeper !== null) {
    await tx.query("UPDATE tasks SET estimate_minutes = 720 WHERE assignee_id = $1 AND status <> 'done' AND due_on BETWEEN $2::date AND $3::date", [bookkeeper, monday, addDays(monday, 13)]);
  }
  // A part-timer: the first other bookkeeper, three days a week.
  const [partTimer] = await tx.query<{ id: number }>("SELECT id FROM users WHERE role = 'BOOKKEEPER' AND id <> coalesce($1, 0) AND deactivated_at IS NULL ORDER BY id LIMIT 1", [bookkeeper]);
  if (partTimer) await tx.query('UPDATE users SET weekly_capacity_minutes = 1440 WHERE id = $1', [partTimer.id]);

  const leave = async (userId: number | null | undefined, from: string, to: string, note: string) => {
    if (userId === null || userId === undefined) return;
    const days = workingDaysBetween(from, to);
    await tx.query('INSERT INTO staff_leave_days (user_id, day, note, created_by) SELECT $1, unnest($2::date[]), $3, $4 ON CONFLICT DO NOTHING', [userId, days, note, admin]);
  };
  // Taken: the bookkeeper's long weekend three weeks ago, the reviewer's week last month.
  await leave(bookkeeper, addDays(monday, -17), addDays(monday, -17), 'Long weekend');
  await leave(reviewer, addDays(monday, -35), addDays(monday, -31), 'Annual leave');
  // Planned: the bookkeeper's two days next week (on top of a full week's work), the reviewer's day in three weeks, the part-timer's week after.
  await leave(bookkeeper, addDays(monday, 7), addDays(monday, 8), 'Family visit');
  await leave(reviewer, addDays(monday, 22), addDays(monday, 22), 'Medical appointment');
  await leave(partTimer?.id, addDays(monday, 14), addDays(monday, 18), 'Annual leave');
}
