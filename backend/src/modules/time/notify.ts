/** Who hears of a week: its approvers when it is submitted, its user when it is approved or returned. */
import { rolesThat } from '../../../../common/access.ts';
import { timesheetPath } from '../../../../common/links.ts';
import type { Queryable } from '../../db/database.ts';
import { notifyRoles, notifyUsers } from '../notifications/index.ts';

async function nameOf(tx: Queryable, userId: number): Promise<string> {
  const [user] = await tx.query<{ name: string }>('SELECT coalesce(display_name, email) AS name FROM users WHERE id = $1', [userId]);
  return user?.name ?? 'A user';
}

export async function notifyTimesheetSubmitted(tx: Queryable, sheet: { userId: number; week: string; actorId: number }): Promise<void> {
  const name = await nameOf(tx, sheet.userId);
  await notifyRoles(
    tx,
    rolesThat('approve-timesheets'),
    { kind: 'timesheet_submitted', title: 'Timesheet submitted', body: `${name} submitted the week ${sheet.week} for approval.`, link: timesheetPath({ user: sheet.userId, week: sheet.week }) },
    sheet.actorId,
  );
}

export async function notifyTimesheetDecided(tx: Queryable, sheet: { userId: number; week: string; approved: boolean; reason: string | null }): Promise<void> {
  await notifyUsers(tx, [sheet.userId], {
    kind: sheet.approved ? 'timesheet_approved' : 'timesheet_returned',
    title: sheet.approved ? 'Timesheet approved' : 'Timesheet returned',
    body: sheet.approved ? `Your week ${sheet.week} was approved.` : `Your week ${sheet.week} was returned: ${sheet.reason ?? ''}`,
    link: timesheetPath({ week: sheet.week }),
  });
}
