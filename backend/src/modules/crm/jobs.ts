/**
 * The CRM's scheduled work: a lead's follow-up date that has passed (before today, Dubai) tells its owner once.
 * The claim is one UPDATE that records the date told (follow_up_notified_for) and returns the leads it
 * changed, so replicas running it at the same moment cannot both tell; a new date is told again when it passes.
 */
import type { FastifyInstance } from 'fastify';
import { formatDubaiDay } from '../../../../common/dubai-time.ts';
import { dubaiDate } from '../../../../common/calendar.ts';
import type { Database } from '../../db/database.ts';
import { startJobTimer } from '../../lib/job-timer.ts';
import type { ModuleOptions } from '../../lib/module.ts';
import { notifyUsers } from '../notifications/index.ts';
import { crmPagePath } from '../../../../common/contract/crm-paths.ts';
import { CLOSED_LEAD_STAGES_SQL } from '../../../../common/crm.ts';

export async function sendFollowUpNotices(db: Database, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx.query<{ id: number; owner_id: number; company: string; next_follow_up: string }>(
      `UPDATE leads SET follow_up_notified_for = next_follow_up
       WHERE stage NOT IN ${CLOSED_LEAD_STAGES_SQL} AND owner_id IS NOT NULL AND next_follow_up < $1::date
         AND follow_up_notified_for IS DISTINCT FROM next_follow_up
       RETURNING id, owner_id, company, to_char(next_follow_up, 'YYYY-MM-DD') AS next_follow_up`,
      [dubaiDate(now)],
    );
    for (const lead of due) {
      await notifyUsers(tx, [lead.owner_id], {
        kind: 'lead_follow_up_due',
        title: 'Follow-up overdue',
        body: `The follow-up with ${lead.company} was due on ${formatDubaiDay(lead.next_follow_up)}.`,
        link: crmPagePath.lead(lead.id),
      });
    }
    return due.length;
  });
}

export async function setupCrmJobs(app: FastifyInstance, { config }: ModuleOptions): Promise<void> {
  // The clients area's interval: one setting for the back end's scheduled work.
  startJobTimer(app, 'crm follow-up notices', config.CLIENT_JOBS_INTERVAL_MS, async () => ({ sent: await sendFollowUpNotices(app.db) }));
}
