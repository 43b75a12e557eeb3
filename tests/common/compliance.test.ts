/**
 * The compliance calendar's rules (common/compliance.ts) and the calendar pieces under them: the 28-day VAT
 * rule over quarter ends, staggers and month lengths (leap years included), the move to the next working day
 * over weekends and UAE public holidays, corporate tax for a financial year ending in any month, the trade
 * licence, and the window a client's calendar covers.
 */
import { describe, expect, it } from 'vitest';
import { addDays, addMonths, daysBetween, dayOfWeek, dubaiDate, isIsoDate, lastDayOfMonth, monthsEnding } from '../../common/calendar.ts';
import { clientDeadlines, DEADLINE_KIND_LABELS, corporateTaxDue, deadlineKindOf, endsVatPeriod, periodLabel, vatReturnDue, type ComplianceProfile } from '../../common/compliance.ts';
import { addWorkingDays, ISLAMIC_HOLIDAYS, isWorkingDay, nextWorkingDay, publicHoliday, publicHolidays } from '../../common/uae-holidays.ts';

const profile = (changes: Partial<ComplianceProfile> = {}): ComplianceProfile => ({
  vat_registered: true,
  vat_period: 'quarterly',
  vat_first_period_end_month: 3,
  financial_year_end_month: 12,
  licence_expires_on: '2030-01-15',
  revenue_band: null,
  asp_appointed: false,
  ...changes,
});

describe('calendar dates', () => {
  it('knows month lengths, leap years included', () => {
    expect(['2025-01', '2025-02', '2024-02', '2100-02', '2000-02', '2025-04', '2025-12'].map((month) => lastDayOfMonth(Number(month.slice(0, 4)), Number(month.slice(5))))).toEqual([
      '2025-01-31',
      '2025-02-28',
      '2024-02-29',
      '2100-02-28',
      '2000-02-29',
      '2025-04-30',
      '2025-12-31',
    ]);
    expect(lastDayOfMonth(2025, 13)).toBe('2026-01-31');
    expect(lastDayOfMonth(2025, 0)).toBe('2024-12-31');
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2024-2-9')).toBe(false);
  });

  it('adds days and months as renewals count them, cutting to the month end', () => {
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2025-11-30', 3)).toBe('2026-02-28');
    expect(addMonths('2025-05-15', 12)).toBe('2026-05-15');
    expect(daysBetween('2025-03-31', '2025-04-28')).toBe(28);
    expect(daysBetween('2025-04-28', '2025-03-31')).toBe(-28);
    expect(monthsEnding('2025-02', 3)).toEqual(['2024-12', '2025-01', '2025-02']);
  });

  it("takes today's date in Dubai (UTC+4) whatever the machine's zone", () => {
    expect(dubaiDate(new Date('2025-03-31T19:59:59Z'))).toBe('2025-03-31');
    expect(dubaiDate(new Date('2025-03-31T20:00:00Z'))).toBe('2025-04-01');
  });
});

describe('UAE working days', () => {
  it('works Monday to Friday', () => {
    expect(dayOfWeek('2025-09-27')).toBe(6);
    expect(isWorkingDay('2025-09-26')).toBe(true);
    expect(isWorkingDay('2025-09-27')).toBe(false);
    expect(isWorkingDay('2025-09-28')).toBe(false);
    expect(nextWorkingDay('2025-09-27')).toBe('2025-09-29');
    expect(nextWorkingDay('2025-09-29')).toBe('2025-09-29');
  });

  it('skips the public holidays of the one table, fixed-date ones in any year', () => {
    expect(publicHoliday('2025-03-31')?.name).toBe('Eid al-Fitr');
    // Eid al-Fitr 2025 ran Saturday 29 March to Tuesday 1 April.
    expect(nextWorkingDay('2025-03-29')).toBe('2025-04-02');
    expect(publicHoliday('2031-12-02')).toMatchObject({ name: 'National Day', estimated: false });
    expect(nextWorkingDay('2031-12-01')).toBe('2031-12-04');
    expect(nextWorkingDay('2026-01-01')).toBe('2026-01-02');
    expect(addWorkingDays('2025-05-29', 2)).toBe('2025-06-02');
    expect(addWorkingDays('2025-06-04', 1)).toBe('2025-06-09');
  });

  it('lists each year from 2025 to 2028 with its Islamic holidays, the announced ones apart from the estimates', () => {
    for (const year of [2025, 2026, 2027, 2028]) {
      const names = new Set(publicHolidays(year).map((holiday) => holiday.name));
      expect([...names].sort()).toEqual(['Arafat Day', 'Commemoration Day', 'Eid al-Adha', 'Eid al-Fitr', 'Hijri New Year', 'National Day', "New Year's Day", "Prophet Muhammad's Birthday"]);
    }
    expect(ISLAMIC_HOLIDAYS.filter((holiday) => holiday.date.startsWith('2025')).every((holiday) => !holiday.estimated)).toBe(true);
    expect(ISLAMIC_HOLIDAYS.filter((holiday) => !holiday.date.startsWith('2025')).every((holiday) => holiday.estimated)).toBe(true);
    const dates = ISLAMIC_HOLIDAYS.map((holiday) => holiday.date);
    expect(dates.every(isIsoDate)).toBe(true);
    expect([...dates].sort()).toEqual(dates);
  });
});

describe('VAT returns', () => {
  it('are due on the 28th day after each calendar quarter ends', () => {
    expect(['2025-03-31', '2025-06-30', '2025-09-30', '2025-12-31'].map((end) => vatReturnDue(end).due_on)).toEqual(['2025-04-28', '2025-07-28', '2025-10-28', '2026-01-28']);
  });

  it('follow the stagger: quarters ending January, April, July, October or February, May, August, November', () => {
    const january = profile({ vat_first_period_end_month: 1 });
    const february = profile({ vat_first_period_end_month: 2 });
    expect([1, 4, 7, 10].every((month) => endsVatPeriod(january, month))).toBe(true);
    expect([2, 3, 5, 12].some((month) => endsVatPeriod(january, month))).toBe(false);
    expect([2, 5, 8, 11].every((month) => endsVatPeriod(february, month))).toBe(true);
    expect(clientDeadlines(january, '2025-01-01', '2025-12-31').filter((deadline) => deadline.kind === 'vat_return').map((deadline) => [deadline.period_start, deadline.period_end, deadline.due_on])).toEqual([
      ['2024-11-01', '2025-01-31', '2025-02-28'],
      ['2025-02-01', '2025-04-30', '2025-05-28'],
      ['2025-05-01', '2025-07-31', '2025-08-28'],
      ['2025-08-01', '2025-10-31', '2025-11-28'],
    ]);
  });

  it('count 28 days from the true month end whatever its length, February of a leap year included', () => {
    const monthly = profile({ vat_period: 'monthly' });
    const dues = clientDeadlines(monthly, '2024-02-01', '2024-05-31')
      .filter((deadline) => deadline.kind === 'vat_return')
      .map((deadline) => [deadline.period_end, deadline.moved_from ?? deadline.due_on]);
    expect(dues).toEqual([
      ['2024-01-31', '2024-02-28'],
      ['2024-02-29', '2024-03-28'],
      ['2024-03-31', '2024-04-28'],
      ['2024-04-30', '2024-05-28'],
    ]);
    expect(vatReturnDue('2025-02-28').due_on).toBe('2025-03-28');
  });

  it('move to the next working day from a Saturday, a Sunday or a public holiday', () => {
    // 28 June 2025 is a Saturday; 28 September 2025 a Sunday.
    expect(vatReturnDue('2025-05-31')).toEqual({ due_on: '2025-06-30', moved_from: '2025-06-28' });
    expect(vatReturnDue('2025-08-31')).toEqual({ due_on: '2025-09-29', moved_from: '2025-09-28' });
    // 28 February 2028 is a Monday within Eid al-Fitr (expected): the next working day is the 29th.
    expect(vatReturnDue('2028-01-31')).toEqual({ due_on: '2028-02-29', moved_from: '2028-02-28' });
    expect(vatReturnDue('2025-03-31').moved_from).toBeNull();
  });

  it('name the period they cover', () => {
    expect(periodLabel('2025-01-01', '2025-03-31')).toBe('Jan-Mar 2025');
    expect(periodLabel('2024-11-01', '2025-01-31')).toBe('Nov 2024-Jan 2025');
    expect(periodLabel('2025-03-01', '2025-03-31')).toBe('Mar 2025');
    expect(clientDeadlines(profile(), '2025-04-01', '2025-04-30')[0]).toMatchObject({ key: 'vat_return:2025-03', title: 'VAT return Jan-Mar 2025' });
  });

  it('are not listed for a client that is not VAT registered', () => {
    expect(clientDeadlines(profile({ vat_registered: false }), '2025-01-01', '2025-12-31').some((deadline) => deadline.kind === 'vat_return')).toBe(false);
  });
});

describe('corporate tax returns', () => {
  it('are due on the last day of the ninth month after a financial year ending in any month', () => {
    const dues = Array.from({ length: 12 }, (_unused, index) => corporateTaxDue(2025, index + 1));
    expect(dues).toEqual([
      '2025-10-31',
      '2025-11-30',
      '2025-12-31',
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
      '2026-07-31',
      '2026-08-31',
      '2026-09-30',
    ]);
    // A financial year ending May 2027 is due on 29 February 2028.
    expect(corporateTaxDue(2027, 5)).toBe('2028-02-29');
  });

  it('start with financial years beginning on or after 1 June 2023', () => {
    const december = clientDeadlines(profile({ vat_registered: false, vat_period: null }), '2024-01-01', '2026-12-31');
    expect(december.map((deadline) => [deadline.key, deadline.period_start, deadline.due_on])).toEqual([
      ['corporate_tax_return:2024-12', '2024-01-01', '2025-09-30'],
      ['corporate_tax_return:2025-12', '2025-01-01', '2026-09-30'],
    ]);
    const may = clientDeadlines(profile({ vat_registered: false, vat_period: null, financial_year_end_month: 5 }), '2024-01-01', '2025-12-31');
    expect(may.map((deadline) => [deadline.title, deadline.period_start, deadline.due_on])).toEqual([['Corporate tax return FY ending May 2024', '2023-06-01', '2025-02-28']]);
  });
});

describe('a client calendar', () => {
  it('lists the trade licence renewal on its expiry, and keeps an expired licence due', () => {
    const deadlines = clientDeadlines(profile({ licence_expires_on: '2025-02-10' }), '2025-03-01', '2025-05-31');
    expect(deadlines.map((deadline) => deadline.key)).toEqual(['trade_licence_renewal:2025-02-10', 'vat_return:2025-03']);
    expect(clientDeadlines(profile({ licence_expires_on: '2026-02-10' }), '2025-03-01', '2025-05-31').some((deadline) => deadline.kind === 'trade_licence_renewal')).toBe(false);
  });

  it('sorts every kind by due date with keys that name the kind and the period', () => {
    const deadlines = clientDeadlines(profile({ vat_period: 'monthly', financial_year_end_month: 3, licence_expires_on: '2025-12-28' }), '2025-12-01', '2026-01-31');
    expect(deadlines.map((deadline) => [deadline.key, deadline.due_on])).toEqual([
      ['vat_return:2025-11', '2025-12-29'],
      ['corporate_tax_return:2025-03', '2025-12-31'],
      ['trade_licence_renewal:2025-12-28', '2025-12-28'],
      ['vat_return:2025-12', '2026-01-28'],
    ].sort((a, b) => a[1]!.localeCompare(b[1]!)));
    expect(deadlines.map((deadline) => deadlineKindOf(deadline.key))).toEqual(deadlines.map((deadline) => deadline.kind));
    expect(deadlineKindOf('payroll:2025-01')).toBeNull();
  });
});

describe('e-invoicing deadlines', () => {
  const einvoicing = (changes: Partial<ComplianceProfile>) =>
    clientDeadlines(profile({ vat_registered: false, vat_period: null, ...changes }), '2026-01-01', '2027-12-31')
      .filter((deadline) => deadline.kind.startsWith('einvoicing_'))
      .map((deadline) => [deadline.key, deadline.title, deadline.due_on]);

  it('lists the ASP appointment and go-live of the AED 50m or more band', () => {
    expect(einvoicing({ revenue_band: '50m_or_more' })).toEqual([
      ['einvoicing_asp:2026-10-30', 'Appoint an e-invoicing ASP', '2026-10-30'],
      ['einvoicing_go_live:2027-01-01', 'E-invoicing go-live', '2027-01-01'],
    ]);
  });

  it('lists the later dates of the under AED 50m band', () => {
    expect(einvoicing({ revenue_band: 'under_50m' })).toEqual([
      ['einvoicing_asp:2027-03-31', 'Appoint an e-invoicing ASP', '2027-03-31'],
      ['einvoicing_go_live:2027-07-01', 'E-invoicing go-live', '2027-07-01'],
    ]);
  });

  it('drops the ASP appointment once an ASP is recorded, in either band', () => {
    expect(einvoicing({ revenue_band: '50m_or_more', asp_appointed: true })).toEqual([['einvoicing_go_live:2027-01-01', DEADLINE_KIND_LABELS.einvoicing_go_live, '2027-01-01']]);
    expect(einvoicing({ revenue_band: 'under_50m', asp_appointed: true })).toEqual([['einvoicing_go_live:2027-07-01', DEADLINE_KIND_LABELS.einvoicing_go_live, '2027-07-01']]);
  });

  it('keeps a missed ASP deadline open (overdue) and leaves dates beyond the window out', () => {
    const late = clientDeadlines(profile({ vat_registered: false, vat_period: null, revenue_band: '50m_or_more' }), '2026-11-01', '2026-12-31');
    expect(late.map((deadline) => deadline.key)).toEqual(['einvoicing_asp:2026-10-30']);
  });

  it('lists none until the revenue band is recorded', () => {
    expect(einvoicing({ revenue_band: null })).toEqual([]);
  });

  it('names the kind of its keys', () => {
    expect(deadlineKindOf('einvoicing_asp:2026-10-30')).toBe('einvoicing_asp');
  });
});
