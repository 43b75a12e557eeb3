/**
 * Who hears of a client's budget: its bookkeeper and its reviewer, the two people on the client who do and
 * check its work (and can slow it down or talk to the client about more hours), once a month at 80 % and at
 * 100 % of its plan's hours. The link opens the client's Budget tab on that month.
 */
import { formatMinutes } from '../../../../common/capacity.ts';
import { monthLabel } from '../../../../common/calendar.ts';
import { clientBudgetPath } from '../../../../common/links.ts';
import type { Queryable } from '../../db/database.ts';
import { notifyUsers } from '../notifications/index.ts';

export interface BudgetNotice {
  clientId: number;
  clientName: string;
  month: string;
  threshold: number;
  logged: number;
  included: number;
}

export async function notifyBudgetReached(tx: Queryable, userIds: readonly number[], notice: BudgetNotice): Promise<void> {
  if (userIds.length === 0) return;
  const over = notice.threshold >= 100;
  await notifyUsers(tx, userIds, {
    kind: 'client_budget_reached',
    title: over ? 'Client budget used up' : `Client budget at ${notice.threshold} %`,
    body: `${notice.clientName}: ${formatMinutes(notice.logged)} h logged in ${monthLabel(notice.month)} of the ${formatMinutes(notice.included)} h its plan includes.`,
    link: clientBudgetPath(notice.clientId, notice.month),
    subject: { entity: 'client', id: notice.clientId, client_id: notice.clientId },
  });
}
