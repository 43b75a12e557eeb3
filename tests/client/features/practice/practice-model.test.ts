/** The Practice page's rules: the months a view asks for, how a figure and its change read, the margin chart's bars. */
import { describe, expect, it } from 'vitest';
import { dashboardMonth, figureChange, figureValue, marginBars, reportRange } from '../../../../client/src/features/practice/model.ts';
import type { DashboardFigure } from '../../../../common/contract/practice.ts';

const figure = (unit: DashboardFigure['unit'], current: number | null, previous: number | null): DashboardFigure => ({ key: 'k', label: 'L', unit, current, previous, link: '/clients' });

describe('the range a profitability view asks for', () => {
  it('keeps a valid range from the URL, else the last 12 months to this one', () => {
    expect(reportRange('2026-03', '2026-05', '2026-12-07')).toEqual({ from: '2026-03', to: '2026-05' });
    expect(reportRange('', '', '2026-12-07')).toEqual({ from: '2026-01', to: '2026-12' });
    expect(reportRange('2026-06', '2026-02', '2026-12-07')).toEqual({ from: '2025-03', to: '2026-02' });
    // Longer than the server takes (24 months): the default 12 instead.
    expect(reportRange('2023-01', '2026-02', '2026-12-07')).toEqual({ from: '2025-03', to: '2026-02' });
    expect(reportRange('2026-13', 'soon', '2027-01-02')).toEqual({ from: '2026-02', to: '2027-01' });
  });

  it('shows the URL month on the dashboard, else this one', () => {
    expect(dashboardMonth('2026-10', '2026-12-07')).toBe('2026-10');
    expect(dashboardMonth('10-2026', '2026-12-07')).toBe('2026-12');
  });
});

describe('a dashboard figure', () => {
  it('reads in its unit, with its change from the month before', () => {
    expect(figureValue(figure('fils', 0, 0), 1_234_550)).toBe('AED 12,345.50');
    expect(figureValue(figure('bp', 0, 0), 8125)).toBe('81.25 %');
    expect(figureValue(figure('days', 0, 0), 1)).toBe('1 day');
    expect(figureValue(figure('count', 0, 0), null)).toBe('–');
    expect(figureChange(figure('count', 12, 9))).toBe('+3');
    expect(figureChange(figure('fils', 50_000, 170_000))).toBe('-AED 1,200.00');
    expect(figureChange(figure('bp', 7000, 7000))).toBe('no change');
    expect(figureChange(figure('days', 4, null))).toBe('');
  });
});

describe('the margin chart', () => {
  it('draws profits above the zero line and losses below it, scaled to the largest', () => {
    const { bars, zeroY } = marginBars(
      [
        { month: '2026-01', revenue_fils: 0, cost_fils: 0, margin_fils: 300 },
        { month: '2026-02', revenue_fils: 0, cost_fils: 0, margin_fils: -100 },
        { month: '2026-03', revenue_fils: 0, cost_fils: 0, margin_fils: 0 },
      ],
      300,
      100,
    );
    expect(zeroY).toBe(75);
    expect(bars[0]).toMatchObject({ x: 15, width: 70, y: 0, height: 75, negative: false });
    expect(bars[1]).toMatchObject({ x: 115, y: 75, height: 25, negative: true });
    expect(bars[2]).toMatchObject({ height: 0, negative: false });
  });

  it('puts the zero line at the bottom when no month lost money', () => {
    expect(marginBars([{ month: '2026-01', revenue_fils: 0, cost_fils: 0, margin_fils: 500 }], 100, 50).zeroY).toBe(50);
  });
});
