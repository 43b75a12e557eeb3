/**
 * The clients area below HTTP, on a fresh database: what creating a client writes (its activation event and
 * its next deadline, computed at once), and the scheduled work every back end runs: renewals that apply a
 * scheduled plan change and move the cycle on, and deadline notices sent once per deadline, even when two
 * back ends run the job at the same moment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, dubaiDate, dubaiMidnight } from '../../../common/calendar.ts';
import { clientDeadlines } from '../../../common/compliance.ts';
import { cyclePrice } from '../../../common/pricing.ts';
import type { Database } from '../../../backend/src/db/database.ts';
import { createClient, createSubscription, runClientJobs, type NewClient } from '../../../backend/src/modules/clients/index.ts';
import { seedPlans } from '../../../backend/src/modules/plans/seed.ts';
import { insertUser } from '../../../backend/src/modules/users/index.ts';
import { openTestDatabase } from '../support.ts';

let db: Database;
let bookkeeper: number;
const now = new Date();
const today = dubaiDate(now);

const profile = (changes: Partial<NewClient> = {}): NewClient => ({
  registrationId: null,
  userId: null,
  legalName: 'Test Trading LLC',
  tradeLicenceNumber: 'CN-1234567',
  licensingAuthority: 'Mainland (DET)',
  legalForm: 'Limited Liability Company (LLC)',
  licenceExpiresOn: addDays(today, 300),
  vatRegistered: false,
  trn: null,
  vatPeriod: null,
  vatFirstPeriodEndMonth: null,
  corporateTaxNumber: null,
  financialYearEndMonth: 12,
  email: 'accounts@test.ae',
  phone: '+971 4 000 0000',
  address: 'Business Bay, Dubai',
  bookkeeperId: bookkeeper,
  reviewerId: null,
  ...changes,
});

beforeAll(async () => {
  db = await openTestDatabase();
  await db.transaction(async (tx) => {
    await seedPlans(tx);
    bookkeeper = await insertUser(tx, 'jobs-bookkeeper@example.test', 'Jobs Bookkeeper', 'BOOKKEEPER');
  });
});
afterAll(() => db?.close());

describe('creating a client', () => {
  it('writes its activation event and computes its next deadline in the same transaction', async () => {
    const id = await db.transaction((tx) => createClient(tx, profile({ licenceExpiresOn: addDays(today, 20), activatedAt: dubaiMidnight(addDays(today, -3)) })));
    const [row] = await db.query<{ next: string; key: string; title: string }>("SELECT to_char(next_deadline_on, 'YYYY-MM-DD') AS next, next_deadline_key AS key, next_deadline_title AS title FROM clients WHERE id = $1", [id]);
    const [expected] = clientDeadlines({ vat_registered: false, vat_period: null, vat_first_period_end_month: null, financial_year_end_month: 12, licence_expires_on: addDays(today, 20), revenue_band: null, asp_appointed: false }, addDays(today, -3), addMonths(today, 12));
    expect(row).toEqual({ next: expected!.due_on, key: expected!.key, title: expected!.title });
    const events = await db.query<{ kind: string }>("SELECT kind FROM audit_events WHERE entity = 'client' AND entity_id = $1", [id]);
    expect(events.map((event) => event.kind)).toEqual(['client_activated']);
  });
});

describe('renewals', () => {
  it('apply a scheduled change at the renewal, priced in fils, move the cycle on and run once', async () => {
    const [growth] = await db.query<{ id: number; monthly_price_fils: number }>("SELECT id, monthly_price_fils FROM plans WHERE code = 'growth'");
    const [starter] = await db.query<{ id: number }>("SELECT id FROM plans WHERE code = 'starter'");
    const { clientId, subscriptionId } = await db.transaction(async (tx) => {
      const clientId = await createClient(tx, profile({ legalName: 'Renewing LLC' }));
      const subscriptionId = await createSubscription(tx, { clientId, planId: starter!.id, cycle: 'monthly', discountBp: 1_000, startsOn: addMonths(today, -1) });
      return { clientId, subscriptionId };
    });
    await db.query('UPDATE subscriptions SET scheduled_plan_id = $2, scheduled_cycle = $3 WHERE id = $1', [subscriptionId, growth!.id, 'quarterly']);
    const paused = await db.transaction(async (tx) => {
      const id = await createClient(tx, profile({ legalName: 'Paused LLC' }));
      return createSubscription(tx, { clientId: id, planId: starter!.id, cycle: 'monthly', discountBp: 0, startsOn: addMonths(today, -1) });
    });
    await db.query("UPDATE subscriptions SET status = 'paused' WHERE id = $1", [paused]);

    const first = await runClientJobs(db, now);
    expect(first.renewed).toBe(1);
    const [row] = await db.query<{ plan_id: number; cycle: string; net_fils: number; vat_fils: number; total_fils: number; starts_on: string; next: string; scheduled_plan_id: number | null; version: number }>(
      `SELECT plan_id, cycle, net_fils, vat_fils, total_fils, to_char(starts_on, 'YYYY-MM-DD') AS starts_on, to_char(next_renewal_on, 'YYYY-MM-DD') AS next, scheduled_plan_id, version
       FROM subscriptions WHERE id = $1`,
      [subscriptionId],
    );
    const price = cyclePrice(growth!.monthly_price_fils, 'quarterly', 1_000);
    expect(row).toEqual({ plan_id: growth!.id, cycle: 'quarterly', net_fils: price.net_fils, vat_fils: price.vat_fils, total_fils: price.total_fils, starts_on: today, next: addMonths(today, 3), scheduled_plan_id: null, version: 2 });
    const [event] = await db.query<{ kind: string; data: Record<string, unknown> }>("SELECT kind, data FROM audit_events WHERE entity = 'subscription' AND entity_id = $1 AND kind = 'subscription_renewed'", [subscriptionId]);
    expect(event!.data).toMatchObject({ client_id: clientId, changed: true, cycle: 'quarterly', total_fils: price.total_fils });
    expect((await runClientJobs(db, now)).renewed).toBe(0);
    const [still] = await db.query<{ next: string }>("SELECT to_char(next_renewal_on, 'YYYY-MM-DD') AS next FROM subscriptions WHERE id = $1", [paused]);
    expect(still!.next).toBe(today);
  });
});

describe('deadline notices', () => {
  it('tell the bookkeeper once of each deadline within 7 days, whichever back end gets there first', async () => {
    const id = await db.transaction((tx) => createClient(tx, profile({ legalName: 'Notice Me LLC', licenceExpiresOn: addDays(today, 4) })));
    const far = await db.transaction((tx) => createClient(tx, profile({ legalName: 'Later LLC', licenceExpiresOn: addDays(today, 40) })));
    // Two back ends' timers firing together.
    await Promise.all([runClientJobs(db, now), runClientJobs(db, now)]);
    await runClientJobs(db, now);
    const sent = await db.query<{ kind: string; title: string; body: string; link: string }>('SELECT kind, title, body, link FROM notifications WHERE user_id = $1 AND body LIKE $2', [bookkeeper, 'Notice Me LLC%']);
    expect(sent).toEqual([
      { kind: 'deadline_due_soon', title: 'Trade licence renewal: due in 4 days', body: expect.stringContaining('is due on'), link: `/clients/${id}?tab=deadlines` },
    ]);
    expect((await db.query('SELECT 1 FROM notifications WHERE body LIKE $1', ['Later LLC%'])).length).toBe(0);
    // A week on, the later one's turn comes.
    await runClientJobs(db, new Date(now.getTime() + 34 * 86_400_000));
    expect((await db.query('SELECT 1 FROM client_deadline_notices WHERE client_id = $1', [far])).length).toBe(1);
  });
});
