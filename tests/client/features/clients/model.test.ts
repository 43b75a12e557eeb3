/** The Clients pages' display rules: the tab and the month in the URL, days left, expiry colours, the months shown, a month's report at a glance. */
import { describe, expect, it } from 'vitest';
import type { MonthlyReport } from '../../../../common/contract/clients.ts';
import { daysLeftText, expiryText, expiryVariant, isClientId, recentMonths, reportOfMonth, tabOf } from '../../../../client/src/features/clients/model.ts';

describe('the client page’s address', () => {
  it('reads the tab from ?tab= and falls back to the overview', () => {
    expect(tabOf('?tab=insights')).toBe('insights');
    expect(tabOf('tab=deadlines&month=2026-10')).toBe('deadlines');
    expect(tabOf('?tab=INSIGHTS')).toBe('overview');
    expect(tabOf('?tab=')).toBe('overview');
    expect(tabOf('')).toBe('overview');
  });

  it('takes only a positive whole number as a client id', () => {
    expect(isClientId('42')).toBe(true);
    expect(isClientId('0')).toBe(false);
    expect(isClientId('abc')).toBe(false);
    expect(isClientId('4.2')).toBe(false);
    expect(isClientId('12345678901')).toBe(false);
  });
});

describe('days left and expiries', () => {
  it('says today, tomorrow, in n days and n days overdue', () => {
    expect(daysLeftText(0)).toBe('today');
    expect(daysLeftText(1)).toBe('tomorrow');
    expect(daysLeftText(5)).toBe('in 5 days');
    expect(daysLeftText(-1)).toBe('1 day overdue');
    expect(daysLeftText(-28)).toBe('28 days overdue');
  });

  it('is red once past, amber within 30 days and plain after', () => {
    expect(expiryVariant(-1)).toBe('red');
    expect(expiryVariant(0)).toBe('amber');
    expect(expiryVariant(30)).toBe('amber');
    expect(expiryVariant(31)).toBe('neutral');
    expect(expiryText('2026-11-13', -12)).toBe('13-Nov-2026 (expired)');
    expect(expiryText('2026-11-28', 3)).toBe('28-Nov-2026 (in 3 days)');
    expect(expiryText('2027-10-28', 337)).toBe('28-Oct-2027');
  });
});

describe('the months shown', () => {
  it('are the 12 months up to last month, oldest first, across a year end', () => {
    expect(recentMonths('2026-11-25')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10']);
    const january = recentMonths('2027-01-01');
    expect(january[0]).toBe('2026-01');
    expect(january[11]).toBe('2026-12');
  });

  it('show a month by the version being worked on, else the published one', () => {
    const report = (id: number, month: string, state: MonthlyReport['state']) => ({ id, month, state }) as MonthlyReport;
    const reports = [report(3, '2026-10', 'draft'), report(2, '2026-10', 'published'), report(1, '2026-09', 'superseded'), report(4, '2026-09', 'published')];
    expect(reportOfMonth(reports, '2026-10')?.id).toBe(3);
    expect(reportOfMonth(reports, '2026-09')?.id).toBe(4);
    expect(reportOfMonth(reports, '2026-08')).toBeUndefined();
  });
});
