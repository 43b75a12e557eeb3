/**
 * The practice arithmetic below HTTP, on a fresh database: revenue is invoices less credit notes (net of VAT,
 * by the month issued), cost is minutes x rate / 60 rounded half up once per row, margin and margin % in
 * basis points, a staff member's share of a client's revenue by minutes, and utilisation over a capacity that
 * leaves out weekends, UAE public holidays and leave days. Time entries go in by SQL (another module writes them).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../backend/src/db/database.ts';
import { createClient, createSubscription, type NewClient } from '../../../backend/src/modules/clients/index.ts';
import { dashboard } from '../../../backend/src/modules/practice/dashboard-store.ts';
import { profitability } from '../../../backend/src/modules/practice/profitability-store.ts';
import { seedPlans } from '../../../backend/src/modules/plans/seed.ts';
import { insertUser } from '../../../backend/src/modules/users/index.ts';
import { capacityMinutes, costFils, formatBp, marginBp, workingDaysBetween } from '../../../common/practice.ts';
import { openTestDatabase } from '../support.ts';

let db: Database;
let ana: number;
let ben: number;
let losing: number;
let earning: number;
let sequence = 0;

const profile = (legalName: string, bookkeeperId: number): NewClient => ({
  registrationId: null,
  userId: null,
  legalName,
  tradeLicenceNumber: `PR-${legalName.length}${legalName.charCodeAt(0)}`,
  licensingAuthority: 'Mainland (DET)',
  legalForm: 'Limited Liability Company (LLC)',
  licenceExpiresOn: '2030-01-01',
  vatRegistered: false,
  trn: null,
  vatPeriod: null,
  vatFirstPeriodEndMonth: null,
  corporateTaxNumber: null,
  financialYearEndMonth: 12,
  email: 'accounts@practice-test.ae',
  phone: '+971 4 000 0000',
  address: 'Office 1, Business Bay, Dubai',
  bookkeeperId,
  reviewerId: null,
});

async function invoice(clientId: number, issuedOn: string, netFils: number, credits?: number): Promise<number> {
  sequence += 1;
  const series = credits ? 'CN' : 'INV';
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO invoices (kind, series, sequence, number, client_id, credited_invoice_id, reason, issued_on, due_on, client_name, client_address, net_fils, vat_fils, total_fils)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::date, $8::date, 'Test', 'Dubai', $9, $10, $11) RETURNING id`,
    [credits ? 'credit_note' : 'invoice', series, 9000 + sequence, `${series}-T${sequence}`, clientId, credits ?? null, credits ? 'Fee waived' : null, issuedOn, netFils, netFils / 20, netFils + netFils / 20],
  );
  return row!.id;
}

const log = (userId: number, clientId: number, date: string, minutes: number, billable = true) =>
  db.query('INSERT INTO time_entries (user_id, client_id, work_date, minutes, billable) VALUES ($1, $2, $3::date, $4, $5)', [userId, clientId, date, minutes, billable]);

beforeAll(async () => {
  db = await openTestDatabase();
  await db.transaction(async (tx) => {
    await seedPlans(tx);
    ana = await insertUser(tx, 'practice-ana@example.test', 'Ana Senior', 'BOOKKEEPER');
    ben = await insertUser(tx, 'practice-ben@example.test', 'Ben Junior', 'BOOKKEEPER');
    const [plan] = await tx.query<{ id: number }>("SELECT id FROM plans WHERE code = 'starter'");
    losing = await createClient(tx, profile('Losing Trading LLC', ana));
    earning = await createClient(tx, profile('Earning Trading LLC', ana));
    await createSubscription(tx, { clientId: losing, planId: plan!.id, cycle: 'monthly', discountBp: 0, startsOn: '2026-01-01' });
    await createSubscription(tx, { clientId: earning, planId: plan!.id, cycle: 'monthly', discountBp: 0, startsOn: '2026-01-01' });
    // AED 250.00 and AED 90.00 an hour.
    await tx.query('INSERT INTO staff_cost_rates (user_id, hourly_fils) VALUES ($1, 25000), ($2, 9000)', [ana, ben]);
  });
  // Losing: AED 1,000 invoiced in March, AED 400 credited in April (the credit counts in April).
  const march = await invoice(losing, '2026-03-02', 100_000);
  await invoice(losing, '2026-04-05', 40_000, march);
  await invoice(earning, '2026-03-02', 500_000);
  // Ana: 7 minutes on each (7 x 250 / 60 = 29.166 AED -> 2916.67 fils, rounded once); Ben: 600 minutes on Losing in March, 100 of them not billable.
  await log(ana, losing, '2026-03-03', 7);
  await log(ana, earning, '2026-03-03', 7);
  await log(ben, losing, '2026-03-04', 500);
  await log(ben, losing, '2026-03-05', 100, false);
});
afterAll(() => db?.close());

describe('the arithmetic', () => {
  it('rounds cost half up once, and margin % in basis points', () => {
    expect(costFils(7 * 25_000)).toBe(2917);
    expect(costFils(1 * 90)).toBe(2); // 1.5 fils -> 2
    expect(costFils(1 * 89)).toBe(1);
    expect(marginBp(60_000, -30_000)).toBe(-5000);
    expect(marginBp(3, 1)).toBe(3333);
    expect(marginBp(0, -100)).toBeNull();
    expect(formatBp(-1250)).toBe('-12.5 %');
    expect(formatBp(3333)).toBe('33.33 %');
  });

  it('counts capacity over working days less UAE holidays and leave', () => {
    // December 2026: 23 weekdays, three of them public holidays (Commemoration Day and National Day, 1 to 3 December).
    const days = workingDaysBetween('2026-12-01', '2026-12-31');
    expect(days).not.toContain('2026-12-02');
    expect(days).not.toContain('2026-12-05');
    expect(days.length).toBe(20);
    expect(capacityMinutes(2400, days, new Set())).toBe(20 * 480);
    expect(capacityMinutes(2400, days, new Set(['2026-12-07', '2026-12-06']))).toBe(19 * 480); // a Sunday off changes nothing
    expect(capacityMinutes(2250, days, new Set())).toBe(20 * 450);
    expect(capacityMinutes(2000, days.slice(0, 3), new Set())).toBe(1200);
  });
});

describe('profitability', () => {
  it('per client: revenue less credit notes by month issued, cost rounded once per row, the losing client first', async () => {
    const report = await profitability(db, { from: '2026-03', to: '2026-04', group: 'client' });
    const [first, second] = report.results;
    // Losing: 1,000.00 - 400.00 = 600.00 revenue; cost 7 x 250 + 600 x 90 minutes-fils / 60 = 2916.67 + 90000 = 92916.67 -> 92917.
    expect(first).toMatchObject({ id: losing, revenue_fils: 60_000, minutes: 607, billable_minutes: 507, cost_fils: 92_917, margin_fils: -32_917, margin_bp: -5486 });
    expect(second).toMatchObject({ id: earning, revenue_fils: 500_000, minutes: 7, cost_fils: 2917, margin_fils: 497_083, margin_bp: 9942 });
    expect(report.months).toEqual([
      { month: '2026-03', revenue_fils: 600_000, cost_fils: 95_833, margin_fils: 504_167 },
      { month: '2026-04', revenue_fils: -40_000, cost_fils: 0, margin_fils: -40_000 },
    ]);
    expect(report.totals.revenue_fils).toBe(560_000);

    const onlyLosing = await profitability(db, { from: '2026-03', to: '2026-04', group: 'client', losing: true });
    expect(onlyLosing.results.map((row) => row.id)).toEqual([losing]);
    const byName = await profitability(db, { from: '2026-03', to: '2026-04', group: 'client', sort: '-name' });
    expect(byName.results.map((row) => row.name)).toEqual(['Losing Trading LLC', 'Earning Trading LLC']);
  });

  it('per plan: the clients of the plan together', async () => {
    const report = await profitability(db, { from: '2026-03', to: '2026-04', group: 'plan' });
    expect(report.results).toHaveLength(1);
    expect(report.results[0]).toMatchObject({ revenue_fils: 560_000, cost_fils: 95_834 - 1, minutes: 614 });
  });

  it('per staff member: revenue shared by minutes, utilisation over capacity less holidays and leave', async () => {
    await db.query("INSERT INTO staff_leave_days (user_id, day) VALUES ($1, '2026-03-09'), ($1, '2026-03-10'), ($1, '2026-03-14')", [ben]);
    const report = await profitability(db, { from: '2026-03', to: '2026-03', group: 'staff' });
    const row = (id: number) => report.results.find((result) => result.id === id)!;
    // March 2026: 22 weekdays less the Eid al-Fitr holidays the one holiday table holds.
    const working = workingDaysBetween('2026-03-01', '2026-03-31').length;
    expect(working).toBe(20);
    expect(row(ben).capacity_minutes).toBe((working - 2) * 480);
    expect(row(ben).utilisation_bp).toBe(Math.round((500 * 10_000) / ((working - 2) * 480)));
    expect(row(ana).capacity_minutes).toBe(working * 480);
    // Ben did 600 of Losing's 607 March minutes: 600/607 of 1,000.00 = 98846.78 -> 98846; Ana 7/607 -> 1153 plus all of Earning's 500,000.
    expect(row(ben)).toMatchObject({ revenue_fils: 98_846, cost_fils: 90_000, minutes: 600, billable_minutes: 500 });
    expect(row(ana)).toMatchObject({ revenue_fils: 501_153, cost_fils: costFils(14 * 25_000), minutes: 14 });
  });

  it('keeps the monthly totals when entries change or go', async () => {
    const [entry] = await db.query<{ id: number }>('SELECT id FROM time_entries WHERE user_id = $1 AND minutes = 100', [ben]);
    await db.query('UPDATE time_entries SET billable = true, work_date = $2::date WHERE id = $1', [entry!.id, '2026-04-01']);
    let report = await profitability(db, { from: '2026-04', to: '2026-04', group: 'client' });
    expect(report.results.find((row) => row.id === losing)).toMatchObject({ minutes: 100, billable_minutes: 100, cost_fils: 15_000 });
    await db.query('DELETE FROM time_entries WHERE id = $1', [entry!.id]);
    report = await profitability(db, { from: '2026-04', to: '2026-04', group: 'client' });
    expect(report.results.find((row) => row.id === losing)).toMatchObject({ minutes: 0, cost_fils: 0, revenue_fils: -40_000 });
  });

  it('keeps the monthly revenue when an invoice changes or goes', async () => {
    const id = await invoice(earning, '2026-06-10', 70_000);
    const june = async () => (await profitability(db, { from: '2026-06', to: '2026-07', group: 'client' })).months.map((month) => month.revenue_fils);
    expect(await june()).toEqual([70_000, 0]);
    await db.query("UPDATE invoices SET issued_on = '2026-07-01' WHERE id = $1", [id]);
    expect(await june()).toEqual([0, 70_000]);
    await db.query('DELETE FROM invoices WHERE id = $1', [id]);
    expect(await june()).toEqual([0, 0]);
    const [rows] = await db.query<{ count: number }>("SELECT count(*)::int AS count FROM revenue_month_totals WHERE month IN ('2026-06-01', '2026-07-01') AND revenue_fils <> 0");
    expect(rows!.count).toBe(0);
  });

  it('refuses a range that runs backwards or is too long', async () => {
    await expect(profitability(db, { from: '2026-04', to: '2026-03', group: 'client' })).rejects.toMatchObject({ statusCode: 400, field: 'to' });
    await expect(profitability(db, { from: '2024-01', to: '2026-03', group: 'client' })).rejects.toMatchObject({ statusCode: 400, field: 'to' });
  });
});

describe('the dashboard', () => {
  /** An e-invoice of a fresh invoice, issued at `created`, with its attempts (outcome at a time) as the worker and 'Send now' record them. */
  async function einvoice(state: string, created: string, attempts: [string, string][]): Promise<void> {
    const invoiceId = await invoice(earning, created.slice(0, 10), 10_000);
    await db.query("INSERT INTO einvoices (invoice_id, uuid, xml, state, created_at) VALUES ($1, gen_random_uuid(), '<Invoice/>', $2, $3::timestamptz)", [invoiceId, state, created]);
    for (const [outcome, at] of attempts) {
      await db.query("INSERT INTO einvoice_attempts (invoice_id, started_at, duration_ms, action, outcome, worker) VALUES ($1, $2::timestamptz, 5, 'submit', $3, 'test')", [invoiceId, at, outcome]);
    }
  }

  it('counts e-invoices needing attention at each month end: last month too, from the attempts', async () => {
    // Rejected in October, sent again by hand and reported in November: October's end only.
    await einvoice('reported', '2026-10-19T10:00:00+04:00', [['received', '2026-10-19T10:01:00+04:00'], ['rejected', '2026-10-20T09:00:00+04:00'], ['queued', '2026-11-05T09:00:00+04:00'], ['reported', '2026-11-06T09:00:00+04:00']]);
    // Fails the rules from its issue on 1 November (Dubai; 31 October in UTC): November only.
    await einvoice('invalid', '2026-11-01T01:00:00+04:00', []);
    // Rejected on 30 November, then a try that never reached the ASP: still rejected at November's end.
    await einvoice('rejected', '2026-11-29T10:00:00+04:00', [['received', '2026-11-29T10:01:00+04:00'], ['rejected', '2026-11-30T23:00:00+04:00'], ['failed', '2026-12-01T09:00:00+04:00']]);
    const view = await dashboard(db, '2026-11', '2026-12-07');
    const figure = view.sections.flatMap((section) => section.figures).find((each) => each.key === 'einvoices_attention');
    expect(figure).toMatchObject({ current: 2, previous: 1 });
    const october = (await dashboard(db, '2026-10', '2026-12-07')).sections.flatMap((section) => section.figures).find((each) => each.key === 'einvoices_attention');
    expect(october).toMatchObject({ current: 1, previous: 0 });
  });
});
