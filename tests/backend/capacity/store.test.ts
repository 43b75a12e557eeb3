/**
 * Budgets and capacity below HTTP, on a fresh database: a person's weeks (capacity less the UAE holidays and
 * their leave, planned work from open tasks' estimates, time logged, overbooked), a client's month budget by
 * staff member, and its notices at 80 % and 100 % sent once a month to the client's bookkeeper and reviewer,
 * whether the time entries' write or the sweep (on two back ends at once) finds them first.
 */
import { describe, expect, it } from 'vitest';
import { dubaiMidnight } from '../../../common/calendar.ts';
import { checkClientBudget, runCapacityJobs } from '../../../backend/src/modules/capacity/index.ts';
import { capacityWeeks, clientBudget } from '../../../backend/src/modules/capacity/store.ts';
import { insertUser } from '../../../backend/src/modules/users/index.ts';
import { deskDatabaseForFile } from '../clients/desk-client.ts';

const desk = deskDatabaseForFile();

async function planFor(clientId: number, monthlyMinutes: number, code: string): Promise<number> {
  await desk.db.query("INSERT INTO subscription_cycles (code, label, months, discount_bp) VALUES ('monthly', 'Monthly', 1, 0) ON CONFLICT DO NOTHING");
  const [plan] = await desk.db.query<{ id: number }>("INSERT INTO plans (code, name, monthly_price_fils, description, monthly_minutes) VALUES ($1, $1, 100000, '', $2) RETURNING id", [code, monthlyMinutes]);
  await desk.db.query(
    "INSERT INTO subscriptions (client_id, plan_id, cycle, net_fils, vat_fils, total_fils, starts_on, next_renewal_on) VALUES ($1, $2, 'monthly', 100000, 5000, 105000, '2026-01-01', '2027-01-01')",
    [clientId, plan!.id],
  );
  return plan!.id;
}

const logTime = (userId: number, clientId: number, date: string, minutes: number) =>
  desk.db.query('INSERT INTO time_entries (user_id, client_id, work_date, minutes) VALUES ($1, $2, $3, $4)', [userId, clientId, date, minutes]);

const notices = (userId: number) => desk.db.query<{ title: string; link: string }>("SELECT title, link FROM notifications WHERE user_id = $1 AND kind = 'client_budget_reached' ORDER BY id", [userId]);

describe('a person\u2019s weeks', () => {
  it('take the holidays and their own leave off the capacity, and mark a week whose estimates are more than it holds', async () => {
    const partTimer = await desk.db.transaction((tx) => insertUser(tx, 'part-timer@example.test', 'Part Timer', 'BOOKKEEPER'));
    await desk.db.query('UPDATE users SET weekly_capacity_minutes = 1440 WHERE id = $1', [partTimer]);
    // Week of 30 Nov 2026: 1-3 December are public holidays, so Monday and Friday are left; leave on Monday.
    await desk.db.query("INSERT INTO staff_leave_days (user_id, day) VALUES ($1, '2026-11-30'), ($1, '2026-12-01'), ($1, '2026-11-25')", [partTimer]);
    const task = (title: string, due: string, estimate: number | null, status = 'to_do') =>
      desk.db.query('INSERT INTO tasks (client_id, title, assignee_id, due_on, estimate_minutes, status) VALUES ($1, $2, $3, $4, $5, $6)', [desk.clientId, title, partTimer, due, estimate, status]);
    await task('VAT return', '2026-11-24', 600);
    await task('Payroll', '2026-11-27', 600);
    await task('Close', '2026-11-27', null);
    await task('Filed already', '2026-11-26', 5000, 'done');
    await task('Bank reconciliation', '2026-12-04', 300);
    await logTime(partTimer, desk.clientId, '2026-11-23', 240);
    await logTime(partTimer, desk.clientId, '2026-11-29', 60);
    await logTime(partTimer, desk.clientId, '2026-11-30', 45);

    const view = await capacityWeeks(desk.db, { from: '2026-11-25', weeks: 2 }, false);
    expect(view.from).toBe('2026-11-23');
    expect(view.weeks).toEqual([{ week: '2026-W48', starts_on: '2026-11-23' }, { week: '2026-W49', starts_on: '2026-11-30' }]);
    expect(view.holidays.map((holiday) => holiday.date)).toEqual(['2026-12-01', '2026-12-02', '2026-12-03']);
    const weeks = view.people.find((each) => each.user.id === partTimer)!.weeks;
    // 24 h over five days is 4:48 a day: four days in the first week (leave on the 25th), one in the second.
    expect(weeks[0]).toMatchObject({ capacity_minutes: 1152, planned_minutes: 1200, logged_minutes: 300, tasks: 3, unestimated_tasks: 1, overbooked: true, leave_days: ['2026-11-25'] });
    expect(weeks[1]).toMatchObject({ capacity_minutes: 288, planned_minutes: 300, logged_minutes: 45, tasks: 1, overbooked: true, leave_days: ['2026-11-30', '2026-12-01'] });

    await desk.db.query('UPDATE users SET weekly_capacity_minutes = 2400 WHERE id = $1', [partTimer]);
    const fullTime = (await capacityWeeks(desk.db, { from: '2026-11-23', weeks: 1 }, true)).people.find((each) => each.user.id === partTimer)!.weeks[0]!;
    expect(fullTime).toMatchObject({ capacity_minutes: 1920, planned_minutes: 1200, overbooked: false });

    // The logged time is the weekly totals the trigger keeps (0117), whichever way an entry changes or goes.
    const weekTotals = () => desk.db.query<{ week: string; minutes: number }>("SELECT to_char(week, 'YYYY-MM-DD') AS week, minutes::int AS minutes FROM time_week_totals WHERE user_id = $1 AND minutes <> 0 ORDER BY week", [partTimer]);
    expect(await weekTotals()).toEqual([{ week: '2026-11-23', minutes: 300 }, { week: '2026-11-30', minutes: 45 }]);
    await desk.db.query("UPDATE time_entries SET work_date = '2026-12-02', minutes = 50 WHERE user_id = $1 AND work_date = '2026-11-29'", [partTimer]);
    await desk.db.query("DELETE FROM time_entries WHERE user_id = $1 AND work_date = '2026-11-30'", [partTimer]);
    expect(await weekTotals()).toEqual([{ week: '2026-11-23', minutes: 240 }, { week: '2026-11-30', minutes: 50 }]);
    const moved = (await capacityWeeks(desk.db, { from: '2026-11-23', weeks: 2 }, true)).people.find((each) => each.user.id === partTimer)!.weeks;
    expect(moved.map((week) => week.logged_minutes)).toEqual([240, 50]);
  });
});

describe('a client\u2019s month budget', () => {
  it('is its plan\u2019s hours against the time logged in the month, by staff member', async () => {
    const reviewer = await desk.db.transaction((tx) => insertUser(tx, 'budget-reviewer@example.test', 'Budget Reviewer', 'REVIEWER'));
    await desk.db.query('UPDATE clients SET reviewer_id = $2 WHERE id = $1', [desk.clientId, reviewer]);
    await planFor(desk.clientId, 600, 'budget-ten-hours');
    await logTime(desk.bookkeeper, desk.clientId, '2026-10-01', 300);
    await logTime(reviewer, desk.clientId, '2026-10-31', 90);
    await logTime(desk.bookkeeper, desk.clientId, '2026-11-01', 999);
    const budget = await clientBudget(desk.db, desk.clientId, '2026-10');
    expect(budget).toMatchObject({ month: '2026-10', included_minutes: 600, logged_minutes: 390, percent_used: 65, thresholds_reached: [] });
    expect(budget.by_staff.map((row) => [row.user.id, row.minutes])).toEqual([[desk.bookkeeper, 300], [reviewer, 90]]);

    // 80 %: the bookkeeper and the reviewer hear once, whoever checks again.
    await logTime(desk.bookkeeper, desk.clientId, '2026-10-15', 90);
    expect(await desk.db.transaction((tx) => checkClientBudget(tx, desk.clientId, '2026-10'))).toEqual([80]);
    expect(await desk.db.transaction((tx) => checkClientBudget(tx, desk.clientId, '2026-10'))).toEqual([]);
    expect(await notices(desk.bookkeeper)).toEqual([{ title: 'Client budget at 80 %', link: `/clients/${desk.clientId}?tab=budget&month=2026-10` }]);
    expect(await notices(reviewer)).toHaveLength(1);

    // 100 %: once more, then never again that month; a month of its own starts afresh.
    await logTime(desk.bookkeeper, desk.clientId, '2026-10-20', 200);
    expect(await desk.db.transaction((tx) => checkClientBudget(tx, desk.clientId, '2026-10'))).toEqual([100]);
    await logTime(desk.bookkeeper, desk.clientId, '2026-10-21', 200);
    expect(await desk.db.transaction((tx) => checkClientBudget(tx, desk.clientId, '2026-10'))).toEqual([]);
    expect((await notices(desk.bookkeeper)).map((notice) => notice.title)).toEqual(['Client budget at 80 %', 'Client budget used up']);
    expect((await clientBudget(desk.db, desk.clientId, '2026-10')).thresholds_reached).toEqual([80, 100]);
  });

  it('is swept for what the writes missed, once with two back ends at once; both thresholds at once make one notice', async () => {
    // November already holds 999 minutes of a 600-minute plan; the sweep on 3 December still looks at November.
    const now = new Date(dubaiMidnight('2026-12-03').getTime() + 3_600_000);
    const swept = await Promise.all([runCapacityJobs(desk.db, now), runCapacityJobs(desk.replica, now)]);
    expect(swept[0].budget_notices + swept[1].budget_notices).toBe(2);
    expect((await runCapacityJobs(desk.db, now)).budget_notices).toBe(0);
    const november = (await notices(desk.bookkeeper)).filter((notice) => notice.link.endsWith('month=2026-11'));
    expect(november.map((notice) => notice.title)).toEqual(['Client budget used up']);
    const [claimed] = await desk.db.query<{ count: number }>("SELECT count(*)::int AS count FROM client_budget_notices WHERE client_id = $1 AND month = '2026-11'", [desk.clientId]);
    expect(claimed!.count).toBe(2);
  });

  it('is no budget for a plan without hours: nothing is reached or told', async () => {
    const other = await desk.db.query<{ id: number }>("INSERT INTO clients (legal_name, trade_licence_number, licensing_authority, legal_form, licence_expires_on, financial_year_end_month, email, phone, address, bookkeeper_id) SELECT 'No Hours LLC', 'CN-NOHOURS', licensing_authority, legal_form, licence_expires_on, 12, email, phone, address, bookkeeper_id FROM clients WHERE id = $1 RETURNING id", [desk.clientId]);
    const clientId = other[0]!.id;
    await planFor(clientId, 0, 'no-hours');
    await logTime(desk.bookkeeper, clientId, '2026-10-02', 600);
    expect(await clientBudget(desk.db, clientId, '2026-10')).toMatchObject({ included_minutes: 0, logged_minutes: 600, percent_used: null, thresholds_reached: [] });
    expect(await desk.db.transaction((tx) => checkClientBudget(tx, clientId, '2026-10'))).toEqual([]);
  });
});
