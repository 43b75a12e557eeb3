/**
 * The tasks' jobs below HTTP, on a fresh database: recurring tasks created once per occurrence (due dates
 * moved off weekends and UAE holidays) even with two back ends running the job at the same moment, and due
 * notices sent once. On Postgres the two "replicas" are two connection pools on one database; on PGlite they
 * share the one in-process database (the row claims are the same SQL either way).
 */
import { describe, expect, it } from 'vitest';
import { addDays, dubaiDate, dubaiMidnight } from '../../../common/calendar.ts';
import { occurrenceDueDate } from '../../../common/service-desk.ts';
import { createRecurringTasks, runTaskJobs, sendTaskDueNotices } from '../../../backend/src/modules/tasks/index.ts';
import { deskDatabaseForFile } from '../clients/desk-client.ts';

const desk = deskDatabaseForFile();
const HOUR_MS = 3_600_000;

describe('recurring tasks', () => {
  it('creates each occurrence once, due on a working day, with two back ends running at the same moment', async () => {
    // The 10th of January 2026 is a Saturday: that month's close is due Monday the 12th.
    expect(occurrenceDueDate('2026-01-01', 10)).toBe('2026-01-12');
    // 1 December (Commemoration Day) to 3 December (National Day) are holidays: due Thursday the 4th.
    expect(occurrenceDueDate('2025-12-01', 1)).toBe('2025-12-04');
    const [template] = await desk.db.query<{ id: number }>(
      `INSERT INTO task_templates (client_id, title, assignee_id, frequency, day_of_month, lead_days, checklist, next_occurrence_on)
       VALUES ($1, 'Monthly close', $2, 'monthly', 10, 7, '[{"text":"Bank","done":true}]', '2026-01-01') RETURNING id`,
      [desk.clientId, desk.bookkeeper],
    );
    // 5 January 2026 (Dubai): the January occurrence (due the 12th, created from the 5th) is due; February's is not.
    const now = new Date(dubaiMidnight('2026-01-05').getTime() + 9 * HOUR_MS);
    const created = await Promise.all([createRecurringTasks(desk.db, now), createRecurringTasks(desk.replica, now), createRecurringTasks(desk.db, now)]);
    expect(created.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await createRecurringTasks(desk.replica, now)).toBe(0);
    const tasks = await desk.db.query<{ due_on: string; checklist: { done: boolean }[] }>("SELECT to_char(due_on, 'YYYY-MM-DD') AS due_on, checklist FROM tasks WHERE template_id = $1 ORDER BY due_on", [template!.id]);
    expect(tasks).toEqual([{ due_on: '2026-01-12', checklist: [{ text: 'Bank', done: false }] }]);
    const [moved] = await desk.db.query<{ next: string }>("SELECT to_char(next_occurrence_on, 'YYYY-MM-DD') AS next FROM task_templates WHERE id = $1", [template!.id]);
    expect(moved!.next).toBe('2026-02-01');
    // A back end down for two months catches up, one task per occurrence, once.
    const later = new Date(dubaiMidnight('2026-03-05').getTime());
    const caught = await Promise.all([createRecurringTasks(desk.db, later), createRecurringTasks(desk.replica, later)]);
    expect(caught[0] + caught[1]).toBe(2);
    const all = await desk.db.query<{ due_on: string }>("SELECT to_char(due_on, 'YYYY-MM-DD') AS due_on FROM tasks WHERE template_id = $1 ORDER BY due_on", [template!.id]);
    expect(all.map((task) => task.due_on)).toEqual(['2026-01-12', '2026-02-10', '2026-03-10']);
    const notices = await desk.db.query<{ count: number }>("SELECT count(*)::int AS count FROM notifications WHERE user_id = $1 AND kind = 'task_created'", [desk.bookkeeper]);
    expect(notices[0]!.count).toBe(0);
    const assigned = await desk.db.query<{ count: number }>("SELECT count(*)::int AS count FROM notifications WHERE user_id = $1 AND kind = 'task_assigned'", [desk.bookkeeper]);
    expect(assigned[0]!.count).toBe(3);
  });

  it('sends the due-within-24-hours notice once per task, with two back ends at once', async () => {
    const now = new Date();
    const today = dubaiDate(now);
    const [task] = await desk.db.query<{ id: number }>("INSERT INTO tasks (client_id, title, assignee_id, due_on) VALUES ($1, 'Due today', $2, $3) RETURNING id", [desk.clientId, desk.bookkeeper, today]);
    const [later] = await desk.db.query<{ id: number }>("INSERT INTO tasks (client_id, title, assignee_id, due_on) VALUES ($1, 'Due next week', $2, $3) RETURNING id", [desk.clientId, desk.bookkeeper, addDays(today, 7)]);
    await desk.db.query("INSERT INTO tasks (client_id, title, assignee_id, due_on, status) VALUES ($1, 'Done today', $2, $3, 'done')", [desk.clientId, desk.bookkeeper, today]);
    const sent = await Promise.all([sendTaskDueNotices(desk.db, now), sendTaskDueNotices(desk.replica, now), sendTaskDueNotices(desk.db, now)]);
    expect(sent.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(1);
    expect((await runTaskJobs(desk.db, now)).notices).toBe(0);
    const notices = await desk.db.query<{ link: string }>("SELECT link FROM notifications WHERE user_id = $1 AND kind = 'task_due_soon' ORDER BY id", [desk.bookkeeper]);
    expect(notices.filter((notice) => notice.link === `/tasks?task=${task!.id}`)).toHaveLength(1);
    expect(notices.map((notice) => notice.link)).not.toContain(`/tasks?task=${later!.id}`);
  });
});
