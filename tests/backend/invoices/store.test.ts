/**
 * The invoices area below HTTP, on a fresh database: invoices per subscription cycle (monthly, quarterly,
 * annual, month ends, a paused subscription makes none), exactly once with two runs at once and after a
 * restart, numbering without gaps under concurrent issues and rollbacks, VAT in fils per line and in total,
 * and the PDF's text read back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dubaiDate } from '../../../common/calendar.ts';
import { invoiceAmounts, invoiceTotals, lineAmounts, SUPPLIER } from '../../../common/invoices.ts';
import { cyclePrice } from '../../../common/pricing.ts';
import type { Database } from '../../../backend/src/db/database.ts';
import { createClient, createSubscription, type NewClient } from '../../../backend/src/modules/clients/index.ts';
import { invoiceDueSubscriptions, issueInvoice } from '../../../backend/src/modules/invoices/index.ts';
import { renderInvoicePdf } from '../../../backend/src/modules/invoices/pdf.ts';
import { printableInvoice } from '../../../backend/src/modules/invoices/store.ts';
import { seedPlans } from '../../../backend/src/modules/plans/seed.ts';
import { insertUser } from '../../../backend/src/modules/users/index.ts';
import { pdfText } from '../../support/pdf-text.ts';
import { openTestDatabase } from '../support.ts';

let db: Database;
let bookkeeper: number;
let starter: { id: number; monthly_price_fils: number; name: string };

/** Noon in Dubai on a calendar day. */
const dubaiNoon = (date: string) => new Date(`${date}T12:00:00+04:00`);

const profile = (changes: Partial<NewClient> = {}): NewClient => ({
  registrationId: null,
  userId: null,
  legalName: 'Invoice Test Trading LLC',
  tradeLicenceNumber: 'CN-7654321',
  licensingAuthority: 'Mainland (DET)',
  legalForm: 'Limited Liability Company (LLC)',
  licenceExpiresOn: '2030-01-01',
  vatRegistered: true,
  trn: '100123456700003',
  vatPeriod: 'quarterly',
  vatFirstPeriodEndMonth: 3,
  corporateTaxNumber: null,
  financialYearEndMonth: 12,
  email: 'accounts@invoice-test.ae',
  phone: '+971 4 000 0000',
  address: 'Office 5, Bay Square, Business Bay, Dubai',
  bookkeeperId: bookkeeper,
  reviewerId: null,
  ...changes,
});

async function subscribe(name: string, cycle: 'monthly' | 'quarterly' | 'annual', startsOn: string): Promise<{ clientId: number; subscriptionId: number }> {
  return db.transaction(async (tx) => {
    const clientId = await createClient(tx, profile({ legalName: name }));
    const subscriptionId = await createSubscription(tx, { clientId, planId: starter.id, cycle, discountBp: 0, startsOn });
    return { clientId, subscriptionId };
  });
}

const invoicesOf = (subscriptionId: number) =>
  db.query<{ number: string; period_start: string; period_end: string; issued_on: string; net_fils: number; vat_fils: number; total_fils: number }>(
    `SELECT number, to_char(period_start, 'YYYY-MM-DD') AS period_start, to_char(period_end, 'YYYY-MM-DD') AS period_end, to_char(issued_on, 'YYYY-MM-DD') AS issued_on,
       net_fils, vat_fils, total_fils FROM invoices WHERE subscription_id = $1 ORDER BY period_start`,
    [subscriptionId],
  );

beforeAll(async () => {
  db = await openTestDatabase();
  await db.transaction(async (tx) => {
    await seedPlans(tx);
    bookkeeper = await insertUser(tx, 'invoices-bookkeeper@example.test', 'Invoice Bookkeeper', 'BOOKKEEPER');
  });
  starter = (await db.query<{ id: number; monthly_price_fils: number; name: string }>("SELECT id, monthly_price_fils, name FROM plans WHERE code = 'starter'"))[0]!;
});
afterAll(() => db?.close());

describe('invoices per subscription cycle', () => {
  it('invoices each period once, on its start, for monthly, quarterly and annual cycles across month ends; a paused one makes none', async () => {
    const monthly = await subscribe('Monthly Month End LLC', 'monthly', '2026-01-31');
    const quarterly = await subscribe('Quarterly LLC', 'quarterly', '2025-11-30');
    const annual = await subscribe('Annual LLC', 'annual', '2025-02-28');
    const paused = await subscribe('Paused LLC', 'monthly', '2026-01-15');
    await db.query("UPDATE subscriptions SET status = 'paused', paused_on = '2026-01-20' WHERE id = $1", [paused.subscriptionId]);

    // Two back ends at the same moment.
    const [a, b] = await Promise.all([invoiceDueSubscriptions(db, dubaiNoon('2026-02-10')), invoiceDueSubscriptions(db, dubaiNoon('2026-02-10'))]);
    expect(a + b).toBe(3);
    const monthlyPrice = cyclePrice(starter.monthly_price_fils, 'monthly');
    expect(await invoicesOf(monthly.subscriptionId)).toEqual([
      { number: expect.stringMatching(/^INV-\d{6}$/), period_start: '2026-01-31', period_end: '2026-02-27', issued_on: '2026-01-31', ...pick(monthlyPrice) },
    ]);
    expect((await invoicesOf(quarterly.subscriptionId)).map((row) => [row.period_start, row.period_end])).toEqual([['2025-11-30', '2026-02-27']]);
    expect((await invoicesOf(annual.subscriptionId)).map((row) => [row.period_start, row.period_end])).toEqual([['2025-02-28', '2026-02-27']]);
    expect(await invoicesOf(paused.subscriptionId)).toEqual([]);

    // A restart on the same day: nothing new.
    expect(await invoiceDueSubscriptions(db, dubaiNoon('2026-02-10'))).toBe(0);

    // The renewal day of all three (28 Feb): each renews and its new period is invoiced once.
    const renewed = await Promise.all([invoiceDueSubscriptions(db, dubaiNoon('2026-02-28')), invoiceDueSubscriptions(db, dubaiNoon('2026-02-28'))]);
    expect(renewed[0] + renewed[1]).toBe(3);
    expect((await invoicesOf(monthly.subscriptionId)).map((row) => [row.period_start, row.period_end])).toEqual([
      ['2026-01-31', '2026-02-27'],
      ['2026-02-28', '2026-03-27'],
    ]);
    expect((await invoicesOf(quarterly.subscriptionId)).map((row) => row.period_start)).toEqual(['2025-11-30', '2026-02-28']);
    expect((await invoicesOf(annual.subscriptionId)).at(-1)).toMatchObject({ period_start: '2026-02-28', period_end: '2027-02-27', ...pick(cyclePrice(starter.monthly_price_fils, 'annual')) });
    expect(await invoicesOf(paused.subscriptionId)).toEqual([]);
  });

  it('refuses a second invoice for a period by the unique key, and the refused issue leaves no gap in the numbers', async () => {
    const { clientId, subscriptionId } = await subscribe('Unique Key LLC', 'monthly', '2026-02-01');
    const base = { kind: 'invoice' as const, clientId, subscriptionId, periodStart: '2026-02-01', periodEnd: '2026-02-28', issuedOn: '2026-02-01', createdBy: null, lines: [{ description: 'x', quantity: 1, unit_fils: 100 }] };
    const first = await db.transaction((tx) => issueInvoice(tx, base));
    await expect(db.transaction((tx) => issueInvoice(tx, base))).rejects.toThrow();
    const next = await db.transaction((tx) => issueInvoice(tx, { ...base, subscriptionId: null, periodStart: null, periodEnd: null }));
    expect(Number(next.number.slice(4))).toBe(Number(first.number.slice(4)) + 1);
  });
});

const pick = (price: { net_fils: number; vat_fils: number; total_fils: number }) => ({ net_fils: price.net_fils, vat_fils: price.vat_fils, total_fils: price.total_fils });

describe('numbering', () => {
  it('has no gaps under 30 concurrent issues of which some roll back', async () => {
    const clientId = await db.transaction((tx) => createClient(tx, profile({ legalName: 'Concurrent LLC' })));
    const [{ last } = { last: 0 }] = await db.query<{ last: number }>("SELECT last_number AS last FROM invoice_counters WHERE series = 'INV'");
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, index) =>
        db.transaction(async (tx) => {
          const issued = await issueInvoice(tx, { kind: 'invoice', clientId, issuedOn: '2026-03-01', createdBy: null, lines: [{ description: `Fee ${index}`, quantity: 1, unit_fils: 1000 + index }] });
          if (index % 4 === 0) throw new Error('rolled back on purpose');
          return issued;
        }),
      ),
    );
    const committed = results.filter((result) => result.status === 'fulfilled').length;
    expect(committed).toBe(22);
    const numbers = await db.query<{ sequence: number }>("SELECT sequence FROM invoices WHERE series = 'INV' AND sequence > $1 ORDER BY sequence", [last]);
    expect(numbers.map((row) => row.sequence)).toEqual(Array.from({ length: 22 }, (_, index) => last + 1 + index));
  });
});

describe('VAT in fils', () => {
  it('is 5 % of the total, rounded half up to the fil, shared out over the lines so they add up to it', () => {
    expect(lineAmounts({ quantity: 1, unit_fils: 10 })).toEqual({ net_fils: 10, vat_fils: 1, total_fils: 11 }); // 0.5 fil rounds up
    expect(lineAmounts({ quantity: 1, unit_fils: 9 })).toEqual({ net_fils: 9, vat_fils: 0, total_fils: 9 }); // 0.45 rounds down
    expect(lineAmounts({ quantity: 3, unit_fils: 33_333 })).toEqual({ net_fils: 99_999, vat_fils: 5_000, total_fils: 104_999 });
    // Three lines of 0.5 fil VAT each: 5 % of their 30 fils is 1.5, so 2 fils (PINT AE's breakdown: taxable x rate), not the 3 that rounding each line would give.
    const three = [{ quantity: 1, unit_fils: 10 }, { quantity: 1, unit_fils: 10 }, { quantity: 1, unit_fils: 10 }];
    expect(invoiceTotals(three)).toEqual({ net_fils: 30, vat_fils: 2, total_fils: 32 });
    // The 2 fils go to the first two lines (equal remainders: the earlier first); each line's VAT is its own 5 % within a fil.
    expect(invoiceAmounts(three).lines.map((line) => line.vat_fils)).toEqual([1, 1, 0]);
    // The largest remainder first: 0.95 fil (19 fils) gets the missing fil before 0.5 (10 fils).
    expect(invoiceAmounts([{ quantity: 1, unit_fils: 10 }, { quantity: 1, unit_fils: 19 }]).lines.map((line) => line.vat_fils)).toEqual([0, 1]);
    // One line: the same as its own rounding.
    expect(invoiceAmounts([{ quantity: 3, unit_fils: 33_333 }]).lines).toEqual([lineAmounts({ quantity: 3, unit_fils: 33_333 })]);
  });
});

describe('the PDF', () => {
  it('is a UAE tax invoice whose text reads back: supplier and client TRN, number, dates, lines with VAT, totals in AED', async () => {
    const clientId = await db.transaction((tx) => createClient(tx, profile({ legalName: 'PDF Reader Trading LLC', trn: '100998877665544' })));
    const { id, number } = await db.transaction((tx) =>
      issueInvoice(tx, {
        kind: 'invoice',
        clientId,
        issuedOn: '2026-03-02',
        createdBy: null,
        lines: [
          { description: 'VAT return filing, Q1 2026', quantity: 1, unit_fils: 150_000 },
          { description: 'Payroll processing (WPS), per employee', quantity: 12, unit_fils: 2_550 },
        ],
      }),
    );
    const text = await pdfText(await renderInvoicePdf(await printableInvoice(db, id, () => true)));
    expect(text).toContain('Tax Invoice');
    expect(text).toContain(SUPPLIER.name);
    expect(text).toContain(`TRN: ${SUPPLIER.trn}`);
    expect(text).toContain('PDF Reader Trading LLC');
    expect(text).toContain('TRN: 100998877665544');
    expect(text).toContain(number);
    expect(text).toContain('02-Mar-2026');
    expect(text).toContain('16-Mar-2026'); // due in 14 days
    expect(text).toContain('VAT return filing, Q1 2026');
    // Lines: 1,500.00 + 75.00 VAT; 12 x 25.50 = 306.00 + 15.30 VAT. Totals 1,806.00, 90.30, 1,896.30.
    for (const figure of ['1,500.00', '75.00', '1,575.00', '306.00', '15.30', '321.30', '1,806.00', '90.30', '1,896.30']) expect(text).toContain(figure);
    expect(text).toContain('VAT 5 %');
  });

  it('leaves the client TRN off when the client is not VAT-registered', async () => {
    const clientId = await db.transaction((tx) => createClient(tx, profile({ legalName: 'Small Shop FZE', vatRegistered: false, trn: null, vatPeriod: null, vatFirstPeriodEndMonth: null })));
    const { id } = await db.transaction((tx) => issueInvoice(tx, { kind: 'invoice', clientId, issuedOn: dubaiDate(), createdBy: null, lines: [{ description: 'Bookkeeping', quantity: 1, unit_fils: 50_000 }] }));
    const text = await pdfText(await renderInvoicePdf(await printableInvoice(db, id, () => true)));
    expect(text.match(/TRN:/g)).toHaveLength(1); // the supplier's only
  });
});
