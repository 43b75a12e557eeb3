/**
 * The tasks' scheduled work, run by every back end on a timer (SERVICE_DESK_JOBS_INTERVAL_MS) and once
 * when it is ready: create the recurring tasks whose day has come (template-store.ts) and tell each
 * assignee, once, of a task due within 24 hours. A task is due at the end of its Dubai due day, so the
 * notice goes from the Dubai midnight that starts that day. Once with any number of replicas: the UPDATE
 * that stamps due_notice_at takes the rows still unstamped, and a second replica's UPDATE waits on the
 * row locks and then finds them stamped.
 */
import { addDays, dubaiDate } from '../../../../common/calendar.ts';
import type { Database } from '../../db/database.ts';
import { notifyTaskDueSoon } from './notify.ts';
import { createRecurringTasks } from './template-store.ts';

export async function sendTaskDueNotices(db: Database, now = new Date()): Promise<number> {
  const today = dubaiDate(now);
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ id: number; title: string; due_on: string; assignee_id: number; client_name: string }>(
      `UPDATE tasks t SET due_notice_at = CURRENT_TIMESTAMP FROM clients c
       WHERE c.id = t.client_id AND t.due_notice_at IS NULL AND t.status <> 'done' AND t.assignee_id IS NOT NULL
         AND t.due_on BETWEEN $1::date AND $2::date
       RETURNING t.id, t.title, to_char(t.due_on, 'YYYY-MM-DD') AS due_on, t.assignee_id, c.legal_name AS client_name`,
      // Today's tasks are due within 24 h; yesterday's were due under a day ago and may not have been told yet.
      [addDays(today, -1), today],
    );
    for (const row of rows) await notifyTaskDueSoon(tx, row, row.assignee_id);
    return rows.length;
  });
}

export async function runTaskJobs(db: Database, now = new Date()): Promise<{ created: number; notices: number }> {
  const created = await createRecurringTasks(db, now);
  const notices = await sendTaskDueNotices(db, now);
  return { created, notices };
}
